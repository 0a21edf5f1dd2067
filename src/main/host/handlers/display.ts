import type { DISPLAY_CHANNELS } from '../../../shared/channels/display';
import { setLegibility } from '../../store/handouts';
import type { ConsoleCore } from '../coreApi';
import type { HandlersFor } from '../dispatch';

/** The player display's framing: host state, read by both roles, changed by the GM, sized by the player display. */
export function displayHandlers(core: () => ConsoleCore): HandlersFor<typeof DISPLAY_CHANNELS> {
  const projector = () => core().projector;
  return {
    getProjector: (_args, role) => (role === 'player' ? core().table.projector(projector().get()) : projector().get()),
    setProjector: async (update) => {
      // Legibility is kept with the campaign; the rest of the projector is host state.
      if (update.legibility) await setLegibility(core().folder, update.legibility);
      return projector().set(update);
    },
    reportPlayerDisplay: (display) => core().table.projector(projector().report(display)),
  };
}
