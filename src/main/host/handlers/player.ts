import type { PLAYER_CHANNELS } from '../../../shared/contract/channels/player';
import { AppError, isAppError } from '../../../shared/errors';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';

/** What a player page is told while no encounter is open: never the GM's file names or their contents. */
export const PLAYER_WAITING = 'Waiting for the GM to open an encounter.';

/** The frame the table holds now (projection/tableProjection.ts): the projector's screen is already laid over it. */
export function playerHandlers(session: () => Session): HandlersFor<typeof PLAYER_CHANNELS> {
  return {
    getPlayerView: () => {
      let open: Session;
      try {
        open = session();
      } catch (e) {
        if (isAppError(e)) throw new AppError('not-found', PLAYER_WAITING);
        throw e;
      }
      return open.playerView();
    },
  };
}
