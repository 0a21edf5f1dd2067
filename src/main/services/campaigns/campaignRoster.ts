/**
 * The campaign roster: characters and NPC templates kept in campaign.json, each a sheet ready for
 * `addFigure` (RULINGS C3: its kept creation 2d6 with it). A figure of the open encounter is kept
 * by name and kind, replacing the entry it was kept as before; the roster holds at most 1,000.
 */
import type { RosterItem } from '../../../shared/contract/channels/figure';
import { FigureSheetInputSchema } from '../../../shared/contract/commands';
import { AppError } from '../../../shared/errors';
import { sheetOfFigure } from '../../engine/encounter/figures/figureAsSheet';
import { figureById } from '../../engine/encounter/state';
import type { CampaignFile, RosterEntry } from '../../store/schema';
import type { CampaignLibrary } from './campaignLibrary';

/** The most entries a roster holds (campaign.json's schema allows no more). */
export const ROSTER_LIMIT = 1000;

export type RosterKind = RosterEntry['kind'];

/** The entries as the sheet tools read them: the sheet, or why the entry cannot be placed. */
export function rosterItems(entries: readonly RosterEntry[]): RosterItem[] {
  return entries.map((e) => {
    const parsed = FigureSheetInputSchema.safeParse(e.sheet);
    return {
      id: e.id,
      name: e.name,
      kind: e.kind,
      sheet: parsed.success ? parsed.data : null,
      problem: parsed.success
        ? null
        : `This entry cannot be placed: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
    };
  });
}

/** A new entry's id: `pc-` or `npc-` and its name in lower case, numbered from 2 when taken. */
export function rosterId(entries: readonly RosterEntry[], name: string, kind: string): string {
  const base = `${kind === 'character' ? 'pc' : 'npc'}-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'figure'
  }`;
  const taken = new Set(entries.map((e) => e.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The campaign with `sheet` kept under `name` and `kind`: in place of the entry of the same name
 * and kind (its id kept), else added at the end; refused (`conflict`) when a full roster would grow.
 */
export function withRosterEntry(c: CampaignFile, name: string, kind: RosterKind, sheet: Record<string, unknown>): CampaignFile {
  const same = c.roster.find((e) => e.name === name && e.kind === kind);
  const entry: RosterEntry = { id: same?.id ?? rosterId(c.roster, name, kind), name, kind, sheet };
  if (!same && c.roster.length >= ROSTER_LIMIT) throw new AppError('conflict', 'The roster is full (1,000 entries).');
  return { ...c, roster: same ? c.roster.map((e) => (e.id === same.id ? entry : e)) : [...c.roster, entry] };
}

/** The open campaign's roster. */
export function listRoster(library: CampaignLibrary): RosterItem[] {
  return rosterItems(library.folder.campaign.roster);
}

/** Keeps a figure of the open encounter in the open campaign's roster; the roster as it then is. */
export async function saveToRoster(library: CampaignLibrary, figureId: string, kind: RosterKind): Promise<RosterItem[]> {
  const figure = figureById(library.session.currentState, figureId);
  const sheet = sheetOfFigure(figure);
  const next = await library.folder.updateCampaign((c) => withRosterEntry(c, figure.name, kind, sheet as Record<string, unknown>));
  return rosterItems(next.roster);
}

/** Takes an entry out of the open campaign's roster (`not-found` for an id it does not hold). */
export async function removeFromRoster(library: CampaignLibrary, id: string): Promise<RosterItem[]> {
  if (!library.folder.campaign.roster.some((e) => e.id === id)) throw new AppError('not-found', `There is no roster entry "${id}".`);
  const next = await library.folder.updateCampaign((c) => ({ ...c, roster: c.roster.filter((e) => e.id !== id) }));
  return rosterItems(next.roster);
}
