/**
 * The GM's hand on a figure's pools: damage the engine does not model (a fall, fire, poison, a
 * spell's effect), healing, and setting a pool outright. Each is a logged, undoable command; the
 * injury band (RULINGS C4) and the survival saves (RULINGS C5) follow from the pools as they do
 * after a blow, because both are read from the pools (the tracker's band, the end-of-turn saves).
 */
import type { CommandOf } from '../../../shared/commands';
import { AppError } from '../../../shared/errors';
import { protectionFor } from './attack';
import type { PoolsChangedEvent } from './events';
import type { FigureState } from './schema';
import { settlePosture } from './turn';
import type { Tx } from './tx';

const MANUAL_SOURCE = '001 §Fatigue Points, §Body Points; RULINGS C4, C5';

function living(tx: Tx, id: string): FigureState {
  const f = tx.fig(id);
  if (f.posture === 'dead') {
    throw new AppError('rule', `${f.name} is dead: undo the command that killed ${f.name} to bring them back.`);
  }
  return f;
}

function emitChange(tx: Tx, before: FigureState, how: PoolsChangedEvent['how'], c: { cause?: string; tellPlayers?: boolean }, stopped: number): void {
  const after = tx.fig(before.id);
  const cause = c.cause?.trim() ? c.cause.trim() : null;
  tx.emit?.({
    type: 'poolsChanged',
    figureId: before.id,
    how,
    cause,
    // Text the GM types is the GM's: the players hear the cause only when the GM says so.
    ...(cause !== null && c.tellPlayers === true ? { causeTold: true } : {}),
    stopped,
    fatigueBefore: before.fatigue.current,
    fatigueAfter: after.fatigue.current,
    bodyBefore: before.body.current,
    bodyAfter: after.body.current,
    source: MANUAL_SOURCE,
  });
}

/**
 * After healing or a typed pool, a figure that was down only because of its pools comes to: the
 * console's choice is that it lies prone (it stands with option g/p as usual). Then the losses
 * are settled as after any change (unconscious at 0 Fatigue or less, 001 §Fatigue Points).
 */
function wakeOrSettle(tx: Tx, id: string): void {
  const f = tx.fig(id);
  if (f.posture === 'unconscious' && tx.rules.stats.wounds(f).condition === 'fighting') {
    tx.update(id, (x) => ({ ...x, posture: 'prone' }));
    tx.emit?.({
      type: 'postureChanged',
      figureId: id,
      from: 'unconscious',
      to: 'prone',
      source: '001 §Fatigue Points; the console’s choice: comes to lying down',
    });
  }
  settlePosture(tx, id);
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
  const hits = c.amount - stopped;
  const loss = tx.rules.stats.losses({
    hits,
    fatigue: c.to === 'body' ? 0 : hits,
    body: c.to === 'fatigue' ? 0 : hits,
  });
  tx.update(c.figureId, (x) => ({
    ...x,
    fatigue: { ...x.fatigue, current: x.fatigue.current - loss.fatigue },
    body: { ...x.body, current: x.body.current - loss.body },
  }));
  emitChange(tx, before, 'damage', c, stopped);
  settlePosture(tx, c.figureId);
}

/** Healing up to the starting values (RULINGS C3: the starting value is the maximum). */
export function applyHeal(tx: Tx, c: CommandOf<'heal'>): void {
  const before = living(tx, c.figureId);
  if ((c.fatigue ?? 0) === 0 && (c.body ?? 0) === 0) throw new AppError('invalid-args', 'Say how many Fatigue or Body points to heal.');
  tx.update(c.figureId, (x) => ({
    ...x,
    fatigue: { ...x.fatigue, current: Math.max(x.fatigue.current, Math.min(x.fatigue.starting, x.fatigue.current + (c.fatigue ?? 0))) },
    body: { ...x.body, current: Math.max(x.body.current, Math.min(x.body.starting, x.body.current + (c.body ?? 0))) },
  }));
  emitChange(tx, before, 'heal', c, 0);
  wakeOrSettle(tx, c.figureId);
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
