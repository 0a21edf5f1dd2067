import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { JSONFile } from 'lowdb/node';

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

/** Writes `data` to `path` atomically and durably: temp file, fsync, rename, fsync the folder. */
export async function writeFileDurable(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
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
  await fsyncDir(dir);
}

/**
 * A lowdb adapter: reads with lowdb's own `JSONFile`, writes durably (see `writeFileDurable`).
 * Used as `new Low(new DurableJSONFile(path), data)`.
 */
export class DurableJSONFile<T> implements Adapter<T> {
  readonly #reader: JSONFile<T>;
  constructor(readonly path: string) {
    this.#reader = new JSONFile<T>(path);
  }
  read(): Promise<T | null> {
    return this.#reader.read();
  }
  write(data: T): Promise<void> {
    return writeFileDurable(this.path, JSON.stringify(data, null, 2));
  }
}
