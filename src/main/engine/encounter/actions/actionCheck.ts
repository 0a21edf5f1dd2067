/**
 * The checks every action option makes before it acts (001 §Action Options; RULINGS T5): the
 * actions phase and the figure's turn, then the option from its state and movement.
 */
import { AppError } from '../../../../shared/errors';
import type { OptionLetter } from '../../../../shared/contract/schemas';
import { engagementState } from '../movement/engagement';
import { optionRefusal } from '../turn/options';
import type { FigureState } from '../schema';
import { requireTurn } from '../turn/turn';
import type { Tx } from '../tx';

export function check(tx: Tx, f: FigureState, option: OptionLetter): void {
  const refusal = optionRefusal(tx.state, f, option, undefined, tx.rules);
  if (refusal !== null) throw new AppError('rule', refusal);
}

/** Requires the actions phase and the figure's turn, and that `option` is open; returns the figure. */
export function act(tx: Tx, c: { type: string; figureId: string; override?: boolean | undefined }, option: OptionLetter): FigureState {
  return actAs(tx, c, () => option).f;
}

/** `act` for an option whose letter the figure's state decides (001 §Action Options: g or p, i or s). */
export function actAs(
  tx: Tx,
  c: { type: string; figureId: string; override?: boolean | undefined },
  letter: (f: FigureState) => OptionLetter,
): { f: FigureState; option: OptionLetter } {
  requireTurn(tx, c, ['actions']);
  const f = tx.fig(c.figureId);
  const option = letter(f);
  check(tx, f, option);
  return { f, option };
}

export const whenEngaged =
  (tx: Tx, disengaged: OptionLetter, engaged: OptionLetter) =>
  (f: FigureState): OptionLetter =>
    engagementState(tx.state, f) === 'engaged' ? engaged : disengaged;
