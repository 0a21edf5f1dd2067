import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import { fsyncDir, writeFileDurable } from './durable';
import { assertNoLinks } from './linkGuard';

/**
 * Rotating backups (DESIGN §Persistence): before a campaign file is overwritten its
 * current bytes are copied to `backups/<file>/<time>.bak`; the newest 10 are kept per file.
 * A broken file is copied aside to `backups/<file>/broken-<time>.bak` before a backup replaces it.
 */
export const KEEP_BACKUPS = 10;

/** Files of a campaign that have backups, relative to the campaign folder with `/`. */
export function isCampaignFile(file: string): boolean {
  return file === 'campaign.json' || /^encounters\/[A-Za-z0-9_-]{1,64}\.(json|log\.jsonl)$/.test(file);
}

function assertCampaignFile(file: string): void {
  if (!isCampaignFile(file)) throw new AppError('invalid-args', `"${file}" is not a file of a campaign that keeps backups.`);
}

const folderOf = (campaignDir: string, file: string) => join(campaignDir, 'backups', file.replace(/\//g, '--'));

let counter = 0;
/** Sortable by name: time to the millisecond, then a counter for several in the same millisecond. */
function stampName(now: Date, prefix = ''): string {
  counter = (counter + 1) % 10000;
  return `${prefix}${now.toISOString().replace(/[:.]/g, '-')}-${String(counter).padStart(4, '0')}.bak`;
}

/**
 * Copies `source` into `folder` under a fresh stamped name. The copy never writes through an
 * existing name (COPYFILE_EXCL refuses one, a link included); a name taken, by a copy from another
 * run in the same millisecond, moves on to the next counter.
 */
async function copyToFreshName(source: string, folder: string, now: Date, prefix = ''): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const name = stampName(now, prefix);
    try {
      await copyFile(source, join(folder, name), constants.COPYFILE_EXCL);
      return name;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw e;
    }
  }
}

export interface BackupInfo {
  readonly name: string;
  readonly bytes: number;
  readonly takenAt: string;
}

/** Copies `file`'s current bytes into its backups and drops all but the newest KEEP_BACKUPS. */
export async function backupFile(campaignDir: string, file: string, now: Date = new Date()): Promise<string | null> {
  assertCampaignFile(file);
  const source = join(campaignDir, file);
  try {
    await stat(source);
  } catch {
    return null; // nothing to back up yet
  }
  const folder = folderOf(campaignDir, file);
  await assertNoLinks(campaignDir, folder);
  await mkdir(folder, { recursive: true });
  const name = await copyToFreshName(source, folder, now);
  const kept = (await readdir(folder)).filter((n) => !n.startsWith('broken-') && n.endsWith('.bak')).sort();
  for (const old of kept.slice(0, Math.max(0, kept.length - KEEP_BACKUPS))) await rm(join(folder, old), { force: true });
  await fsyncDir(folder);
  return name;
}

/** The backups of one file, newest first (copies of broken files set aside are not offered). */
export async function listBackups(campaignDir: string, file: string): Promise<BackupInfo[]> {
  assertCampaignFile(file);
  const folder = folderOf(campaignDir, file);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const out: BackupInfo[] = [];
  for (const name of names
    .filter((n) => !n.startsWith('broken-') && n.endsWith('.bak'))
    .sort()
    .reverse()) {
    const s = await stat(join(folder, name));
    out.push({ name, bytes: s.size, takenAt: s.mtime.toISOString() });
  }
  return out;
}

/**
 * Puts a backup back in place of `file`: the current (broken) file is first copied aside into
 * the backups as `broken-…`, so nothing is lost; then the backup's bytes replace it durably.
 */
export async function restoreBackup(campaignDir: string, file: string, backupName: string, now: Date = new Date()): Promise<void> {
  assertCampaignFile(file);
  if (!/^[0-9TZ-]+\.bak$/.test(backupName)) throw new AppError('invalid-args', `"${backupName}" is not the name of a backup.`);
  const folder = folderOf(campaignDir, file);
  let bytes: Buffer;
  try {
    bytes = await readFile(join(folder, backupName));
  } catch {
    throw new AppError('not-found', `There is no backup ${backupName} of ${file}.`);
  }
  await setAside(campaignDir, file, now);
  await writeFileDurable(join(campaignDir, file), bytes, campaignDir);
}

/**
 * Copies a broken file's bytes into its backups as `broken-…` (never offered for restore), so a
 * repair loses nothing. Returns the copy's name, or null when there was no file.
 */
export async function setAside(campaignDir: string, file: string, now: Date = new Date()): Promise<string | null> {
  assertCampaignFile(file);
  const folder = folderOf(campaignDir, file);
  await assertNoLinks(campaignDir, folder);
  await mkdir(folder, { recursive: true });
  let name: string;
  try {
    name = await copyToFreshName(join(campaignDir, file), folder, now, 'broken-');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return null;
  }
  await fsyncDir(folder);
  return name;
}

/**
 * A first backup of every file of a campaign: files written only once (a new
 * encounter, a copied sample, an imported campaign) otherwise had none to restore.
 */
export async function backupAll(campaignDir: string, now: Date = new Date()): Promise<void> {
  let names: string[] = [];
  try {
    names = await readdir(join(campaignDir, 'encounters'));
  } catch {
    // a campaign without encounters yet
  }
  const files = ['campaign.json', ...names.map((n) => `encounters/${n}`).filter(isCampaignFile)];
  for (const file of files) await backupFile(campaignDir, file, now);
}
