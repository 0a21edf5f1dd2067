/**
 * Shared fixtures for the unit tests of host, session and store: real folders under the OS temp
 * dir, the real sample campaign copied in, and a recording view sink.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViewSink } from '../../src/main/session/session';
import type { EncounterFile, LogEntry } from '../../src/main/store/schema';
import type { GmView, PlayerView } from '../../src/shared/contract/views';
import { playerIdsFor } from '../../src/main/projection/ids';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SAMPLE_CAMPAIGN_DIR = join(REPO_ROOT, 'resources', 'sample-campaign');
export const SAMPLE_ENCOUNTER_ID = 'ford-ambush';

/** Temp folders made by one test file; `cleanup()` removes them all (call it in afterEach). */
export function tempDirs(): { make(prefix?: string): Promise<string>; cleanup(): Promise<void> } {
  const made: string[] = [];
  return {
    async make(prefix = 'pillars-test-') {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    async cleanup() {
      await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })));
    },
  };
}

/** Copies the real sample campaign into `parent/name` and returns that folder. */
export async function copySample(parent: string, name = 'Sample Campaign'): Promise<string> {
  const dir = join(parent, name);
  await cp(SAMPLE_CAMPAIGN_DIR, dir, { recursive: true, errorOnExist: true, force: false });
  return dir;
}

export function encounterFilePath(campaignDir: string, id = SAMPLE_ENCOUNTER_ID): string {
  return join(campaignDir, 'encounters', `${id}.json`);
}

export function encounterLogPath(campaignDir: string, id = SAMPLE_ENCOUNTER_ID): string {
  return join(campaignDir, 'encounters', `${id}.log.jsonl`);
}

/** The log lines of `encounters/<id>.log.jsonl` as they are on disk (complete lines only). */
export async function readLogFile(campaignDir: string, id = SAMPLE_ENCOUNTER_ID): Promise<LogEntry[]> {
  let text: string;
  try {
    text = await readFile(encounterLogPath(campaignDir, id), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line) as LogEntry);
}

/**
 * The encounter as it is on disk right now: the file, with `log` read from the `.log.jsonl`
 * beside it (a v1 file not yet migrated still carries its own `log`).
 */
export async function readEncounterFile(campaignDir: string, id = SAMPLE_ENCOUNTER_ID): Promise<EncounterFile & { log: LogEntry[] }> {
  const doc = JSON.parse(await readFile(encounterFilePath(campaignDir, id), 'utf8')) as EncounterFile & { log?: LogEntry[] };
  return { ...doc, log: doc.log ?? (await readLogFile(campaignDir, id)) };
}

/** A sink that keeps every view it was given, in order. */
export interface RecordingSink extends ViewSink {
  readonly gmViews: GmView[];
  readonly playerViews: PlayerView[];
}

export function recordingSink(): RecordingSink {
  const gmViews: GmView[] = [];
  const playerViews: PlayerView[] = [];
  return {
    gmViews,
    playerViews,
    gm: (v) => void gmViews.push(v),
    player: (v) => void playerViews.push(v),
  };
}

/** Secrets of the sample campaign that must never reach a player window. */
export const SAMPLE_SECRETS = {
  hiddenFigureId: 'sella',
  hiddenFigureName: 'Sella',
  gmNoteFragments: ['Keeps Blur on Bram', 'Waits in the shadows'],
  spellName: 'Blur',
  spellId: 'passage-blur',
  foggedTerrain: 'shadow',
  secretKeys: ['mana', 'gmNotes', 'hidden', 'debt', 'spells', 'attributes', 'fatigue', 'body', 'equipment'],
} as const;

/** A sample figure's id as the player view carries it (`projection/ids.ts`: opaque, per encounter). */
export const samplePlayerId = (figureId: string): string => playerIdsFor('ford-ambush')('figure', figureId);

/** Every object key that appears anywhere in a JSON value. */
export function allKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      allKeys(v, out);
    }
  }
  return out;
}
