import type { FIGURE_CHANNELS } from '../../../shared/contract/channels/figure';
import { figureCatalogue } from '../../engine/characters/figureCatalogue';
import { sheetCheckOf } from '../../engine/encounter/figures/sheetCheck';
import { figureSheetOf } from '../../engine/encounter/figures/figureSheet';
import { listRoster, removeFromRoster, saveToRoster } from '../../services/campaigns/campaignRoster';
import type { ConsoleCore } from '../coreApi';
import type { HandlersFor } from '../dispatch';

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
