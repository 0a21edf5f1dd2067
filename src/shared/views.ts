import { z } from 'zod';
import {
  FacingSchema,
  HexSchema,
  IdSchema,
  MapSchema,
  PhaseSchema,
  PostureSchema,
  SideSchema,
} from './schemas';

/**
 * What a player window may see of a figure. Anything not listed here never reaches a player
 * (DESIGN §One picture: secrets never cross to the player).
 */
export const PublicFigureSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    sideId: IdSchema,
    position: HexSchema,
    facing: FacingSchema,
    size: z.union([z.literal(1), z.literal(3), z.literal(7)]),
    posture: PostureSchema,
  })
  .strict();

export const ManaSchema = z
  .object({ pool: z.number().int(), current: z.number().int(), debt: z.number().int().min(0) })
  .strict();

export const ActiveSpellViewSchema = z
  .object({ spellId: z.string(), name: z.string(), targetId: IdSchema, renewalCost: z.number().int() })
  .strict();

/** The GM sees everything: the public part plus the secrets. */
const PoolViewSchema = z.object({ starting: z.number().int(), current: z.number().int() }).strict();

export const GmFigureSchema = PublicFigureSchema.extend({
  attributes: z.record(z.enum(['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR']), z.number().int()),
  fatigue: PoolViewSchema,
  body: PoolViewSchema,
  hidden: z.boolean(),
  gmNotes: z.string(),
  mana: ManaSchema.nullable(),
  spells: z.array(ActiveSpellViewSchema),
}).strict();

const MapViewSchema = MapSchema;

export const PlayerMapSchema = z
  .object({
    cols: z.number().int(),
    rows: z.number().int(),
    orientation: MapSchema.shape.orientation,
    /** Only terrain on hexes the players may see. */
    terrain: z.record(z.string(), MapSchema.shape.terrain.valueType),
    /** Hexes the players may not see; drawn as unknown, with nothing on them. */
    fogged: z.array(z.string()),
  })
  .strict();

export const GmViewSchema = z
  .object({
    campaign: z.object({ id: IdSchema, name: z.string() }).strict(),
    encounter: z
      .object({
        id: IdSchema,
        name: z.string(),
        map: MapViewSchema,
        sides: z.array(SideSchema),
        figures: z.array(GmFigureSchema),
        turn: z.number().int().min(1),
        phase: PhaseSchema,
      })
      .strict(),
    history: z.object({ canUndo: z.boolean(), canRedo: z.boolean(), logLength: z.number().int() }).strict(),
    revision: z.number().int().min(0),
  })
  .strict();

export const PlayerViewSchema = z
  .object({
    encounter: z
      .object({
        name: z.string(),
        map: PlayerMapSchema,
        sides: z.array(SideSchema),
        figures: z.array(PublicFigureSchema),
        turn: z.number().int().min(1),
        phase: PhaseSchema,
      })
      .strict(),
    revision: z.number().int().min(0),
  })
  .strict();

export type PublicFigure = z.infer<typeof PublicFigureSchema>;
export type GmFigure = z.infer<typeof GmFigureSchema>;
export type GmView = z.infer<typeof GmViewSchema>;
export type PlayerView = z.infer<typeof PlayerViewSchema>;
export type PlayerMap = z.infer<typeof PlayerMapSchema>;
