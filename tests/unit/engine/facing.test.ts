// Facing zones: 001 §Facing (front/side/rear hexes; prone or crawling: all rear), DESIGN §The engine
// ((dir − facing) mod 6: 0, ±1 front; ±2 side; 3 rear). Multi-hex figures: 001 §Engagement names
// them; their footprint and tie rule are the console's choice, documented in facing.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjacentZones, footprint, frontHexes, rearHexes, sideHexes, zoneOf, zoneOfDirection } from '../../../src/main/engine/facing';
import type { FacingFigure, FigureSize, Zone } from '../../../src/main/engine/facing';
import { hex, hexDistance, hexEquals, hexKey, hexNeighbor, hexNeighbors, hexRotate, hexToPixel } from '../../../src/shared/hex';
import type { Hex } from '../../../src/shared/hex';
import { angleDiff, arbDirection, arbHex, coord, keys, POINTY, screenAngle } from '../hex/arbitraries';

const arbSize = fc.constantFrom<FigureSize>(1, 3, 7);
const O = hex(0, 0);

describe('zoneOfDirection (001 §Facing)', () => {
  it('0 and ±1 are front, ±2 side, 3 rear', () => {
    const table: [number, Zone][] = [
      [0, 'front'],
      [1, 'front'],
      [-1, 'front'],
      [5, 'front'],
      [2, 'side'],
      [-2, 'side'],
      [4, 'side'],
      [3, 'rear'],
      [-3, 'rear'],
      [9, 'rear'],
    ];
    for (const [d, zone] of table) expect(zoneOfDirection(d), String(d)).toBe(zone);
  });
});

