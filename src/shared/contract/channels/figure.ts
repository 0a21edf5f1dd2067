import { z } from 'zod';
import { FigureSheetInputSchema } from '../commands';
import { HexSchema, IdSchema } from '../schemas';
import { channel, NoArgs } from './define';
import { ExplainedSchema } from './map';

/**
 * The figure sheet and the figure tools. Everything a rule decides (modifiers,
 * pools and their injury band, gaits, encumbrance, adjDEX, protection, the point-buy check) is
 * computed in main by the engine; the page shows it. The campaign roster (characters and NPC
 * templates in campaign.json) is read and written here too.
 */

const BandSchema = z.enum(['none', 'half', 'low', 'down']);

const PoolSheetSchema = z
  .object({
    starting: ExplainedSchema,
    current: z.number().int(),
    /** The injury band of this pool (RULINGS C4). */
    band: BandSchema,
    bandText: z.string(),
  })
  .strict();

const StatLineSchema = z
  .object({ id: z.string(), group: z.enum(['movement', 'combat']), label: z.string(), text: z.string(), value: ExplainedSchema.nullable(), source: z.string() })
  .strict();

/**
 * The figure's stat block as the encounter's rules read it (RULINGS O1): the model and
 * its source document, the attributes (with modifiers under Pillars, RULINGS C1), the pools and
 * what their level means, adjDEX, the condition, the movement heading (M1 modifier or MA) and
 * further lines (load, a dropped pack, heavy blows). The page draws it without knowing the model.
 */
export const StatBlockSchema = z
  .object({
    model: z.object({ id: z.enum(['pillars', 'classic']), name: z.string(), caption: z.string(), source: z.string() }).strict(),
    attributes: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          keptAs: z.enum(['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR']),
          value: z.number().int(),
          modifier: ExplainedSchema.nullable(),
          note: z.string().nullable(),
          source: z.string(),
        })
        .strict(),
    ),
    pools: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          starting: ExplainedSchema,
          current: z.number().int(),
          valueText: z.string(),
          band: BandSchema,
          bandText: z.string(),
          marks: z.array(z.object({ at: z.number(), label: z.string() }).strict()),
          source: z.string(),
        })
        .strict(),
    ),
    adjDexLabel: z.string(),
    adjDex: ExplainedSchema,
    condition: z
      .object({
        label: z.string(),
        text: z.string(),
        tone: z.enum(['ok', 'warn', 'down']),
        value: ExplainedSchema.nullable(),
        tags: z.array(z.string()),
        source: z.string(),
      })
      .strict(),
    movement: z.object({ label: z.string(), text: z.string(), value: ExplainedSchema, source: z.string() }).strict(),
    lines: z.array(StatLineSchema),
  })
  .strict();

export const FigureSheetSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    kind: z.enum(['character', 'npc']),
    sideId: IdSchema,
    sideName: z.string(),
    hidden: z.boolean(),
    gmNotes: z.string(),
    posture: z.string(),
    size: z.number().int(),
    position: HexSchema,
    attributes: z.array(z.object({ name: z.enum(['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR']), value: z.number().int(), modifier: ExplainedSchema }).strict()),
    fatigue: PoolSheetSchema,
    body: PoolSheetSchema,
    /** RULINGS C4: the worse pool's penalty to all rolls, and what 0 or less means. */
    injury: z.object({ penalty: ExplainedSchema, unconscious: z.boolean(), semiConscious: z.boolean(), worsePool: z.enum(['fatigue', 'body']) }).strict(),
    /** The creation 2d6 kept with the figure (RULINGS C3); null on figures from before it was kept. */
    fatigueDice: z.array(z.number().int()).nullable(),
    adjDex: ExplainedSchema,
    movement: z
      .object({
        modifier: ExplainedSchema,
        restriction: z.string(),
        gaits: z.array(
          z
            .object({
              gait: z.string(),
              name: z.string(),
              hexes: ExplainedSchema,
              allowed: z.boolean(),
              forbiddenBy: z.string().nullable(),
              fatigue: z.string(),
            })
            .strict(),
        ),
      })
      .strict(),
    encumbrance: z
      .object({
        level: z.string(),
        name: z.string(),
        carriedLbs: z.number(),
        maxLbs: z.number().nullable(),
        penalty: z.number(),
        restriction: z.string(),
      })
      .strict(),
    weapons: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          damage: z.string(),
          ready: z.boolean(),
          hands: z.number().int(),
          use: z.string(),
          weightLbs: z.number(),
          strength: z.object({ ok: z.boolean(), reason: z.string() }).strict(),
          notes: z.string(),
        })
        .strict(),
    ),
    armor: z
      .object({ id: z.string(), name: z.string(), stops: z.number(), dex: z.number(), restriction: z.string(), weightLbs: z.number() })
      .strict()
      .nullable(),
    shield: z.object({ id: z.string(), name: z.string(), stops: z.number(), dex: z.number(), ready: z.boolean(), weightLbs: z.number() }).strict().nullable(),
    /** Armour and shield stops (RULINGS A4). */
    protection: ExplainedSchema,
    /** RULINGS C8: secret; this channel is GM-only. */
    mana: z.object({ pool: z.number().int(), current: z.number().int(), debt: z.number().int() }).strict().nullable(),
    spells: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          school: z.string(),
          level: z.number().int(),
          mastery: z.number().int(),
          benefits: z.array(z.string()),
          castingAttribute: z.enum(['INT', 'WIS']),
          chosen: z.boolean(),
        })
        .strict(),
    ),
    conditions: z.array(z.string()),
    packLbs: z.number(),
    /**
     * The stat block by the encounter's rules: what the sheet draws. `attributes`,
     * `fatigue`, `body`, `injury` and `encumbrance` above stay the stored figure's Pillars (001)
     * reading, whatever the rules.
     */
    stats: StatBlockSchema,
  })
  .strict();

