import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import { setAside } from './backups';
import { scanLog } from './commandLog';
import { writeFileDurable } from './durable';

export interface SalvageResult {
  readonly file: string;
  /** Entries kept: the log up to its last good one. */
  readonly kept: number;
  /** Lines cut off after it (the bad one included, and an unfinished last line). */
  readonly dropped: number;
  /** The copy of the whole damaged log in the file's backups (`broken-…`). */
  readonly setAsideAs: string | null;
}

/**
 * Opens a damaged log up to its last good entry: the whole file is first copied
 * aside into its backups, then the good lines are written back durably. The encounter's
 * snapshot is dropped, as it may be of entries that are gone (it is only a cache).
 */
export async function salvageLog(campaignDir: string, file: string, now: Date = new Date()): Promise<SalvageResult> {
  const m = /^encounters\/([A-Za-z0-9_-]{1,64})\.log\.jsonl$/.exec(file);
  if (!m) throw new AppError('invalid-args', `Only an encounter's log can be opened up to its last good entry, not ${file}.`);
  const id = m[1]!;
  let bytes: Buffer;
  try {
    bytes = await readFile(join(campaignDir, file));
  } catch {
    throw new AppError('not-found', `There is no ${file} in this campaign.`);
  }
  const scan = scanLog(bytes, id, file);
  const goodEnd = scan.ends.at(-1)!;
  const unfinishedLast = bytes.length > goodEnd && bytes[bytes.length - 1] !== 10 ? 1 : 0;
  const setAsideAs = await setAside(campaignDir, file, now);
  if (goodEnd < bytes.length) await writeFileDurable(join(campaignDir, file), bytes.subarray(0, goodEnd), campaignDir);
  await rm(join(campaignDir, 'encounters', `${id}.snapshot.json`), { force: true });
  return { file, kept: scan.entries.length, dropped: scan.badLines + unfinishedLast, setAsideAs };
}

/**
 * What the GM is told when a log ends in an unfinished line: usually a write a crash
 * interrupted (never acknowledged), but a file cut short by a disk or a sync tool looks the same.
 */
export function tornTailNotice(file: string, kept: number, tornBytes: number): string | null {
  if (tornBytes <= 0) return null;
  return `${file} ended in an unfinished line (${tornBytes} bytes after entry ${kept}): a write cut off by a crash, or a damaged file. The encounter goes on from entry ${kept}; a copy of the whole log, unfinished line included, was kept in backups/.`;
}
