import { z } from 'zod';
import { RulesSchema } from '../rulesSettings';
import { IdSchema, OrientationSchema } from '../schemas';
import { GmViewSchema } from '../views';
import { channel, NoArgs } from './define';
import { CommandResultSchema, HistoryArgs } from './encounter';

/**
 * Channels that manage campaigns and encounters on disk. A page never names an
 * arbitrary path: campaigns are named by their folder under the console's data folder, or by a
 * path main already knows (the open one, a recent one, the last that failed to open); Electron
 * can also let the GM choose a folder or file in its own dialog (`choose: true`).
 */

/** The campaign's rule settings: the one schema, shared with the engine (src/shared/contract/rulesSettings.ts). */
export const RulesSettingsSchema = RulesSchema;

/** One folder name: no separators, not `.` or `..`, nothing hidden, no control characters. */
export const FolderNameSchema = z
  .string()
  .min(1)
  .max(120)
  .refine(
    // eslint-disable-next-line no-control-regex -- control characters are what a name may not hold
    (s) => !/[/\\\u0000-\u001f]/.test(s) && !s.startsWith('.') && s.trim() === s,
    'a folder name has no "/", "\\" or control characters, and does not start with "." or a space',
  );

export const CampaignRefSchema = z.union([z.object({ folder: FolderNameSchema }).strict(), z.object({ path: z.string().min(1).max(4096) }).strict()]);

const NameSchema = z.string().trim().min(1).max(120);

export const CampaignInfoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    dir: z.string(),
    /** The folder's name when it is under the data folder (how the web host opens it). */
    folder: z.string().nullable(),
    open: z.boolean(),
  })
  .strict();

export const CampaignFailureSchema = z.object({ dir: z.string(), file: z.string().nullable(), message: z.string() }).strict();

export const CampaignListSchema = z
  .object({
    current: CampaignInfoSchema.nullable(),
    campaigns: z.array(z.object({ folder: z.string(), name: z.string(), dir: z.string(), problem: z.string().nullable() }).strict()),
    recent: z.array(z.string()),
    /** The last campaign that could not be opened: the file to blame and why (offer its backups). */
    lastFailure: CampaignFailureSchema.nullable(),
    /** Whether this host can show a folder or file dialog (Electron). */
    canChoose: z.boolean(),
  })
  .strict();

export const EncounterSummarySchema = z.object({ id: IdSchema, name: z.string(), createdAt: z.string().nullable(), problem: z.string().nullable() }).strict();

export const EncounterListSchema = z.object({ openId: z.string().nullable(), encounters: z.array(EncounterSummarySchema) }).strict();

/** Files of a campaign that keep backups. */
export const BackupFileSchema = z
  .string()
  .regex(/^(campaign\.json|encounters\/[A-Za-z0-9_-]{1,64}\.(json|log\.jsonl))$/, 'campaign.json or encounters/<id>.json or encounters/<id>.log.jsonl');

export const BackupInfoSchema = z.object({ name: z.string(), bytes: z.number().int(), takenAt: z.string() }).strict();

export const ImportResultSchema = z
  .object({
    kind: z.enum(['campaign', 'encounter']),
    dir: z.string(),
    name: z.string(),
    encounters: z.array(z.object({ from: z.string(), id: z.string(), name: z.string() }).strict()),
    renamed: z.boolean(),
  })
  .strict();

