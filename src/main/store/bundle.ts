import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError, isAppError } from '../../shared/errors';
import { backupAll } from './backups';
import { ASSET_NAME, MAX_IMAGE_BYTES, sniffImage, type ImageType } from './assets';
import { CampaignFolder, encounterDocName, encounterLogName } from './campaignFolder';
import { CommandLog } from './commandLog';
import { writeFileDurable } from './durable';
import { decodeFully } from './imageDecode';
import { describeSchemaError, parseVersioned, writeDocument } from './jsonDocument';
import { assertEmptyOrMissing } from './newCampaign';
import { CampaignFileSchema, EncounterFileSchema, LogEntrySchema, type CampaignFile, type EncounterFile, type LogEntry } from './schema';

/**
 * Export and import (issue 6 §6): a campaign, or one encounter, as one JSON file that another
 * laptop imports. Assets travel base64-encoded under their hash names (checked on import).
 * Imports never overwrite: a campaign whose folder name is taken gets " (2)", " (3)"…; an
 * encounter whose id is taken gets a new id, and " (imported)" when its name is taken too.
 */
export const BUNDLE_FORMAT = 'pillars-gm-console-bundle';

const BundleEncounterSchema = z.object({ file: z.unknown(), log: z.array(z.unknown()) }).strict();
export const BundleSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    bundleVersion: z.literal(1),
    kind: z.enum(['campaign', 'encounter']),
    exportedAt: z.string(),
    campaign: z.unknown().optional(),
    encounters: z.array(BundleEncounterSchema).max(10_000),
    assets: z.array(z.object({ name: z.string().regex(ASSET_NAME), base64: z.string() }).strict()).max(10_000),
  })
  .strict();
export type Bundle = z.infer<typeof BundleSchema>;

const ASSET_IN_TEXT = /[0-9a-f]{64}\.(?:png|jpg|webp)/g;

async function assetEntries(dir: string, names: Iterable<string>): Promise<Bundle['assets']> {
  const out: Bundle['assets'] = [];
  for (const name of [...new Set(names)].sort()) {
    try {
      out.push({ name, base64: (await readFile(join(dir, 'assets', name))).toString('base64') });
    } catch {
      // a name that only looks like an asset, or one that is gone: nothing to carry
    }
  }
  return out;
}

async function encounterEntry(folder: CampaignFolder, id: string): Promise<{ file: EncounterFile; log: LogEntry[] }> {
  const stored = await folder.readEncounter(id);
  const log = [...stored.log.entries];
  await stored.log.close();
  return { file: stored.file, log };
}

export async function exportCampaign(folder: CampaignFolder, now: Date = new Date()): Promise<Bundle> {
  const encounters = [];
  for (const id of await folder.encounterIds()) encounters.push(await encounterEntry(folder, id));
  let assetNames: string[];
  try {
    assetNames = (await readdir(join(folder.dir, 'assets'))).filter((n) => ASSET_NAME.test(n));
  } catch {
    assetNames = [];
  }
  return {
    format: BUNDLE_FORMAT,
    bundleVersion: 1,
    kind: 'campaign',
    exportedAt: now.toISOString(),
    campaign: folder.campaign,
    encounters,
    assets: await assetEntries(folder.dir, assetNames),
  };
}

/** One encounter with its log and the assets its file names. */
export async function exportEncounter(folder: CampaignFolder, id: string, now: Date = new Date()): Promise<Bundle> {
  const entry = await encounterEntry(folder, id);
  return {
    format: BUNDLE_FORMAT,
    bundleVersion: 1,
    kind: 'encounter',
    exportedAt: now.toISOString(),
    encounters: [entry],
    assets: await assetEntries(folder.dir, JSON.stringify(entry.file).match(ASSET_IN_TEXT) ?? []),
  };
}

export const bundleFileName = (bundle: Bundle, name: string) => `${name.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'export'}.${bundle.kind}.pillars.json`;

interface CheckedBundle {
  readonly kind: 'campaign' | 'encounter';
  readonly campaign: CampaignFile | null;
  readonly encounters: { file: EncounterFile; log: LogEntry[] }[];
  readonly assets: { name: string; bytes: Buffer }[];
}

/** Parses and validates a bundle completely before anything is written. */
export function checkBundle(text: string): CheckedBundle {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new AppError('invalid-args', `The file is not a console export: it is not valid JSON (${(e as Error).message}).`);
  }
  const parsed = BundleSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('invalid-args', describeSchemaError('The export file', parsed.error));
  const b = parsed.data;
  const campaign = b.kind === 'campaign' ? parseVersioned('campaign', b.campaign, CampaignFileSchema, 'The campaign in the export file').data : null;
  const encounters = b.encounters.map((e, i) => {
    const label = `Encounter ${i + 1} in the export file`;
    const file = parseVersioned('encounter', e.file, EncounterFileSchema, label, { rules: campaign?.rules }).data;
    const log = e.log.map((l, j) => {
      const entry = LogEntrySchema.safeParse(l);
      if (!entry.success) throw new AppError('invalid-args', describeSchemaError(`${label}, log entry ${j + 1}`, entry.error));
      if (entry.data.seq !== j + 1) throw new AppError('invalid-args', `${label}: log entry ${j + 1} is numbered ${entry.data.seq}.`);
      return entry.data;
    });
    return { file, log };
  });
  const assets = b.assets.map((a) => {
    const bytes = Buffer.from(a.base64, 'base64');
    if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('invalid-args', `The asset ${a.name} in the export file is too large.`);
    if (createHash('sha256').update(bytes).digest('hex') !== a.name.slice(0, 64)) {
      throw new AppError('invalid-args', `The asset ${a.name} in the export file is damaged (its bytes do not match its name).`);
    }
    return { name: a.name, bytes };
  });
  return { kind: b.kind, campaign, encounters, assets };
}

