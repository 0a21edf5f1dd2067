/**
 * Where map tiles lie (src/renderer/src/map/tileGrid.ts): one tile over the whole map
 * at the fitted zoom, square tiles of a fixed grid closer in, and every tile's canvas mapping its
 * world rectangle onto whole device pixels.
 */
import { describe, expect, it } from 'vitest';

interface WorldRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface Slot {
  key: string;
  level: number;
  k: number;
  area: WorldRect;
  rect: WorldRect;
  width: number;
  height: number;
}
// Renderer code, outside tsconfig.node.json's file list: imported by a computed path (see projection.test.ts).
type GridModule = {
  TILE: number;
  PAD: number;
  WHOLE_MAX: number;
  levelAt: (scale: number, pixelRatio: number) => number;
  isWhole: (level: number, bounds: WorldRect, closest?: number) => boolean;
  slotsOver: (r: WorldRect, level: number, bounds: WorldRect, closest?: number) => Generator<Slot>;
};
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'tileGrid'].join('/');
const { TILE, PAD, WHOLE_MAX, levelAt, isWhole, slotsOver } = (await import(/* @vite-ignore */ modulePath)) as GridModule;

// The bench's map: 100×100 flat-top hexes of size 40 (about 6,000 × 7,000 world pixels).
const bounds: WorldRect = { x0: 0, y0: 0, x1: 6040, y1: 7000 };
const fitted = 700 / 7000; // the whole map in a 700-pixel-high pane

describe('map tiles', () => {
  it('are drawn at least as sharp as the zoom, and less than √2 sharper', () => {
    for (const scale of [0.03, fitted, 0.37, 1, 2.9]) {
      for (const pixelRatio of [1, 2]) {
        const k = 2 ** (levelAt(scale, pixelRatio) / 2);
        expect(k).toBeGreaterThanOrEqual(scale * pixelRatio * (1 - 1e-9));
        expect(k).toBeLessThan(scale * pixelRatio * Math.SQRT2);
      }
    }
  });

  it('are one tile over the whole map at the fitted zoom, within WHOLE_MAX a side', () => {
    const level = levelAt(fitted, 1);
    expect(isWhole(level, bounds)).toBe(true);
    const slots = [...slotsOver({ x0: -500, y0: -100, x1: 7000, y1: 7200 }, level, bounds)];
    expect(slots).toHaveLength(1);
    const [whole] = slots;
    expect(whole!.area).toEqual(bounds);
    expect(Math.max(whole!.width, whole!.height)).toBeLessThanOrEqual(WHOLE_MAX + 2 * PAD);
    // A view of part of the map still gets the whole map's tile.
    expect([...slotsOver({ x0: 100, y0: 100, x1: 900, y1: 500 }, level, bounds)].map((s) => s.key)).toEqual([whole!.key]);
    // A view that misses the map gets none.
    expect([...slotsOver({ x0: 9000, y0: 0, x1: 9500, y1: 500 }, level, bounds)]).toHaveLength(0);
  });

  it('are square tiles of a fixed grid once the whole map is larger than WHOLE_MAX', () => {
    const level = levelAt(1, 1);
    expect(isWhole(level, bounds)).toBe(false);
    const view = { x0: 1000.5, y0: 2000.25, x1: 2366.5, y1: 2768.25 };
    const slots = [...slotsOver(view, level, bounds)];
    const side = TILE / slots[0]!.k;
    for (const s of slots) {
      expect(s.width).toBe(TILE + 2 * PAD);
      expect(s.height).toBe(TILE + 2 * PAD);
      expect(s.area.x0 / side).toBe(Math.round(s.area.x0 / side));
      expect(s.area.y0 / side).toBe(Math.round(s.area.y0 / side));
    }
    // Together they cover the view, and no tile lies outside it.
    const x0 = Math.min(...slots.map((s) => s.area.x0));
    const x1 = Math.max(...slots.map((s) => s.area.x1));
    const y0 = Math.min(...slots.map((s) => s.area.y0));
    const y1 = Math.max(...slots.map((s) => s.area.y1));
    expect(x0 <= view.x0 && y0 <= view.y0 && x1 >= view.x1 && y1 >= view.y1).toBe(true);
    expect(x0 > view.x0 - side && y0 > view.y0 - side && x1 < view.x1 + side && y1 < view.y1 + side).toBe(true);
    expect(slots).toHaveLength(((x1 - x0) / side) * ((y1 - y0) / side));
  });

  it("are square tiles at every level closer than the page's fitted zoom, even where the whole map would fit in WHOLE_MAX", () => {
    // The GM's pane: the fitted zoom's level, and the next closer one, where the map is still under WHOLE_MAX.
    const fit = levelAt(fitted, 1);
    const closer = fit + 1;
    expect(isWhole(closer, bounds)).toBe(true);
    expect(isWhole(fit, bounds, fit)).toBe(true);
    expect(isWhole(fit - 3, bounds, fit)).toBe(true);
    expect(isWhole(closer, bounds, fit)).toBe(false);
    const view = { x0: 0, y0: 0, x1: 6040, y1: 7000 };
    const slots = [...slotsOver(view, closer, bounds, fit)];
    expect(slots.length).toBeGreaterThan(1);
    for (const s of slots) expect([s.width, s.height]).toEqual([TILE + 2 * PAD, TILE + 2 * PAD]);
    expect([...slotsOver(view, fit, bounds, fit)].map((s) => s.key)).toEqual([`${fit}:whole`]);
  });

  it('map each canvas pixel onto the world: its rectangle is its size in pixels, the overlap included', () => {
    for (const level of [levelAt(fitted, 1), levelAt(0.4, 2), levelAt(1.7, 1)]) {
      for (const s of slotsOver({ x0: 3000, y0: 3000, x1: 3300, y1: 3200 }, level, bounds)) {
        expect((s.rect.x1 - s.rect.x0) * s.k).toBeCloseTo(s.width, 6);
        expect((s.rect.y1 - s.rect.y0) * s.k).toBeCloseTo(s.height, 6);
        expect((s.area.x0 - s.rect.x0) * s.k).toBeCloseTo(PAD, 6);
        expect(s.rect.x1 >= s.area.x1 + PAD / s.k - 1e-9 && s.rect.y1 >= s.area.y1 + PAD / s.k - 1e-9).toBe(true);
      }
    }
  });
});
