import type { DISPLAY_CHANNELS } from '../../../shared/contract/channels/display';
import { AppError } from '../../../shared/errors';
import { isOnMap } from '../../../shared/mapGrid';
import { setLegibility } from '../../store/handouts';
import type { ConsoleCore } from '../coreApi';
import type { HandlersFor } from '../dispatch';
import { rulerWords } from '../../engine/map/ruler';

/** The player display's framing: host state, read by both roles, changed by the GM, sized by the player display. */
export function displayHandlers(core: () => ConsoleCore): HandlersFor<typeof DISPLAY_CHANNELS> {
  const projector = () => core().projector;
  return {
    getProjector: (_args, role) => (role === 'player' ? core().table.projector(projector().get()) : projector().get()),
    getTableProjector: () => core().table.projector(projector().get()),
    setProjector: async (update) => {
      // Legibility is kept with the campaign; the rest of the projector is host state.
      if (update.legibility) await setLegibility(core().folder, update.legibility);
      return projector().set(update);
    },
    stageBack: () => {
      if (!core().table.canGoBack) throw new AppError('rule', 'The TV has shown no staged scene since its last one: there is nothing to go back to.');
      core().table.back();
      return projector().back();
    },
    pingHex: ({ hex }) => {
      const map = core().session.currentState.map;
      if (!isOnMap(map, hex)) throw new AppError('rule', `Hex ${hex.q},${hex.r} is not on this map.`);
      return projector().ping(hex);
    },
    showRuler: ({ ends }) => {
      if (ends === null) return projector().showRuler(null);
      const map = core().session.currentState.map;
      if (!isOnMap(map, ends.from) || !isOnMap(map, ends.to)) throw new AppError('rule', 'Both ends of the ruler must be on this map.');
      return projector().showRuler({ ...ends, label: rulerWords(ends.from, ends.to) });
    },
    reportPlayerDisplay: (display) => core().table.projector(projector().report(display)),
  };
}
