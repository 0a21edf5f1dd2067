import type { CommandOf } from '../../../../shared/contract/commands';
import { AppError } from '../../../../shared/errors';
import { MOVEMENT_PHASES } from '../../../../shared/phases';
import type { EncounterState, FigureState } from '../schema';
import { riderOf } from '../state';
import { requireTurn } from '../turn/turn';
import type { Tx } from '../tx';
import { groundMoveRefusal } from './flight';
import { applyMove, slowestModeTo } from './move';
import { carryRider, moverFor, riderInHthRefusal } from './mounts';
import { applyPushMove, isPushMove } from './push';

/** A rider's move is its mount's (movement/mounts.ts); a big figure may push smaller ones (004 §Engagement). */
export function moveCommand(tx: Tx, state: EncounterState, command: CommandOf<'move'>): void {
  const mover = moverFor(state, command.figureId);
  // RULINGS H6: a flier in the air flies (`fly`) or lands; it may hover where it is.
  const aloft = groundMoveRefusal(mover);
  if (aloft !== null && command.mode !== 'stand-still') throw new AppError('rule', aloft);
  const rider = riderOf(state, mover.id);
  if (rider !== undefined && rider.hthWith.length > 0 && command.mode !== 'stand-still') throw new AppError('rule', riderInHthRefusal(rider));
  if (mover.id !== command.figureId) requireTurn(tx, command, MOVEMENT_PHASES);
  const c = mover.id === command.figureId ? command : { ...command, figureId: mover.id };
  // One hex pushes nobody (isPushMove): no fallback to build for it.
  if (mover.size !== 1 && pushes(tx, state, mover, c)) applyPushMove(tx, c);
  else applyMove(tx, c);
  carryRider(tx, mover.id);
}

function pushes(tx: Tx, state: EncounterState, mover: FigureState, c: CommandOf<'move'>): boolean {
  return isPushMove(state, mover, c, () => slowestModeTo(tx, mover.id, c.to, c.dropPack === true) !== null);
}
