/**
 * The GM's hand on a figure's pools: damage the engine does not model (a fall, fire, poison, a
 * spell's effect), healing, and setting a pool outright. Each is a logged, undoable command; the
 * injury band (RULINGS C4) and the survival saves (RULINGS C5) follow from the pools as they do
 * after a blow, because both are read from the pools (the tracker's band, the end-of-turn saves).
 */
import type { CommandOf } from '../../../../shared/contract/commands';
import { AppError } from '../../../../shared/errors';
import { protectionFor } from '../actions/attack';
import { emitChange, healPools, loseHits, wakeOrSettle } from './poolChange';
import type { FigureState } from '../schema';
import type { Tx } from '../tx';

function living(tx: Tx, id: string): FigureState {
  const f = tx.fig(id);
  if (f.posture === 'dead') {
    throw new AppError('rule', `${f.name} is dead: undo the command that killed ${f.name} to bring them back.`);
  }
  return f;
}

/**
 * N points of damage to Fatigue, Body or both (001 §Fatigue Points, §Body Points); "with armour"
 * takes the figure's protection off first as a blow would (001 §Protection). The rules' stat model
 * says where the points land (O1 Classic keeps every hit on ST). Not a blow of the fight: it gives
 * no forced retreat (RULINGS H3) and no heavy-blow count (A8).
 */
export function applyTakeDamage(tx: Tx, c: CommandOf<'takeDamage'>): void {
  const before = living(tx, c.figureId);
  const stopped = c.armour ? Math.min(protectionFor(before).value, c.amount) : 0;
  loseHits(tx, c.figureId, c.amount - stopped, c.to, c, stopped);
}

/** Healing up to the starting values (RULINGS C3: the starting value is the maximum). */
export function applyHeal(tx: Tx, c: CommandOf<'heal'>): void {
  living(tx, c.figureId);
  if ((c.fatigue ?? 0) === 0 && (c.body ?? 0) === 0) throw new AppError('invalid-args', 'Say how many Fatigue or Body points to heal.');
  healPools(tx, c.figureId, c.fatigue ?? 0, c.body ?? 0, c);
}

/** The GM types a pool's current value (a correction, or a state the engine does not model). */
export function applySetPools(tx: Tx, c: CommandOf<'setPools'>): void {
  const before = living(tx, c.figureId);
  if (c.fatigue === undefined && c.body === undefined) throw new AppError('invalid-args', 'Give the Fatigue or Body value to set.');
  for (const [name, value, pool] of [
    ['Fatigue', c.fatigue, before.fatigue],
    ['Body', c.body, before.body],
  ] as const) {
    if (value !== undefined && value > pool.starting) {
      throw new AppError('invalid-args', `${before.name}’s ${name} cannot be above its starting value ${pool.starting} (RULINGS C3).`);
    }
  }
  tx.update(c.figureId, (x) => ({
    ...x,
    fatigue: { ...x.fatigue, current: c.fatigue ?? x.fatigue.current },
    body: { ...x.body, current: c.body ?? x.body.current },
  }));
  emitChange(tx, before, 'set', c, 0);
  wakeOrSettle(tx, c.figureId);
}
