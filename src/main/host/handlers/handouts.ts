import type { HANDOUT_CHANNELS } from '../../../shared/contract/channels/handouts';
import { AppError } from '../../../shared/errors';
import { addHandout, deleteHandout, handoutsOf } from '../../store/handouts';
import type { ConsoleCore } from '../coreApi';
import type { HandlersFor } from '../dispatch';

/**
 * Handouts: kept in the campaign file, shown through the projector (host state,
 * like blackout: never an encounter command, never logged or undone).
 */
export function handoutHandlers(core: () => ConsoleCore): HandlersFor<typeof HANDOUT_CHANNELS> {
  return {
    listHandouts: () => handoutsOf(core().folder),
    addHandout: (handout) => addHandout(core().folder, handout),
    deleteHandout: async ({ id }) => {
      if (core().projector.get().handout?.id === id) core().projector.showHandout(null);
      return deleteHandout(core().folder, id);
    },
    showHandout: ({ id }) => {
      if (id === null) return { shown: core().projector.showHandout(null).handout };
      const handout = handoutsOf(core().folder).find((h) => h.id === id);
      if (!handout) throw new AppError('not-found', 'There is no such handout in this campaign.');
      return { shown: core().projector.showHandout(handout).handout };
    },
  };
}
