/**
 * RULINGS T5 (amended): a figure's gait for the turn is the slowest gait whose distance covers
 * the movement it actually spent, whatever gait it set out at; its action options and its
 * movement fatigue (M3) follow that gait.
 */
import type { MoveMode } from '../../../../shared/contract/schemas';
import type { MoveAllowance } from '../../options/types';
import { DEFAULT_RULES, type Rules, type RuleSet } from '../../rules';
import type { FigureState } from '../schema';
import { settlePosture } from '../figures/posture';
import type { Tx } from '../tx';
import { allowanceFor, figureAllowance } from './allowance';

/** The gaits whose distance is measured in hexes of movement (not shift, crawl or a stride). */
const GAITS: readonly string[] = ['sprint', 'run', 'jog', 'walk', 'walk-slow', 'stand-still'];

/**
 * The slowest open gait of `allowances` (fastest first, as the rules list them) that covers
 * `spent`, never faster than `setOutAt`; `setOutAt` itself when it is not a gait. `spent` is the
 * movement the path cost (broken ground counts 2, RULINGS M7), the measure the gaits' distances use.
 */
export function gaitCovering(allowances: readonly MoveAllowance[], setOutAt: MoveMode, spent: number): MoveMode {
  if (!GAITS.includes(setOutAt)) return setOutAt;
  const ceiling = GAITS.indexOf(setOutAt);
  for (let i = allowances.length - 1; i >= 0; i--) {
    const a = allowances[i]!;
    const rank = GAITS.indexOf(a.mode);
    if (rank >= ceiling && a.allowed && a.hexes.value >= spent) return a.mode as MoveMode;
  }
  return setOutAt;
}

/**
 * The gait the figure moved at this turn by the hexes it moved (RULINGS T5); null before it moves.
 * A rider's is the one its mount's hexes made on the mount's table (RULINGS H9), kept on its turn.
 */
export function turnGait(f: FigureState, rules: Rules | RuleSet = DEFAULT_RULES): MoveMode | null {
  if (f.turn.mode === null) return null;
  if (f.turn.gait !== undefined) return f.turn.gait;
  return gaitCovering(figureAllowance(f, rules), f.turn.mode, f.turn.spent);
}

/**
 * RULINGS M3 (O1: 004's fatigue per gait): the rules' way of moving says what a move costs, and
 * by T5 (amended) that is the way of the gait the movement spent calls for. `f` is the figure as
 * it set out (its load before a dropped pack counts as the move's own).
 */
export function spendMovementFatigue(tx: Tx, f: FigureState, mode: MoveMode, spent: number, dropPack: boolean): void {
  const ways = figureAllowance(f, tx.rules, dropPack);
  const gait = gaitCovering(ways, mode, spent);
  const way = allowanceFor(ways, gait);
  const perTurn = way?.fatiguePerTurn ?? 0;
  if (perTurn <= 0) return;
  const after = spendFatigue(tx, f.id, perTurn);
  tx.emit?.({
    type: 'fatigueSpent',
    figureId: f.id,
    amount: perTurn,
    fatigue: after.fatigue.current,
    source: way?.source ?? '001 §Movement (Fatigue Cost); RULINGS M3',
  });
  settlePosture(tx, f.id);
}

function spendFatigue(tx: Tx, figureId: string, amount: number): FigureState {
  return tx.update(figureId, (x) => ({ ...x, fatigue: { ...x.fatigue, current: x.fatigue.current - amount } }));
}
