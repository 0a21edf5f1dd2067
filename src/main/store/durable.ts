import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { Adapter } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { assertNoLinks } from './linkGuard';
import { claimTemp, releaseTemp } from './tempFiles';

/**
 * Durable writes (issue 6 §2). lowdb/steno write a temp file and rename it, but never fsync: a
 * power cut can leave the renamed file empty. Here the temp file is flushed before the rename and
 * the folder after it, so a write that returned is on the disk.
 */

/** Flushes a folder's entries (a created, renamed or removed file) to the disk. */
export async function fsyncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (e) {
    // Some platforms (Windows) cannot open a folder for fsync; their renames are durable enough.
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EACCES' && code !== 'EINVAL') throw e;
  } finally {
    await handle?.close();
  }
}

/**
 * Writes `data` to `path` atomically and durably: temp file, fsync, rename, fsync the folder.
 * With `root` (the campaign or data folder it belongs to), no part of the path below `root` may
 * be a symbolic link (linkGuard.ts). The temp file is created exclusively (never through a link)
 * and the rename replaces a link at `path` rather than following it.
 */
export async function writeFileDurable(path: string, data: string | Uint8Array, root?: string): Promise<void> {
  const dir = dirname(path);
  if (root !== undefined) await assertNoLinks(root, path);
  const temp = claimTemp(dir, 'durable', basename(path));
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } catch (e) {
      await handle.close();
      await rm(temp, { force: true });
      throw e;
    }
    await handle.close();
    try {
      await rename(temp, path);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
  } finally {
    releaseTemp(temp);
  }
  await fsyncDir(dir);
}

/**
 * A lowdb adapter: reads with lowdb's own `JSONFile`, writes durably (see `writeFileDurable`).
 * Used as `new Low(new DurableJSONFile(path), data)`.
 */
export class DurableJSONFile<T> implements Adapter<T> {
  readonly #reader: JSONFile<T>;
  constructor(
    readonly path: string,
    private readonly root?: string,
  ) {
    this.#reader = new JSONFile<T>(path);
  }
  read(): Promise<T | null> {
    return this.#reader.read();
  }
  write(data: T): Promise<void> {
    return writeFileDurable(this.path, JSON.stringify(data, null, 2), this.root);
  }
}
