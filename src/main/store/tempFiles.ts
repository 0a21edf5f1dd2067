import { randomBytes } from 'node:crypto';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Temporary files and folders of the store, and their clean-up at start. Every write goes through
 * a temporary name renamed into place; a kill leaves the temporary behind. These are the names:
 *
 * - `.<file>.<8 hex>.tmp` beside any document or log written durably (durable.ts);
 * - `assets/.import-<12 hex>.tmp`, an image being imported (assets.ts);
 * - `.import-<12 hex>/`, an export file being imported: under the campaigns folder for a campaign,
 *   inside the campaign for encounters (bundleImport.ts, importJournal.ts).
 *
 * Those of this process are registered while in use, so a clean-up never takes one in flight.
 */
const inUse = new Set<string>();

export const DURABLE_TEMP = /^\..+\.[0-9a-f]{8}\.tmp$/;
export const IMAGE_TEMP = /^\.import-[0-9a-f]{12}\.tmp$/;
export const IMPORT_FOLDER = /^\.import-[0-9a-f]{12}$/;

/** A fresh temporary name in `dir` (`.<base>.<hex>.tmp`, or `.import-<hex>` folders), registered as in use. */
export function claimTemp(dir: string, kind: 'durable' | 'image' | 'import', base = ''): string {
  const name =
    kind === 'durable' ? `.${base}.${randomBytes(4).toString('hex')}.tmp` : `.import-${randomBytes(6).toString('hex')}${kind === 'image' ? '.tmp' : ''}`;
  const path = join(dir, name);
  inUse.add(path);
  return path;
}

export function releaseTemp(path: string): void {
  inUse.delete(path);
}

export const isInUse = (path: string): boolean => inUse.has(path);

/** Removes the temporary files in `dir` whose names match `pattern` (regular files only, none in use); returns their names. */
export async function removeTempFiles(dir: string, pattern: RegExp): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names.filter((n) => pattern.test(n))) {
    const path = join(dir, name);
    if (inUse.has(path)) continue;
    const s = await lstat(path).catch(() => null);
    if (!s?.isFile()) continue;
    await rm(path, { force: true });
    removed.push(name);
  }
  return removed;
}

/** The `.import-…` folders in `dir` that no import of this process is using. */
export async function strayImportFolders(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names.filter((n) => IMPORT_FOLDER.test(n))) {
    const path = join(dir, name);
    if (inUse.has(path)) continue;
    const s = await lstat(path).catch(() => null);
    if (s?.isDirectory()) out.push(path);
  }
  return out;
}
