import { z } from 'zod';
import { HexSchema, IdSchema } from '../schemas';
import { ExplainedSchema } from './encounter';
import { MapEffectViewSchema } from '../views';
import { channel, NoArgs } from './define';

/**
 * Magic queries for the GM's panels (001 §Magic; RULINGS C8, S1–S8). Pure request/response,
 * computed by the engine from the open encounter (DESIGN §One picture: queries are pure); every
 * channel is GM-only because each carries mana, Debt or spell internals (RULINGS C8).
 */

const ActiveSpellInfoSchema = z
  .object({
    id: IdSchema,
    spellId: z.string(),
    name: z.string(),
    variant: z.string().nullable(),
    targetId: IdSchema.nullable(),
    /** The hex it was cast at when it is on no figure (001 §Facing); absent otherwise. */
    at: HexSchema.optional(),
    level: z.number().int(),
    renewalCost: z.number().int(),
    turnsActive: z.number().int(),
  })
  .strict();

const RunawayStateSchema = z
  .object({
    casterId: IdSchema,
    spellId: z.string(),
    spellName: z.string(),
    level: z.number().int(),
    push: z.number().int(),
    cause: z.enum(['push', 'borrow', 'intervention']),
    startedTurn: z.number().int(),
    turnsElapsed: z.number().int(),
    lastAnchorTurn: z.number().int().nullable(),
  })
  .strict();

export const KnownSpellSchema = z
  .object({
    spellId: z.string(),
    name: z.string(),
    school: z.string(),
    level: z.number().int(),
    mastery: z.number().int(),
    continuing: z.boolean(),
    mustHit: z.boolean(),
    castingAttribute: z.enum(['INT', 'WIS']),
    variants: z.array(z.string()),
    openVariants: z.boolean(),
  })
  .strict();

export const CasterManaSchema = z
  .object({
    casterId: IdSchema,
    name: z.string(),
    pool: z.number().int(),
    current: z.number().int(),
    debt: z.number().int(),
    conscious: z.boolean(),
    activeSpells: z.array(ActiveSpellInfoSchema),
    runaway: RunawayStateSchema.nullable(),
    known: z.array(KnownSpellSchema),
    source: z.string(),
  })
  .strict();

export const ManaViewResultSchema = z.object({ turn: z.number().int(), casters: z.array(CasterManaSchema) }).strict();

export const RenewalQueueResultSchema = z
  .object({
    /** The turn whose phase 2 is open, or null outside it. */
    turn: z.number().int().nullable(),
    /** The caster whose decisions are due now. */
    current: IdSchema.nullable(),
    entries: z.array(
      z
        .object({
          casterId: IdSchema,
          name: z.string(),
          score: ExplainedSchema,
          manaNow: z.number().int(),
          debtNow: z.number().int(),
          spells: z.array(
            z
              .object({
                spell: ActiveSpellInfoSchema,
                status: z.enum(['pending', 'renewed', 'lapsed']),
                /** What renewing it takes from mana and what it would borrow, now. */
                fromMana: z.number().int(),
                wouldBorrow: z.number().int(),
                /** Mana and Debt after renewing it, the caster's pending spells before it renewed too. */
                manaAfter: z.number().int(),
                debtAfter: z.number().int(),
              })
              .strict(),
          ),
        })
        .strict(),
    ),
  })
  .strict();

/** A figure left out of a list (helpers, defenders), and why. */
const LeftOutSchema = z.object({ figureId: IdSchema, name: z.string(), reason: z.string() }).strict();

export const RunawayViewResultSchema = z.array(
  z
    .object({
      casterId: IdSchema,
      name: z.string(),
      spellId: z.string(),
      spellName: z.string(),
      level: z.number().int(),
      push: z.number().int(),
      cause: z.enum(['push', 'borrow', 'intervention']),
      turnsInRunaway: z.number().int(),
      manaLeft: z.number().int(),
      body: z.object({ current: z.number().int(), starting: z.number().int() }).strict(),
      conscious: z.boolean(),
      drain: ExplainedSchema,
      anchorTarget: ExplainedSchema.nullable(),
      anchorDue: z.boolean(),
      /** Mages who could intervene now, each with its roll's target (RULINGS S7). */
      helpers: z.array(z.object({ mageId: IdSchema, name: z.string(), target: ExplainedSchema }).strict()),
      /** Casters who cannot intervene now, each with the reason (RULINGS S7; the console's timing). */
      leftOut: z.array(LeftOutSchema),
      /** When an intervention may be tried, in words (RULINGS S7). */
      interventionRule: z.string(),
      source: z.string(),
    })
    .strict(),
);

