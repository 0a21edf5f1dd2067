/**
 * Which parts of a tile a few changed hexes repaint (src/renderer/src/map/tilePatches.ts,
 * mapChanges.ts): whole device pixels inside the tile, near parts merged, far ones apart, the
 * tile whole when a patch would cover half of it; the hexes two models paint differently.
 */
import { describe, expect, it } from 'vitest';

type Rect = { x0: number; y0: number; x1: number; y1: number };
type Model = {
  cols: number;
  rows: number;
  orientation: 'flat' | 'pointy';
  terrain: Record<string, string>;
  veiled: ReadonlySet<string>;
  veilStyle: 'gm' | 'player';
  dimmed?: ReadonlySet<string>;
};
// Renderer code is outside tsconfig.node.json's file list (see projection.test.ts): imported by a computed path.
const mapDir = ['..', '..', '..', 'src', 'renderer', 'src', 'map'];
const { tilePatches } = (await import(/* @vite-ignore */ [...mapDir, 'tilePatches'].join('/'))) as {
  tilePatches: (changed: readonly Rect[], rect: Rect, k: number, width: number, height: number) => Rect[] | null;
};
const { changedHexKeys, hexAreas } = (await import(/* @vite-ignore */ [...mapDir, 'mapChanges'].join('/'))) as {
  changedHexKeys: (a: Model, b: Model) => string[] | null;
  hexAreas: (keys: readonly string[], layout: { orientation: 'flat' | 'pointy'; size: number; origin: { x: number; y: number } }) => Rect[];
};

const TILE = { x0: 0, y0: 0, x1: 1000, y1: 1000 };

describe('tilePatches', () => {
  it('snaps a part outward to whole device pixels, clipped to the tile', () => {
    expect(tilePatches([{ x0: 10.2, y0: 20.7, x1: 30.1, y1: 40 }], TILE, 1, 1000, 1000)).toEqual([{ x0: 10, y0: 20, x1: 31, y1: 40 }]);
    expect(tilePatches([{ x0: -5, y0: 990, x1: 8, y1: 1200 }], TILE, 0.5, 500, 500)).toEqual([{ x0: 0, y0: 495, x1: 4, y1: 500 }]);
    // A tile whose world rectangle starts off the origin: its pixels count from its corner.
    expect(tilePatches([{ x0: 110, y0: 210, x1: 120, y1: 220 }], { x0: 100, y0: 200, x1: 300, y1: 400 }, 2, 400, 400)).toEqual([
      { x0: 20, y0: 20, x1: 40, y1: 40 },
    ]);
  });

  it('merges neighbouring parts and keeps far ones apart', () => {
    const row = [0, 1, 2, 3].map((i) => ({ x0: 100 + i * 20, y0: 100, x1: 122 + i * 20, y1: 120 }));
    expect(tilePatches(row, TILE, 1, 1000, 1000)).toEqual([{ x0: 100, y0: 100, x1: 182, y1: 120 }]);
    const far = [
      { x0: 0, y0: 0, x1: 10, y1: 10 },
      { x0: 900, y0: 900, x1: 910, y1: 910 },
    ];
    expect(tilePatches(far, TILE, 1, 1000, 1000)).toHaveLength(2);
  });

  it('paints the tile whole when the parts would cover more than half of it', () => {
    expect(tilePatches([{ x0: 0, y0: 0, x1: 800, y1: 800 }], TILE, 1, 1000, 1000)).toBeNull();
    expect(tilePatches([{ x0: 0, y0: 0, x1: 600, y1: 600 }], TILE, 1, 1000, 1000)).not.toBeNull();
  });

  it('drops a part outside the tile', () => {
    expect(tilePatches([{ x0: 2000, y0: 0, x1: 2100, y1: 10 }], TILE, 1, 1000, 1000)).toEqual([]);
  });
});

describe('changedHexKeys', () => {
  const base: Model = { cols: 4, rows: 4, orientation: 'flat', terrain: { '1,1': 'wall' }, veiled: new Set(['0,0', '1,0']), veilStyle: 'player' };

  it('names the hexes whose fog, shade or terrain differ, and none for an equal model', () => {
    expect(changedHexKeys(base, { ...base, veiled: new Set(['0,0', '1,0']) })).toEqual([]);
    const next = { ...base, veiled: new Set(['1,0', '2,0']), dimmed: new Set(['3,0']), terrain: { '1,1': 'water', '2,2': 'wall' } };
    expect(changedHexKeys(base, next)!.sort()).toEqual(['0,0', '1,1', '2,0', '2,2', '3,0']);
  });

  it('gives up (the whole map) when the map changed shape, orientation or whose veil it is', () => {
    expect(changedHexKeys(base, { ...base, cols: 5 })).toBeNull();
    expect(changedHexKeys(base, { ...base, orientation: 'pointy' })).toBeNull();
    expect(changedHexKeys(base, { ...base, veilStyle: 'gm' })).toBeNull();
  });

  it('gives up when more hexes changed than a patch is worth', () => {
    const many = new Set(Array.from({ length: 2000 }, (_, i) => `${i},0`));
    expect(changedHexKeys(base, { ...base, veiled: many })).toBeNull();
  });

  it("covers a hex's corners and a margin for its lines", () => {
    const [area] = hexAreas(['0,0'], { orientation: 'flat', size: 32, origin: { x: 32, y: 32 } });
    // A flat-topped hex of size 32 at (32, 32) spans x 0…64 and y 32 ± 27.7; the margin is 8.
    expect(area!.x0).toBeCloseTo(-8);
    expect(area!.x1).toBeCloseTo(72);
    expect(area!.y0).toBeCloseTo(32 - 16 * Math.sqrt(3) - 8);
    expect(area!.y1).toBeCloseTo(32 + 16 * Math.sqrt(3) + 8);
  });
});
