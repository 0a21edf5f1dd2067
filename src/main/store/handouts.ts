import { randomBytes } from 'node:crypto';
import { DEFAULT_LEGIBILITY, type PlayerLegibility } from '../../shared/contract/channels/display';
import type { Handout, NewHandout } from '../../shared/contract/channels/handouts';
import { AppError } from '../../shared/errors';
import { assetPath } from './assets';
import type { CampaignFolder } from './campaignFolder';

/** The campaign's handouts, in the order they were made. */
export function handoutsOf(folder: CampaignFolder): Handout[] {
  return folder.campaign.handouts ?? [];
}

/** The campaign's player-display legibility settings, or the defaults. */
export function legibilityOf(folder: CampaignFolder): PlayerLegibility {
  return folder.campaign.playerDisplay ?? DEFAULT_LEGIBILITY;
}

/** Keeps a new handout; its image must already be one of the campaign's imported assets. */
export async function addHandout(folder: CampaignFolder, handout: NewHandout): Promise<Handout> {
  if (handout.image && (await assetPath(folder.dir, handout.image.asset)) === null) {
    throw new AppError('not-found', 'That image is not among the campaign’s imported images: import it again.');
  }
  if (handoutsOf(folder).length >= 200) throw new AppError('conflict', 'A campaign keeps at most 200 handouts: delete one first.');
  const made: Handout = { id: `h-${randomBytes(6).toString('hex')}`, title: handout.title.trim(), text: handout.text, image: handout.image };
  await folder.updateCampaign((c) => ({ ...c, handouts: [...(c.handouts ?? []), made] }));
  return made;
}

export async function deleteHandout(folder: CampaignFolder, id: string): Promise<Handout[]> {
  if (!handoutsOf(folder).some((h) => h.id === id)) throw new AppError('not-found', 'There is no such handout in this campaign.');
  return (await folder.updateCampaign((c) => ({ ...c, handouts: (c.handouts ?? []).filter((h) => h.id !== id) }))).handouts ?? [];
}

export async function setLegibility(folder: CampaignFolder, legibility: PlayerLegibility): Promise<void> {
  await folder.updateCampaign((c) => ({ ...c, playerDisplay: { ...legibility } }));
}
