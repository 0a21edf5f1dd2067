import { z } from 'zod';
import { CommandSchema } from '../../shared/contract/commands';
import { IdSchema, PhaseSchema, RollSchema } from '../../shared/contract/schemas';
import { EncounterStateSchema } from '../engine/encounter/schema';
import { RulesSchema } from '../engine/rules';
import { PlayerLegibilitySchema } from '../../shared/contract/channels/display';
import { HandoutListSchema } from '../../shared/contract/channels/handouts';

/**
 * The files of a campaign folder (DESIGN §Persistence; docs/design-notes.md "Persistence: the
 * command log"). Every file carries `schemaVersion`; older versions are migrated on load
 * (migrations.ts), never guessed at.
 */
export const CAMPAIGN_SCHEMA_VERSION = 4;
export const ENCOUNTER_SCHEMA_VERSION = 3;
export const SNAPSHOT_SCHEMA_VERSION = 1;

/** A character or an NPC template kept with the campaign, placed into encounters from here. */
export const RosterEntrySchema = z
  .object({
    id: IdSchema,
    name: z.string().min(1).max(80),
    kind: z.enum(['character', 'npc-template']),
    /** The sheet as the character tools write it; the encounter engine validates it when placed. */
    sheet: z.record(z.string(), z.unknown()),
  })
  .strict();

export const CampaignFileSchema = z
  .object({
    schemaVersion: z.literal(CAMPAIGN_SCHEMA_VERSION),
    id: IdSchema,
    name: z.string().min(1).max(120),
    activeEncounterId: IdSchema.nullable(),
    /** The campaign's settings (RULINGS defaults in DEFAULT_RULES); new encounters copy them. */
    rules: RulesSchema,
    /** The spell catalogue's edits live in `rules.spellEdits` (RULINGS S9); v4 dropped the old top-level copy. */
    roster: z.array(RosterEntrySchema).max(1000),
    /** What the GM can show the players over the map (absent: none yet). */
    handouts: HandoutListSchema.optional(),
    /** The player display's legibility settings (absent: the defaults). */
    playerDisplay: PlayerLegibilitySchema.optional(),
  })
  .strict();

/** One line of `encounters/<id>.log.jsonl`: a command as it was applied. */
export const LogEntrySchema = z
  .object({
    seq: z.number().int().min(1),
    at: z.string(),
    /** The turn and phase the command was given in (absent on logs written before v2). */
    turn: z.number().int().min(1).optional(),
    phase: PhaseSchema.optional(),
    command: CommandSchema,
    /** Faces typed in at the table for this command's rolls, when they were not rolled here. */
    entered: z.array(z.array(z.number().int())).optional(),
    events: z.array(z.record(z.string(), z.unknown())),
    rolls: z.array(RollSchema),
  })
  .strict();

/** `encounters/<id>.json`: how the encounter began. What happened since is its log. */
export const EncounterFileSchema = z
  .object({
    schemaVersion: z.literal(ENCOUNTER_SCHEMA_VERSION),
    id: IdSchema,
    name: z.string().min(1).max(120),
    createdAt: z.string().nullable(),
    /** Seed of the encounter's dice: replaying the log from `initial` with it gives the same state. */
    seed: z.number().int(),
    /** The rules the encounter started with (an open encounter keeps them). */
    rules: RulesSchema,
    initial: EncounterStateSchema,
  })
  .strict();

const DiceStateSchema = z.object({ algorithm: z.literal('xoroshiro128plus'), state: z.array(z.number().int()).length(4) }).strict();

/**
 * `encounters/<id>.snapshot.json`: a cache of the state after `seq` log entries, so that opening
 * a long encounter does not replay it all. `chain` is the log's hash chain at `seq`: a snapshot
 * whose chain does not match the log on disk is ignored.
 */
export const SnapshotFileSchema = z
  .object({
    schemaVersion: z.literal(SNAPSHOT_SCHEMA_VERSION),
    id: IdSchema,
    seq: z.number().int().min(1),
    chain: z.string().regex(/^[0-9a-f]{64}$/),
    state: EncounterStateSchema,
    dice: DiceStateSchema,
  })
  .strict();

export type CampaignFile = z.infer<typeof CampaignFileSchema>;
export type EncounterFile = z.infer<typeof EncounterFileSchema>;
export type LogEntry = z.infer<typeof LogEntrySchema>;
export type SnapshotFile = z.infer<typeof SnapshotFileSchema>;
export type RosterEntry = z.infer<typeof RosterEntrySchema>;
