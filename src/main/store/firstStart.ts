import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { backupAll } from './backups';
import { fsyncDir } from './durable';
import { assertNoLinks } from './linkGuard';

/**
 * The GM's campaigns live under `home`. On the first start (no campaign there yet) the sample
 * campaign is copied in, so the console opens on something real. The copy goes to a hidden
 * temporary folder renamed into place: a kill during it leaves no half campaign.
 * Returns the folder to open.
 */
export async function ensureFirstCampaign(home: string, sampleDir: string, now: Date = new Date()): Promise<string> {
  await mkdir(home, { recursive: true });
  await assertNoLinks(home, home);
  const entries = await readdir(home, { withFileTypes: true });
  for (const d of entries.filter((e) => e.isDirectory() && e.name.startsWith(FIRST_COPY_PREFIX))) {
    await rm(join(home, d.name), { recursive: true, force: true });
  }
  const existing = entries.filter((d) => d.isDirectory() && !d.name.startsWith('.'));
  if (existing.length > 0) return join(home, existing[0]!.name);
  const target = join(home, 'Sample Campaign');
  const temp = join(home, `${FIRST_COPY_PREFIX}${process.pid}-${Date.now()}`);
  await cp(sampleDir, temp, { recursive: true, errorOnExist: true, force: false });
  await backupAll(temp, now);
  await rename(temp, target);
  await fsyncDir(home);
  return target;
}

const FIRST_COPY_PREFIX = '.first-start-';