export const SheetCheckSchema = z
  .object({
    /** Every problem in words; empty when the sheet can be placed. */
    problems: z.array(z.string()),
    /** RULINGS C2: points spent and still to place, for a point-buy. */
    pointBuy: z.object({ total: z.number().int(), remaining: z.number().int() }).strict().nullable(),
    /** Its load and gaits by the encounter's rules before it is placed; null while its attributes are still to roll. */
    preview: z
      .object({
        load: z.object({ carriedLbs: z.number(), maxLbs: z.number().nullable(), name: z.string() }).strict(),
        gaits: z.array(z.object({ name: z.string(), hexes: z.number(), allowed: z.boolean() }).strict()),
      })
      .strict()
      .nullable(),
  })
  .strict();

export const FigureCatalogueSchema = z
  .object({
    weapons: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          category: z.string(),
          damage: z.string(),
          minStr: z.number().int().nullable(),
          hands: z.number().int(),
          use: z.string(),
        })
        .strict(),
    ),
    armor: z.array(z.object({ id: z.string(), name: z.string(), stops: z.number(), dex: z.number() }).strict()),
    shields: z.array(z.object({ id: z.string(), name: z.string(), stops: z.number(), dex: z.number() }).strict()),
    spells: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          school: z.string(),
          level: z.number().int(),
          castingAttribute: z.enum(['INT', 'WIS']),
          continuing: z.boolean(),
        })
        .strict(),
    ),
    /** RULINGS C2. */
    pointBuy: z.object({ total: z.number().int(), min: z.number().int(), max: z.number().int() }).strict(),
    /** RULINGS C8: the campaign's mana-pool dice. */
    manaPoolDice: z.string(),
  })
  .strict();

/** A roster entry as the sheet tools read it: the sheet (ready for `addFigure`) or why it cannot be used. */
export const RosterItemSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    kind: z.enum(['character', 'npc-template']),
    sheet: FigureSheetInputSchema.nullable(),
    problem: z.string().nullable(),
  })
  .strict();

export type FigureSheet = z.infer<typeof FigureSheetSchema>;
export type StatBlockView = z.infer<typeof StatBlockSchema>;
export type SheetCheck = z.infer<typeof SheetCheckSchema>;
export type FigureCatalogue = z.infer<typeof FigureCatalogueSchema>;
export type RosterItem = z.infer<typeof RosterItemSchema>;

export const FIGURE_CHANNELS = {
  figureSheet: channel({
    args: z.object({ figureId: IdSchema }).strict(),
    result: FigureSheetSchema,
    summary: 'One figure’s sheet with every derived number explained (modifiers, pools, injury, gaits, encumbrance, adjDEX).',
  }),
  checkFigureSheet: channel({
    args: z.object({ figure: FigureSheetInputSchema }).strict(),
    result: SheetCheckSchema,
    summary: 'What is wrong with a new figure’s sheet (name, side, attributes, the 65-point buy, equipment, spells), before it is placed.',
  }),
  figureCatalogue: channel({
    args: NoArgs,
    result: FigureCatalogueSchema,
    summary: 'Weapons, armour, shields and spells to choose from, and the point-buy limits.',
  }),
  listRoster: channel({
    args: NoArgs,
    result: z.array(RosterItemSchema),
    summary: 'The campaign roster: characters and NPC templates kept in campaign.json.',
  }),
  saveToRoster: channel({
    args: z.object({ figureId: IdSchema, kind: z.enum(['character', 'npc-template']) }).strict(),
    result: z.array(RosterItemSchema),
    summary: 'Keep a figure of the open encounter in the campaign roster (replacing an entry of the same name and kind).',
  }),
  removeFromRoster: channel({
    args: z.object({ id: IdSchema }).strict(),
    result: z.array(RosterItemSchema),
    summary: 'Take an entry out of the campaign roster.',
  }),
} as const;
