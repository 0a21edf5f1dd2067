import { FigureSheetInputSchema } from '../../../shared/commands';
import type { FIGURE_CHANNELS, FigureCatalogue, RosterItem } from '../../../shared/channels/figure';
import { AppError } from '../../../shared/errors';
import { POINT_BUY_MAX, POINT_BUY_MIN, POINT_BUY_TOTAL, validatePointBuy } from '../../engine/characters';
import { ARMOR, SHIELDS, WEAPONS } from '../../engine/equipment';
import { checkFigureSheet } from '../../engine/encounter/figures/roster';
import { sheetPreview } from '../../engine/encounter/figures/sheetPreview';
import { figureSheetOf } from '../../engine/encounter/figures/figureSheet';
import { sheetOfFigure } from '../../engine/encounter/figures/figureAsSheet';
import { figureById } from '../../engine/encounter/state';
import { asRuleSet } from '../../engine/rules';
import { DEFAULT_CATALOGUE } from '../../engine/magic/catalogue';
import type { RosterEntry } from '../../store/schema';
import type { ConsoleCore } from '../coreApi';
import type { HandlersFor } from '../dispatch';

export function figureCatalogue(manaPoolDice: string): FigureCatalogue {
  return {
    weapons: WEAPONS.filter((w) => w.use !== 'ammunition').map((w) => ({
      id: w.id,
      name: w.name,
      category: w.category,
      damage: w.damage.text,
      minStr: w.minStr,
      hands: w.hands,
      use: w.use,
    })),
    armor: ARMOR.map((a) => ({ id: a.id, name: a.name, stops: a.stops, dex: a.dex })),
    shields: SHIELDS.map((s) => ({ id: s.id, name: s.name, stops: s.stops, dex: s.dex })),
    spells: DEFAULT_CATALOGUE.spells.map((s) => ({
      id: s.id,
      name: s.name,
      school: s.school,
      level: s.level,
      castingAttribute: s.castingAttribute,
      continuing: s.continuing,
    })),
    pointBuy: { total: POINT_BUY_TOTAL, min: POINT_BUY_MIN, max: POINT_BUY_MAX },
    manaPoolDice,
  };
}

function rosterItems(entries: readonly RosterEntry[]): RosterItem[] {
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

function rosterId(entries: readonly RosterEntry[], name: string, kind: string): string {
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

/** The figure sheet, the new-figure check and the campaign roster. */
export function figureHandlers(core: () => ConsoleCore): HandlersFor<typeof FIGURE_CHANNELS> {
  const state = () => core().session.currentState;
  return {
    figureSheet: ({ figureId }) => figureSheetOf(state(), figureId, core().session.rules),
    checkFigureSheet: ({ figure }) => ({
      problems: checkFigureSheet(state(), figure),
      pointBuy:
        figure.attributes.method === 'pointBuy'
          ? (({ total, remaining }) => ({ total, remaining }))(validatePointBuy(figure.attributes.values)) // RULINGS C2
          : null,
      preview: sheetPreview(figure, asRuleSet(core().session.rules)),
    }),
    figureCatalogue: () => figureCatalogue(core().session.rules.manaPoolDice),
    listRoster: () => rosterItems(core().folder.campaign.roster),
    saveToRoster: async ({ figureId, kind }) => {
      const figure = figureById(state(), figureId);
      const sheet = sheetOfFigure(figure);
      const next = await core().folder.updateCampaign((c) => {
        const same = c.roster.find((e) => e.name === figure.name && e.kind === kind);
        const entry: RosterEntry = { id: same?.id ?? rosterId(c.roster, figure.name, kind), name: figure.name, kind, sheet: sheet as Record<string, unknown> };
        if (!same && c.roster.length >= 1000) throw new AppError('conflict', 'The roster is full (1,000 entries).');
        return { ...c, roster: same ? c.roster.map((e) => (e.id === same.id ? entry : e)) : [...c.roster, entry] };
      });
      return rosterItems(next.roster);
    },
    removeFromRoster: async ({ id }) => {
      if (!core().folder.campaign.roster.some((e) => e.id === id)) throw new AppError('not-found', `There is no roster entry "${id}".`);
      const next = await core().folder.updateCampaign((c) => ({ ...c, roster: c.roster.filter((e) => e.id !== id) }));
      return rosterItems(next.roster);
    },
  };
}
