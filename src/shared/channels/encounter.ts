import { z } from 'zod';
import { CommandSchema } from '../commands';
import { GmViewSchema } from '../views';
import { channel, NoArgs } from './define';

/**
 * Faces the GM typed in because a player rolled at the table (RULINGS G3): one list per roll the
 * command makes, in order. Without them the encounter's seeded dice roll.
 */
export const EnteredDiceSchema = z.array(z.array(z.number().int().min(1).max(1000)).min(1).max(100)).max(50);

/** Channels that read or change the open encounter. */
export const ENCOUNTER_CHANNELS = {
  getGmView: channel({
    roles: ['gm'],
    args: NoArgs,
    result: GmViewSchema,
    summary: 'The full view of the open encounter, secrets included.',
  }),
  sendCommand: channel({
    roles: ['gm'],
    args: z.object({ command: CommandSchema, entered: EnteredDiceSchema.optional() }).strict(),
    result: GmViewSchema,
    summary: 'Apply one command to the open encounter; the result is the new GM view.',
  }),
  undo: channel({
    roles: ['gm'],
    args: NoArgs,
    result: GmViewSchema,
    summary: 'Take back the last command of the open encounter.',
  }),
  redo: channel({
    roles: ['gm'],
    args: NoArgs,
    result: GmViewSchema,
    summary: 'Apply again the last command taken back.',
  }),
} as const;
