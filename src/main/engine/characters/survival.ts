import { explainSum, line } from '../explain';
import type { BreakdownLine, Explained } from '../explain';
import type { Dice, Roll } from '../dice/types';
import { checkPoolLevel } from './injury';
import type { PoolsNow } from './injury';
import type { PoolLevel } from './pools';

/**
 * Survival saves (001 §Injury Thresholds & Death and its worked example; RULINGS C5):
 * - a save (3d6 ≤ CON) is due each turn once a pool is at or below −½ its starting value;
 * - at or below −(starting value) the save takes a penalty equal to how far past that threshold
 *   the pool is (so exactly at −starting the penalty is 0; 001's example: Body 30 at −35 → −5);
 * - a failed save is death; saves stop once healing lifts the pool above −½ starting.
 *
 * Decisions:
 * - Both pools can be due at once; the figure still makes one save a turn, with the larger of
 *   the two penalties (the worse pool), so a figure never rolls twice for one turn.
 * - The injury penalty of C4 is not added: 001's worked example states the target as
 *   "3d6 ≤ CON − 5" at Body −35, where only the survival penalty appears.
 */

export interface PoolSurvival {
  readonly due: boolean;
  /** 0 or negative; 0 when not due. */
  readonly penalty: number;
}

export interface SurvivalThresholds {
  /** Saves are due when the pool is at or below this value (−½ starting; odd values round away from 0). */
  readonly savesAtOrBelow: number;
  /** At or below this value (−starting) the save is penalised by the distance past it. */
  readonly penaltyFrom: number;
}

/** RULINGS C5 thresholds for a pool's starting value. Body 30 → saves at −15, penalty from −30. */
export function survivalThresholds(starting: number): SurvivalThresholds {
  checkPoolLevel('Pool', { current: 0, starting });
  return { savesAtOrBelow: savesAtOrBelow(starting), penaltyFrom: -starting };
}

/** 001 table: "Negative ½ starting value"; a whole-number pool is at or below −15.5 from −16. */
function savesAtOrBelow(starting: number): number {
  return -Math.ceil(starting / 2);
}

/** Whether one pool calls for a survival save and with what penalty (RULINGS C5). */
export function poolSurvival(pool: PoolLevel): PoolSurvival {
  checkPoolLevel('Pool', pool);
  const { savesAtOrBelow, penaltyFrom } = survivalThresholds(pool.starting);
  if (pool.current > savesAtOrBelow) return { due: false, penalty: 0 };
  // 001 §Injury Thresholds & Death, Survival Save Penalty: how far past −starting.
  const penalty = pool.current < penaltyFrom ? pool.current - penaltyFrom : 0;
  return { due: true, penalty };
}

export interface SurvivalCheck {
  readonly due: boolean;
  /** The pool whose save this is (the worse one when both are due); null when none is due. */
  readonly pool: 'fatigue' | 'body' | null;
  /** 0 or negative. */
  readonly penalty: number;
  /** Roll 3d6 at or under this to survive; with its breakdown (CON and the penalty). */
  readonly target: Explained<number>;
  readonly fatigue: PoolSurvival;
  readonly body: PoolSurvival;
}

/** Whether a survival save is due this turn and its target 3d6 ≤ CON + penalty (RULINGS C5). */
export function survivalCheck(CON: number, pools: PoolsNow): SurvivalCheck {
  const { fatigue, body } = poolsSurvival(CON, pools);
  let pool: 'fatigue' | 'body' | null = null;
  if (fatigue.due && body.due) pool = body.penalty < fatigue.penalty ? 'body' : 'fatigue';
  else if (fatigue.due) pool = 'fatigue';
  else if (body.due) pool = 'body';
  const chosen = pool === 'body' ? body : pool === 'fatigue' ? fatigue : null;
  const penalty = chosen?.penalty ?? 0;
  const breakdown: BreakdownLine[] = [line('CON', CON, '001 §Injury Thresholds & Death; RULINGS C5')];
  if (pool !== null && penalty !== 0) {
    const level = pool === 'body' ? pools.body : pools.fatigue;
    const name = pool === 'body' ? 'Body' : 'Fatigue';
    breakdown.push(
      line(`${name} at ${level.current} is ${-penalty} past -${level.starting}`, penalty, '001 §Injury Thresholds & Death, Survival Save Penalty; RULINGS C5'),
    );
  }
  return { due: pool !== null, pool, penalty, target: explainSum(breakdown), fatigue, body };
}

/**
 * Whether `survivalCheck` would find a save due, checked the same way, without working out its
 * target: the end of every turn asks this of every figure, and few are ever due.
 */
export function survivalSaveDue(CON: number, pools: PoolsNow): boolean {
  checkSurvivalInputs(CON, pools);
  // poolSurvival's `due`, read without building its answers (no object per figure and turn).
  return pools.fatigue.current <= savesAtOrBelow(pools.fatigue.starting) || pools.body.current <= savesAtOrBelow(pools.body.starting);
}

/** Each pool's survival standing, after checking the inputs both questions share. */
function poolsSurvival(CON: number, pools: PoolsNow): { fatigue: PoolSurvival; body: PoolSurvival } {
  checkSurvivalInputs(CON, pools);
  return { fatigue: poolSurvival(pools.fatigue), body: poolSurvival(pools.body) };
}

function checkSurvivalInputs(CON: number, pools: PoolsNow): void {
  if (!Number.isInteger(CON)) throw new RangeError(`CON must be a whole number (got ${CON}).`);
  checkPoolLevel('Fatigue', pools.fatigue);
  checkPoolLevel('Body', pools.body);
}

export type SurvivalSaveResult =
  | { readonly due: false; readonly check: SurvivalCheck }
  | {
      readonly due: true;
      readonly check: SurvivalCheck;
      readonly roll: Roll;
      readonly outcome: 'survived' | 'died';
    };

/**
 * Makes this turn's survival save if one is due (no roll otherwise): 3d6 ≤ target survives,
 * anything higher is death (001 §Injury Thresholds & Death; RULINGS C5).
 */
export function makeSurvivalSave(CON: number, pools: PoolsNow, dice: Dice, label = 'survival save'): SurvivalSaveResult {
  const check = survivalCheck(CON, pools);
  if (!check.due) return { due: false, check };
  const roll = dice.roll('3d6', label);
  return { due: true, check, roll, outcome: roll.total <= check.target.value ? 'survived' : 'died' };
}
