/**
 * A figure's pools changed outside a blow (the GM's hand, a spell effect's roll): the points taken
 * or healed, the logged change, and the posture that follows from the pools (RULINGS C4, C5).
 */
import type { PoolsChangedEvent } from '../events';
import { settlePosture } from './posture';
import type { FigureState } from '../schema';
import type { Tx } from '../tx';

const MANUAL_SOURCE = '001 §Fatigue Points, §Body Points; RULINGS C4, C5';

export function emitChange(tx: Tx, before: FigureState, how: PoolsChangedEvent['how'], c: { cause?: string; tellPlayers?: boolean }, stopped: number): void {
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
export function wakeOrSettle(tx: Tx, id: string): void {
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

/** `hits` points to Fatigue, Body or both, where the rules' stat model lands them (O1 keeps every hit on ST). */
export function loseHits(tx: Tx, id: string, hits: number, to: 'fatigue' | 'body' | 'both', c: { cause?: string; tellPlayers?: boolean }, stopped = 0): void {
  const before = tx.fig(id);
  const loss = tx.rules.stats.losses({ hits, fatigue: to === 'body' ? 0 : hits, body: to === 'fatigue' ? 0 : hits });
  tx.update(id, (x) => ({
    ...x,
    fatigue: { ...x.fatigue, current: x.fatigue.current - loss.fatigue },
    body: { ...x.body, current: x.body.current - loss.body },
  }));
  emitChange(tx, before, 'damage', c, stopped);
  settlePosture(tx, id);
}

/** Healing up to the starting values (RULINGS C3: the starting value is the maximum). */
export function healPools(tx: Tx, id: string, fatigue: number, body: number, c: { cause?: string; tellPlayers?: boolean }): void {
  const before = tx.fig(id);
  tx.update(id, (x) => ({
    ...x,
    fatigue: { ...x.fatigue, current: Math.max(x.fatigue.current, Math.min(x.fatigue.starting, x.fatigue.current + fatigue)) },
    body: { ...x.body, current: Math.max(x.body.current, Math.min(x.body.starting, x.body.current + body)) },
  }));
  emitChange(tx, before, 'heal', c, 0);
  wakeOrSettle(tx, id);
}
