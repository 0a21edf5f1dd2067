/** The tactics as the hosts serve them: suggestions, the autopilot, simulation runs. */
import type { AutopilotStatus, SimulationStatus } from '../../../shared/contract/tacticsViews';
import { phaseStatus } from '../../engine/encounter/turn/turn';
import { propose } from '../../engine/tactics/propose';
import type { Session } from '../../session/session';
import { gmView } from '../../session/gmView';
import { Autopilot } from './autopilot';
import { proposalView } from './proposalView';
import { Simulations, type SimulateArgs } from './simulations';

export class TacticsHost {
  readonly autopilot: Autopilot;
  private readonly simulations: Simulations;
  private readonly autopilotListeners = new Set<(s: AutopilotStatus) => void>();
  private readonly simulationListeners = new Set<(s: SimulationStatus) => void>();

  constructor(
    private readonly session: () => Session | null,
    workerPath: string | null,
  ) {
    this.autopilot = new Autopilot({ session, onStatus: (s) => this.autopilotListeners.forEach((l) => l(s)) });
    this.simulations = new Simulations(workerPath, (s) => this.simulationListeners.forEach((l) => l(s)));
  }

  onAutopilot(listener: (s: AutopilotStatus) => void): () => void {
    this.autopilotListeners.add(listener);
    return () => this.autopilotListeners.delete(listener);
  }

  onSimulation(listener: (s: SimulationStatus) => void): () => void {
    this.simulationListeners.add(listener);
    return () => this.simulationListeners.delete(listener);
  }

  suggest(session: Session, morale: Record<string, number> | undefined) {
    const state = session.currentState;
    const proposal = propose(state, session.rules, { settings: { morale: morale ?? {}, hiddenFigures: this.autopilot.hiddenFigures } });
    return {
      proposal: proposal === null ? null : proposalView(proposal),
      waiting: phaseStatus(state, session.rules).waitingFor,
    };
  }

  simulate(session: Session, args: SimulateArgs): SimulationStatus {
    return this.simulations.start(session, args);
  }

  prepareSimulation(session: Session): { warming: boolean } {
    return { warming: this.simulations.prepare(session) };
  }

  cancelSimulation(runId: number): SimulationStatus {
    return this.simulations.cancel(runId);
  }

  /** One step of a simulated fight as a read-only GM view, with the reason for the step that led to it. */
  async replayStep(session: Session, runId: number, seed: number, step: number) {
    const fight = await this.simulations.replay(runId, seed);
    const index = Math.max(0, Math.min(step, fight.cursor.steps));
    const { state, reason } = await fight.cursor.at(index);
    const campaign = session.campaignFolder.campaign;
    return {
      runId,
      seed,
      step: index,
      total: fight.cursor.steps,
      reason: reason ?? 'The encounter as it stood when the simulation began.',
      view: gmView({ id: campaign.id, name: campaign.name }, state, { canUndo: false, canRedo: false, logLength: index }, index, fight.rules),
    };
  }

  listSimulations(session: Session): SimulationStatus[] {
    return this.simulations.list(session.encounterId);
  }

  async close(): Promise<void> {
    this.autopilot.stop();
    await this.simulations.close();
  }
}
