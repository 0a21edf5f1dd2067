import type { FIGURE_CHANNELS, FigureCatalogue } from '../../../shared/contract/channels/figure';
import { POINT_BUY_MAX, POINT_BUY_MIN, POINT_BUY_TOTAL } from '../../engine/characters';
import { ARMOR, SHIELDS, WEAPONS } from '../../engine/equipment';
import { sheetCheckOf } from '../../engine/encounter/figures/sheetCheck';
import { figureSheetOf } from '../../engine/encounter/figures/figureSheet';
import { DEFAULT_CATALOGUE } from '../../engine/magic/catalogue';
import { listRoster, removeFromRoster, saveToRoster } from '../../services/campaigns/campaignRoster';
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

/** The figure sheet, the new-figure check and the campaign roster. */
export function figureHandlers(core: () => ConsoleCore): HandlersFor<typeof FIGURE_CHANNELS> {
  const state = () => core().session.currentState;
  return {
    figureSheet: ({ figureId }) => figureSheetOf(state(), figureId, core().session.rules),
    checkFigureSheet: ({ figure }) => sheetCheckOf(state(), figure, core().session.rules),
    figureCatalogue: () => figureCatalogue(core().session.rules.manaPoolDice),
    listRoster: () => listRoster(core().campaigns),
    saveToRoster: ({ figureId, kind }) => saveToRoster(core().campaigns, figureId, kind),
    removeFromRoster: ({ id }) => removeFromRoster(core().campaigns, id),
  };
}
