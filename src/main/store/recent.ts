import { z } from 'zod';
import { readDocument, writeDocument } from './jsonDocument';
import { isAppError } from '../../shared/errors';

const RecentFileSchema = z.object({ schemaVersion: z.literal(1), campaigns: z.array(z.string()).max(50) }).strict();
const MAX_RECENT = 10;

/** The recent-campaigns list, newest first, kept in the app's own data folder. */
export async function readRecent(path: string): Promise<string[]> {
  try {
    return (await readDocument(path, RecentFileSchema, 'The recent-campaigns list')).campaigns;
  } catch (e) {
    // A missing or damaged list only costs the GM the shortcut; the campaigns themselves are untouched.
    if (isAppError(e)) return [];
    throw e;
  }
}

export async function addRecent(path: string, campaignDir: string): Promise<string[]> {
  const list = [campaignDir, ...(await readRecent(path)).filter((d) => d !== campaignDir)].slice(0, MAX_RECENT);
  await writeDocument(path, { schemaVersion: 1, campaigns: list });
  return list;
}
