import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CampaignEntry {
  readonly folder: string;
  readonly name: string;
  readonly dir: string;
  /** Why its campaign.json cannot be read, or null. A damaged folder is listed, never a reason to stop. */
  readonly problem: string | null;
}

/** The campaign folders under `home` (hidden ones, such as a first start's copy in progress, are not). */
export async function scanCampaigns(home: string): Promise<CampaignEntry[]> {
  await mkdir(home, { recursive: true });
  const folders = (await readdir(home, { withFileTypes: true })).filter((d) => d.isDirectory() && !d.name.startsWith('.'));
  const campaigns = await Promise.all(
    folders.map(async (d): Promise<CampaignEntry> => {
      const dir = join(home, d.name);
      try {
        const raw = JSON.parse(await readFile(join(dir, 'campaign.json'), 'utf8')) as { name?: unknown } | null;
        if (raw === null || typeof raw !== 'object') throw new Error('it holds no document');
        return { folder: d.name, name: typeof raw.name === 'string' ? raw.name : d.name, dir, problem: null };
      } catch (e) {
        return { folder: d.name, name: d.name, dir, problem: `campaign.json in ${dir} could not be read: ${(e as Error).message}.` };
      }
    }),
  );
  return campaigns.sort((a, b) => a.folder.localeCompare(b.folder));
}
