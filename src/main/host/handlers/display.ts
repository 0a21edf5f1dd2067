import type { DISPLAY_CHANNELS } from '../../../shared/channels/display';
import type { HandlersFor } from '../dispatch';
import type { Projector } from '../projector';
import { projectorForPlayer } from '../blackout';

/** The player display's framing: host state, read by both roles, changed by the GM, sized by the player display. */
export function displayHandlers(projector: () => Projector): HandlersFor<typeof DISPLAY_CHANNELS> {
  return {
    getProjector: (_args, role) => (role === 'player' ? projectorForPlayer(projector().get()) : projector().get()),
    setProjector: (update) => projector().set(update),
    reportPlayerDisplay: (display) => projectorForPlayer(projector().report(display)),
  };
}
