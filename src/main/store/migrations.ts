import { DEFAULT_OPTION_SETTINGS, DEFAULT_RULES, type Rules } from '../engine/rules';
import { AppError } from '../../shared/errors';
import { CAMPAIGN_SCHEMA_VERSION, ENCOUNTER_SCHEMA_VERSION } from './schema';

/**
 * Migrations (DESIGN §Persistence: every file has `schemaVersion`; loading migrates). Each kind
 * of file has an ordered list of `from → to` steps; a file is walked up one step at a time.
 * Steps work on plain JSON and are pure; the result is validated by the caller against the
 * current schema. A file without `schemaVersion` is version 0 (written before versions existed).
 */

type Json = Record<string, unknown>;

export interface MigrationContext {
  /** The campaign's rules, for encounter files that did not record their own (before v2). */
  readonly rules?: Rules;
}

/** What a step took out of the file to be stored elsewhere (the v1 embedded log). */
export interface Extracted {
  log?: unknown[];
}

export interface MigrationStep {
  readonly from: number;
  readonly to: number;
  readonly describe: string;
  up(doc: Json, context: MigrationContext, extracted: Extracted): Json;
}

export type FileKind = 'campaign' | 'encounter';

export const MIGRATIONS: Readonly<Record<FileKind, readonly MigrationStep[]>> = {
  campaign: [
    {
      from: 0,
      to: 1,
      describe: 'versioned: schemaVersion 1; a missing active encounter is none',
      up: (doc) => ({ activeEncounterId: null, ...doc, schemaVersion: 1 }),
    },
    {
      from: 1,
      to: 2,
      describe: 'rules settings (RULINGS defaults), an empty roster and no spell edits',
      up: (doc) => ({ ...doc, schemaVersion: 2, rules: structuredClone(DEFAULT_RULES), roster: [], spellEdits: {} }),
    },
    {
      from: 2,
      to: 3,
      describe: 'the options’ settings (RULINGS O4 stress die) join the rules, and the spell edits move into the rules (RULINGS S9)',
      up: (doc) => {
        const rules = (doc.rules ?? {}) as Json;
        const edits = doc.spellEdits !== null && typeof doc.spellEdits === 'object' ? doc.spellEdits : {};
        return {
          ...doc,
          schemaVersion: 3,
          rules: { ...rules, optionSettings: structuredClone(DEFAULT_OPTION_SETTINGS), spellEdits: structuredClone(edits) },
          spellEdits: {},
        };
      },
    },
    {
      from: 3,
      to: 4,
      // RULINGS S9: `rules.spellEdits` is the one place for them; any left at the top level (a v3
      // file another console wrote) move into it, the rules' own edits winning field by field.
      describe: 'the top-level spell edits move into the rules (RULINGS S9) and the field is dropped',
      up: (doc) => {
        const { spellEdits, ...rest } = doc;
        const rules = (rest.rules ?? {}) as Json;
        const inRules = (rules.spellEdits !== null && typeof rules.spellEdits === 'object' ? rules.spellEdits : {}) as Record<string, Json>;
        const top = (spellEdits !== null && typeof spellEdits === 'object' ? spellEdits : {}) as Record<string, Json>;
        const merged: Record<string, Json> = structuredClone(top);
        for (const [spell, fields] of Object.entries(inRules)) merged[spell] = { ...(merged[spell] ?? {}), ...structuredClone(fields) };
        return { ...rest, schemaVersion: 4, rules: { ...rules, spellEdits: merged } };
      },
    },
  ],
  encounter: [
    {
      from: 0,
      to: 1,
      describe: 'versioned: schemaVersion 1; a missing log is empty',
      up: (doc) => ({ log: [], ...doc, schemaVersion: 1 }),
    },
    {
      from: 1,
      to: 2,
      describe: 'the rules it runs under (the campaign’s), its name and creation time; the log moves to <id>.log.jsonl',
      up: (doc, context, extracted) => {
        const { log, ...rest } = doc;
        extracted.log = Array.isArray(log) ? log : [];
        const initial = rest.initial as { name?: unknown } | undefined;
        return {
          ...rest,
          schemaVersion: 2,
          name: typeof initial?.name === 'string' ? initial.name : String(rest.id),
          createdAt: null,
          rules: structuredClone(context.rules ?? DEFAULT_RULES),
        };
      },
    },
    {
      from: 2,
      to: 3,
      // An encounter written before v3 cast from 001's catalogue: it keeps it (no spell edits), so
      // replaying its log gives the same state.
      describe: 'its rules gain the options’ settings (RULINGS O4 stress die) and an empty list of spell edits (RULINGS S9)',
      up: (doc) => {
        const rules = (doc.rules ?? {}) as Json;
        return { ...doc, schemaVersion: 3, rules: { ...rules, optionSettings: structuredClone(DEFAULT_OPTION_SETTINGS), spellEdits: {} } };
      },
    },
  ],
};

export const CURRENT_VERSION: Readonly<Record<FileKind, number>> = {
  campaign: CAMPAIGN_SCHEMA_VERSION,
  encounter: ENCOUNTER_SCHEMA_VERSION,
};

export interface Migrated {
  readonly data: unknown;
  /** The version the file was written in. */
  readonly from: number;
  readonly extracted: Extracted;
}

/**
 * Brings a parsed file up to the current version. Raises `corrupt-file` (naming `label`) for a
 * file that is not an object, has a version that is not a whole number, or comes from a newer
 * console. Data that is not an object is returned untouched for the schema to refuse.
 */
export function migrate(kind: FileKind, raw: unknown, label: string, context: MigrationContext = {}): Migrated {
  const extracted: Extracted = {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { data: raw, from: CURRENT_VERSION[kind], extracted };
  let doc = raw as Json;
  const version = doc.schemaVersion === undefined ? 0 : doc.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new AppError('corrupt-file', `${label} is not a valid file: its schemaVersion ${JSON.stringify(version)} is not a version number.`);
  }
  const current = CURRENT_VERSION[kind];
  if (version > current) {
    throw new AppError(
      'corrupt-file',
      `${label} was written by a newer version of the console (schemaVersion ${version}; this one reads up to ${current}). Update the console to open it.`,
    );
  }
  let at = version;
  while (at < current) {
    const step = MIGRATIONS[kind].find((s) => s.from === at);
    if (!step) throw new AppError('corrupt-file', `${label} has schemaVersion ${at}, which this console cannot migrate.`);
    doc = step.up(doc, context, extracted);
    at = step.to;
  }
  return { data: doc, from: version, extracted };
}
