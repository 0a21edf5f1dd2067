import { recapFile, type Audience } from '../../session/combatLog';
import { Session } from '../../session/session';
import type { CampaignFolder } from '../../store/campaignFolder';

/** An encounter's recap as Markdown (GM or players): the open one's, or another's read without opening it. */
export async function exportCombatLog(
  folder: CampaignFolder,
  open: Session | null,
  id: string | undefined,
  now: Date,
  audience: Audience = 'gm',
): Promise<{ fileName: string; markdown: string }> {
  const own = open !== null && (id === undefined || id === open.encounterId);
  const session = own ? open : await Session.openEncounter(folder, id ?? folder.campaign.activeEncounterId ?? '', { gm: () => {}, player: () => {} });
  try {
    return recapFile(folder.campaign.name, session, now, audience);
  } finally {
    if (!own) await session.close();
  }
}
