/**
 * What the tactics show the GM: a proposal for the step the encounter waits on, the
 * autopilot's state, and the odds of simulated fights. GM only: a proposal names hidden figures.
 */
import { z } from 'zod';
import { CommandSchema } from './commands';
import { HexSchema, IdSchema } from './schemas';
import { HIDDEN_FIGURES_VALUES } from '../tacticsSettings';

export const ProposalSchema = z
  .object({
    command: CommandSchema,
    actorId: IdSchema.nullable(),
    reason: z.string(),
    path: z.array(HexSchema).optional(),
  })
  .strict();

/** What a figure the players cannot see may do under the autopilot (tacticsSettings.ts). */
export const HiddenFiguresSchema = z.enum(HIDDEN_FIGURES_VALUES);

/** Per side, the share of Body a figure may lose before it breaks off (the console's choice, 0–1). */
export const MoraleSchema = z.record(IdSchema, z.number().min(0).max(1));

export const AutopilotStatusSchema = z
  .object({
    encounterId: IdSchema.nullable(),
    sides: z.array(IdSchema),
    /** What the autopilot did last, or why it waits. */
    last: z.string().nullable(),
    /** The proposal it is about to send (shown while the table watches), if any. */
    next: ProposalSchema.nullable(),
    /** Why it waits for the GM to resume it (after an undo, with steps to redo), or null while it plays. */
    paused: z.string().nullable(),
    hiddenFigures: HiddenFiguresSchema,
  })
  .strict();

const ShareSchema = z.number().min(0).max(1);

export const OddsReportSchema = z
  .object({
    fights: z.number().int().min(0),
    stalemates: z.number().int().min(0),
    sides: z.array(z.object({ sideId: IdSchema, name: z.string(), wins: z.number().int(), chance: ShareSchema, low: ShareSchema, high: ShareSchema }).strict()),
    figures: z.array(z.object({ id: IdSchema, name: z.string(), sideId: IdSchema, down: ShareSchema, dead: ShareSchema }).strict()),
    turns: z.object({ median: z.number(), p10: z.number(), p90: z.number(), min: z.number(), max: z.number() }).strict().nullable(),
    turnCounts: z.array(z.object({ turns: z.number().int(), count: z.number().int() }).strict()),
    endings: z.array(z.object({ text: z.string(), count: z.number().int(), share: ShareSchema, seed: z.number().int() }).strict()),
  })
  .strict();

export const SimulationStatusSchema = z
  .object({
    runId: z.number().int().min(1),
    encounterId: IdSchema,
    /** What the GM called this run ("with a shield"), to compare runs. */
    label: z.string().max(80),
    total: z.number().int().min(1),
    done: z.number().int().min(0),
    maxTurns: z.number().int().min(1),
    state: z.enum(['running', 'finished', 'cancelled', 'failed']),
    error: z.string().nullable(),
    elapsedMs: z.number().min(0),
    report: OddsReportSchema.nullable(),
  })
  .strict();

export type ProposalView = z.infer<typeof ProposalSchema>;
export type AutopilotStatus = z.infer<typeof AutopilotStatusSchema>;
export type SimulationStatus = z.infer<typeof SimulationStatusSchema>;
