import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hex, hexCorners, hexOutline, hexRing, hexSpiral, hexToPixel, megahexHexes, megahexOutline } from '../../../src/shared/hex';
import type { Hex, HexLayout, Point } from '../../../src/shared/hex';
import { arbHex, arbLayout, FLAT, POINTY } from './arbitraries';

const HEX_AREA = (size: number): number => ((3 * Math.sqrt(3)) / 2) * size * size;

/** Shoelace sum on raw screen coordinates: positive for a loop that runs clockwise on screen (y down). */
function signedArea(loop: readonly Point[]): number {
  let sum = 0;
  loop.forEach((p, i) => {
    const n = loop[(i + 1) % loop.length]!;
    sum += p.x * n.y - n.x * p.y;
  });
  return sum / 2;
}

function edgesAreSides(layout: HexLayout, loop: readonly Point[]): void {
  loop.forEach((p, i) => {
    const n = loop[(i + 1) % loop.length]!;
    expect(Math.hypot(n.x - p.x, n.y - p.y) / layout.size).toBeCloseTo(1, 6);
  });
}

/** How many of `hexes` have their centre at the inradius from point `p` (edge midpoints touch 2 hexes). */
function touching(layout: HexLayout, hexes: readonly Hex[], p: Point): number {
  return hexes.filter((h) => {
    const c = hexToPixel(layout, h);
    return Math.abs(Math.hypot(c.x - p.x, c.y - p.y) - (layout.size * Math.sqrt(3)) / 2) < 1e-6 * layout.size;
  }).length;
}

describe('megahexOutline', () => {
  it('is 18 distinct corners, clockwise, enclosing exactly the 7 hexes of the flower', () => {
    for (const layout of [POINTY, FLAT]) {
      const outline = megahexOutline(layout, hex(3, -1));
      expect(outline).toHaveLength(18);
      expect(new Set(outline.map((p) => `${p.x.toFixed(6)},${p.y.toFixed(6)}`)).size).toBe(18);
      edgesAreSides(layout, outline);
      expect(signedArea(outline)).toBeCloseTo(7 * HEX_AREA(layout.size), 6);
      // Every edge is on the rim: its midpoint touches exactly one hex of the flower.
      const flower = megahexHexes(hex(3, -1));
      outline.forEach((p, i) => {
        const n = outline[(i + 1) % outline.length]!;
        expect(touching(layout, flower, { x: (p.x + n.x) / 2, y: (p.y + n.y) / 2 })).toBe(1);
      });
    }
  });

  it('works for any layout and centre', () => {
    fc.assert(
      fc.property(arbLayout, arbHex(), (layout, c) => {
        const outline = megahexOutline(layout, c);
        expect(outline).toHaveLength(18);
        expect(signedArea(outline) / HEX_AREA(layout.size)).toBeCloseTo(7, 6);
      }),
      { numRuns: 50 },
    );
  });
});

describe('hexOutline', () => {
  it('of one hex is its 6 corners in order', () => {
    const [loop] = hexOutline(POINTY, [hex(1, 1)]);
    expect(loop).toEqual(hexCorners(POINTY, hex(1, 1)));
  });

  it('of a big hexagon is one clockwise loop of 6(2r + 1) corners', () => {
    fc.assert(
      fc.property(arbLayout, arbHex(), fc.integer({ min: 0, max: 6 }), (layout, c, r) => {
        const loops = hexOutline(layout, hexSpiral(c, r));
        expect(loops).toHaveLength(1);
        expect(loops[0]).toHaveLength(6 * (2 * r + 1));
        edgesAreSides(layout, loops[0]!);
        expect(signedArea(loops[0]!) / HEX_AREA(layout.size)).toBeCloseTo(1 + 3 * r * (r + 1), 6);
      }),
      { numRuns: 40 },
    );
  });

  it('of a ring gives an outer loop and a counter-clockwise hole', () => {
    const loops = hexOutline(FLAT, hexRing(hex(0, 0), 1));
    expect(loops.map((l) => l.length).sort((a, b) => a - b)).toEqual([6, 18]);
    const areas = loops.map(signedArea).sort((a, b) => a - b);
    expect(areas[0]! / HEX_AREA(10)).toBeCloseTo(-1, 6);
    expect(areas[1]! / HEX_AREA(10)).toBeCloseTo(7, 6);
  });

  it('of two separate hexes gives two loops, and ignores duplicates', () => {
    expect(hexOutline(POINTY, [hex(0, 0), hex(5, 0), hex(0, 0)]).map((l) => l.length)).toEqual([6, 6]);
    expect(hexOutline(POINTY, [])).toEqual([]);
  });
});
