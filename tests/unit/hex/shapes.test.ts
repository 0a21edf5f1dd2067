import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hex, hexDistance, hexKey, hexRing, hexSpiral } from '../../../src/shared/hex';
import { arbHex, keys } from './arbitraries';

const radius = fc.integer({ min: 0, max: 12 });

describe('hexRing', () => {
  it('ring 0 is the centre, ring 1 the neighbours starting at direction 4, clockwise', () => {
    expect(hexRing(hex(2, -1), 0)).toEqual([hex(2, -1)]);
    expect(hexRing(hex(0, 0), 1)).toEqual([hex(0, -1), hex(1, -1), hex(1, 0), hex(0, 1), hex(-1, 1), hex(-1, 0)]);
  });

  it('has 6n distinct hexes, all at distance n, each adjacent to the next', () => {
    fc.assert(
      fc.property(arbHex(), fc.integer({ min: 1, max: 12 }), (c, n) => {
        const ring = hexRing(c, n);
        expect(ring).toHaveLength(6 * n);
        expect(new Set(ring.map(hexKey)).size).toBe(6 * n);
        ring.forEach((h, i) => {
          expect(hexDistance(h, c)).toBe(n);
          expect(hexDistance(h, ring[(i + 1) % ring.length]!)).toBe(1);
        });
      }),
    );
  });

  it('rejects a negative or fractional radius', () => {
    expect(() => hexRing(hex(0, 0), -1)).toThrow(RangeError);
    expect(() => hexRing(hex(0, 0), 1.5)).toThrow(RangeError);
    expect(() => hexSpiral(hex(0, 0), -2)).toThrow(RangeError);
  });
});

describe('hexSpiral', () => {
  it('has 1 + 3r(r + 1) hexes: exactly those within r, centre first, ring by ring', () => {
    fc.assert(
      fc.property(arbHex(), radius, (c, r) => {
        const spiral = hexSpiral(c, r);
        expect(spiral).toHaveLength(1 + 3 * r * (r + 1));
        expect(spiral[0]).toEqual(c);
        const dists = spiral.map((h) => hexDistance(h, c));
        expect(dists).toEqual([...dists].sort((a, b) => a - b));
        const brute = [];
        for (let q = -r; q <= r; q++) {
          for (let s = -r; s <= r; s++) {
            const h = hex(c.q + q, c.r + s);
            if (hexDistance(h, c) <= r) brute.push(h);
          }
        }
        expect(keys(spiral)).toEqual(keys(brute));
      }),
      { numRuns: 50 },
    );
  });
});
