import type { TACTICS_CHANNELS } from '../../../shared/contract/channels/tactics';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';
import type { TacticsHost } from '../../services/tactics/tacticsHost';

/** The engine's tactics for the open encounter. */
export function tacticsHandlers(tactics: () => TacticsHost, session: () => Session): HandlersFor<typeof TACTICS_CHANNELS> {
  return {
    suggestStep: ({ morale }) => tactics().suggest(session(), morale),
    setAutopilot: ({ sideId, on, morale }) => {
      session();
      return tactics().autopilot.set(sideId, on, morale);
    },
    setHiddenFigures: ({ hiddenFigures }) => tactics().autopilot.setHiddenFigures(hiddenFigures),
    resumeAutopilot: () => {
      session();
      return tactics().autopilot.resume();
    },
    getAutopilot: () => tactics().autopilot.status(),
    simulate: (args) => tactics().simulate(session(), args),
    prepareSimulation: () => tactics().prepareSimulation(session()),
    cancelSimulation: ({ runId }) => tactics().cancelSimulation(runId),
    replaySimulatedFight: ({ runId, seed, step }) => tactics().replayStep(session(), runId, seed, step),
    listSimulations: () => tactics().listSimulations(session()),
  };
}
