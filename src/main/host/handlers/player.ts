import type { PLAYER_CHANNELS } from '../../../shared/channels/player';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';

export function playerHandlers(session: () => Session): HandlersFor<typeof PLAYER_CHANNELS> {
  return {
    getPlayerView: () => session().playerView(),
  };
}
