import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Role } from '../../../shared/contract';

/** The file, in the app's data folder (never in a campaign), that keeps the web host's page tokens. */
export const TOKENS_FILE = 'web-tokens.json';

const TOKEN = /^[A-Za-z0-9_-]{24,128}$/;

export function newTokens(): Record<Role, string> {
  return { gm: randomBytes(18).toString('base64url'), player: randomBytes(18).toString('base64url') };
}

/**
 * Each role's token, kept across restarts of the same data folder, so open pages
 * reconnect after a restart instead of meeting 403. Only the user may read the file (mode 0600);
 * one that is missing, unreadable or malformed is replaced by new tokens.
 */
export async function loadOrCreateTokens(dataDir: string): Promise<Record<Role, string>> {
  const path = join(dataDir, TOKENS_FILE);
  try {
    const raw = JSON.parse(await readFile(path, 'utf8')) as { gm?: unknown; player?: unknown };
    if (typeof raw.gm === 'string' && typeof raw.player === 'string' && TOKEN.test(raw.gm) && TOKEN.test(raw.player) && raw.gm !== raw.player) {
      await chmod(path, 0o600);
      return { gm: raw.gm, player: raw.player };
    }
  } catch {
    // missing or damaged: new tokens below
  }
  const tokens = newTokens();
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(JSON.stringify(tokens));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
  return tokens;
}
