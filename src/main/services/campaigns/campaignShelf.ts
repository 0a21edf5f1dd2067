import { mkdir, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AppError } from '../../../shared/errors';
import { CampaignFolder } from '../../store/campaignFolder';
import { cutToBytes, freeFolderName, MAX_NAME_BYTES } from '../../store/folderNames';
import { assertNoLinks } from '../../store/linkGuard';
import { copyCampaign } from '../../store/newCampaign';
import { stamp } from './campaignRepairs';

/** A copy of the campaign at `fromDir` under `home/name`, renamed `name`; the open campaign stays open. */
export async function duplicateCampaignFolder(home: string, fromDir: string, name: string, now: () => Date): Promise<{ folder: CampaignFolder; dir: string }> {
  const dir = join(home, await freeFolderName(home, name));
  await copyCampaign(fromDir, dir);
  const folder = await CampaignFolder.open(dir, now);
  await folder.renameCampaign(name);
  return { folder, dir };
}

/** Deleting moves the campaign's folder to `<data>/deleted-campaigns/`, stamped, never erasing it; the open one is refused. */
export async function moveCampaignToBin(dataDir: string, home: string, openDir: string, folderName: string, now: Date): Promise<{ movedTo: string }> {
  const dir = join(home, folderName);
  if (resolve(dir) === resolve(openDir)) throw new AppError('conflict', 'The open campaign cannot be deleted; open another one first.');
  const bin = join(dataDir, 'deleted-campaigns');
  await assertNoLinks(dataDir, bin);
  await mkdir(bin, { recursive: true });
  const suffix = `-${stamp(now)}`;
  const movedTo = join(bin, `${cutToBytes(folderName, MAX_NAME_BYTES - suffix.length)}${suffix}`);
  try {
    await rename(dir, movedTo);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('not-found', `There is no campaign "${folderName}".`);
    throw e;
  }
  return { movedTo };
}