export const CastPreviewResultSchema = z
  .object({
    casterId: IdSchema,
    spellId: z.string(),
    spellName: z.string(),
    mastery: z.number().int(),
    targetId: IdSchema.nullable(),
    /** The bare hex aimed at, or null (001 §Facing). */
    targetHex: HexSchema.nullable(),
    /** Where that hex lies for the caster: its own hex, next to it, or its front, side or rear. */
    aim: z.enum(['caster', 'adjacent', 'front', 'side', 'rear']).nullable(),
    /** The area the spell's map effect would take there (its template on the GM map), or null. */
    effect: MapEffectViewSchema.nullable(),
    push: z.number().int(),
    mustHit: z.boolean(),
    continuing: z.boolean(),
    variants: z.array(z.string()),
    openVariants: z.boolean(),
    cost: ExplainedSchema,
    manaNow: z.number().int(),
    manaAfter: z.number().int(),
    borrow: z.object({ amount: z.number().int(), debtAfter: z.number().int(), control: ExplainedSchema }).strict().nullable(),
    pushControl: z.object({ target: ExplainedSchema, runawayFrom: z.number().int() }).strict().nullable(),
    casting: ExplainedSchema,
    hit: z
      .object({ target: ExplainedSchema, dice: z.union([z.literal(3), z.literal(4)]) })
      .strict()
      .nullable(),
    /** The casting option the caster's state gives (h, r, HTH), and whether it is open now. */
    option: z.enum(['h', 'r', 'hth-cast']),
    /** Mages who could counter this casting as it is cast, with their mana (RULINGS S8). */
    defenders: z.array(z.object({ figureId: IdSchema, name: z.string(), mana: z.number().int() }).strict()),
    /** The declared counter's contest targets, 3d6 against each (margin = target − roll; RULINGS S8), or null with none declared. */
    counter: z.object({ defenderId: IdSchema, caster: ExplainedSchema, defender: ExplainedSchema }).strict().nullable(),
    problems: z.array(z.string()),
  })
  .strict();

export const CastingsResultSchema = z.array(
  z
    .object({
      id: z.string(),
      casterId: IdSchema,
      casterName: z.string(),
      spellId: z.string(),
      spellName: z.string(),
      variant: z.string().nullable(),
      targetId: IdSchema.nullable(),
      turn: z.number().int(),
      cost: z.number().int(),
      push: z.number().int(),
      outcome: z.enum(['succeeded', 'failed', 'missed', 'lost', 'runaway']),
      special: z
        .object({ natural: z.number().int(), kind: z.enum(['low', 'high']), gmRuling: z.string().nullable() })
        .strict()
        .nullable(),
      escalationOf: z.string().nullable(),
      counter: z
        .object({
          defenderId: IdSchema,
          committed: z.number().int(),
          casterMargin: z.number().int(),
          defenderMargin: z.number().int(),
          winner: z.enum(['caster', 'defender']),
          turn: z.number().int(),
        })
        .strict()
        .nullable(),
      /** This turn, took effect, not yet countered: a defender may try (RULINGS S8). */
      counterable: z.boolean(),
      /** Why no counter can be tried, when it cannot (RULINGS S8). */
      notCounterable: z.string().nullable(),
      /** Mages who could counter it now, with their mana (RULINGS S8). */
      defenders: z.array(z.object({ figureId: IdSchema, name: z.string(), mana: z.number().int() }).strict()),
      leftOut: z.array(LeftOutSchema),
    })
    .strict(),
);

export const MAGIC_CHANNELS = {
  manaView: channel({
    args: z.object({ figureId: IdSchema.optional() }).strict(),
    result: ManaViewResultSchema,
    summary: 'Each caster’s secret pool, mana, Debt, continuing spells, runaway and known spells (GM only).',
  }),
  renewalQueue: channel({
    args: NoArgs,
    result: RenewalQueueResultSchema,
    summary: 'Phase 2: casters in DEX + INT + WIS order with each continuing spell, its cost and status.',
  }),
  runawayView: channel({
    args: NoArgs,
    result: RunawayViewResultSchema,
    summary: 'Every runaway: turns elapsed, the drain to come, the anchor target and who could intervene.',
  }),
  castPreview: channel({
    args: z
      .object({
        casterId: IdSchema,
        spellId: z.string().min(1).max(64),
        push: z.number().int().min(0).max(20),
        targetId: IdSchema.optional(),
        /** A bare hex as the target instead of a figure (001 §Facing: your hex, adjacent, or in front). */
        targetHex: HexSchema.optional(),
        /** A mage countering the casting as it is cast, with the mana committed (RULINGS S8). */
        counter: z
          .object({ figureId: IdSchema, mana: z.number().int().min(1).max(100) })
          .strict()
          .optional(),
      })
      .strict(),
    result: CastPreviewResultSchema,
    summary: 'A casting before any die: cost, control rolls, casting and hit targets with their breakdowns.',
  }),
  castings: channel({
    args: NoArgs,
    result: CastingsResultSchema,
    summary: 'Castings of this turn and the last: outcomes, special effects, counterspell margins.',
  }),
} as const;