describe('zoneOf, one-hex figure (001 §Facing)', () => {
  const eastward: FacingFigure = { position: O, facing: 0 };

  it('sorts the six neighbours of a figure facing east on a pointy map', () => {
    expect(zoneOf(eastward, hex(1, 0))).toBe('front'); // east, the faced side
    expect(zoneOf(eastward, hex(1, -1))).toBe('front'); // north-east
    expect(zoneOf(eastward, hex(0, 1))).toBe('front'); // south-east
    expect(zoneOf(eastward, hex(-1, 1))).toBe('side'); // south-west
    expect(zoneOf(eastward, hex(0, -1))).toBe('side'); // north-west
    expect(zoneOf(eastward, hex(-1, 0))).toBe('rear'); // west
  });

  it('follows the facing', () => {
    const northWest: FacingFigure = { position: hex(4, 4), facing: 4 };
    expect(zoneOf(northWest, hex(4, 3))).toBe('front');
    expect(zoneOf(northWest, hex(4, 5))).toBe('rear');
    expect(zoneOf(northWest, hex(5, 4))).toBe('side');
    expect(zoneOf(northWest, hex(3, 4))).toBe('front');
  });

  it('uses the first step of the line for distant hexes', () => {
    expect(zoneOf(eastward, hex(6, 0))).toBe('front');
    expect(zoneOf(eastward, hex(-6, 0))).toBe('rear');
    expect(zoneOf(eastward, hex(-6, 6))).toBe('side'); // far to the south-west
    expect(zoneOf(eastward, hex(2, 3))).toBe('front'); // mostly south-east
  });

  it('gives a hex on a zone boundary to the better-protected zone', () => {
    // (−1, 2) lies exactly between the south-east (front) and south-west (side) neighbours.
    expect(zoneOf(eastward, hex(-1, 2))).toBe('front');
    expect(zoneOf(eastward, hex(-3, 6))).toBe('front'); // three times (−1, 2): still the boundary
    expect(zoneOf(eastward, hex(-3, 5))).toBe('side'); // just past it
    expect(zoneOf(eastward, hex(-2, 5))).toBe('front'); // just before it
    // (−2, 1) lies exactly between south-west (side) and west (rear).
    expect(zoneOf(eastward, hex(-2, 1))).toBe('side');
    expect(zoneOf(eastward, hex(-4, 2))).toBe('side');
  });

  it('agrees with the angle from the defender: front within 90° of the facing, side to 150°, rear beyond', () => {
    // An oracle that never draws a hex line: the pixel angle on a pointy map, where direction d is at 60d°.
    fc.assert(
      fc.property(arbHex(300), arbDirection, arbHex(300), (pos, facing, from) => {
        fc.pre(!hexEquals(pos, from));
        const a = hexToPixel(POINTY, pos);
        const b = hexToPixel(POINTY, from);
        const off = Math.abs(angleDiff(screenAngle(b.x - a.x, b.y - a.y), 60 * facing));
        const zone = zoneOf({ position: pos, facing }, from);
        if (Math.abs(off - 90) < 1e-9) expect(zone).toBe('front');
        else if (Math.abs(off - 150) < 1e-9) expect(zone).toBe('side');
        else expect(zone).toBe(off < 90 ? 'front' : off < 150 ? 'side' : 'rear');
      }),
      { numRuns: 500 },
    );
  });

  it('on every ray between two neighbours, takes the better-protected of their zones, however the board turns', () => {
    // pos + k·(D[d] + D[d + 1]) lies exactly between the neighbours in directions d and d + 1.
    fc.assert(
      fc.property(arbHex(200), arbDirection, arbDirection, fc.integer({ min: 1, max: 40 }), coord(12), (pos, facing, d, k, turn) => {
        const a = hexNeighbor(O, d);
        const b = hexNeighbor(O, d + 1);
        const from = hex(pos.q + k * (a.q + b.q), pos.r + k * (a.r + b.r));
        const za = zoneOfDirection(d - facing);
        const zb = zoneOfDirection(d + 1 - facing);
        const rank = { front: 0, side: 1, rear: 2 } as const;
        const expected = rank[za] <= rank[zb] ? za : zb;
        expect(zoneOf({ position: pos, facing }, from)).toBe(expected);
        const turned = { position: hexRotate(pos, turn), facing: facing + turn };
        expect(zoneOf(turned, hexRotate(from, turn))).toBe(expected);
      }),
    );
  });

  it('has 3 front, 2 side and 1 rear neighbour whatever the position and facing', () => {
    fc.assert(
      fc.property(arbHex(), coord(20), (pos, facing) => {
        const fig = { position: pos, facing };
        const zones = hexNeighbors(pos).map((n) => zoneOf(fig, n));
        expect(zones.filter((z) => z === 'front')).toHaveLength(3);
        expect(zones.filter((z) => z === 'side')).toHaveLength(2);
        expect(zones.filter((z) => z === 'rear')).toHaveLength(1);
        expect(frontHexes(fig)).toHaveLength(3);
        expect(sideHexes(fig)).toHaveLength(2);
        expect(rearHexes(fig)).toHaveLength(1);
        expect(rearHexes(fig)).toEqual([hexNeighbor(pos, facing + 3)]);
        expect(keys([...frontHexes(fig), ...sideHexes(fig), ...rearHexes(fig)])).toEqual(keys(hexNeighbors(pos)));
      }),
    );
  });

  it('makes every hex rear for a prone figure (001 §Facing: prone/crawling)', () => {
    fc.assert(
      fc.property(arbHex(200), arbDirection, arbHex(200), arbSize, (pos, facing, from, size) => {
        const fig = { position: pos, facing, prone: true, size };
        fc.pre(!footprint(pos, facing, size).some((h) => hexEquals(h, from)));
        expect(zoneOf(fig, from)).toBe('rear');
        expect(frontHexes(fig)).toEqual([]);
        expect(sideHexes(fig)).toEqual([]);
        expect(rearHexes(fig).length).toBe(adjacentZones(fig).size);
      }),
    );
    expect(zoneOf({ position: O, facing: 0, prone: false }, hex(1, 0))).toBe('front');
  });

  it("refuses the defender's own hex (hand-to-hand is its own rule)", () => {
    expect(() => zoneOf(eastward, O)).toThrow(RangeError);
    expect(() => zoneOf({ position: O, facing: 0, size: 7 }, hex(0, 1))).toThrow(RangeError);
  });
});

describe('zones are the same when the whole board turns', () => {
  it('for every size, adjacent and distant hexes', () => {
    fc.assert(
      fc.property(arbHex(200), arbDirection, arbHex(200), arbSize, coord(12), arbHex(200), (pos, facing, from, size, k, centre) => {
        fc.pre(!footprint(pos, facing, size).some((h) => hexEquals(h, from)));
        const turned = { position: hexRotate(pos, k, centre), facing: facing + k, size };
        expect(zoneOf(turned, hexRotate(from, k, centre))).toBe(zoneOf({ position: pos, facing, size }, from));
      }),
      { numRuns: 500 },
    );
  });

  it('for the adjacent hexes of multi-hex figures', () => {
    fc.assert(
      fc.property(arbHex(), arbDirection, arbSize, coord(12), (pos, facing, size, k) => {
        const base = { position: pos, facing, size };
        const turned = { position: hexRotate(pos, k, pos), facing: facing + k, size };
        for (const zoneFn of [frontHexes, sideHexes, rearHexes]) {
          expect(keys(zoneFn(turned))).toEqual(keys(zoneFn(base).map((h) => hexRotate(h, k, pos))));
        }
      }),
    );
  });
});

