import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hex, hexDistance, hexLine, hexNeighbors, hexRound, hexToPixel } from '../../../src/shared/hex';
import type { Hex } from '../../../src/shared/hex';
import { arbHex, POINTY } from './arbitraries';

describe('hexLine', () => {
  it('draws straight runs and single hexes', () => {
    expect(hexLine(hex(0, 0), hex(3, 0))).toEqual([hex(0, 0), hex(1, 0), hex(2, 0), hex(3, 0)]);
    expect(hexLine(hex(1, 1), hex(1, -2))).toEqual([hex(1, 1), hex(1, 0), hex(1, -1), hex(1, -2)]);
    expect(hexLine(hex(4, 4), hex(4, 4))).toEqual([hex(4, 4)]);
  });

  it('falls to one side along an edge, and the other side with side = -1', () => {
    // (0,0) → (2,−1) runs exactly along the edge between (1,0) and (1,−1).
    const one = hexLine(hex(0, 0), hex(2, -1), 1)[1];
    const other = hexLine(hex(0, 0), hex(2, -1), -1)[1];
    expect([one, other]).toEqual([hex(1, 0), hex(1, -1)]);
  });

  it('has distance + 1 hexes from a to b, each adjacent to the next and one step further from a', () => {
    fc.assert(
      fc.property(arbHex(300), arbHex(300), fc.constantFrom<1 | -1>(1, -1), (a, b, side) => {
        const line = hexLine(a, b, side);
        const n = hexDistance(a, b);
        expect(line).toHaveLength(n + 1);
        expect(line[0]).toEqual(a);
        expect(line[n]).toEqual(b);
        line.forEach((h, i) => {
          expect(hexDistance(a, h)).toBe(i);
          if (i > 0) expect(hexDistance(line[i - 1]!, h)).toBe(1);
        });
      }),
    );
  });

  it('is the same line read backwards', () => {
    fc.assert(
      fc.property(arbHex(300), arbHex(300), (a, b) => {
        expect(hexLine(b, a)).toEqual(hexLine(a, b).reverse());
      }),
    );
  });

  it('stays within half a hex of the true straight line', () => {
    // Every hex's centre is within one circumradius (size) of the exact point at the same fraction.
    fc.assert(
      fc.property(arbHex(60), arbHex(60), (a, b) => {
        const line = hexLine(a, b);
        const pa = hexToPixel(POINTY, a);
        const pb = hexToPixel(POINTY, b);
        const n = line.length - 1;
        line.forEach((h, i) => {
          const t = n === 0 ? 0 : i / n;
          const p = hexToPixel(POINTY, h);
          const dist = Math.hypot(p.x - (pa.x + (pb.x - pa.x) * t), p.y - (pa.y + (pb.y - pa.y) * t));
          expect(dist).toBeLessThanOrEqual(POINTY.size + 1e-6);
        });
      }),
    );
  });
});

describe('hexRound', () => {
  it('rounds a fractional cube point to the hex whose centre is nearest', () => {
    const frac = fc.double({ min: -200, max: 200, noNaN: true });
    fc.assert(
      fc.property(frac, frac, (q, r) => {
        const h = hexRound({ q, r, s: -q - r });
        expect(h.q + h.r + (-h.q - h.r)).toBe(0);
        const point = hexToPixel(POINTY, { q, r } as Hex);
        const d = (x: Hex): number => {
          const p = hexToPixel(POINTY, x);
          return Math.hypot(p.x - point.x, p.y - point.y);
        };
        for (const nb of hexNeighbors(h)) expect(d(h)).toBeLessThanOrEqual(d(nb) + 1e-9);
      }),
    );
  });

  it('handles points near a centre and exact centres', () => {
    expect(hexRound({ q: 2.1, r: -0.9, s: -1.2 })).toEqual(hex(2, -1));
    expect(hexRound({ q: -3, r: 1, s: 2 })).toEqual(hex(-3, 1));
    expect(Object.is(hexRound({ q: -0.2, r: 0.1, s: 0.1 }).q, 0)).toBe(true);
  });
});
