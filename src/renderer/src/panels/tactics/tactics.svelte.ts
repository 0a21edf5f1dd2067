import type { ClientApi } from '../../../../shared/contract';
import type { AutopilotStatus, ProposalView, SimulationStatus } from '../../../../shared/contract/tacticsViews';

/**
 * The GM page's view of main's tactics: the suggestion on screen, the autopilot's state
 * and the simulation runs main pushes. The morale per side is the GM's setting on screen in the
 * Odds tab; every request carries it.
 */
class TacticsState {
  suggestion = $state<{ proposal: ProposalView | null; waiting: string; revision: number } | null>(null);
  autopilot = $state<AutopilotStatus | null>(null);
  runs = $state<SimulationStatus[]>([]);
  morale = $state<Record<string, number>>({});
  private connectedTo: ClientApi<'gm'> | null = null;

  connect(api: ClientApi<'gm'>): void {
    if (this.connectedTo === api) return;
    this.connectedTo = api;
    api.on('autopilot', (s) => (this.autopilot = s));
    api.on('simulation', (s) => {
      this.runs = [s, ...this.runs.filter((r) => r.runId !== s.runId)];
    });
    void api.getAutopilot({}).then((r) => r.ok && (this.autopilot = r.value));
    void api.listSimulations({}).then((r) => r.ok && (this.runs = r.value));
  }

  /** Runs of this encounter only, newest first. */
  runsOf(encounterId: string): SimulationStatus[] {
    return this.runs.filter((r) => r.encounterId === encounterId);
  }
}

export const tactics = new TacticsState();

export function share(p: number): string {
  return `${Math.round(p * 100)} %`;
}
