import { z } from 'zod';
import { CommandSchema } from '../../shared/commands';
import { IdSchema } from '../../shared/schemas';
import { EncounterStateSchema } from '../engine/encounter/schema';

export const CAMPAIGN_SCHEMA_VERSION = 1;
export const ENCOUNTER_SCHEMA_VERSION = 1;

export const CampaignFileSchema = z
  .object({
    schemaVersion: z.literal(CAMPAIGN_SCHEMA_VERSION),
    id: IdSchema,
    name: z.string().min(1).max(120),
    activeEncounterId: IdSchema.nullable(),
  })
  .strict();

const RollSchema = z
  .object({
    notation: z.string(),
    count: z.number().int(),
    sides: z.number().int(),
    modifier: z.number().int(),
    faces: z.array(z.number().int()),
    total: z.number().int(),
    kind: z.enum(['seeded', 'entered']),
    label: z.string(),
  })
  .strict();

export const LogEntrySchema = z
  .object({
    seq: z.number().int().min(1),
    at: z.string(),
    command: CommandSchema,
    /** Faces typed in at the table for this command's rolls, when they were not rolled here. */
    entered: z.array(z.array(z.number().int())).optional(),
    events: z.array(z.record(z.string(), z.unknown())),
    rolls: z.array(RollSchema),
  })
  .strict();

export const EncounterFileSchema = z
  .object({
    schemaVersion: z.literal(ENCOUNTER_SCHEMA_VERSION),
    id: IdSchema,
    /** Seed of the encounter's dice: replaying the log from `initial` with it gives the same state. */
    seed: z.number().int(),
    initial: EncounterStateSchema,
    log: z.array(LogEntrySchema),
  })
  .strict();

export type CampaignFile = z.infer<typeof CampaignFileSchema>;
export type EncounterFile = z.infer<typeof EncounterFileSchema>;
export type LogEntry = z.infer<typeof LogEntrySchema>;
