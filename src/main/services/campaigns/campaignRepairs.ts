/** Repairing a campaign's files from the GM page: which file a failure blames, and when a file may be touched. */
import { AppError } from '../../../shared/errors';

/** The file a `corrupt-file` message blames, as the backups know it. */
export function blamedFile(message: string): string | null {
  const m = /(campaign\.json|encounters\/[A-Za-z0-9_-]{1,64}\.(?:log\.jsonl|json))/.exec(message);
  return m ? m[1]! : null;
}

export const stamp = (d: Date): string => d.toISOString().replace(/[:.]/g, '-');

/** `dir`, unless the file is in use: the open encounter's files, or the open campaign's campaign.json. */
export function refuseWhileInUse(dir: string, file: string, openDir: string | null, openEncounterId: string | null): string {
  const inOpenCampaign = dir === openDir;
  if (inOpenCampaign && openEncounterId !== null && file.startsWith(`encounters/${openEncounterId}.`)) {
    throw new AppError('conflict', 'That encounter is open; open another one before repairing its files.');
  }
  if (inOpenCampaign && file === 'campaign.json') {
    throw new AppError('conflict', 'The open campaign’s campaign.json is in use; open another campaign before restoring it.');
  }
  return dir;
}
