import { hex, hexAdd, hexSubtract, ORIGIN } from './axial';
import type { Hex } from './axial';

/**
 * The six neighbour offsets, indexed by direction 0–5. Direction `d + 1` is the next one
 * clockwise on screen (y grows downwards) in both layouts of `layout.ts`:
 *
 * | d | axial    | pointy-top on screen | flat-top on screen |
 * |---|----------|----------------------|--------------------|
 * | 0 | (+1,  0) | east (right)         | south-east         |
 * | 1 | ( 0, +1) | south-east           | south (down)       |
 * | 2 | (−1, +1) | south-west           | south-west         |
 * | 3 | (−1,  0) | west (left)          | north-west         |
 * | 4 | ( 0, −1) | north-west           | north (up)         |
 * | 5 | (+1, −1) | north-east           | north-east         |
 *
 * Corner `k` of a hex (see `hexCorners`) sits between directions `k − 1` and `k`, so the hex
 * edge from corner `d` to corner `d + 1` is the one shared with the neighbour in direction `d`.
 */
export const DIRECTIONS: readonly Hex[] = [hex(1, 0), hex(0, 1), hex(-1, 1), hex(-1, 0), hex(0, -1), hex(1, -1)];

/** Maps any integer to a direction 0–5 (so −1 → 5, 7 → 1); throws `RangeError` otherwise. */
export function normalizeDirection(d: number): number {
  if (!Number.isInteger(d)) throw new RangeError(`direction must be an integer, got ${d}`);
  return (((d % 6) + 6) % 6) + 0;
}

/** The offset of direction `d` (any integer, taken mod 6). */
export function hexDirection(d: number): Hex {
  return DIRECTIONS[normalizeDirection(d)] as Hex;
}

export function hexNeighbor(h: Hex, d: number): Hex {
  return hexAdd(h, hexDirection(d));
}

/** The six neighbours of `h`, in direction order 0–5. */
export function hexNeighbors(h: Hex): Hex[] {
  return DIRECTIONS.map((dir) => hexAdd(h, dir));
}

/** The direction 0–5 that leads from `from` to the adjacent hex `to`, or `null` if not adjacent. */
export function directionTo(from: Hex, to: Hex): number | null {
  const diff = hexSubtract(to, from);
  const index = DIRECTIONS.findIndex((dir) => dir.q === diff.q && dir.r === diff.r);
  return index === -1 ? null : index;
}

/**
 * Rotates `h` about `center` (default the origin) by `steps` × 60°, clockwise on screen for
 * positive steps (so direction `d` turns into direction `d + steps`). In cube terms one step
 * maps (q, r, s) to (−r, −s, −q).
 */
export function hexRotate(h: Hex, steps: number, center: Hex = ORIGIN): Hex {
  const n = normalizeDirection(steps);
  let q = h.q - center.q;
  let r = h.r - center.r;
  for (let i = 0; i < n; i++) {
    const s = -q - r;
    const nq = -r;
    const nr = -s;
    q = nq;
    r = nr;
  }
  return hex(q + center.q, r + center.r);
}
