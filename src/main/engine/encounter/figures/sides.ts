/**
 * The encounter's sides: the GM names and colours them and adds more than two (RULINGS T2: with
 * more than two sides the rest follow in roll order). Moving a figure to a side is `updateFigure`.
 */
import type { CommandOf } from '../../../../shared/contract/commands';
import { AppError } from '../../../../shared/errors';
import { turnStateOf } from '../schema';
import type { Tx } from '../tx';

function cleanName(tx: Tx, name: string, exceptId: string | null): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new AppError('invalid-args', 'A side needs a name.');
  const clash = tx.state.sides.find((s) => s.id !== exceptId && s.name.toLowerCase() === trimmed.toLowerCase());
  if (clash) throw new AppError('invalid-args', `There is already a side called “${clash.name}”.`);
  return trimmed;
}

/**
 * A new side, listed last. When the turn's side initiative is already settled, the new side moves
 * after the others this turn (the console's choice; RULINGS T2 orders sides only when they roll)
 * and rolls with everyone from the next turn.
 */
export function applyAddSide(tx: Tx, c: CommandOf<'addSide'>): void {
  const name = cleanName(tx, c.name, null);
  const taken = new Set(tx.state.sides.map((s) => s.id));
  let n = tx.state.sides.length + 1;
  while (taken.has(`side-${n}`)) n++;
  const id = `side-${n}`;
  tx.state = { ...tx.state, sides: [...tx.state.sides, { id, name, color: c.color }] };
  const ts = turnStateOf(tx.state);
  const init = ts.initiative;
  if (init && (init.by ?? 'side') === 'side') {
    tx.state = {
      ...tx.state,
      turnState: { ...ts, initiative: { ...init, rollOrder: [...init.rollOrder, id], order: init.chosen ? [...init.order, id] : init.order } },
    };
  }
  tx.emit?.({ type: 'sideAdded', sideId: id, name, color: c.color, source: 'RULINGS T2' });
}

/** Renames or recolours a side; its figures follow (the maps draw them in the side's colour). */
export function applyUpdateSide(tx: Tx, c: CommandOf<'updateSide'>): void {
  const side = tx.state.sides.find((s) => s.id === c.sideId);
  if (!side) throw new AppError('not-found', 'That side is no longer in this encounter.');
  if (c.name === undefined && c.color === undefined) throw new AppError('invalid-args', 'Give a new name or colour for the side.');
  const name = c.name === undefined ? side.name : cleanName(tx, c.name, side.id);
  const color = c.color ?? side.color;
  tx.state = { ...tx.state, sides: tx.state.sides.map((s) => (s.id === side.id ? { ...s, name, color } : s)) };
  tx.emit?.({ type: 'sideChanged', sideId: side.id, from: { name: side.name, color: side.color }, to: { name, color }, source: 'RULINGS T2' });
}
