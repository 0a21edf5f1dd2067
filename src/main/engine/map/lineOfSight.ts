/**
 * The line between two hexes, one function for the line of fire (missiles, thrown weapons and
 * spells that must hit), its shadow modifiers and, later, the party's sight. The rule, the
 * console's choice where 001 is silent: the line is `hexLine` from centre to centre (where it runs
 * exactly along an edge it takes the hexes on one side), and it is blocked when a hex strictly
 * between the two is a wall of the effective map, painted or raised by a spell. docs/architecture.md
 * §The effective map says it in words.
 */
import { hexLine, type Hex } from '../../../shared/hex';
import type { EffectiveMap } from './effectiveMap';

/** The hexes strictly between two hexes on the line. */
export function hexesBetween(from: Hex, to: Hex): Hex[] {
  return hexLine(from, to).slice(1, -1);
}

/** Whether something on the effective map stops the line from `from` to `to`. */
export function lineBlocked(map: EffectiveMap, from: Hex, to: Hex): boolean {
  return hexesBetween(from, to).some((h) => map.blocksSight(h));
}
