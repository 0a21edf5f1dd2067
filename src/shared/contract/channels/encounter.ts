import { z } from 'zod';
import { CommandSchema } from '../commands';
import { EngagementStateSchema, GmTicksSchema, HexSchema, IdSchema, MoveModeSchema, OptionLetterSchema } from '../schemas';
import { CommandAckSchema, GmViewSchema, SeenViewSchema } from '../views';
import { channel, NoArgs } from './define';

/**
 * Faces the GM typed in because a player rolled at the table (RULINGS G3), in the order the
 * command rolls: read as one run, each roll takes the faces it needs (the lists' borders do not
 * matter); faces left over are not taken, and the log keeps one list per roll made. Without them
 * the encounter's seeded dice roll.
 */
export const EnteredDiceSchema = z.array(z.array(z.number().int().min(1).max(1000)).min(1).max(100)).max(50);

/** A number with the lines that made it (DESIGN §The engine: every derived number explains itself). */
export const ExplainedSchema = z
  .object({
    value: z.number(),
    breakdown: z.array(z.object({ label: z.string(), value: z.number(), source: z.string() }).strict()),
  })
  .strict();

/** `reachable`: every hex a figure can reach moving this way, with its cost (RULINGS M1–M7). */
export const ReachResultSchema = z
  .object({
    figureId: IdSchema,
    mode: MoveModeSchema,
    allowed: z.boolean(),
    reason: z.string().nullable(),
    budget: ExplainedSchema,
    hexes: z.array(z.object({ hex: HexSchema, cost: z.number().int(), prev: HexSchema.nullable(), engaged: z.boolean() }).strict()),
  })
  .strict();

/** `legalOptions`: the figure's action options a–v, each open or with the reason it is not (RULINGS T5). */
export const LegalOptionsResultSchema = z
  .object({
    figureId: IdSchema,
    state: EngagementStateSchema,
    /** `mode`: the gait it set out at; `gait`: the one the turn counts (RULINGS T5), which its options follow. */
    moved: z.object({ mode: MoveModeSchema.nullable(), gait: MoveModeSchema.nullable(), spent: z.number().int() }).strict(),
    acted: z.boolean(),
    options: z.array(
      z
        .object({
          option: OptionLetterSchema,
          name: z.string(),
          available: z.boolean(),
          reason: z.string().nullable(),
          maxMove: MoveModeSchema,
        })
        .strict(),
    ),
  })
  .strict();

/** `attackPreview`: adjDEX and its breakdown, the dice and the table that applies (RULINGS A1–A7, H4). */
export const AttackPreviewResultSchema = z
  .object({
    attackerId: IdSchema,
    targetId: IdSchema,
    weaponId: z.string().nullable(),
    kind: z.enum(['melee', 'thrown', 'missile', 'missile-spell', 'hth']),
    allowed: z.boolean(),
    reason: z.string().nullable(),
    zone: z.enum(['front', 'side', 'rear']).nullable(),
    adjDex: ExplainedSchema,
    dice: z.object({ count: z.union([z.literal(3), z.literal(4)]), reason: z.string(), source: z.string() }).strict(),
    criticalTable: z.array(z.object({ roll: z.string(), result: z.string() }).strict()),
    damage: z.string(),
    protection: ExplainedSchema,
    shotsLeft: z.number().int().nullable(),
    friendsInPath: z.array(IdSchema),
  })
  .strict();

/**
 * `figureZones`: the hexes around a figure by facing zone (001 §Facing; facing.ts adjacentZones),
 * for the map's overlay of the selected figure's front, side and rear.
 */
export const FigureZonesResultSchema = z
  .object({
    figureId: IdSchema,
    zones: z.array(z.object({ hex: HexSchema, zone: z.enum(['front', 'side', 'rear']) }).strict()),
  })
  .strict();

/** Undo and redo name the view they were asked from, like a command. */
export const HistoryArgs = z.object({ seen: SeenViewSchema.optional() }).strict();

/**
 * A command's answer: to a caller that named the view it acted on (a GM page,
 * which gets the new view by the push), an acknowledgement; to one that did not, the whole view.
 */
export const CommandResultSchema = z.union([CommandAckSchema, GmViewSchema]);

/** Channels that read or change the open encounter. */
export const ENCOUNTER_CHANNELS = {
  getGmView: channel({
    args: NoArgs,
    result: GmViewSchema,
    summary: 'The full view of the open encounter, secrets included.',
  }),
  sendCommand: channel({
    args: z.object({ command: CommandSchema, entered: EnteredDiceSchema.optional(), seen: SeenViewSchema.optional() }).strict(),
    result: CommandResultSchema,
    summary: 'Apply one command to the open encounter; refused when `seen` names a view that is no longer current.',
  }),
  undo: channel({
    args: HistoryArgs,
    result: CommandResultSchema,
    summary: 'Take back the last command of the open encounter.',
  }),
  redo: channel({
    args: HistoryArgs,
    result: CommandResultSchema,
    summary: 'Apply again the last command taken back.',
  }),
  reachable: channel({
    args: z.object({ figureId: IdSchema, gait: MoveModeSchema, dropPack: z.boolean().optional() }).strict(),
    result: ReachResultSchema,
    summary: 'Every hex a figure can reach this turn moving this way, with its movement cost.',
  }),
  legalOptions: channel({
    args: z.object({ figureId: IdSchema }).strict(),
    result: LegalOptionsResultSchema,
    summary: "A figure's action options a–v now, each open or with the reason it is not.",
  }),
  attackPreview: channel({
    args: z
      .object({
        attackerId: IdSchema,
        targetId: IdSchema,
        weaponId: z.string().min(1).max(64).nullable(),
        ticks: GmTicksSchema.optional(),
        throw: z.boolean().optional(),
      })
      .strict(),
    result: AttackPreviewResultSchema,
    summary: 'adjDEX with its breakdown, the dice and the critical table for an attack as the map stands.',
  }),
  figureZones: channel({
    args: z.object({ figureId: IdSchema }).strict(),
    result: FigureZonesResultSchema,
    summary: 'The hexes around a figure by facing zone: front, side and rear.',
  }),
} as const;
