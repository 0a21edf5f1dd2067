/**
 * RULINGS H2 (amended; 001 §Disengaging): a slower enemy that engaged a figure when it disengaged
 * (option n) still gets its strike, in its own action, at the adjDEX difference, although the
 * figure has stepped a hex away: reach is counted from where the figure stood before it moved.
 */
import type { Hex } from '../../../../shared/hex';
import { baseAdjDex } from '../state';
import { engagers } from './engagement';
import type { EncounterState, FigureState } from '../schema';
import type { StatRules } from '../../options/types';

/** The enemies engaging `f` as it disengages that act after it (slower, or tied: RULINGS G4, T5). */
export function slowerEngagers(state: EncounterState, f: FigureState, stats?: StatRules): string[] {
  const own = baseAdjDex(f, stats).value;
  return engagers(state, f)
    .filter((e) => baseAdjDex(e, stats).value <= own)
    .map((e) => e.id);
}

/** Where `attacker` may still strike `target` from under H2: the hex `target` disengaged from, or null. */
export function disengagedFromFor(target: FigureState, attacker: FigureState): Hex | null {
  const d = target.turn.disengagedFrom;
  if (target.turn.option !== 'n' || d === undefined || !d.engagers.includes(attacker.id)) return null;
  return d.at;
}

/** The figures that disengaged from `f` this turn and that `f` may still strike (RULINGS H2). */
export function disengagedFromMe(state: EncounterState, f: FigureState): FigureState[] {
  return state.figures.filter((t) => t.posture !== 'dead' && disengagedFromFor(t, f) !== null);
}
