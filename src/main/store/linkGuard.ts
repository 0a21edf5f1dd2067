import { constants } from 'node:fs';
import { lstat, readlink } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, sep } from 'node:path';
import { AppError } from '../../shared/errors';

/**
 * The console never writes through a symbolic link under its data folder or inside a campaign
 * folder (docs/architecture.md §Persistence): a campaign copied from elsewhere whose `assets/` (or
 * `encounters/`, `backups/`, `campaign.json`) is a link would otherwise have uploads, imports and
 * backups land wherever the link points. Every write path is checked component by component with
 * lstat from `root` down, `root` included; a part that does not exist yet is made as a real folder.
 */
export async function assertNoLinks(root: string, target: string): Promise<void> {
  const rel = relative(root, target);
  if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`${target} is not inside ${root}`);
  let path = root;
  const parts = rel === '' ? [] : rel.split(sep);
  for (let i = -1; i < parts.length; i++) {
    if (i >= 0) path = join(path, parts[i]!);
    let isLink: boolean;
    try {
      isLink = (await lstat(path)).isSymbolicLink();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    if (isLink) throw linkRefused(root, path, await readlink(path).catch(() => null));
  }
}

function linkRefused(root: string, path: string, to: string | null): AppError {
  const shown = path === root ? `The folder ${basename(root)}` : `${relative(root, path).split(sep).join('/')} in ${basename(root)}`;
  return new AppError(
    'forbidden',
    `${shown} is a symbolic link${to ? ` (to ${to})` : ''}; the console does not write through links in its data or campaign folders. Replace the link with a real folder or file, then try again.`,
  );
}

/**
 * Open flag that refuses a symbolic link as the file itself (where the platform has it): a log
 * opened for appending would otherwise write wherever the link points.
 */
export const NO_FOLLOW: number = constants.O_NOFOLLOW ?? 0;
