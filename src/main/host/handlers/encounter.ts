import type { ENCOUNTER_CHANNELS } from '../../../shared/channels/encounter';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';

export function encounterHandlers(session: () => Session): HandlersFor<typeof ENCOUNTER_CHANNELS> {
  return {
    getGmView: () => session().gmView(),
    sendCommand: ({ command, entered }) => session().execute(command, entered),
    undo: () => session().undo(),
    redo: () => session().redo(),
  };
}
