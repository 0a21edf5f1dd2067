import { open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { assertNoLinks } from './linkGuard';
import { claimTemp, releaseTemp } from './tempFiles';

/**
 * Durable writes. lowdb/steno write a temp file and rename it, but never fsync: a
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
 * A file written in a stream of chunks, its data flushed to the disk every `SYNC_EVERY` bytes. A
 * large import written in one go leaves hundreds of MiB for the kernel to write back at once, and
 * the GM's next command, whose log line waits for the disk, waits behind all of it; flushed as it
 * goes, the disk is never more than a few MiB behind, and a command waits for those at most.
 */
export class PacedFile {
  static readonly SYNC_EVERY = 2 * 1024 * 1024;
  #unsynced = 0;
  private constructor(private readonly handle: FileHandle) {}

  /** A new file (never through an existing name or link). */
  static async create(path: string): Promise<PacedFile> {
    return new PacedFile(await open(path, 'wx'));
  }

  async write(chunk: Uint8Array): Promise<void> {
    let at = 0;
    while (at < chunk.byteLength) at += (await this.handle.write(chunk, at, chunk.byteLength - at)).bytesWritten;
    this.#unsynced += chunk.byteLength;
    if (this.#unsynced >= PacedFile.SYNC_EVERY) {
      await this.handle.datasync();
      this.#unsynced = 0;
    }
  }

  /** Flushes what is left and closes the file. */
  async close(): Promise<void> {
    try {
      if (this.#unsynced > 0) await this.handle.datasync();
    } finally {
      await this.handle.close();
    }
  }

  /** Closes the file without flushing it (it is being given up). */
  abandon(): Promise<void> {
    return this.handle.close().catch(() => undefined);
  }
}

/**
 * Flushes every file under `dir` and every folder's entries, deepest first: a staged import is on
 * the disk before the one rename that makes it appear.
 */
export async function fsyncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await fsyncTree(path);
    else if (entry.isFile()) {
      const handle = await open(path, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  }
  await fsyncDir(dir);
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
