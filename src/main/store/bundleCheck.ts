import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, isAppError } from '../../shared/errors';
import { sniffImage, type ImageType } from './assets';
import { assetReferences, type BundleKind, type OnStep } from './bundleFormat';
import { encounterDocName, encounterLogName } from './campaignPaths';
import { decodeFully } from './imageDecode';
import { describeSchemaError, parseVersioned } from './jsonDocument';
import { CampaignFileSchema, EncounterFileSchema, LogEntrySchema, type CampaignFile, type EncounterFile, type LogEntry } from './schema';

/**
 * The checks of an import, on the files staged from the export (docs/architecture.md §Persistence,
 * "Imports"): every document validated (and migrated), every log read line by line, validated and
 * replayed by the engine as the session would open it, every image a file or log entry names
 * present, every image decoded in full. The first failure refuses the whole import, naming the
 * export file and the file (and log entry) inside it.
 */

/** Replays a log as the session does (injected by the host: the store does not import the session). */
export interface LogReplayer {
  /** Starts a replay of `file`'s log; `step` applies one entry and throws when the engine refuses it. */
  start(file: EncounterFile): { step(entry: LogEntry): void };
}

export interface StagedContents {
  readonly kind: BundleKind;
  readonly encounters: readonly string[];
  readonly assets: readonly string[];
}

export interface CheckedBundle {
  readonly campaign: CampaignFile | null;
  readonly encounters: { readonly file: EncounterFile; readonly entries: number }[];
}

export interface CheckOptions {
  /** The export file as the GM is told of it ("The export file “Crypt.campaign.pillars.zip”"). */
  readonly label: string;
  readonly replayer: LogReplayer;
  /** An image the target campaign has already (an encounter import may use it without carrying it). */
  readonly hasAsset: (name: string) => Promise<boolean>;
  readonly onStep: OnStep;
}

/** Work in slices of this many milliseconds between turns of the event loop, so the host answers the GM meanwhile. */
const SLICE_MS = 8;

function slicer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((r) => setImmediate(r));
    since = performance.now();
  };
}

const refuse = (message: string) => new AppError('invalid-args', `${message} Nothing was imported.`);

async function readJson(path: string, where: string, label: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw refuse(`${label}: ${where} is not valid JSON (${(e as Error).message}).`);
  }
}

function revalidated<T>(check: () => T): T {
  try {
    return check();
  } catch (e) {
    throw isAppError(e) ? new AppError('invalid-args', `${e.message} Nothing was imported.`) : e;
  }
}

type Missing = (name: string) => Promise<boolean>;

/** Reads a staged log line by line: each entry validated, in sequence, its images present, replayed; returns how many. */
async function checkLog(path: string, file: EncounterFile, where: string, options: CheckOptions, missing: Missing): Promise<number> {
  const replay = options.replayer.start(file);
  const pause = slicer();
  let seq = 0;
  let rest = '';
  const line = async (text: string) => {
    seq += 1;
    const at = `${options.label}: ${where}, entry ${seq}`;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw refuse(`${at} is not valid JSON (${(e as Error).message}).`);
    }
    const parsed = LogEntrySchema.safeParse(raw);
    if (!parsed.success) throw refuse(describeSchemaError(at, parsed.error));
    if (parsed.data.seq !== seq) throw refuse(`${at} is numbered ${parsed.data.seq}.`);
    for (const name of assetReferences(text)) {
      if (await missing(name)) throw refuse(`${at} (${parsed.data.command.type}) uses the image ${name}, which the export file does not hold.`);
    }
    try {
      replay.step(parsed.data);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw refuse(`${at} (${parsed.data.command.type}) does not replay: ${why}`);
    }
    await pause();
  };
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    const lines = (rest + (chunk as string)).split('\n');
    rest = lines.pop()!;
    for (const l of lines) await line(l);
  }
  if (rest !== '') throw refuse(`${options.label}: ${where} ends in an unfinished line after entry ${seq}.`);
  return seq;
}

const TYPE_OF_EXTENSION: Record<string, ImageType> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

/** An image is what its name says and decodes in full (a hash proves the bytes are the exported ones, not that they are an image). */
async function checkImage(path: string, name: string, label: string): Promise<void> {
  const what = `${label}: the image ${name}`;
  const expected = TYPE_OF_EXTENSION[name.slice(name.lastIndexOf('.') + 1)];
  const head = Buffer.alloc(64);
  const handle = await open(path, 'r');
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
  const found = sniffImage(head.subarray(0, bytesRead));
  if (found !== expected) {
    throw refuse(
      `${what} is not the ${expected?.toUpperCase() ?? 'image'} its name says (${found ? `its bytes are ${found.toUpperCase()}` : 'its bytes are not an image'}).`,
    );
  }
  try {
    await decodeFully(path, what);
  } catch (e) {
    throw isAppError(e) ? new AppError('invalid-args', `${e.message} Nothing was imported.`) : e;
  }
}

/** Checks everything staged in `dir` (a campaign folder's layout); nothing is written. */
export async function checkStaged(dir: string, contents: StagedContents, options: CheckOptions): Promise<CheckedBundle> {
  const { label } = options;
  const staged = new Set(contents.assets);
  const missing: Missing = async (name) => !staged.has(name) && !(contents.kind === 'encounter' && (await options.hasAsset(name)));
  const refsIn = async (text: string, where: string) => {
    for (const name of assetReferences(text))
      if (await missing(name)) throw refuse(`${label}: ${where} uses the image ${name}, which the export file does not hold.`);
  };
  let campaign: CampaignFile | null = null;
  if (contents.kind === 'campaign') {
    const raw = await readJson(join(dir, 'campaign.json'), 'campaign.json', label);
    campaign = revalidated(() => parseVersioned('campaign', raw, CampaignFileSchema, `${label}: campaign.json`).data);
    await refsIn(JSON.stringify(campaign), 'campaign.json');
  }
  const encounters: CheckedBundle['encounters'][number][] = [];
  for (const [i, id] of contents.encounters.entries()) {
    const where = encounterDocName(id);
    const raw = await readJson(join(dir, where), where, label);
    const file = revalidated(() => parseVersioned('encounter', raw, EncounterFileSchema, `${label}: ${where}`, { rules: campaign?.rules }).data);
    if (file.id !== id) throw refuse(`${label}: ${where} says it is encounter “${file.id}”.`);
    await refsIn(JSON.stringify(file), where);
    options.onStep({ step: `Replaying “${file.name}”`, done: i + 1, total: contents.encounters.length });
    const entries = await checkLog(join(dir, encounterLogName(id)), file, encounterLogName(id), options, missing);
    encounters.push({ file, entries });
  }
  for (const [i, name] of contents.assets.entries()) {
    options.onStep({ step: 'Checking the images', done: i + 1, total: contents.assets.length });
    await checkImage(join(dir, 'assets', name), name, label);
  }
  return { campaign, encounters };
}
