import type { PLAYER_CHANNELS } from '../../../shared/channels/player';
import type { PlayerView } from '../../../shared/views';
import type { HandlersFor } from '../dispatch';

/** `view`: the open session's player view as the projector may show it (host/blackout.ts). */
export function playerHandlers(view: () => PlayerView): HandlersFor<typeof PLAYER_CHANNELS> {
  return {
    getPlayerView: () => view(),
  };
}
