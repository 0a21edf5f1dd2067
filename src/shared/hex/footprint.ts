import type { Hex } from './axial';
import { hexNeighbor, hexNeighbors, normalizeDirection } from './directions';

/** How many hexes a figure covers. */
export type FigureSize = 1 | 3 | 7;

/**
 * The hexes a figure covers, anchored at `anchor` and facing `facing` (any integer, mod 6).
 * - size 1: the anchor.
 * - size 7: the anchor and its 6 neighbours (a megahex flower, the same for every facing).
 * - size 3: a triangle with the anchor at the front: the anchor, the hex straight behind it
 *   (direction facing + 3) and the hex behind-left of it (direction facing + 4, counter-clockwise
 *   of straight back on screen). The two rear hexes are neighbours, so the three form a triangle;
 *   turning the figure rotates the triangle about the anchor. A hex-side facing cannot split a
 *   3-hex triangle symmetrically, so one side had to be chosen; this is the console's choice,
 *   not a rulebook rule.
 * Order: the anchor first, then the other hexes (size 7: directions 0–5; size 3: behind, behind-left).
 */
export function footprint(anchor: Hex, facing: number, size: FigureSize): Hex[] {
  const f = normalizeDirection(facing);
  switch (size) {
    case 1:
      return [anchor];
    case 3:
      return [anchor, hexNeighbor(anchor, f + 3), hexNeighbor(anchor, f + 4)];
    case 7:
      return [anchor, ...hexNeighbors(anchor)];
    default:
      throw new RangeError(`figure size must be 1, 3 or 7 hexes, got ${String(size)}`);
  }
}
