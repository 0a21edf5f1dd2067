import type { ProjectorState } from '../../shared/contract/channels/display';
import type { PlayerView } from '../../shared/contract/views';
import type { EncounterState } from '../engine/encounter/schema';
import type { Rules } from '../engine/rules';
import { assetGrant, type AssetGrant } from './assets';
import type { Audience } from './audience';
import { encounterFrame, type EncounterFrame } from './frame';
import { commandLine, latestLine } from './line';
import { maskedMapImage, type MaskedImageRecipe } from './mapImage';
import { changedFrame } from './push';
import { onScreen, PLAIN_SCREEN, projectorForPlayers, type Screen } from './screen';
import type { LoggedEvent } from './tableContext';

/** The open encounter as the session holds it: which opening, its state and its rules. */
export interface Opening {
  /** The opening's key (a view names it, so a page knows another encounter from a later revision). */
  readonly key: string;
  readonly state: EncounterState;
  readonly rules: Rules;
}

/**
 * How the state came to be: a command with its events, the log's `at`-th entry; or the log read
 * again (an opening, an undo).
 */
export type Happened =
  | { readonly kind: 'command'; readonly before: EncounterState; readonly events: readonly LoggedEvent[]; readonly at: number }
  | { readonly kind: 'log'; readonly entries: readonly { readonly events: readonly LoggedEvent[] }[] };

/** A frame built ahead (while a command's log line is written), published once the line is durable. */
export interface Staged {
  readonly opening: Opening;
  readonly frame: EncounterFrame;
  readonly line: readonly string[];
  /** How many log entries the state is after. */
  readonly at: number;
}

/**
 * One audience's projection of the console (DESIGN §The player projection): the one place that
 * decides what it is sent. It is told what happened (the session's state and events, the
 * projector's screen) and answers with the frames to push, the asset names it may fetch, and its
 * own revision numbers: a frame's revision counts the frames this audience was sent, never main's
 * commands, so a command it could not see moves nothing, not even a number. The projector's own
 * state (its framing, scale, handout) is counted the same way: the GM moving the camera in the dark
 * sends the players nothing.
 */
/** How many recent frames' asset names a page may still ask for and be told they are superseded. */
const KEEP_NAMED = 16;

export class PlayerProjection {
  private opening: Opening | null = null;
  private encounter: EncounterFrame | null = null;
  private line: readonly string[] = [];
  /** The line after the log's first n entries of this opening, as it was when they were applied: an undo goes back to it. */
  private lines: (readonly string[] | undefined)[] = [];
  private screen: Screen;
  private held: PlayerView | null = null;
  private revision = 0;
  private projectorHeld: ProjectorState | null = null;
  private projectorRevision = 0;
  /** The asset names this audience's frames named (the map image's, whole and in pieces, and the token art), the latest frame first. */
  private named: (readonly string[])[] = [];
  /** What the session holds while the audience keeps a staged scene (`publish`). */
  private waiting: Staged | null = null;
  /** The scene shown before the last staged one was shown (`back`). */
  private before: Staged | null = null;
  /** Told after every change this audience was shown or asked to show, seen or not (the seats follow it). */
  private readonly watchers: (() => void)[] = [];

  constructor(
    readonly audience: Audience,
    private readonly send: (frame: PlayerView) => void,
    screen: Screen = PLAIN_SCREEN,
  ) {
    this.screen = screen;
  }

  /** The frame this audience holds now, or null before any encounter was shown. */
  frame(): PlayerView | null {
    return this.held;
  }

  /** The encounter state and rules this audience's frame was made from (a staged scene's while one is held), or null. */
  shown(): Opening | null {
    return this.opening;
  }

  /** `watcher` is told after each state or screen this audience was given. */
  watch(watcher: () => void): void {
    this.watchers.push(watcher);
  }

  /** Builds the frame of `opening` without publishing it; `publish` sends it if the audience would see a change. */
  stage(opening: Opening, happened: Happened): Staged {
    const frame = encounterFrame(opening.state, this.audience, opening.rules);
    const same = this.opening?.key === opening.key;
    if (happened.kind === 'command') {
      const said = commandLine(happened.before, opening.state, happened.events, this.audience);
      return { opening, frame, line: said.length > 0 ? said : same ? this.line : [], at: happened.at };
    }
    const at = happened.entries.length;
    const kept = same ? this.lines[at] : undefined;
    return { opening, frame, line: kept ?? latestLine(opening.state, happened.entries, this.audience), at };
  }

  /**
   * Sends `staged` if the audience would see a change. While the GM stages a scene, the audience
   * keeps the one it holds, and what the session holds waits here until the staging ends, its line
   * dropped (the scene comes whole, not as the last of the GM's preparations). A change this
   * audience cannot see keeps the line it has waiting (or holds): dropping it would tell them.
   */
  publish(staged: Staged): void {
    if (this.screen.staged && this.opening !== null) {
      const pending = this.waiting ?? this.current()!;
      this.waiting = { ...staged, line: sameScene(pending, staged) ? pending.line : [] };
      return;
    }
    this.waiting = null;
    this.apply(staged);
  }

