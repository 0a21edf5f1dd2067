import { lstat, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { rollForward } from './importJournal';
import { DURABLE_TEMP, IMAGE_TEMP, removeTempFiles, strayImportFolders } from './tempFiles';

/**
 * What kills leave behind, cleared when the console starts (`cleanDataFolder`, from the core's
 * start) and when a campaign is opened (`cleanCampaignFolder`, from `CampaignFolder.open`). Only
 * the store's own temporary names (tempFiles.ts) are touched, never one this process is using,
 * and never inside a folder that is a symbolic link.
 */

const isLink = async (path: string) => (await lstat(path).catch(() => null))?.isSymbolicLink() ?? false;

async function removeTemps(dir: string, pattern: RegExp): Promise<string[]> {
  if (await isLink(dir)) return [];
  return (await removeTempFiles(dir, pattern)).map((n) => join(dir, n));
}

/**
 * A campaign folder's leftovers: documents and logs half-written (`.campaign.json.*.tmp`,
 * `encounters/.*.tmp`), images half-imported (`assets/.import-*.tmp`, up to 64 MiB each), and
 * staged imports: finished if they were decided, dropped if not (importJournal.ts).
 */
export async function cleanCampaignFolder(dir: string): Promise<string[]> {
  if (await isLink(dir)) return [];
  const removed = [
    ...(await removeTemps(dir, DURABLE_TEMP)),
    ...(await removeTemps(join(dir, 'encounters'), DURABLE_TEMP)),
    ...(await removeTemps(join(dir, 'assets'), IMAGE_TEMP)),
    ...(await removeTemps(join(dir, 'assets'), DURABLE_TEMP)),
  ];
  for (const stage of await strayImportFolders(dir)) {
    await rollForward(dir, stage);
    removed.push(stage);
  }
  return removed;
}

/**
 * The data folder's leftovers: a half-written recent list, and campaign imports a kill
 * interrupted (a campaign import ends with one rename of its staging folder, so one still there
 * never finished, and is removed whole).
 */
export async function cleanDataFolder(dataDir: string, campaignsHome: string): Promise<string[]> {
  if (await isLink(dataDir)) return [];
  const removed = [...(await removeTemps(dataDir, DURABLE_TEMP)), ...(await removeTemps(campaignsHome, DURABLE_TEMP))];
  if (await isLink(campaignsHome)) return removed;
  for (const folder of await strayImportFolders(campaignsHome)) {
    await rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}
