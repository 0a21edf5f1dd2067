/**
 * The autopilot of a side (issue 16 item 2): while it is on, each figure of its sides that comes
 * due is played by the tactics module, one normal command at a time (logged, undoable, pushed to
 * the projector like the GM's own), after a short pause so the table sees what is coming. It waits
 * whenever the step is not its own (the GM's phase change, a figure of another side) or the
 * tactics have nothing the engine accepts; it stops if the encounter changes under it.
 */
import type { EncounterState } from '../../engine/encounter/schema';
import { propose } from '../../engine/tactics/propose';
import { proposalView } from './proposalView';
import type { Session } from '../../session/session';
import type { AutopilotStatus } from '../../../shared/tacticsViews';

export interface AutopilotOptions {
  readonly session: () => Session | null;
  readonly onStatus: (status: AutopilotStatus) => void;
  /** How long the next step is shown before it is sent (the console's choice: 0.8 s). */
  readonly pauseMs?: number;
  /** How often it looks again while waiting on the GM. */
  readonly pollMs?: number;
}

export class Autopilot {
  private sides = new Set<string>();
  private morale: Record<string, number> = {};
  private encounterId: string | null = null;
  private last: string | null = null;
  private next: AutopilotStatus['next'] = null;
  private seen: EncounterState | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private busy = false;

  constructor(private readonly options: AutopilotOptions) {}

  status(): AutopilotStatus {
    return { encounterId: this.encounterId, sides: [...this.sides], last: this.last, next: this.next };
  }

  set(sideId: string, on: boolean, morale: Record<string, number> | undefined): AutopilotStatus {
    const session = this.options.session();
    if (session === null) return this.status();
    if (session.encounterId !== this.encounterId) this.reset(session.encounterId);
    if (on) this.sides.add(sideId);
    else this.sides.delete(sideId);
    if (morale !== undefined) this.morale = { ...morale };
    this.seen = null;
    this.last = on ? null : this.last;
    this.schedule(0);
    this.emit();
    return this.status();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.sides.clear();
  }

  private reset(encounterId: string | null): void {
    this.sides.clear();
    this.encounterId = encounterId;
    this.last = null;
    this.next = null;
    this.seen = null;
  }

  private schedule(ms: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = this.sides.size === 0 ? null : setTimeout(() => void this.tick(), ms);
    this.timer?.unref?.();
  }

  private emit(): void {
    this.options.onStatus(this.status());
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.busy) return;
    const session = this.options.session();
    if (session === null || session.encounterId !== this.encounterId) {
      this.reset(session?.encounterId ?? null);
      this.emit();
      return;
    }
    const state = session.currentState;
    if (state === this.seen) return this.schedule(this.options.pollMs ?? 200);
    this.seen = state;
    const proposal = propose(state, session.rules, { sides: [...this.sides], settings: { morale: this.morale } });
    if (proposal === null) return this.schedule(this.options.pollMs ?? 200);
    this.busy = true;
    this.next = proposalView(proposal);
    this.emit();
    await new Promise((resolve) => setTimeout(resolve, this.options.pauseMs ?? 800));
    try {
      // The GM may have acted, switched encounter or turned the autopilot off meanwhile.
      if (this.sides.size > 0 && this.options.session() === session && session.currentState === state) {
        await session.execute(proposal.command);
        this.last = proposal.reason;
      }
    } catch (e) {
      this.last = `The autopilot stopped: ${e instanceof Error ? e.message : String(e)}`;
      this.sides.clear();
    } finally {
      this.busy = false;
      this.next = null;
      this.emit();
      this.schedule(0);
    }
  }
}
