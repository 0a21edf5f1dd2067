import type { LOG_CHANNELS } from '../../../shared/contract/channels/log';
import { readLog } from '../../session/logView';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';

/** The dice log and the tracker read the open encounter's log (session/logView.ts). */
export function logHandlers(session: () => Session): HandlersFor<typeof LOG_CHANNELS> {
  return {
    getLog: ({ sinceSeq, limit }) => readLog(session(), sinceSeq, limit),
  };
}
