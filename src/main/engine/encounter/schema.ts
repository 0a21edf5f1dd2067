import { z } from 'zod';
import {
  FacingSchema,
  HexSchema,
  IdSchema,
  MapSchema,
  PhaseSchema,
  PostureSchema,
  SideSchema,
} from '../../../shared/schemas';

const AttributesSchema = z
  .object({
    STR: z.number().int().min(1).max(40),
    DEX: z.number().int().min(1).max(40),
    INT: z.number().int().min(1).max(40),
    WIS: z.number().int().min(1).max(40),
    CON: z.number().int().min(1).max(40),
    CHR: z.number().int().min(1).max(40),
  })
  .strict();

const PoolSchema = z.object({ starting: z.number().int().min(1), current: z.number().int() }).strict();

/** RULINGS C8: the mana pool is secret; only GM views carry it. */
const ManaStateSchema = z
  .object({ pool: z.number().int().min(0), current: z.number().int(), debt: z.number().int().min(0) })
  .strict();

/** A continuing spell in effect (001 §Renewing Spells, RULINGS S2). */
const ActiveSpellSchema = z
  .object({
    id: IdSchema,
    spellId: z.string().min(1),
    name: z.string().min(1),
    casterId: IdSchema,
    targetId: IdSchema,
    level: z.number().int().min(1),
    renewalCost: z.number().int().min(0),
    turnsActive: z.number().int().min(0),
  })
  .strict();

export const FigureStateSchema = z
  .object({
    id: IdSchema,
    name: z.string().min(1).max(80),
    sideId: IdSchema,
    position: HexSchema,
    facing: FacingSchema,
    size: z.union([z.literal(1), z.literal(3), z.literal(7)]),
    posture: PostureSchema,
    hidden: z.boolean(),
    gmNotes: z.string().max(10_000),
    attributes: AttributesSchema,
    fatigue: PoolSchema,
    body: PoolSchema,
    mana: ManaStateSchema.nullable(),
    equipment: z
      .object({
        weaponIds: z.array(z.string()),
        armorId: z.string().nullable(),
        shieldId: z.string().nullable(),
      })
      .strict(),
  })
  .strict();

export const EncounterStateSchema = z
  .object({
    id: IdSchema,
    name: z.string().min(1).max(120),
    map: MapSchema,
    sides: z.array(SideSchema).min(1),
    figures: z.array(FigureStateSchema),
    spells: z.array(ActiveSpellSchema),
    turn: z.number().int().min(1),
    phase: PhaseSchema,
  })
  .strict();

export type FigureState = z.infer<typeof FigureStateSchema>;
export type EncounterState = z.infer<typeof EncounterStateSchema>;
export type ActiveSpell = z.infer<typeof ActiveSpellSchema>;
