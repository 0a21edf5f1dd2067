import { z } from 'zod';
import { CommandSchema } from '../commands';
import { PhaseSchema, RollSchema } from '../schemas';
import { channel } from './define';

/**
 * The encounter's log as the GM reads it: every command as it was applied,
 * with what it did and every roll it made (RULINGS G3: notation, faces, total, modifier, rolled
 * by the console or entered at the table, and what it was for).
 */
/** One roll as recorded in the log (RULINGS G3). */
export const LogRollSchema = RollSchema;

export const LogEntryViewSchema = z
  .object({
    seq: z.number().int().min(1),
    at: z.string(),
    /** The turn and phase the command was given in. */
    turn: z.number().int().min(1),
    phase: PhaseSchema.nullable(),
    command: CommandSchema,
    /** True when the GM typed the faces in for this command's rolls. */
    entered: z.boolean(),
    events: z.array(z.record(z.string(), z.unknown())),
    rolls: z.array(LogRollSchema),
  })
  .strict();

export const LogResultSchema = z
  .object({
    /** Oldest first: the newest `limit` entries after `sinceSeq`. */
    entries: z.array(LogEntryViewSchema),
    /** How many entries the log holds in all. */
    total: z.number().int().min(0),
    /** How many entries "back to start of turn" would keep (Session.turnStart). */
    turnStart: z.number().int().min(0),
  })
  .strict();

/** The most entries one call returns. */
export const LOG_LIMIT_MAX = 2000;

export const LOG_CHANNELS = {
  getLog: channel({
    args: z
      .object({
        /** Only entries with a higher seq (absent: from the start). */
        sinceSeq: z.number().int().min(0).optional(),
        /** At most this many, the newest (default 500). */
        limit: z.number().int().min(1).max(LOG_LIMIT_MAX).optional(),
      })
      .strict(),
    result: LogResultSchema,
    summary: "The open encounter's log: commands with their events and every roll, oldest first.",
  }),
} as const;

export type LogEntryView = z.infer<typeof LogEntryViewSchema>;
export type LogResult = z.infer<typeof LogResultSchema>;
export type LogRoll = z.infer<typeof LogRollSchema>;