const TYPE_OF_EXTENSION: Record<string, ImageType> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

/**
 * Every image of a bundle decoded in full before anything of it is written (issue 13 §6, as map
 * images are on import): a hash only proves the bytes are the ones exported, not that they are an
 * image. A file cut short, or bytes of another kind under an image's name, refuse the bundle.
 */
async function checkBundleImages(assets: CheckedBundle['assets']): Promise<void> {
  for (const a of assets) {
    const label = `The image ${a.name} in the export file`;
    const expected = TYPE_OF_EXTENSION[a.name.slice(a.name.lastIndexOf('.') + 1)];
    const found = sniffImage(a.bytes);
    if (found !== expected) {
      throw new AppError(
        'invalid-args',
        `${label} is not the ${expected?.toUpperCase() ?? 'image'} its name says (${found ? `its bytes are ${found.toUpperCase()}` : 'its bytes are not an image'}); nothing was imported.`,
      );
    }
    try {
      await decodeFully(a.bytes, label);
    } catch (e) {
      throw isAppError(e) ? new AppError(e.code, `${e.message} Nothing was imported.`) : e;
    }
  }
}

async function writeAssets(dir: string, assets: CheckedBundle['assets']): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  for (const a of assets) {
    const path = join(dir, 'assets', a.name);
    try {
      await stat(path);
      continue; // same hash: same bytes
    } catch {
      await writeFileDurable(path, a.bytes);
    }
  }
}

export interface ImportResult {
  readonly kind: 'campaign' | 'encounter';
  /** The campaign folder written (campaign bundles) or imported into (encounter bundles). */
  readonly dir: string;
  readonly name: string;
  /** Encounters as imported: their ids and names after any renaming. */
  readonly encounters: { from: string; id: string; name: string }[];
  readonly renamed: boolean;
}

/** A campaign bundle becomes a new folder under `home`; the name gets " (2)"… if taken. */
export async function importCampaignBundle(home: string, bundle: CheckedBundle): Promise<ImportResult> {
  if (bundle.kind !== 'campaign' || !bundle.campaign) throw new AppError('invalid-args', 'This export holds one encounter, not a campaign.');
  await checkBundleImages(bundle.assets);
  await mkdir(home, { recursive: true });
  const base =
    bundle.campaign.name
      // eslint-disable-next-line no-control-regex -- control characters are what this replaces
      .replace(/[/\\:*?"<>|\u0000-\u001f]+/g, '-')
      .replace(/^\.+/, '')
      .trim() || 'Imported campaign';
  const taken = new Set(await readdir(home));
  let folderName = base;
  for (let n = 2; taken.has(folderName); n++) folderName = `${base} (${n})`;
  const dir = join(home, folderName);
  await assertEmptyOrMissing(dir);
  await mkdir(join(dir, 'encounters'), { recursive: true });
  await mkdir(join(dir, 'backups'), { recursive: true });
  await writeAssets(dir, bundle.assets);
  const ids = new Set<string>();
  for (const e of bundle.encounters) {
    if (ids.has(e.file.id)) throw new AppError('invalid-args', `The export holds encounter "${e.file.id}" twice.`);
    ids.add(e.file.id);
    await CommandLog.write(join(dir, encounterLogName(e.file.id)), e.log);
    await writeDocument(join(dir, encounterDocName(e.file.id)), e.file);
  }
  const renamed = folderName !== base;
  const active = bundle.campaign.activeEncounterId;
  const campaign = {
    ...bundle.campaign,
    name: renamed ? folderName : bundle.campaign.name,
    // An active encounter the export did not carry: none (opening then picks the first).
    activeEncounterId: active !== null && ids.has(active) ? active : null,
  };
  await writeDocument(join(dir, 'campaign.json'), campaign);
  // Every file of an imported campaign was written once: each gets its first backup (issue 13 §2).
  await backupAll(dir);
  return {
    kind: 'campaign',
    dir,
    name: campaign.name,
    encounters: bundle.encounters.map((e) => ({ from: e.file.id, id: e.file.id, name: e.file.name })),
    renamed,
  };
}

/** Encounters of a bundle added to an open campaign, renamed where their id or name is taken. */
export async function importEncounters(folder: CampaignFolder, bundle: CheckedBundle): Promise<ImportResult> {
  await checkBundleImages(bundle.assets);
  await writeAssets(folder.dir, bundle.assets);
  const names = new Set((await folder.listEncounters()).map((e) => e.name));
  const done: ImportResult['encounters'] = [];
  let renamed = false;
  for (const e of bundle.encounters) {
    let name = e.file.name;
    if (names.has(name)) {
      renamed = true;
      name = `${e.file.name} (imported)`;
      for (let n = 2; names.has(name); n++) name = `${e.file.name} (imported ${n})`;
    }
    const made = await folder.createEncounter(name, e.file.seed, (id, n) => ({ ...e.file.initial, id, name: n }), e.log, e.file.rules);
    if (made.id !== e.file.id) renamed = true;
    names.add(name);
    done.push({ from: e.file.id, id: made.id, name });
  }
  return { kind: 'encounter', dir: folder.dir, name: folder.campaign.name, encounters: done, renamed };
}
