/**
 * How magic is kept in an encounter state (001 §Magic; RULINGS C8, S1–S9). One source of truth:
 * - mana, Debt and the pool live on the figure (`FigureState.mana`, RULINGS C8);
 * - the spells a figure knows and its mastery live on the figure (`FigureState.mastery`);
 * - the continuing spells in effect are `EncounterState.spells` (RULINGS S2);
 * - everything else the magic engine keeps (castings, runaways, the renewal phase in progress,
 *   the id counter) is `EncounterState.magic`.
 * The bridge (magicBridge.ts) assembles the magic engine's `MagicState` from these and writes
 * its result back; nothing is stored twice.
 */
import { z } from 'zod';
import { HexSchema, IdSchema, PlacedMapEffectSchema } from '../../../../shared/contract/schemas';

/** A continuing spell in effect (001 §Renewing Spells; RULINGS S2). */
export const ActiveSpellSchema = z
  .object({
    id: IdSchema,
    /** The casting that made it; absent for a spell already in effect when the encounter began. */
    castingId: z.string().min(1).max(64).optional(),
    spellId: z.string().min(1),
    name: z.string().min(1),
    /** The variant chosen when cast (an element, a Force effect …), or null. */
    variant: z.string().min(1).max(80).nullable().default(null),
    casterId: IdSchema,
    /** The figure it is on, or null (a spell on a hex or on no one). */
    targetId: IdSchema.nullable(),
    /**
     * The hex it was aimed at when it went to no figure (001 §Facing: the caster's hex, an
     * adjacent hex or one in front). Optional, and written only when there is one: files and
     * logs from before it load and replay to the same state, with no migration.
     */
    at: HexSchema.optional(),
    /**
     * What it does to the map while it lasts (engine/map/effectiveMap.ts), when the campaign's
     * spell table gives the spell an effect; optional like `at`, so earlier files need no migration.
     */
    effect: PlacedMapEffectSchema.optional(),
    level: z.number().int().min(1),
    renewalCost: z.number().int().min(0),
    /** Renewals so far. */
    turnsActive: z.number().int().min(0),
    /** The turn it was cast; 0 = before the encounter began. */
    castTurn: z.number().int().min(0).default(0),
    /** The last turn it was renewed in phase 2, or null (RULINGS S2). */
    renewedTurn: z.number().int().min(1).nullable().default(null),
  })
  .strict();

/** Spell id → mastery 1–5 (001 §Spell Mastery). A spell not listed is not known. */
export const MasterySchema = z.record(z.string().min(1).max(64), z.number().int().min(1).max(5));

/** A caster's runaway (001 §Runaway; RULINGS S6). GM-only. */
export const RunawaySchema = z
  .object({
    casterId: IdSchema,
    spellId: z.string().min(1),
    spellName: z.string().min(1),
    level: z.number().int().min(1),
    push: z.number().int().min(0),
    cause: z.enum(['push', 'borrow', 'intervention']),
    startedTurn: z.number().int().min(1),
    turnsElapsed: z.number().int().min(0),
    lastAnchorTurn: z.number().int().min(1).nullable(),
  })
  .strict();

const SpecialEffectSchema = z.object({ natural: z.number().int(), kind: z.enum(['low', 'high']), gmRuling: z.string().max(2000).nullable() }).strict();

const CounterAttemptSchema = z
  .object({
    defenderId: IdSchema,
    committed: z.number().int().min(1),
    casterMargin: z.number().int(),
    defenderMargin: z.number().int(),
    winner: z.enum(['caster', 'defender']),
    turn: z.number().int().min(1),
  })
  .strict();

/** One casting, kept for counterspells (RULINGS S8), escalations and the GM's rulings (S1). */
export const CastingRecordSchema = z
  .object({
    id: z.string().min(1).max(64),
    casterId: IdSchema,
    spellId: z.string().min(1),
    variant: z.string().nullable(),
    targetId: IdSchema.nullable(),
    /** The hex aimed at when no figure was; absent otherwise (and in files from before it). */
    at: HexSchema.optional(),
    turn: z.number().int().min(1),
    level: z.number().int().min(1),
    cost: z.number().int().min(0),
    push: z.number().int().min(0),
    outcome: z.enum(['succeeded', 'failed', 'missed', 'lost', 'runaway']),
    special: SpecialEffectSchema.nullable(),
    escalationOf: z.string().nullable(),
    counter: CounterAttemptSchema.nullable(),
  })
  .strict();

/** Phase 2 in progress (RULINGS T3, S2). */
export const RenewalPhaseSchema = z
  .object({
    turn: z.number().int().min(1),
    order: z.array(IdSchema),
    decided: z.record(z.string(), z.enum(['renewed', 'lapsed'])),
  })
  .strict();

/** The magic engine's bookkeeping that has no other home in the state. */
export const EncounterMagicSchema = z
  .object({
    seq: z.number().int().min(0),
    runaways: z.array(RunawaySchema),
    castings: z.array(CastingRecordSchema),
    renewal: RenewalPhaseSchema.nullable(),
  })
  .strict();

export const EMPTY_ENCOUNTER_MAGIC: z.infer<typeof EncounterMagicSchema> = { seq: 0, runaways: [], castings: [], renewal: null };

export type EncounterMagic = z.infer<typeof EncounterMagicSchema>;
export type StateActiveSpell = z.infer<typeof ActiveSpellSchema>;
