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

/** The parsed file made private again (0600), or null when it is missing or not JSON. */
export async function readPrivateJson(path: string): Promise<unknown> {
  try {
    const raw: unknown = JSON.parse(await readFile(path, 'utf8'));
    await chmod(path, 0o600);
    return raw;
  } catch {
    return null;
  }
}
