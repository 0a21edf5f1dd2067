/**
 * Rate of fire (RULINGS A7; 001 §Missile Weapons, Notes): how many shots a figure may take this
 * turn with a weapon, given its adjDEX and the turn it last shot. The weapon's note is read by
 * equipment's `fireRateAt`; this adds the bookkeeping of "every other turn" and "every 3rd turn"
 * as a pure function of the last-shot turn.
 */
import { fireRateAt } from '../equipment';
import type { Weapon } from '../equipment';
import { checkWhole } from './check';

export interface FireWindow {
  readonly canFire: boolean;
  /** Shots this turn: 0 when it cannot fire. */
  readonly shots: number;
  /** The rate in force: one volley every `everyTurns` turns. */
  readonly everyTurns: number;
  /** The first turn (this one or later) on which it may fire again at this rate. */
  readonly nextFireTurn: number;
  readonly reason: string;
  readonly source: string;
}

/**
 * `turn` is the turn counter now; `lastShotTurn` the turn it last fired (null if never, or
 * since it was readied). A weapon that fires every N turns may fire when at least N turns have
 * passed: a light crossbow that shot on turn 3 shoots again on turn 5.
 * Thrown weapons (†† and Thrown Rock): one throw per turn (001 §Action Options f).
 * Returns null for a weapon that neither shoots nor is thrown.
 */
export function fireWindow(weapon: Weapon, adjDex: number, turn: number, lastShotTurn: number | null): FireWindow | null {
  checkWhole(adjDex, 'adjDEX');
  checkWhole(turn, 'Turn', 0);
  if (lastShotTurn !== null) {
    checkWhole(lastShotTurn, 'Last-shot turn', 0);
    if (lastShotTurn > turn) throw new RangeError(`Last-shot turn ${lastShotTurn} is after this turn ${turn}.`);
  }
  const rate = fireRateAt(weapon, adjDex);
  let shots: number;
  let everyTurns: number;
  let reason: string;
  let source: string;
  if (rate !== null) {
    ({ shots, everyTurns, reason, source } = rate);
  } else if (weapon.thrown && weapon.use !== 'ammunition') {
    shots = 1;
    everyTurns = 1;
    reason = `${weapon.name}: thrown, once per turn`;
    source = '001 §Action Options (f MISSILE ATTACK)';
  } else {
    return null;
  }
  const ready = lastShotTurn === null || turn - lastShotTurn >= everyTurns;
  const nextFireTurn = ready || lastShotTurn === null ? turn : lastShotTurn + everyTurns;
  return {
    canFire: ready,
    shots: ready ? shots : 0,
    everyTurns,
    nextFireTurn,
    reason: ready
      ? `${reason}: may fire ${shots} ${shots === 1 ? 'shot' : 'shots'} this turn.`
      : `${reason}: last fired on turn ${lastShotTurn}, next on turn ${nextFireTurn}.`,
    source,
  };
}
