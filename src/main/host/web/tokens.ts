import { join } from 'node:path';
import type { PageRole } from '../../../shared/contract';
import { ACCESS_TOKEN, newAccessToken } from '../../store/accessToken';
import { readPrivateJson, writePrivateJson } from '../../store/privateFile';

/** The file, in the app's data folder (never in a campaign), that keeps the web host's page tokens. */
export const TOKENS_FILE = 'web-tokens.json';

export function newTokens(): Record<PageRole, string> {
  return { gm: newAccessToken(), player: newAccessToken() };
}

/**
 * Each role's token, kept across restarts of the same data folder, so open pages
 * reconnect after a restart instead of meeting 403. Only the user may read the file (mode 0600);
 * one that is missing, unreadable or malformed is replaced by new tokens.
 */
export async function loadOrCreateTokens(dataDir: string): Promise<Record<PageRole, string>> {
  const path = join(dataDir, TOKENS_FILE);
  const read = await readPrivateJson(path);
  const raw = typeof read === 'object' ? (read as { gm?: unknown; player?: unknown } | null) : null;
  if (
    raw &&
    typeof raw.gm === 'string' &&
    typeof raw.player === 'string' &&
    ACCESS_TOKEN.test(raw.gm) &&
    ACCESS_TOKEN.test(raw.player) &&
    raw.gm !== raw.player
  ) {
    return { gm: raw.gm, player: raw.player };
  }
  // missing or damaged: new tokens
  const tokens = newTokens();
  await writePrivateJson(path, tokens);
  return tokens;
}
