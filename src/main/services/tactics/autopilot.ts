/**
 * The autopilot of a side: while it is on, each figure of its sides that comes
 * due is played by the tactics module, one normal command at a time (logged, undoable, pushed to
 * the projector like the GM's own), after a short pause so the table sees what is coming. It waits
 * whenever the step is not its own (the GM's phase change, a figure of another side) or the
 * tactics have nothing the engine accepts; it stops if the encounter changes under it.
 *
 * Undo and redo are the GM's (the console's choice): after an undo the autopilot pauses until the
 * GM resumes it, and it never plays over a redo history unless the GM resumed it knowing that the
 * undone steps go (a step played drops them, as any command does).
 */
import type { EncounterState } from '../../engine/encounter/schema';
import { propose } from '../../engine/tactics/propose';
import { proposalView } from './proposalView';
import type { Session } from '../../session/session';
import type { AutopilotStatus } from '../../../shared/contract/tacticsViews';
import { HIDDEN_FIGURES, type HiddenFiguresPolicy } from '../../../shared/tacticsSettings';

export interface AutopilotOptions {
  readonly session: () => Session | null;
  readonly onStatus: (status: AutopilotStatus) => void;
  /** How long the next step is shown before it is sent (the console's choice: 0.8 s). */
  readonly pauseMs?: number;
  /** How often it looks again while waiting on the GM. */
  readonly pollMs?: number;
}

const PAUSED_BY_UNDO = 'Paused: you undid a step. Redo to go forward again, or Resume to let the autopilot play on from here.';
const PAUSED_BY_REDO = 'Paused: there are undone steps to redo, and the autopilot does not play over them. Redo them, or Resume to play on from here.';

export class Autopilot {
  private sides = new Set<string>();
  private morale: Record<string, number> = {};
  private hidden: HiddenFiguresPolicy = HIDDEN_FIGURES.default;
  private encounterId: string | null = null;
  private last: string | null = null;
  private next: AutopilotStatus['next'] = null;
  private seen: EncounterState | null = null;
  /** Why it waits for the GM's Resume (after an undo, or with steps to redo), or null. */
  private paused: string | null = null;
  /** The GM resumed it over a redo history: its next step may drop the undone steps. */
  private mayDropRedo = false;
  /** The log's length when it last looked: a shorter log means a step was undone. */
  private logLength = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private busy = false;

  constructor(private readonly options: AutopilotOptions) {}

  /** What a figure the players cannot see may do, as the GM set it (shared/tacticsSettings.ts). */
  get hiddenFigures(): HiddenFiguresPolicy {
    return this.hidden;
  }

  status(): AutopilotStatus {
    return {
      encounterId: this.encounterId,
      sides: [...this.sides],
      last: this.last,
      next: this.next,
      paused: this.sides.size > 0 ? this.paused : null,
      hiddenFigures: this.hidden,
    };
  }

  /** The GM's setting for figures the players cannot see; the next step proposed follows it. */
  setHiddenFigures(policy: HiddenFiguresPolicy): AutopilotStatus {
    this.hidden = policy;
    this.seen = null;
    this.schedule(0);
    this.emit();
    return this.status();
  }

  set(sideId: string, on: boolean, morale: Record<string, number> | undefined): AutopilotStatus {
    const session = this.options.session();
    if (session === null) return this.status();
    if (session.encounterId !== this.encounterId) this.reset(session);
    // Turned on from off: what was undone before is the redo history, not an undo to pause for.
    if (this.sides.size === 0) this.logLength = session.entries.length;
    if (on) this.sides.add(sideId);
    else this.sides.delete(sideId);
    if (this.sides.size === 0) this.paused = null;
    if (morale !== undefined) this.morale = { ...morale };
    this.seen = null;
    this.last = on ? null : this.last;
    this.schedule(0);
    this.emit();
    return this.status();
  }

  /** The GM's Resume: play on from here, dropping the undone steps with the next one played. */
  resume(): AutopilotStatus {
    this.paused = null;
    this.mayDropRedo = true;
    // Undone steps before now are the ones the GM resumed over.
    this.logLength = this.options.session()?.entries.length ?? 0;
    this.seen = null;
    this.schedule(0);
    this.emit();
    return this.status();
  }

  /** Called before the GM's undo reaches the session: the autopilot pauses, and drops the step it was about to send. */
  undoing(): void {
    if (this.sides.size === 0) return;
    this.paused = PAUSED_BY_UNDO;
    this.mayDropRedo = false;
    this.next = null;
    this.emit();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.sides.clear();
  }

  private reset(session: Session | null): void {
    this.sides.clear();
    this.encounterId = session?.encounterId ?? null;
    this.last = null;
    this.next = null;
    this.seen = null;
    this.paused = null;
    this.mayDropRedo = false;
    this.logLength = session?.entries.length ?? 0;
  }

  private schedule(ms: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = this.sides.size === 0 ? null : setTimeout(() => void this.tick(), ms);
    this.timer?.unref?.();
  }

  private emit(): void {
    this.options.onStatus(this.status());
  }

  /** Whether it may play now: not paused, and no redo history unless the GM resumed over it. */
  private mayPlay(session: Session): boolean {
    const length = session.entries.length;
    const undone = length < this.logLength;
    this.logLength = length;
    if (undone && this.paused === null) {
      // An undo that came by another way than the host's hook.
      this.paused = PAUSED_BY_UNDO;
      this.mayDropRedo = false;
      this.emit();
    }
    if (this.paused !== null) return false;
    if (session.gmView().history.canRedo && !this.mayDropRedo) {
      this.paused = PAUSED_BY_REDO;
      this.emit();
      return false;
    }
    return true;
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.busy) return;
    const session = this.options.session();
    if (session === null || session.encounterId !== this.encounterId) {
      this.reset(session);
      this.emit();
      return;
    }
    const poll = this.options.pollMs ?? 200;
    if (!this.mayPlay(session)) return this.schedule(poll);
    const state = session.currentState;
    if (state === this.seen) return this.schedule(poll);
    this.seen = state;
    const proposal = propose(state, session.rules, { sides: [...this.sides], settings: { morale: this.morale, hiddenFigures: this.hidden } });
    if (proposal === null) return this.schedule(poll);
    this.busy = true;
    this.next = proposalView(proposal);
    this.emit();
    await new Promise((resolve) => setTimeout(resolve, this.options.pauseMs ?? 800));
    try {
      // The GM may have acted, undone, switched encounter or turned the autopilot off meanwhile.
      if (this.sides.size > 0 && this.options.session() === session && session.currentState === state && this.mayPlay(session)) {
        await session.execute(proposal.command);
        this.mayDropRedo = false;
        this.logLength = session.entries.length;
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
