import { lstat, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { fsyncDir, writeFileDurable } from './durable';
import { assertNoLinks } from './linkGuard';

/**
 * Encounters imported into a campaign that is already there (docs/architecture.md §Persistence,
 * "Imports"). Their files are staged in `<campaign>/.import-<hex>/`, laid out as the campaign is,
 * and checked there; then one durable write of `commit.json` (temp file, rename) decides the
 * import, and the staged files are renamed into place. A kill before that rename leaves nothing
 * (the staging folder is removed when the campaign next opens); a kill after it is finished when
 * the campaign next opens (`rollForward`). Either way the campaign has all of the import or none.
 */
export const COMMIT_FILE = 'commit.json';

/** A path the journal may move: an encounter's file or log, an asset, or a backup of one of them. */
const MOVABLE =
  /^(?:encounters\/[A-Za-z0-9_-]{1,64}\.(?:json|log\.jsonl)|assets\/[0-9a-f]{64}\.(?:png|jpg|webp)|backups\/encounters--[A-Za-z0-9_-]{1,64}\.(?:json|log\.jsonl)\/[0-9TZ-]+\.bak)$/;

const CommitSchema = z.object({ moves: z.array(z.string().regex(MOVABLE)).max(100_000) }).strict();

/**
 * The order files become visible in: images and backups first, then each log before its
 * encounter's file (an encounter is listed by its file; its log and images are there by then).
 */
function moveOrder(path: string): number {
  if (path.startsWith('assets/')) return 0;
  if (path.startsWith('backups/')) return 1;
  return path.endsWith('.log.jsonl') ? 2 : 3;
}

/** Decides the import (one durable write), then moves the staged files into place. */
export async function commitStaged(campaignDir: string, stageDir: string, moves: readonly string[]): Promise<void> {
  const ordered = [...moves].sort((a, b) => moveOrder(a) - moveOrder(b));
  await writeFileDurable(join(stageDir, COMMIT_FILE), JSON.stringify(CommitSchema.parse({ moves: ordered })), campaignDir);
  await rollForward(campaignDir, stageDir);
}

/**
 * Finishes a staged import that was decided (its `commit.json` is there), or drops one that was
 * not; the staging folder is gone afterwards. Safe to run again after a kill in the middle: a file
 * already moved is no longer in the staging folder. Returns what it did.
 */
export async function rollForward(campaignDir: string, stageDir: string): Promise<'finished' | 'dropped'> {
  const moves = await readFile(join(stageDir, COMMIT_FILE), 'utf8')
    .then(
      (text) => {
        const parsed = CommitSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data.moves : null;
      },
      () => null,
    )
    .catch(() => null);
  if (moves === null) {
    await rm(stageDir, { recursive: true, force: true });
    return 'dropped';
  }
  const touched = new Set<string>();
  for (const rel of moves) {
    const from = join(stageDir, rel);
    const staged = await lstat(from).catch(() => null);
    if (!staged?.isFile()) continue; // moved before a kill (or never a plain file: not ours to move)
    const to = join(campaignDir, rel);
    await assertNoLinks(campaignDir, to);
    await mkdir(dirname(to), { recursive: true });
    const existing = await lstat(to).catch(() => null);
    if (existing && rel.startsWith('assets/')) {
      await rm(from, { force: true }); // named by its content: the same bytes are there already
      continue;
    }
    await rename(from, to);
    touched.add(dirname(to));
  }
  for (const dir of touched) await fsyncDir(dir);
  await rm(stageDir, { recursive: true, force: true });
  return 'finished';
}