  private apply(staged: Staged): void {
    if (this.opening?.key !== staged.opening.key) this.lines = [];
    this.opening = staged.opening;
    this.encounter = staged.frame;
    this.line = staged.line;
    this.lines.length = staged.at;
    this.lines[staged.at] = staged.line;
    this.emit();
    for (const w of this.watchers) w();
  }

  /** Shows `opening` as `happened` left it; nothing when this audience already holds (or has waiting) that state. */
  show(opening: Opening, happened: Happened): void {
    const latest = this.waiting?.opening ?? this.opening;
    if (latest?.key === opening.key && latest.state === opening.state) return;
    this.publish(this.stage(opening, happened));
  }

  /** Whether the audience holds a staged scene: its frame may be of another encounter than the open one. */
  get staging(): boolean {
    return this.screen.staged && this.opening !== null;
  }

  /** The projector changed: a frame goes out only when what the screen shows changed; a staging ended shows what waited. */
  setScreen(screen: Screen): void {
    this.screen = screen;
    if (!screen.staged && this.waiting !== null) {
      const now = this.current()!;
      if (!sameScene(now, this.waiting) || !sameLine(now.line, this.waiting.line)) this.before = now;
      this.publish(this.waiting);
    } else this.emit();
    for (const w of this.watchers) w();
  }

  /** Whether a staged scene was shown since the scene before it, so `back` has one to go back to. */
  get canGoBack(): boolean {
    return this.before !== null;
  }

  /**
   * The audience goes back to the scene it held before the last staged one was shown, staged
   * again: what the session holds waits (shown whole when the staging ends). The projector is
   * told next (services/projector.ts `back`), so the scene arrives before its framing.
   */
  back(): void {
    const before = this.before;
    const now = this.current();
    if (before === null || now === null) return;
    this.before = null;
    this.screen = { ...this.screen, staged: true };
    this.waiting = { ...now, line: [] };
    this.apply(before);
  }

  /** The scene the audience holds, as it was staged. */
  private current(): Staged | null {
    return this.opening && this.encounter ? { opening: this.opening, frame: this.encounter, line: this.line, at: this.lines.length - 1 } : null;
  }

  /** No encounter is open: nothing is served until one is shown. */
  clear(): void {
    this.opening = null;
    this.encounter = null;
    this.line = [];
    this.lines = [];
    this.held = null;
    this.waiting = null;
    this.before = null;
    for (const w of this.watchers) w();
  }

  /**
   * The projector's state as this audience may have it (projection/screen.ts), with this audience's
   * own revision: the very object it was given before while nothing it may see changed, so a host
   * pushes it only when it is a new one.
   */
  projector(projector: ProjectorState): ProjectorState {
    const { revision: _main, ...mine } = projectorForPlayers(projector);
    if (this.projectorHeld !== null) {
      const { revision: _held, ...held } = this.projectorHeld;
      if (JSON.stringify(held) === JSON.stringify(mine)) return this.projectorHeld;
    }
    this.projectorRevision = this.projectorHeld === null ? 0 : this.projectorRevision + 1;
    this.projectorHeld = { ...mine, revision: this.projectorRevision };
    return this.projectorHeld;
  }

  /** What this audience may be served under `name` now (projection/assets.ts), or null. */
  grant(name: string): AssetGrant | null {
    return assetGrant(this.held?.encounter ?? null, this.opening ? maskedMapImage(this.opening.state) : undefined, this.screen, name);
  }

  /**
   * Whether `name` is an asset one of this audience's recent frames named and the frame has since
   * moved on (fog painted, a figure gone out of sight, the projector blacked out): a page still
   * loading it gets nothing, told so without an error, and the host does no work for it. Any other
   * name is refused.
   */
  superseded(name: string): boolean {
    return this.named.some((names) => names.includes(name)) && this.grant(name) === null;
  }

  /** The recipe of the open map's masked image or one of its pieces when `name` is its current name (the GM may fetch them too). */
  currentMask(name: string): MaskedImageRecipe | undefined {
    const masked = this.opening ? maskedMapImage(this.opening.state) : undefined;
    return masked?.shown.asset === name ? masked.recipe : masked?.tiles.get(name);
  }

  private emit(): void {
    if (this.opening === null || this.encounter === null) return;
    const fresh = onScreen(this.encounter, this.line, this.screen);
    const sameOpening = this.held?.session === this.opening.key;
    const shown = changedFrame(sameOpening ? this.held!.encounter : null, fresh);
    if (shown === null) return;
    this.revision += 1;
    this.held = { encounter: shown, session: this.opening.key, revision: this.revision };
    const image = shown.map.image;
    const names = [...(image ? [image.asset, ...(image.tiles?.names ?? [])] : []), ...shown.figures.flatMap((f) => (f.art ? [f.art] : []))];
    if (names.join() !== this.named[0]?.join()) this.named = [names, ...this.named].slice(0, KEEP_NAMED);
    this.send(this.held);
  }
}

/** Whether two scenes show this audience the same encounter frame (their lines aside), judged as a push judges it. */
function sameScene(a: Staged, b: Staged): boolean {
  return a.opening.key === b.opening.key && (a.frame === b.frame || changedFrame(a.frame, b.frame) === null);
}

function sameLine(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((said, i) => said === b[i]);
}
