import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  directionTo,
  hex,
  hexAdd,
  hexDistance,
  hexNeighbor,
  hexNeighbors,
  hexRotate,
  hexToPixel,
  normalizeDirection,
} from '../../../src/shared/hex';
import { angleDiff, arbDirection, arbHex, coord, FLAT, keys, POINTY, screenAngle } from './arbitraries';

describe('DIRECTIONS', () => {
  it('are six distinct neighbours', () => {
    expect(DIRECTIONS).toHaveLength(6);
    expect(new Set(keys(DIRECTIONS)).size).toBe(6);
    for (const d of DIRECTIONS) expect(hexDistance(hex(0, 0), d)).toBe(1);
  });

  it('direction 0 is east on a pointy map and south-east on a flat map', () => {
    const o = hex(0, 0);
    const p = hexToPixel(POINTY, hexNeighbor(o, 0));
    expect(screenAngle(p.x, p.y)).toBeCloseTo(0, 9);
    const f = hexToPixel(FLAT, hexNeighbor(o, 0));
    expect(screenAngle(f.x, f.y)).toBeCloseTo(30, 9); // 30° below the x axis on screen
  });

  it('direction d + 1 is 60° clockwise on screen from d, in both layouts', () => {
    for (const layout of [POINTY, FLAT]) {
      for (let d = 0; d < 6; d++) {
        const a = hexToPixel(layout, hexNeighbor(hex(0, 0), d));
        const b = hexToPixel(layout, hexNeighbor(hex(0, 0), d + 1));
        expect(angleDiff(screenAngle(b.x, b.y), screenAngle(a.x, a.y)), `${layout.orientation} ${d}`).toBeCloseTo(60, 9);
      }
    }
  });

  it('takes any integer direction mod 6', () => {
    expect(normalizeDirection(-1)).toBe(5);
    expect(normalizeDirection(7)).toBe(1);
    expect(Object.is(normalizeDirection(-6), 0)).toBe(true);
    expect(hexNeighbor(hex(2, 2), -1)).toEqual(hexNeighbor(hex(2, 2), 5));
    expect(hexNeighbor(hex(2, 2), 6)).toEqual(hex(3, 2));
    expect(() => normalizeDirection(1.5)).toThrow(RangeError);
    expect(() => normalizeDirection(Number.NaN)).toThrow(RangeError);
  });
});

describe('neighbours and directionTo', () => {
  it('lists neighbours in direction order', () => {
    expect(hexNeighbors(hex(0, 0))).toEqual([hex(1, 0), hex(0, 1), hex(-1, 1), hex(-1, 0), hex(0, -1), hex(1, -1)]);
  });

  it('finds the direction of each neighbour and null otherwise', () => {
    fc.assert(
      fc.property(arbHex(), arbDirection, arbHex(), (h, d, other) => {
        expect(directionTo(h, hexNeighbor(h, d))).toBe(d);
        expect(directionTo(hexNeighbor(h, d), h)).toBe((d + 3) % 6);
        if (hexDistance(h, other) !== 1) expect(directionTo(h, other)).toBeNull();
      }),
    );
    expect(directionTo(hex(0, 0), hex(0, 0))).toBeNull();
    expect(directionTo(hex(0, 0), hex(2, 0))).toBeNull();
  });
});

describe('hexRotate', () => {
  it('turns direction d into direction d + steps', () => {
    for (let d = 0; d < 6; d++) {
      for (let k = -7; k <= 7; k++) expect(hexRotate(DIRECTIONS[d]!, k)).toEqual(DIRECTIONS[(((d + k) % 6) + 6) % 6]);
    }
  });

  it('turns about a given centre', () => {
    expect(hexRotate(hex(3, 2), 1, hex(2, 2))).toEqual(hex(2, 3));
    expect(hexRotate(hex(3, 2), 3, hex(2, 2))).toEqual(hex(1, 2));
  });

  it('turns pixel positions by 60° clockwise per step on screen', () => {
    fc.assert(
      fc.property(
        arbHex(50).filter((h) => h.q !== 0 || h.r !== 0),
        coord(12),
        (h, k) => {
          for (const layout of [POINTY, FLAT]) {
            const a = hexToPixel(layout, h);
            const b = hexToPixel(layout, hexRotate(h, k));
            expect(Math.hypot(b.x, b.y)).toBeCloseTo(Math.hypot(a.x, a.y), 6);
            const expected = angleDiff(60 * k, 0);
            const turned = angleDiff(screenAngle(b.x, b.y), screenAngle(a.x, a.y));
            expect(Math.abs(angleDiff(turned, expected))).toBeLessThan(1e-6);
          }
        },
      ),
    );
  });

  it('composes, has period 6 and keeps distances to the centre', () => {
    fc.assert(
      fc.property(arbHex(), arbHex(), coord(20), coord(20), (h, c, a, b) => {
        expect(hexRotate(hexRotate(h, a, c), b, c)).toEqual(hexRotate(h, a + b, c));
        expect(hexRotate(h, 6, c)).toEqual(h);
        expect(hexDistance(hexRotate(h, a, c), c)).toBe(hexDistance(h, c));
        expect(hexRotate(hexAdd(c, hex(0, 0)), a, c)).toEqual(c);
      }),
    );
  });
});
