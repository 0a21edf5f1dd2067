import { z } from 'zod';
import { IdSchema } from '../schemas';
import { GmViewSchema } from '../views';
import { AutopilotStatusSchema, HiddenFiguresSchema, MoraleSchema, ProposalSchema, SimulationStatusSchema } from '../tacticsViews';
import { channel, NoArgs } from './define';

/** The engine plays too: suggestions, the autopilot of a side, simulated fights. GM only. */
export const TACTICS_CHANNELS = {
  suggestStep: channel({
    args: z.object({ morale: MoraleSchema.optional() }).strict(),
    result: z.object({ proposal: ProposalSchema.nullable(), waiting: z.string() }).strict(),
    summary: 'What the tactics would do for the step the encounter waits on, with the reason; null when it needs the GM.',
  }),
  setAutopilot: channel({
    args: z.object({ sideId: IdSchema, on: z.boolean(), morale: MoraleSchema.optional() }).strict(),
    result: AutopilotStatusSchema,
    summary: "Let the tactics play a side's figures as they come due, each step a normal logged command.",
  }),
  setHiddenFigures: channel({
    args: z.object({ hiddenFigures: HiddenFiguresSchema }).strict(),
    result: AutopilotStatusSchema,
    summary: 'What a figure the players cannot see may do when the tactics play it: stay hidden, or act openly.',
  }),
  resumeAutopilot: channel({
    args: NoArgs,
    result: AutopilotStatusSchema,
    summary: 'Let a paused autopilot play on from where the encounter stands (steps still to redo are dropped by its next one).',
  }),
  getAutopilot: channel({ args: NoArgs, result: AutopilotStatusSchema, summary: 'Which sides the autopilot plays, and what it did last.' }),
  simulate: channel({
    args: z
      .object({
        fights: z.number().int().min(1).max(5000),
        maxTurns: z.number().int().min(1).max(200),
        label: z.string().max(80).optional(),
        morale: MoraleSchema.optional(),
      })
      .strict(),
    result: SimulationStatusSchema,
    summary: 'Play the open encounter from where it stands many times with the tactics on every side, on worker threads.',
  }),
  prepareSimulation: channel({
    args: NoArgs,
    result: z.object({ warming: z.boolean() }).strict(),
    summary:
      'The Odds tab is open: the simulation workers warm up on the open encounter, so the first run is not slowed by their start. True while they warm up (asked now or before); false while a run goes.',
  }),
  cancelSimulation: channel({
    args: z.object({ runId: z.number().int().min(1) }).strict(),
    result: SimulationStatusSchema,
    summary: 'Stop a simulation; the fights played so far stay in its report.',
  }),
  replaySimulatedFight: channel({
    args: z.object({ runId: z.number().int().min(1), seed: z.number().int().min(0), step: z.number().int().min(0).max(1_000_000) }).strict(),
    result: z
      .object({ runId: z.number().int(), seed: z.number().int(), step: z.number().int(), total: z.number().int(), reason: z.string(), view: GmViewSchema })
      .strict(),
    summary: 'One step of a simulated fight, read only: the map and tracker as they stood, and why that step was taken.',
  }),
  listSimulations: channel({
    args: NoArgs,
    result: z.array(SimulationStatusSchema),
    summary: "The open encounter's simulation runs, newest first.",
  }),
} as const;