export const ImportedImageSchema = z
  .object({
    asset: z.string(),
    /** Where a page loads it: `app://console/campaign-assets/…` in Electron, the same path on the web host. */
    url: z.string(),
    type: z.enum(['png', 'jpeg', 'webp']),
    bytes: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .strict();

/** Pushed while a large file is imported (needs an entry in the contract's EVENTS to reach a page). */
export const ImportProgressSchema = z.object({ what: z.string(), received: z.number().int().min(0), total: z.number().int().min(0).nullable() }).strict();

/** Names one export or import, chosen by the page that starts it, so it knows its own progress events. */
export const TransferIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

/**
 * Pushed while an export or import runs (the campaign screen's progress bar): the step in words,
 * how far it is, and at its end `done` or `failed` with the reason. Export files move over HTTP
 * (`/campaign/export`, `/campaign/import` on both hosts; host/uploads.ts), so these come beside them.
 */
export const TransferProgressSchema = z
  .object({
    id: TransferIdSchema,
    direction: z.enum(['export', 'import']),
    /** The export file's name. */
    what: z.string(),
    step: z.string(),
    done: z.number().min(0),
    total: z.number().min(0).nullable(),
    outcome: z.enum(['running', 'done', 'failed']),
    message: z.string().nullable(),
  })
  .strict();

/** Each setting's ruling id (RULE_SOURCES), and the options' source documents, for the settings screen. */
export const RulesInfoSchema = z
  .object({
    rules: RulesSettingsSchema,
    defaults: RulesSettingsSchema,
    sources: z.record(z.string(), z.string()),
  })
  .strict();

const Choose = z.object({ choose: z.literal(true) }).strict();

export const CAMPAIGN_CHANNELS = {
  listCampaigns: channel({
    args: NoArgs,
    result: CampaignListSchema,
    summary: 'The open campaign, the campaigns in the data folder, the recent list and the last failure to open.',
  }),
  createCampaign: channel({
    args: z.object({ name: FolderNameSchema }).strict(),
    result: CampaignInfoSchema,
    summary: 'Create a campaign in the data folder (RULINGS default rules, one blank encounter) and open it.',
  }),
  openCampaign: channel({
    args: z.union([CampaignRefSchema, Choose]),
    result: CampaignInfoSchema.nullable(),
    summary: 'Open a campaign by folder name, a known path, or one chosen in the dialog (null: dialog cancelled).',
  }),
  renameCampaign: channel({
    args: z.object({ name: NameSchema }).strict(),
    result: CampaignInfoSchema,
    summary: 'Rename the open campaign (its name in campaign.json; the folder stays).',
  }),
  duplicateCampaign: channel({
    args: z.object({ name: FolderNameSchema }).strict(),
    result: CampaignInfoSchema,
    summary: 'Copy the open campaign, log and assets included, to a new folder in the data folder.',
  }),
  deleteCampaign: channel({
    args: z.object({ folder: FolderNameSchema }).strict(),
    result: z.object({ movedTo: z.string() }).strict(),
    summary: 'Move a campaign that is not open out of the data folder into its deleted-campaigns folder.',
  }),
  listEncounters: channel({
    args: NoArgs,
    result: EncounterListSchema,
    summary: 'The encounters of the open campaign, with any that cannot be read and why.',
  }),
  createEncounter: channel({
    args: z
      .object({
        name: NameSchema,
        /** The battlemap's size and hex layout, fixed at creation (axial positions depend on it). */
        map: z
          .object({
            cols: z.number().int().min(5).max(200),
            rows: z.number().int().min(5).max(200),
            orientation: OrientationSchema,
          })
          .strict()
          .optional(),
        /** Figures it starts with: sides copied from an encounter of the campaign, roster entries. */
        figures: z
          .object({
            copy: z
              .object({ encounterId: IdSchema, sideIds: z.array(IdSchema).min(1).max(20) })
              .strict()
              .optional(),
            rosterIds: z.array(z.string().min(1).max(120)).max(200).optional(),
          })
          .strict()
          .optional(),
      })
      .strict(),
    result: EncounterSummarySchema,
    summary: 'A new encounter under the campaign’s current rules, blank or with the figures of another and from the roster.',
  }),
  encounterSides: channel({
    args: z.object({ id: IdSchema }).strict(),
    result: z.array(z.object({ sideId: IdSchema, name: z.string(), color: z.string(), figures: z.array(z.string()) }).strict()),
    summary: 'The sides of an encounter of the open campaign, with their figures still standing (to copy into a new one).',
  }),
  describeEncounterRules: channel({
    args: NoArgs,
    result: RulesInfoSchema.extend({ encounterId: IdSchema, name: z.string(), locked: z.string().nullable() }).strict(),
    summary: 'The open encounter’s own rules, and why they can no longer change (null at its start).',
  }),
  setEncounterRules: channel({
    args: z.object({ rules: RulesSettingsSchema }).strict(),
    result: GmViewSchema,
    summary: 'Change the open encounter’s rules at its start (turn 1, nothing played yet); refused after, with the reason.',
  }),
  renameEncounter: channel({
    args: z.object({ id: IdSchema, name: NameSchema }).strict(),
    result: EncounterSummarySchema,
    summary: 'Rename an encounter.',
  }),
  duplicateEncounter: channel({
    args: z.object({ id: IdSchema, name: NameSchema }).strict(),
    result: EncounterSummarySchema,
    summary: 'Copy an encounter with its whole log under a new name.',
  }),
  deleteEncounter: channel({
    args: z.object({ id: IdSchema }).strict(),
    result: EncounterListSchema,
    summary: 'Move an encounter that is not open into backups/deleted/.',
  }),
  openEncounter: channel({
    args: z.object({ id: IdSchema }).strict(),
    result: GmViewSchema,
    summary: 'Make an encounter the open one (it becomes the campaign’s active encounter).',
  }),
  undoToTurnStart: channel({
    args: HistoryArgs,
    result: CommandResultSchema,
    summary: 'Take back every command of this turn (at a turn’s start: back to the start of the turn before).',
  }),
  listBackups: channel({
    args: z.object({ campaign: CampaignRefSchema.optional(), file: BackupFileSchema }).strict(),
    result: z.array(BackupInfoSchema),
    summary: 'The backups of one campaign file, newest first (of the open campaign unless named).',
  }),
  restoreBackup: channel({
    args: z.object({ campaign: CampaignRefSchema.optional(), file: BackupFileSchema, backup: z.string().max(80) }).strict(),
    result: z.object({ file: z.string(), backup: z.string() }).strict(),
    summary: 'Put a backup in place of a file, after copying the file as it is aside.',
  }),
  salvageLog: channel({
    args: z.object({ campaign: CampaignRefSchema.optional(), file: z.string().regex(/^encounters\/[A-Za-z0-9_-]{1,64}\.log\.jsonl$/) }).strict(),
    result: z.object({ file: z.string(), kept: z.number().int(), dropped: z.number().int(), setAsideAs: z.string().nullable() }).strict(),
    summary: 'Keep a damaged log up to its last good entry; the whole file is first copied aside.',
  }),
  importBundle: channel({
    args: z.object({ choose: z.literal(true), transfer: TransferIdSchema.optional() }).strict(),
    result: ImportResultSchema.nullable(),
    summary:
      'Import an export file chosen in the dialog (Electron): a campaign becomes a new folder, encounters join the open campaign, renamed on conflicts; the web host takes an HTTP upload (null: dialog cancelled).',
  }),
  exportCombatLog: channel({
    /** `players`: the player-safe recap, from the player view's point of view; default the GM's. */
    args: z.object({ id: IdSchema.optional(), audience: z.enum(['gm', 'players']).optional() }).strict(),
    result: z.object({ fileName: z.string(), markdown: z.string() }).strict(),
    summary: 'An encounter’s recap as Markdown, turn by turn in sentences with the dice (the open one unless named; GM or players).',
  }),
  getRules: channel({
    args: NoArgs,
    result: RulesSettingsSchema,
    summary: 'The campaign’s rules settings (new encounters start with these).',
  }),
  setRules: channel({
    args: z.object({ rules: RulesSettingsSchema }).strict(),
    result: RulesSettingsSchema,
    summary: 'Change the campaign’s rules settings; encounters already created keep theirs.',
  }),
  describeRules: channel({
    args: NoArgs,
    result: RulesInfoSchema,
    summary: 'The campaign’s rules settings with RULINGS.md’s defaults and the ruling (or source document) behind each.',
  }),
  importMapImage: channel({
    args: Choose,
    result: ImportedImageSchema.nullable(),
    summary: 'Import a PNG, JPEG or WebP chosen in the dialog into the campaign’s assets (the web host takes an HTTP upload).',
  }),
} as const;
