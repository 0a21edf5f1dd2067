import { cp, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import { assetPath } from './assets';
import { backupAll, backupFile } from './backups';
import { checkStaged, type CheckedBundle, type LogReplayer, type StagedContents } from './bundleCheck';
import { MAX_BUNDLE_BYTES, SNIFF_BYTES, sniffBundle, type ImportResult, type OnStep } from './bundleFormat';
import { sizeLimitOf, tooLarge } from './bundleSpool';
import { openZipBundle } from './bundleZip';
import type { CampaignFolder } from './campaignFolder';
import { encounterDocName, encounterLogName } from './campaignPaths';
import { fsyncDir, fsyncTree } from './durable';
import { folderNameFor, freeFolderName, numberedName } from './folderNames';
import { commitStaged } from './importJournal';
import { writeDocument } from './jsonDocument';
import { unpackLegacyBundle } from './legacyBundle';
import { assertNoLinks } from './linkGuard';
import { EncounterFileSchema } from './schema';
import { claimTemp, releaseTemp } from './tempFiles';

/**
 * Imports, all or nothing (docs/architecture.md §Persistence, "Imports"). The export file is
 * unpacked into a staging folder inside the data folder — `<campaigns>/.import-<hex>/` for a
 * campaign, `<campaign>/.import-<hex>/` for encounters joining an open campaign, so that the
 * final step is a rename on the same disk — and checked there in full (bundleCheck.ts). Only
 * then does anything appear: a campaign by one rename of its staged folder, encounters by the
 * import journal (importJournal.ts). Imports never overwrite: a campaign whose folder name is
 * taken gets " (2)"…, an encounter whose id is taken a new one, and " (imported)" when its name is
 * taken too.
 */
export interface ImportPlace {
  readonly campaignsHome: string;
  /** The open campaign, which an encounter export joins; null when none is open. */
  readonly folder: CampaignFolder | null;
  readonly now: Date;
}

export interface ImportOptions {
  /** The export file as the GM is told of it. */
  readonly label: string;
  readonly replayer: LogReplayer;
  readonly onStep: OnStep;
  readonly maxBytes?: number;
}

interface Unpacked extends StagedContents {
  /** Where the files are, in a campaign folder's layout. */
  readonly dir: string;
}

async function firstBytes(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A folder moved within or across disks (the campaign may be on another disk than the data folder). */
async function moveTree(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}

/** Imports the export file at `path`: a zip archive, or a version 1 JSON file. */
export async function importBundleFile(path: string, place: ImportPlace, options: ImportOptions): Promise<ImportResult> {
  const { label } = options;
  const format = sniffBundle(await firstBytes(path), label);
  const limit = sizeLimitOf(format, options.maxBytes ?? MAX_BUNDLE_BYTES);
  const size = (await stat(path)).size;
  if (size > limit) throw tooLarge(label, size, limit);
  await mkdir(place.campaignsHome, { recursive: true });
  await assertNoLinks(place.campaignsHome, place.campaignsHome);
  const work = claimTemp(place.campaignsHome, 'import');
  /** The staging folder inside the open campaign (encounter exports), while this import still owns it. */
  const stage: { dir: string | null; owned: boolean } = { dir: null, owned: false };
  try {
    await mkdir(work);
    /** Where the files go: a campaign's own staging folder, or one inside the campaign they join. */
    const stageFor = async (kind: 'campaign' | 'encounter'): Promise<string> => {
      if (kind === 'campaign') return join(work, 'campaign');
      if (!place.folder) throw new AppError('not-found', 'This export holds encounters: open the campaign they should join first. Nothing was imported.');
      stage.dir = claimTemp(place.folder.dir, 'import');
      stage.owned = true;
      await assertNoLinks(place.folder.dir, stage.dir);
      await mkdir(stage.dir);
      return join(stage.dir, 'bundle');
    };
    let unpacked: Unpacked;
    if (format === 'zip') {
      const zip = await openZipBundle(path, label, options.maxBytes);
      try {
        const { kind, encounters, assets } = zip.manifest;
        if (kind === 'encounter' && encounters.length === 0) throw new AppError('invalid-args', `${label} holds no encounter. Nothing was imported.`);
        const dir = await stageFor(kind);
        await zip.extractTo(dir, options.onStep);
        unpacked = { kind, encounters, assets, dir };
      } finally {
        zip.close();
      }
    } else {
      const legacy = await unpackLegacyBundle(path, join(work, 'legacy'), work, label, size, options.onStep);
      const dir = await stageFor(legacy.kind);
      await moveTree(join(work, 'legacy'), dir);
      unpacked = { ...legacy, dir };
    }
    const checked = await checkStaged(unpacked.dir, unpacked, {
      label,
      replayer: options.replayer,
      hasAsset: async (name) => place.folder !== null && (await assetPath(place.folder.dir, name)) !== null,
      onStep: options.onStep,
    });
    options.onStep({ step: 'Writing', done: 0, total: null });
    if (unpacked.kind === 'campaign') return await commitCampaign(place, unpacked.dir, checked);
    return await commitEncounters(place.folder!, stage, unpacked.dir, checked, place.now);
  } finally {
    await rm(work, { recursive: true, force: true });
    releaseTemp(work);
    if (stage.dir !== null) {
      if (stage.owned) await rm(stage.dir, { recursive: true, force: true });
      releaseTemp(stage.dir);
    }
  }
}

/** The staged campaign, its files written as the console writes them, each with a first backup, renamed into place once. */
async function commitCampaign(place: ImportPlace, dir: string, checked: CheckedBundle): Promise<ImportResult> {
  const campaign = checked.campaign!;
  const base = folderNameFor(campaign.name, 'Imported campaign');
  const folderName = await freeFolderName(place.campaignsHome, campaign.name, 'Imported campaign');
  const renamed = folderName !== base;
  const name = renamed ? numberedName(campaign.name, folderName.slice(base.length)) : campaign.name;
  const ids = new Set(checked.encounters.map((e) => e.file.id));
  const active = campaign.activeEncounterId;
  // An active encounter the export did not carry: none (opening then picks the first).
  await writeDocument(join(dir, 'campaign.json'), { ...campaign, name, activeEncounterId: active !== null && ids.has(active) ? active : null }, dir);
  for (const e of checked.encounters) await writeDocument(join(dir, encounterDocName(e.file.id)), e.file, dir);
  await mkdir(join(dir, 'backups'), { recursive: true });
  await mkdir(join(dir, 'assets'), { recursive: true });
  // Every file of an imported campaign was written once: each gets its first backup.
  await backupAll(dir, place.now);
  await fsyncTree(dir);
  const target = join(place.campaignsHome, folderName);
  await assertNoLinks(place.campaignsHome, target);
  await rename(dir, target);
  await fsyncDir(place.campaignsHome);
  const encounters = checked.encounters.map((e) => ({ from: e.file.id, id: e.file.id, name: e.file.name }));
  return { kind: 'campaign', dir: target, name, encounters, renamed };
}

/** A name the campaign does not have: the export's, else "… (imported)", "… (imported 2)"… */
function freeEncounterName(name: string, names: Set<string>): string {
  if (!names.has(name)) return name;
  let candidate = numberedName(name, ' (imported)');
  for (let n = 2; names.has(candidate); n++) candidate = numberedName(name, ` (imported ${n})`);
  return candidate;
}

/** The staged encounters under free ids and names, with their first backups, moved into the campaign by the journal. */
async function commitEncounters(
  folder: CampaignFolder,
  staging: { dir: string | null; owned: boolean },
  bundleDir: string,
  checked: CheckedBundle,
  now: Date,
): Promise<ImportResult> {
  const stage = staging.dir!;
  const names = new Set((await folder.listEncounters()).map((e) => e.name));
  const reserved: string[] = [];
  try {
    const done: ImportResult['encounters'] = [];
    const moves: string[] = [];
    let renamed = false;
    await mkdir(join(stage, 'encounters'), { recursive: true });
    for (const e of checked.encounters) {
      const name = freeEncounterName(e.file.name, names);
      names.add(name);
      const id = await folder.reserveId(name);
      reserved.push(id);
      renamed ||= name !== e.file.name || id !== e.file.id;
      const file = EncounterFileSchema.parse({ ...e.file, id, name, createdAt: now.toISOString(), initial: { ...e.file.initial, id, name } });
      await rename(join(bundleDir, encounterLogName(e.file.id)), join(stage, encounterLogName(id)));
      await writeDocument(join(stage, encounterDocName(id)), file, stage);
      // Written once: without a first backup a later damage would have nothing to restore.
      for (const f of [encounterLogName(id), encounterDocName(id)]) {
        const bak = await backupFile(stage, f, now);
        moves.push(f, `backups/${f.replace(/\//g, '--')}/${bak}`);
      }
      done.push({ from: e.file.id, id, name });
    }
    const assets = await readdir(join(bundleDir, 'assets')).catch(() => [] as string[]);
    await mkdir(join(stage, 'assets'), { recursive: true });
    for (const a of assets) {
      await rename(join(bundleDir, 'assets', a), join(stage, 'assets', a));
      moves.push(`assets/${a}`);
    }
    // From here the journal owns the staging folder: decided, it is finished (now or at the next
    // opening); not decided, the next opening drops it (importJournal.ts).
    await rm(bundleDir, { recursive: true, force: true }); // what is left of the export file: nothing to keep
    await fsyncTree(stage);
    staging.owned = false;
    await commitStaged(folder.dir, stage, moves);
    return { kind: 'encounter', dir: folder.dir, name: folder.campaign.name, encounters: done, renamed };
  } finally {
    folder.releaseIds(reserved);
  }
}