describe('footprint', () => {
  it('1 hex is the anchor; 7 hexes are the anchor and its neighbours for every facing', () => {
    expect(footprint(hex(2, 3), 4, 1)).toEqual([hex(2, 3)]);
    for (let f = 0; f < 6; f++) expect(keys(footprint(O, f, 7))).toEqual(keys([O, ...hexNeighbors(O)]));
  });

  it('3 hexes: the anchor in front, the hex behind it and the hex behind-left', () => {
    expect(footprint(O, 0, 3)).toEqual([O, hex(-1, 0), hex(0, -1)]); // facing east: west and north-west
    expect(footprint(O, 2, 3)).toEqual([O, hex(1, -1), hex(1, 0)]); // facing south-west: north-east and east
  });

  it('has the right size, is connected, and turns with the figure', () => {
    fc.assert(
      fc.property(arbHex(), coord(20), arbSize, coord(12), (anchor, facing, size, k) => {
        const fp = footprint(anchor, facing, size);
        expect(fp).toHaveLength(size);
        expect(new Set(fp.map(hexKey)).size).toBe(size);
        expect(fp[0]).toEqual(anchor);
        for (const h of fp) expect(hexDistance(h, anchor)).toBeLessThanOrEqual(1);
        if (size === 3) {
          // A triangle: every pair adjacent.
          expect(hexDistance(fp[1]!, fp[2]!)).toBe(1);
        }
        expect(keys(footprint(anchor, facing + k, size))).toEqual(keys(fp.map((h) => hexRotate(h, k, anchor))));
      }),
    );
  });

  it('3 hexes: the faced hex is front and no footprint hex is ahead of the anchor', () => {
    fc.assert(
      fc.property(arbHex(), arbDirection, (anchor, facing) => {
        const fp = footprint(anchor, facing, 3);
        const ahead = hexNeighbor(anchor, facing);
        expect(zoneOf({ position: anchor, facing, size: 3 }, ahead)).toBe('front');
        for (const h of fp.slice(1)) expect(hexDistance(h, ahead)).toBe(2);
      }),
    );
  });

  it('rejects other sizes', () => {
    expect(() => footprint(O, 0, 2 as FigureSize)).toThrow(RangeError);
  });
});

describe('multi-hex zones (front over side over rear)', () => {
  function counts(fig: FacingFigure): [number, number, number] {
    return [frontHexes(fig).length, sideHexes(fig).length, rearHexes(fig).length];
  }

  it('7-hex facing east: 7 front, 4 side, 1 rear around the flower', () => {
    const fig: FacingFigure = { position: O, facing: 0, size: 7 };
    expect(counts(fig)).toEqual([7, 4, 1]);
    expect(rearHexes(fig)).toEqual([hex(-2, 0)]);
    expect(keys(sideHexes(fig))).toEqual(keys([hex(0, -2), hex(-1, -1), hex(-2, 1), hex(-2, 2)]));
    // (−2, 1) is the rear neighbour of (−1, 1) but the side neighbour of (−1, 0): side wins.
    expect(zoneOf(fig, hex(-2, 1))).toBe('side');
    expect(zoneOf(fig, hex(9, 0))).toBe('front');
    expect(zoneOf(fig, hex(-9, 0))).toBe('rear');
  });

  it('3-hex facing east: 5 front, 3 side, 1 rear', () => {
    const fig: FacingFigure = { position: O, facing: 0, size: 3 };
    expect(counts(fig)).toEqual([5, 3, 1]);
    expect(keys(frontHexes(fig))).toEqual(keys([hex(1, -1), hex(1, 0), hex(0, 1), hex(-1, 1), hex(1, -2)]));
    expect(rearHexes(fig)).toEqual([hex(-2, 0)]);
    expect(zoneOf(fig, hex(-5, 0))).toBe('rear');
  });

  it('splits exactly the hexes touching the footprint into the three zones', () => {
    fc.assert(
      fc.property(arbHex(), arbDirection, arbSize, (pos, facing, size) => {
        const fig = { position: pos, facing, size };
        const fp = footprint(pos, facing, size);
        const inFp = (h: Hex): boolean => fp.some((f) => hexEquals(f, h));
        const around = new Map<string, Hex>();
        for (const f of fp) for (const n of hexNeighbors(f)) if (!inFp(n)) around.set(hexKey(n), n);
        const all = [...frontHexes(fig), ...sideHexes(fig), ...rearHexes(fig)];
        expect(all.length).toBe(around.size);
        expect(keys(all)).toEqual(keys([...around.values()]));
        // A hex is front exactly when it is a front neighbour of some footprint hex.
        for (const h of around.values()) {
          const frontOfSome = fp.some((f) => hexNeighbors(f).some((n, d) => hexEquals(n, h) && zoneOfDirection(d - facing) === 'front'));
          expect(zoneOf(fig, h) === 'front').toBe(frontOfSome);
        }
      }),
    );
  });
});
