/** Shared fast-check generators for hex tests (not a test file itself). */
import fc from 'fast-check';
import { hex } from '../../../src/shared/hex';
import type { Hex, HexLayout } from '../../../src/shared/hex';

export const coord = (limit = 1000): fc.Arbitrary<number> => fc.integer({ min: -limit, max: limit });

export const arbHex = (limit = 1000): fc.Arbitrary<Hex> => fc.tuple(coord(limit), coord(limit)).map(([q, r]) => hex(q, r));

export const arbDirection: fc.Arbitrary<number> = fc.integer({ min: 0, max: 5 });

export const arbLayout: fc.Arbitrary<HexLayout> = fc.record({
  orientation: fc.constantFrom<'flat' | 'pointy'>('flat', 'pointy'),
  size: fc.double({ min: 2, max: 200, noNaN: true }),
  origin: fc.record({
    x: fc.double({ min: -5000, max: 5000, noNaN: true }),
    y: fc.double({ min: -5000, max: 5000, noNaN: true }),
  }),
});

export const POINTY: HexLayout = { orientation: 'pointy', size: 10, origin: { x: 0, y: 0 } };
export const FLAT: HexLayout = { orientation: 'flat', size: 10, origin: { x: 0, y: 0 } };

/** Screen angle in degrees, 0 = right, growing clockwise on screen (y grows downwards), in (−180, 180]. */
export function screenAngle(dx: number, dy: number): number {
  return (Math.atan2(dy, dx) * 180) / Math.PI;
}

/** Difference of two angles in degrees, folded into (−180, 180]. */
export function angleDiff(a: number, b: number): number {
  let d = (a - b) % 360;
  if (d <= -180) d += 360;
  if (d > 180) d -= 360;
  return d;
}

export function keys(hexes: readonly Hex[]): string[] {
  return hexes.map((h) => `${h.q},${h.r}`).sort();
}
