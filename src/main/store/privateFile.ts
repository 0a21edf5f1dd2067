import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fsyncDir } from './durable';

/**
 * Files of the app's data folder that hold secrets (page and seat tokens): only the user may read
 * them (mode 0600, from the moment the file exists), written whole through a temp file and a rename.
 */
export async function writePrivateJson(path: string, data: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(JSON.stringify(data));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
  await fsyncDir(dirname(path));
}

/** What `readPrivateJson` answers for a file that is there but cannot be read as JSON. */
export const DAMAGED: unique symbol = Symbol('damaged');

/** The parsed file made private again (0600); null when there is none; `DAMAGED` when it is there but unreadable. */
export async function readPrivateJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? null : DAMAGED;
  }
  try {
    const raw: unknown = JSON.parse(text);
    await chmod(path, 0o600);
    return raw;
  } catch {
    return DAMAGED;
  }
}
