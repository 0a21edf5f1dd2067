import { hexAdd, hexScale } from './axial';
import type { Hex } from './axial';
import { DIRECTIONS, hexDirection } from './directions';

function checkRadius(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number ≥ 0, got ${n}`);
}

/**
 * The hexes exactly `n` steps from `center`: `6n` of them for `n ≥ 1`, `[center]` for `n = 0`.
 * The ring starts `n` steps from the centre in direction 4 and walks clockwise.
 */
export function hexRing(center: Hex, n: number): Hex[] {
  checkRadius(n, 'ring radius');
  if (n === 0) return [center];
  const out: Hex[] = [];
  let h = hexAdd(center, hexScale(hexDirection(4), n));
  for (const dir of DIRECTIONS) {
    for (let j = 0; j < n; j++) {
      out.push(h);
      h = hexAdd(h, dir);
    }
  }
  return out;
}

/** All hexes within `radius` steps of `center`, ring by ring from the centre: `1 + 3r(r + 1)`. */
export function hexSpiral(center: Hex, radius: number): Hex[] {
  checkRadius(radius, 'spiral radius');
  const out: Hex[] = [center];
  for (let n = 1; n <= radius; n++) out.push(...hexRing(center, n));
  return out;
}
