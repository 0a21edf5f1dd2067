import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hex, hexAdd, hexDistance, hexEquals, hexKey, hexLength, hexNeighbors, hexS, hexScale, hexSubtract, parseHexKey } from '../../../src/shared/hex';
import type { Hex } from '../../../src/shared/hex';
import { arbHex, coord } from './arbitraries';

describe('hex keys', () => {
  it('writes "q,r"', () => {
    expect(hexKey(hex(3, -2))).toBe('3,-2');
    expect(hexKey(hex(0, 0))).toBe('0,0');
  });

  it('never writes a negative zero', () => {
    expect(hexKey(hex(-0, -0))).toBe('0,0');
    expect(Object.is(hex(-0, 0).q, 0)).toBe(true);
    expect(Object.is(hexScale(hex(0, 1), -1).q, 0)).toBe(true);
  });

  it('parses what it writes', () => {
    fc.assert(
      fc.property(arbHex(), (h) => {
        expect(parseHexKey(hexKey(h))).toEqual(h);
      }),
    );
  });

  it('rejects anything that is not two integers', () => {
    for (const bad of ['', '3', '3,', ',3', '3,2,1', 'a,b', '1.5,2', ' 1,2', '1, 2', '1e3,2', '--1,2']) {
      expect(parseHexKey(bad), bad).toBeNull();
    }
    expect(parseHexKey('99999999999999999999,0')).toBeNull();
  });
});

describe('hex arithmetic', () => {
  it('keeps q + r + s = 0', () => {
    fc.assert(
      fc.property(arbHex(), (h) => {
        expect(h.q + h.r + hexS(h)).toBe(0);
      }),
    );
  });

  it('adds and subtracts componentwise', () => {
    expect(hexAdd(hex(1, -2), hex(3, 5))).toEqual(hex(4, 3));
    expect(hexSubtract(hex(1, -2), hex(3, 5))).toEqual(hex(-2, -7));
    expect(hexScale(hex(2, -1), 3)).toEqual(hex(6, -3));
    fc.assert(
      fc.property(arbHex(), arbHex(), (a, b) => {
        expect(hexSubtract(hexAdd(a, b), b)).toEqual(a);
      }),
    );
  });

  it('compares by value', () => {
    expect(hexEquals(hex(1, 2), { q: 1, r: 2 })).toBe(true);
    expect(hexEquals(hex(1, 2), hex(2, 1))).toBe(false);
  });
});

describe('hexDistance', () => {
  it('counts steps in examples', () => {
    expect(hexDistance(hex(0, 0), hex(3, 0))).toBe(3);
    expect(hexDistance(hex(0, 0), hex(3, -2))).toBe(3);
    expect(hexDistance(hex(0, 0), hex(2, 1))).toBe(3);
    expect(hexDistance(hex(0, 0), hex(1, 4))).toBe(5);
    expect(hexDistance(hex(-2, 5), hex(4, -1))).toBe(6);
  });

  it('matches a breadth-first count of neighbour steps', () => {
    const steps = new Map<string, number>([['0,0', 0]]);
    let frontier: Hex[] = [hex(0, 0)];
    for (let n = 1; n <= 8; n++) {
      const next: Hex[] = [];
      for (const h of frontier) {
        for (const nb of hexNeighbors(h)) {
          if (!steps.has(hexKey(nb))) {
            steps.set(hexKey(nb), n);
            next.push(nb);
          }
        }
      }
      frontier = next;
    }
    expect(steps.size).toBe(1 + 3 * 8 * 9);
    for (const [key, n] of steps) {
      const h = parseHexKey(key);
      if (h === null) throw new Error(key);
      expect(hexDistance(hex(0, 0), h), key).toBe(n);
    }
  });

  it('is a metric', () => {
    fc.assert(
      fc.property(arbHex(), arbHex(), arbHex(), (a, b, c) => {
        expect(hexDistance(a, a)).toBe(0);
        expect(hexDistance(a, b) === 0).toBe(hexEquals(a, b));
        expect(hexDistance(a, b)).toBe(hexDistance(b, a));
        expect(hexDistance(a, c)).toBeLessThanOrEqual(hexDistance(a, b) + hexDistance(b, c));
        expect(Number.isInteger(hexDistance(a, b))).toBe(true);
      }),
    );
  });

  it('is translation invariant and scales with hexScale', () => {
    fc.assert(
      fc.property(arbHex(), arbHex(), arbHex(100), coord(10), (a, b, h, k) => {
        expect(hexDistance(hexAdd(a, h), hexAdd(b, h))).toBe(hexDistance(a, b));
        expect(hexLength(hexScale(h, k))).toBe(Math.abs(k) * hexLength(h));
      }),
    );
  });
});
