import type { ClientApi } from '../../../../shared/contract';
import type { Hex } from '../../../../shared/hex';
import type { PlaceGhost } from '../../map/handOverlay';
import { LatestAnswer } from '../../api/latestAnswer';
import { hexKey } from '../../../../shared/hex';

/** What placing one copy came to: the name main gave the figure, or main's refusal (already toasted). */
export type PlaceResult = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: string };

/** A figure waiting to be put on the map: what the ghost looks like and how to place one copy. */
export interface PlacingJob {
  readonly name: string;
  readonly color: string;
  readonly sideId: string;
  readonly size: 1 | 3 | 7;
  /** One figure, not copies (a player character): placing ends once it stands on the map. */
  readonly once?: boolean;
  place(hex: Hex, facing: number): Promise<PlaceResult>;
}

/**
 * Placing by click, as a GM used to Foundry VTT expects: after New character,
 * Quick NPC or a roster entry's Place, a ghost follows the pointer over the GM map, Q / E turn
 * it, a click places a copy and placing goes on until Escape, or ends after the one figure a
 * player character is (as Foundry places one token of an actor). Whether a hex will do is main's
 * answer (`placementCheck`), asked as the pointer moves; an answer for a hex the pointer has
 * left is dropped. Main checks the placement again when it comes. Over the hex a copy was just
 * placed on, the hint says so instead of main's "a figure stands there".
 */
class Placing {
  job = $state<PlacingJob | null>(null);
  facing = $state(0);
  hover = $state<Hex | null>(null);
  verdict = $state<{ key: string; ok: boolean; reason: string | null; warning: string | null } | null>(null);
  placed = $state(0);
  /** The copy placed last, while the pointer rests on its hex. */
  private lastPlaced = $state<{ hex: string; name: string } | null>(null);
  private api: ClientApi<'gm'> | null = null;
  private readonly answer = new LatestAnswer();
  private timer: ReturnType<typeof setTimeout> | null = null;

  get active(): boolean {
    return this.job !== null;
  }

  start(api: ClientApi<'gm'>, job: PlacingJob): void {
    this.api = api;
    this.job = job;
    this.facing = 0;
    this.placed = 0;
    this.verdict = null;
    this.lastPlaced = null;
    this.ask();
  }

  stop(): void {
    this.job = null;
    this.hover = null;
    this.verdict = null;
    this.lastPlaced = null;
    this.answer.drop();
  }

  turn(delta: number): void {
    this.facing = (this.facing + delta + 6) % 6;
    this.ask();
  }

  hoverAt(hex: Hex | null): void {
    this.hover = hex ? { q: hex.q, r: hex.r } : null;
    if (this.lastPlaced && (!hex || hexKey(hex) !== this.lastPlaced.hex)) this.lastPlaced = null;
    this.ask();
  }

  async click(hex: Hex): Promise<void> {
    const job = this.job;
    if (!job) return;
    const result = await job.place({ q: hex.q, r: hex.r }, this.facing);
    if (this.job !== job) return;
    if (result.ok) {
      this.placed++;
      if (job.once) return this.stop();
      this.lastPlaced = { hex: hexKey(hex), name: result.name };
    }
    this.ask();
  }

  /** What the hint says over the hex a copy was just placed on (null elsewhere). */
  get done(): string | null {
    const last = this.lastPlaced;
    return last && this.hover && hexKey(this.hover) === last.hex ? `${last.name} placed here.` : null;
  }

  /** The ghost at the hex under the pointer, ringed in main's verdict once it has answered; none over the copy just placed. */
  get ghost(): PlaceGhost | null {
    const job = this.job;
    const hex = this.hover;
    if (!job || !hex || this.done !== null) return null;
    const v = this.verdict;
    return { name: job.name, color: job.color, facing: this.facing, size: job.size, hex, ok: v && v.key === this.key() ? v.ok : null };
  }

  /** Main's reason for refusing the hex under the pointer, once known. */
  get refusal(): string | null {
    const v = this.verdict;
    return v && v.key === this.key() && !v.ok && this.done === null ? v.reason : null;
  }

  /** Main's word on an allowed hex worth a second look (the figure would start engaged). */
  get warning(): string | null {
    const v = this.verdict;
    return v && v.key === this.key() && v.ok ? v.warning : null;
  }

  private key(): string {
    return this.hover ? `${this.hover.q},${this.hover.r}/${this.facing}` : '';
  }

  /** Asks main about the hex under the pointer, at most every 40 ms; stale answers are dropped. */
  private ask(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const job = this.job;
      const hex = this.hover;
      const api = this.api;
      if (!job || !hex || !api) return;
      const key = this.key();
      this.answer.ask(api.placementCheck({ at: hex, facing: this.facing, sideId: job.sideId, size: job.size }), (r) => {
        this.verdict = r.ok ? { key, ...r.value } : { key, ok: false, reason: r.error.message, warning: null };
      });
    }, 40);
  }
}

export const placing = new Placing();
