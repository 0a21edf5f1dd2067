// Megahexes: RULINGS G2 (a centre hex and its 6 neighbours), RULINGS A2 (counting on the tiling).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hex,
  hexAdd,
  hexDistance,
  hexEquals,
  hexKey,
  hexNeighbor,
  hexNeighbors,
  hexRing,
  hexSubtract,
  MEGAHEX_BASIS,
  megahexCenter,
  megahexCoords,
  megahexDistance,
  megahexHexes,
  megahexOf,
} from '../../../src/shared/hex';
import type { Hex } from '../../../src/shared/hex';
import { arbDirection, arbHex, coord, keys } from './arbitraries';

const [U, V] = MEGAHEX_BASIS;
const lattice = (i: number, j: number): Hex => hex(2 * i - j, i + 3 * j); // i·(2,1) + j·(−1,3)

describe('the megahex lattice', () => {
  it('is spanned by (2, 1) and (−1, 3)', () => {
    expect(U).toEqual(hex(2, 1));
    expect(V).toEqual(hex(-1, 3));
  });

  it('every hex is within one step of exactly one lattice point (brute force)', () => {
    for (let q = -12; q <= 12; q++) {
      for (let r = -12; r <= 12; r++) {
        const h = hex(q, r);
        const near: Hex[] = [];
        for (let i = -12; i <= 12; i++) {
          for (let j = -12; j <= 12; j++) {
            const c = lattice(i, j);
            if (hexDistance(c, h) <= 1) near.push(c);
          }
        }
        expect(near, hexKey(h)).toHaveLength(1);
        expect(megahexOf(h)).toEqual(near[0]);
      }
    }
  });

  it('puts no centre within 2 hexes of another, and exactly 6 at distance 3: ±U, ±V, ±(U − V)', () => {
    const isCentre = (h: Hex): boolean => hexEquals(megahexOf(h), h);
    fc.assert(
      fc.property(coord(300), coord(300), (i, j) => {
        const c = lattice(i, j);
        expect(hexNeighbors(c).filter(isCentre)).toEqual([]);
        expect(hexRing(c, 2).filter(isCentre)).toEqual([]);
        const third = hexRing(c, 3).filter(isCentre);
        const expected = [U, V, hexSubtract(U, V)].flatMap((b) => [hexAdd(c, b), hexSubtract(c, b)]);
        expect(keys(third)).toEqual(keys(expected));
        for (const n of third) expect(megahexDistance(c, n)).toBe(1);
      }),
      { numRuns: 50 },
    );
  });
});

describe('megahexOf', () => {
  it('examples', () => {
    expect(megahexOf(hex(0, 0))).toEqual(hex(0, 0));
    expect(megahexOf(hex(1, 0))).toEqual(hex(0, 0));
    expect(megahexOf(hex(2, 0))).toEqual(hex(2, 1));
    expect(megahexOf(hex(-1, -1))).toEqual(hex(-2, -1)); // −U, and (−1,−1) is its eastern neighbour
    expect(megahexOf(hex(7, 0))).toEqual(hex(7, 0)); // 3U − V = 3·(2,1) − (−1,3)
  });

  it('puts every hex in the flower of its centre, and is idempotent', () => {
    fc.assert(
      fc.property(arbHex(100_000), (h) => {
        const c = megahexOf(h);
        expect(hexDistance(c, h)).toBeLessThanOrEqual(1);
        expect(megahexHexes(c).some((x) => hexEquals(x, h))).toBe(true);
        expect(megahexOf(c)).toEqual(c);
      }),
    );
  });

  it("maps all 7 hexes of a centre's flower to that centre", () => {
    fc.assert(
      fc.property(coord(5000), coord(5000), (i, j) => {
        const c = lattice(i, j);
        for (const h of megahexHexes(c)) expect(megahexOf(h)).toEqual(c);
      }),
    );
  });

  it('shifts with the tiling anchor', () => {
    fc.assert(
      fc.property(arbHex(), arbHex(), (h, anchor) => {
        expect(megahexOf(h, anchor)).toEqual(hexAdd(megahexOf(hexSubtract(h, anchor)), anchor));
        expect(megahexOf(anchor, anchor)).toEqual(anchor);
      }),
    );
  });
});

describe('megahexCoords and megahexCenter', () => {
  it('are inverse', () => {
    expect(megahexCoords(hex(2, 1))).toEqual(hex(1, 0));
    expect(megahexCoords(hex(-1, 3))).toEqual(hex(0, 1));
    expect(megahexCoords(hex(3, -2))).toEqual(hex(1, -1));
    fc.assert(
      fc.property(arbHex(), arbHex(50), (h, anchor) => {
        expect(megahexCenter(megahexCoords(h, anchor), anchor)).toEqual(megahexOf(h, anchor));
      }),
    );
  });
});

describe('megahexDistance', () => {
  it('examples', () => {
    expect(megahexDistance(hex(0, 0), hex(1, 0))).toBe(0); // same megahex
    expect(megahexDistance(hex(1, 0), hex(2, 0))).toBe(1); // adjacent hexes across a megahex edge
    expect(megahexDistance(hex(0, 0), hex(2, 1))).toBe(1);
    expect(megahexDistance(hex(0, 0), hex(1, 4))).toBe(2); // U + V: hex distance 5, two megahex steps
    expect(megahexDistance(hex(0, 0), hex(6, 3))).toBe(3); // 3U
  });

  it('counts steps between megahexes that share an edge (breadth-first on the tiling)', () => {
    // Graph: megahexes are nodes; two are linked when a hex of one borders a hex of the other.
    const steps = new Map<string, number>([[hexKey(hex(0, 0)), 0]]);
    let frontier: Hex[] = [hex(0, 0)];
    for (let n = 1; n <= 6; n++) {
      const next: Hex[] = [];
      for (const c of frontier) {
        for (const h of megahexHexes(c)) {
          for (const nb of hexNeighbors(h)) {
            const other = megahexOf(nb);
            if (!steps.has(hexKey(other))) {
              steps.set(hexKey(other), n);
              next.push(other);
            }
          }
        }
      }
      frontier = next;
    }
    expect(steps.size).toBe(1 + 3 * 6 * 7); // the megahexes form a hex grid themselves
    for (const [key, n] of steps) {
      const [q, r] = key.split(',').map(Number) as [number, number];
      const c = hex(q, r);
      expect(megahexDistance(hex(0, 0), c), key).toBe(n);
      // Any hex of either megahex gives the same count.
      expect(megahexDistance(hexNeighbor(hex(0, 0), 2), hexNeighbor(c, 5)), key).toBe(n);
    }
  });

  it('is a metric on megahexes', () => {
    fc.assert(
      fc.property(arbHex(), arbHex(), arbHex(), (a, b, c) => {
        expect(megahexDistance(a, a)).toBe(0);
        expect(megahexDistance(a, b) === 0).toBe(hexEquals(megahexOf(a), megahexOf(b)));
        expect(megahexDistance(a, b)).toBe(megahexDistance(b, a));
        expect(megahexDistance(a, c)).toBeLessThanOrEqual(megahexDistance(a, b) + megahexDistance(b, c));
      }),
    );
  });

  it('changes by at most 1 per hex step', () => {
    fc.assert(
      fc.property(arbHex(), arbHex(), arbDirection, (a, b, d) => {
        expect(Math.abs(megahexDistance(a, b) - megahexDistance(hexNeighbor(a, d), b))).toBeLessThanOrEqual(1);
      }),
    );
  });
});
