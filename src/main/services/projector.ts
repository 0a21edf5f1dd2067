import {
  DEFAULT_LEGIBILITY,
  type ShownRuler,
  type ShownSeatCode,
  type PlayerDisplay,
  type PlayerLegibility,
  type ProjectorState,
  type ProjectorUpdate,
} from '../../shared/contract/channels/display';
import type { Handout } from '../../shared/contract/channels/handouts';
import type { Hex } from '../../shared/hex';
import { DEFAULT_HOST_PROJECTOR, GM_SET_PARTS } from '../../shared/settings/projectorTable';

export const DEFAULT_PROJECTOR: ProjectorState = {
  ...DEFAULT_HOST_PROJECTOR,
  legibility: DEFAULT_LEGIBILITY,
  reported: null,
  handout: null,
  ping: null,
  ruler: null,
  seatCode: null,
  revision: 0,
};

/**
 * A change the player display reports of itself reaches the pages at most once in this many ms
 * (about three frames): a window dragged to a new size reports many sizes, and a page reporting
 * in a loop would otherwise have every one pushed to every page.
 */
export const REPORT_PUSH_MS = 50;

/**
 * The player display's state, owned by the host (not the encounter: never logged, never
 * undone, kept when another campaign opens). Every change reaches the subscribers: both hosts
 * push it to GM and player windows. The GM's changes go at once; the display's reports of its own
 * size are coalesced (`REPORT_PUSH_MS`), and one that leaves the size where the pages last saw it
 * goes nowhere.
 */
export class Projector {
  private state: ProjectorState = DEFAULT_PROJECTOR;
  private readonly listeners = new Set<(state: ProjectorState) => void>();
  /** What the subscribers were last given, and when. */
  private pushed: ProjectorState = DEFAULT_PROJECTOR;
  private pushedAt = -Infinity;
  private reportDue: ReturnType<typeof setTimeout> | null = null;
  /** Pings so far: a page pulses when the count it sees grows. */
  private pings = 0;
  private codeOf: string | null = null;
  /** The TV's framing when the last staged scene was shown, for `back`. */
  private framingBefore: Pick<ProjectorState, 'mode' | 'frame'> | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  get(): ProjectorState {
    return this.state;
  }

  /**
   * Merges a validated update; the revision grows by one per call. A ping is a moment: any change
   * the GM makes ends it, so a blackout lifted later never brings back a ping the players missed.
   * Staging a scene holds the TV's camera where it is, and it stays there until the staging ends,
   * whatever else the update says (the console's choice: the scene on the TV does not move while
   * the GM pans the one being prepared).
   */
  set(update: ProjectorUpdate): ProjectorState {
    const next: Record<string, unknown> = { ...this.state, ping: null, revision: this.state.revision + 1 };
    // Every part the GM may set (PROJECTOR_LIFETIMES), so a part the update schema accepts is never dropped here.
    for (const part of GM_SET_PARTS) {
      const value = update[part];
      if (value !== undefined) next[part] = structuredClone(value);
    }
    if (next.staged === true) Object.assign(next, { mode: 'hold', frame: this.state.frame && structuredClone(this.state.frame) });
    if (this.state.staged && next.staged === false) this.framingBefore = { mode: this.state.mode, frame: this.state.frame };
    this.state = next as ProjectorState;
    return this.changed();
  }

  /**
   * Back to the scene shown before the last staged one, staged again and held on the framing that
   * scene had. The table projection swaps the frames and says whether there is a scene to go back
   * to (`TableProjection.canGoBack`); the framing is kept whenever a staged scene is shown.
   */
  back(): ProjectorState {
    const frame = this.framingBefore?.frame ?? null;
    this.framingBefore = null;
    this.state = { ...this.state, staged: true, mode: 'hold', frame: frame && { ...frame }, ping: null, revision: this.state.revision + 1 };
    return this.changed();
  }

  /** Shows a handout over the map, or takes it down (null). */
  showHandout(handout: Handout | null): ProjectorState {
    this.state = { ...this.state, handout: handout && { ...handout, image: handout.image && { ...handout.image } }, revision: this.state.revision + 1 };
    return this.changed();
  }

  /** The GM points at a hex: the ping's count grows, so every page pulses there once. */
  ping(hex: Hex): ProjectorState {
    this.pings += 1;
    this.state = { ...this.state, ping: { hex: { q: hex.q, r: hex.r }, seq: this.pings }, revision: this.state.revision + 1 };
    return this.changed();
  }

  /** The GM's ruler shown to the table, or taken down (null). */
  showRuler(ruler: ShownRuler | null): ProjectorState {
    this.state = { ...this.state, ruler: ruler && { from: { ...ruler.from }, to: { ...ruler.to }, label: ruler.label }, revision: this.state.revision + 1 };
    return this.changed();
  }

  /** A seat's code shown to the table (`seatId`: which seat it is, kept here, never sent), or taken down (null). */
  showSeatCode(code: ShownSeatCode | null, seatId: string | null = null): ProjectorState {
    this.codeOf = code === null ? null : seatId;
    this.state = { ...this.state, seatCode: code && { ...code }, revision: this.state.revision + 1 };
    return this.changed();
  }

  /** The seat whose code is shown, or null. */
  seatCodeShown(): string | null {
    return this.state.seatCode === null ? null : this.codeOf;
  }

  /** Another campaign opened: its legibility settings apply, and the last one's handout comes down. */
  openCampaign(legibility: PlayerLegibility): ProjectorState {
    const was = this.state.legibility;
    const same = (Object.keys(legibility) as (keyof PlayerLegibility)[]).every((k) => was[k] === legibility[k]);
    if (same && this.state.handout === null) return this.state;
    this.state = { ...this.state, handout: null, legibility: { ...legibility }, revision: this.state.revision + 1 };
    return this.changed();
  }

  private changed(): ProjectorState {
    if (this.reportDue !== null) clearTimeout(this.reportDue);
    this.reportDue = null;
    this.pushed = this.state;
    this.pushedAt = this.now();
    for (const listener of this.listeners) listener(this.state);
    return this.state;
  }

  /** A reported size reaches the subscribers now if nothing was pushed within `REPORT_PUSH_MS`, else once that time is up. */
  private reportChanged(): void {
    if (this.reportDue !== null) return;
    const wait = this.pushedAt + REPORT_PUSH_MS - this.now();
    if (wait <= 0) {
      this.changed();
      return;
    }
    this.reportDue = setTimeout(() => {
      this.reportDue = null;
      if (!sameDisplay(this.pushed.reported, this.state.reported)) this.changed();
    }, wait);
    this.reportDue.unref?.();
  }

  /**
   * The player display's report of its size. The last display to report wins (one player
   * display is the design; a second browser on the web host would take over the outline).
   * An unchanged report changes nothing, so a page that reports on every resize cannot loop.
   */
  report(display: PlayerDisplay): ProjectorState {
    if (sameDisplay(this.state.reported, display)) return this.state;
    this.state = { ...this.state, reported: { screen: { ...display.screen }, map: { ...display.map } }, revision: this.state.revision + 1 };
    this.reportChanged();
    return this.state;
  }

  /** Calls `listener` on every change; returns a function that stops it. */
  subscribe(listener: (state: ProjectorState) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

function sameDisplay(a: PlayerDisplay | null, b: PlayerDisplay | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.screen.widthPx === b.screen.widthPx && a.screen.heightPx === b.screen.heightPx && a.map.widthPx === b.map.widthPx && a.map.heightPx === b.map.heightPx
  );
}
