import type { Session } from '../session/session';
import type { Handlers } from './dispatch';

/** The contract's channels, bound to whichever session is open. Both hosts use exactly these. */
export function createHandlers(session: () => Session): Handlers {
  return {
    getGmView: () => session().gmView(),
    sendCommand: ({ command }) => session().execute(command),
    undo: () => session().undo(),
    redo: () => session().redo(),
    getPlayerView: () => session().playerView(),
  };
}
