/**
 * Range adjustments to adjDEX for missile and thrown weapons (001 §DEX Adjustments, RULINGS A1, A2).
 */
import { hexDistance, megahexDistance } from '../../shared/hex';
import type { Hex } from '../../shared/hex';
import { line } from './explain';
import type { Explained } from './explain';

const MISSILE_SOURCE = 'RULINGS A2; 001 §Range (Missile Weapons)';
const THROWN_SOURCE = 'RULINGS A2; 001 §Range (Thrown Weapons)';

function checkCount(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number ≥ 0, got ${n}`);
}

/**
 * adjDEX adjustment for a missile weapon at `megahexes` megahexes: nothing up to 2, then one
 * less for every further 2 (RULINGS A2 turns 001 §Range (Missile Weapons)'s table and its
 * "continues" row into −floor((MH − 1) / 2) for MH ≥ 1, and 0 for MH = 0).
 */
export function missileRangeModifier(megahexes: number): number {
  checkCount(megahexes, 'missile range in megahexes');
  if (megahexes === 0) return 0;
  return -Math.floor((megahexes - 1) / 2) + 0; // + 0: never −0
}

export function explainMissileRangeModifier(megahexes: number): Explained {
  const value = missileRangeModifier(megahexes);
  return { value, breakdown: [line(`Missile range ${megahexes} MH`, value, MISSILE_SOURCE)] };
}

/**
 * Missile range between the attacker's and the target's hexes: megahexes counted on the map's
 * megahex tiling from the attacker's megahex to the target's (RULINGS A2), with the tiling
 * anchored at `tilingAnchor` (default the axial origin).
 */
export function explainMissileRange(attacker: Hex, target: Hex, tilingAnchor?: Hex): Explained {
  return explainMissileRangeModifier(megahexDistance(attacker, target, tilingAnchor));
}

/**
 * adjDEX adjustment for a thrown weapon `hexes` hexes from its target: −1 per hex
 * (001 §Range (Thrown Weapons), RULINGS A2). 001 makes no exception for an adjacent target, so a
 * throw at a neighbouring hex (1 hex) is −1; only a distance of 0 gives 0.
 */
export function thrownRangeModifier(hexes: number): number {
  checkCount(hexes, 'thrown range in hexes');
  return -hexes + 0; // + 0: never −0
}

export function explainThrownRangeModifier(hexes: number): Explained {
  const value = thrownRangeModifier(hexes);
  return { value, breakdown: [line(`Thrown range ${hexes} ${hexes === 1 ? 'hex' : 'hexes'}`, value, THROWN_SOURCE)] };
}

/** Thrown range between the thrower's hex and the target's, in hex steps (001 §Range (Thrown Weapons)). */
export function explainThrownRange(attacker: Hex, target: Hex): Explained {
  return explainThrownRangeModifier(hexDistance(attacker, target));
}
