import type { GmTicks, MoveMode } from '../../../../shared/contract/schemas';
import type { GmConsole } from '../../gm/console.svelte';
import type { ReachModel } from '../../map/reachOverlay';

/** The gaits the map shows as reach bands, slowest first (001 §Movement; RULINGS M1). */
export const GAITS = ['walk', 'jog', 'run', 'sprint'] as const satisfies readonly MoveMode[];
export type Gait = (typeof GAITS)[number];

export const GAIT_LABEL: Readonly<Record<string, string>> = {
  sprint: 'Sprint',
  run: 'Run',
  jog: 'Jog',
  walk: 'Walk',
  'walk-slow': 'Walk (slow)',
  'stand-still': 'Stand still',
  shift: 'Shift',
  crawl: 'Crawl',
};

export interface AttackDraft {
  attackerId: string;
  weaponId: string | null;
  targetId: string | null;
  throwIt: boolean;
  ticks: GmTicks;
  /** The option letter that started it (b, f, j, l, t), for the log's reading only. */
  option: string;
}

export const NO_TICKS: GmTicks = { waitingTurns: 0, twoWeapons: false, sweepingBlow: false, targetAgreesToHth: false };

/**
 * What the GM is in the middle of on the GM page: a move with a chosen gait (the next drag of
 * that figure sends it), or an attack being set up. Only intent lives here: every number shown
 * comes from main (DESIGN §One picture).
 */
class TurnFlow {
  /** The figure whose move is being made, and the gait the GM chose for it. */
  move = $state<{ figureId: string; gait: MoveMode } | null>(null);
  attack = $state<AttackDraft | null>(null);
  /** RULINGS H6: the flier taking off; its next drag on the map is its take-off flight. */
  takeOff = $state<string | null>(null);
  /** Reach bands and facing zones of the selected figure on the map (O toggles). */
  overlays = $state(true);
  /** What the map draws for the selected figure (queried by the tracker; null: nothing). */
  reach = $state<ReachModel | null>(null);
  /** Bumped to ask the tracker to move keyboard focus into itself (T). */
  focusRequest = $state(0);

  /** Main's reason the phase cannot end yet, while the GM is asked whether to override. */
  confirmNext = $state<string | null>(null);
  /** The attack flow's Roll, while it can roll (D). */
  rollAttack = $state<(() => void) | null>(null);

  /**
   * Next phase (RULINGS T1): main decides whether the phase is complete; when it refuses, the
   * GM is asked, and only an explicit override moves on (the log records it).
   */
  async next(gm: GmConsole, override = false): Promise<void> {
    const result = await gm.command(override ? { type: 'advancePhase', override: true } : { type: 'advancePhase' });
    if (result.ok) {
      this.confirmNext = null;
      this.cancel();
    } else if (!override && result.error.code === 'rule') {
      this.confirmNext = result.error.message;
    } else {
      gm.toast(result.error.message);
    }
  }

  startMove(figureId: string, gait: MoveMode): void {
    this.attack = null;
    this.move = { figureId, gait };
  }

  /** The `move` command's gait for a drop of this figure, if the GM chose one. */
  gaitFor(figureId: string): MoveMode | undefined {
    return this.move?.figureId === figureId ? this.move.gait : undefined;
  }

  startAttack(attackerId: string, weaponId: string | null, option: string, targetId: string | null = null): void {
    this.move = null;
    this.attack = { attackerId, weaponId, targetId, throwIt: false, ticks: { ...NO_TICKS }, option };
  }

  cancel(): void {
    this.move = null;
    this.attack = null;
  }
}

export const flow = new TurnFlow();
