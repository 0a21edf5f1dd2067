import { combatLogMarkdown } from '../session/combatLog';
import { Session } from '../session/session';
import type { CampaignFolder } from '../store/campaignFolder';

/** An encounter's combat log as Markdown: the open one's, or another's read without opening it. */
export async function exportCombatLog(
  folder: CampaignFolder,
  open: Session | null,
  id: string | undefined,
  now: Date,
): Promise<{ fileName: string; markdown: string }> {
  const own = open !== null && (id === undefined || id === open.encounterId);
  const session = own ? open : await Session.openEncounter(folder, id ?? folder.campaign.activeEncounterId ?? '', { gm: () => {}, player: () => {} });
  try {
    const markdown = combatLogMarkdown(
      {
        campaignName: folder.campaign.name,
        encounterName: session.encounterFile.name,
        initial: session.encounterFile.initial,
        entries: session.entries,
        turnOf: (i) => session.turnOf(i),
      },
      now,
    );
    return { fileName: `${session.encounterFile.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'encounter'} combat log.md`, markdown };
  } finally {
    if (!own) await session.close();
  }
}
