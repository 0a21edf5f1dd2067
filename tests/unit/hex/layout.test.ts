import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hex, hexCorner, hexCorners, hexNeighbor, hexToPixel, pixelToHex } from '../../../src/shared/hex';
import type { Point } from '../../../src/shared/hex';
import { arbDirection, arbHex, arbLayout, FLAT, POINTY } from './arbitraries';

const SQRT3 = Math.sqrt(3);
const close = (a: Point, b: Point, digits = 9): void => {
  expect(a.x).toBeCloseTo(b.x, digits);
  expect(a.y).toBeCloseTo(b.y, digits);
};

describe('hexToPixel', () => {
  it('places pointy-top hexes in rows', () => {
    close(hexToPixel(POINTY, hex(1, 0)), { x: 10 * SQRT3, y: 0 });
    close(hexToPixel(POINTY, hex(0, 1)), { x: 5 * SQRT3, y: 15 });
    close(hexToPixel({ ...POINTY, origin: { x: 100, y: 50 } }, hex(0, 0)), { x: 100, y: 50 });
  });

  it('places flat-top hexes in columns', () => {
    close(hexToPixel(FLAT, hex(1, 0)), { x: 15, y: 5 * SQRT3 });
    close(hexToPixel(FLAT, hex(0, 1)), { x: 0, y: 10 * SQRT3 });
  });

  it('puts neighbours √3·size apart in both layouts', () => {
    fc.assert(
      fc.property(arbLayout, arbHex(), arbDirection, (layout, h, d) => {
        const a = hexToPixel(layout, h);
        const b = hexToPixel(layout, hexNeighbor(h, d));
        expect(Math.hypot(b.x - a.x, b.y - a.y) / layout.size).toBeCloseTo(SQRT3, 6);
      }),
    );
  });
});

describe('pixelToHex', () => {
  it('inverts hexToPixel in both layouts', () => {
    fc.assert(
      fc.property(arbLayout, arbHex(), (layout, h) => {
        expect(pixelToHex(layout, hexToPixel(layout, h))).toEqual(h);
      }),
    );
  });

  it('finds the hex for any point inside its inscribed circle', () => {
    fc.assert(
      fc.property(
        arbLayout,
        arbHex(),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (layout, h, f, angle) => {
          const c = hexToPixel(layout, h);
          const rho = f * layout.size * (SQRT3 / 2);
          expect(pixelToHex(layout, { x: c.x + rho * Math.cos(angle), y: c.y + rho * Math.sin(angle) })).toEqual(h);
        },
      ),
    );
  });

  it('finds the neighbour just past an edge', () => {
    // Pointy: the point 0.6·√3·size east of the centre is inside the eastern neighbour.
    expect(pixelToHex(POINTY, { x: 0.6 * SQRT3 * 10, y: 0 })).toEqual(hex(1, 0));
    expect(pixelToHex(FLAT, { x: 0, y: 0.6 * SQRT3 * 10 })).toEqual(hex(0, 1));
  });
});

describe('hexCorners', () => {
  it('gives 6 corners at the size from the centre, pointy starting at −30°, flat at 0°', () => {
    const p = hexCorners(POINTY, hex(0, 0));
    expect(p).toHaveLength(6);
    close(p[0]!, { x: 5 * SQRT3, y: -5 });
    close(p[2]!, { x: 0, y: 10 }); // bottom point of a pointy hex
    const f = hexCorners(FLAT, hex(0, 0));
    close(f[0]!, { x: 10, y: 0 });
    close(f[1]!, { x: 5, y: 5 * SQRT3 });
  });

  it('edge from corner d to d + 1 is the one shared with the neighbour in direction d', () => {
    fc.assert(
      fc.property(arbLayout, arbHex(200), arbDirection, (layout, h, d) => {
        const a = hexCorner(layout, h, d);
        const b = hexCorner(layout, h, d + 1);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        const c1 = hexToPixel(layout, h);
        const c2 = hexToPixel(layout, hexNeighbor(h, d));
        close(mid, { x: (c1.x + c2.x) / 2, y: (c1.y + c2.y) / 2 }, 6);
        // The neighbour sees the same corners as its corners d + 4 and d + 3.
        close(a, hexCorner(layout, hexNeighbor(h, d), d + 4), 6);
        close(b, hexCorner(layout, hexNeighbor(h, d), d + 3), 6);
        expect(hexCorners(layout, h)[d]).toEqual(a);
      }),
    );
  });
});
