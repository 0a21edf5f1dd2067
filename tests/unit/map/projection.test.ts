/**
 * The projector's camera arithmetic (src/renderer/src/map/projection.ts): physical scale from a
 * screen's resolution and diagonal, contain-fit of a frame, the GM's outline, brush strokes.
 */
import { describe, expect, it } from 'vitest';
import type { ProjectorState } from '../../../src/shared/contract/channels/display';
import { DEFAULT_PROJECTOR } from '../../../src/main/services/projector';
import { hexKey } from '../../../src/shared/hex';

// The module is renderer code, outside tsconfig.node.json's file list (a composite project): a
// static import makes tsc refuse this file (TS6307). Importing it by a computed path keeps the
// test type-checked here and run by vitest until the renderer's pure modules join that list.
type ProjectionModule = {
  brushHexes: (centre: { q: number; r: number }, radius: 0 | 1 | 2) => { q: number; r: number }[];
  containScale: (frame: { x: number; y: number; width: number; height: number }, viewport: { width: number; height: number }) => number;
  extendStroke: (
    into: Map<string, { q: number; r: number }>,
    from: { q: number; r: number } | null,
    to: { q: number; r: number },
    radius: 0 | 1 | 2,
  ) => Map<string, { q: number; r: number }>;
  physicalPxPerUnit: (p: Pick<ProjectorState, 'hexInches' | 'screen' | 'reported'>, devicePixelRatio?: number) => number;
  projectorScreen: (p: Pick<ProjectorState, 'screen' | 'reported'>) => ProjectorState['screen'];
  pixelsPerInch: (screen: ProjectorState['screen']) => number;
  projectorCamera: (
    p: ProjectorState,
    viewport: { width: number; height: number },
    wholeMap: { x: number; y: number; width: number; height: number },
    dpr?: number,
    orientation?: 'flat' | 'pointy',
  ) => { centre: { x: number; y: number }; pxPerUnit: number };
  projectorOutline: (
    p: ProjectorState,
    wholeMap: { x: number; y: number; width: number; height: number },
  ) => { x: number; y: number; width: number; height: number };
  mirrorCamera: (
    p: ProjectorState,
    viewport: { width: number; height: number },
    wholeMap: { x: number; y: number; width: number; height: number },
    shrink: number,
    orientation?: 'flat' | 'pointy',
  ) => { centre: { x: number; y: number }; pxPerUnit: number };
};
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'projection'].join('/');
const { brushHexes, containScale, extendStroke, mirrorCamera, physicalPxPerUnit, pixelsPerInch, projectorCamera, projectorOutline, projectorScreen } =
  (await import(/* @vite-ignore */ modulePath)) as ProjectionModule;

// The host's starting projector, with the parts this arithmetic reads pinned to what the tests below assume.
const base: ProjectorState = {
  ...DEFAULT_PROJECTOR,
  frame: null,
  scale: 'fit',
  hexInches: 1,
  screen: { widthPx: 1920, heightPx: 1080, diagonalInches: 55 },
  snap: false,
  reported: null,
};
const wholeMap = { x: 40, y: 30, width: 80, height: 60 };

describe('physical scale', () => {
  it('a 3840×2160 picture 44.06 inches across has 100 pixels per inch (3-4-5: 4406 px diagonal)', () => {
    // hypot(3840, 2160) = 4405.814…; at 44.05814 inches that is 100 ppi.
    const screen = { widthPx: 3840, heightPx: 2160, diagonalInches: Math.hypot(3840, 2160) / 100 };
    expect(pixelsPerInch(screen)).toBeCloseTo(100, 10);
    // A 1-inch hex is 100 px across its flats = √3 world units → 100/√3 px per unit.
    expect(physicalPxPerUnit({ hexInches: 1, screen, reported: null })).toBeCloseTo(57.735027, 5);
    // Hexes of 1.5 inches on a page with devicePixelRatio 2: 150 device px = 75 CSS px across.
    expect(physicalPxPerUnit({ hexInches: 1.5, screen, reported: null }, 2) * Math.sqrt(3)).toBeCloseTo(75, 10);
  });

  it('a 1080p 55-inch television shows 1-inch hexes 40.05 px across', () => {
    expect(pixelsPerInch(base.screen)).toBeCloseTo(40.0529, 4);
    expect(physicalPxPerUnit(base) * Math.sqrt(3)).toBeCloseTo(40.0529, 4);
  });
});

describe('projector camera', () => {
  it('fit: the frame (or the whole map) is contained in the viewport', () => {
    expect(containScale({ x: 0, y: 0, width: 80, height: 60 }, { width: 1600, height: 900 })).toBe(15);
    expect(projectorCamera(base, { width: 1600, height: 900 }, wholeMap)).toEqual({ centre: { x: 40, y: 30 }, pxPerUnit: 15 });
    const held = { ...base, mode: 'hold' as const, frame: { x: 10, y: 5, width: 20, height: 10 } };
    expect(projectorCamera(held, { width: 1000, height: 1000 }, wholeMap)).toEqual({ centre: { x: 10, y: 5 }, pxPerUnit: 50 });
  });

  it('physical: the frame gives only the centre', () => {
    const p = { ...base, scale: 'physical' as const, frame: { x: 10, y: 5, width: 20, height: 10 } };
    const camera = projectorCamera(p, { width: 1000, height: 1000 }, wholeMap);
    expect(camera.centre).toEqual({ x: 10, y: 5 });
    expect(camera.pxPerUnit).toBeCloseTo(40.0529 / Math.sqrt(3), 4);
  });

  it('physical with snap: the centre is the nearest hex centre, so a pan moves the grid on the glass by whole hexes', () => {
    const p = { ...base, scale: 'physical' as const, snap: true, frame: { x: 10.3, y: 7.9, width: 20, height: 10 } };
    const c = projectorCamera(p, { width: 1920, height: 1080 }, wholeMap);
    // Flat hexes of size 1 with hex (0,0) at (1,1): centres at (1 + 1.5q, 1 + √3(r + q/2)).
    const q = Math.round((c.centre.x - 1) / 1.5);
    const r = (c.centre.y - 1) / Math.sqrt(3) - q / 2;
    expect(c.centre.x).toBeCloseTo(1 + 1.5 * q, 10);
    expect(r).toBeCloseTo(Math.round(r), 10);
    expect(Math.hypot(c.centre.x - 10.3, c.centre.y - 7.9)).toBeLessThanOrEqual(1);
    // Pointy hexes: centres at (1 + √3(q + r/2), 1 + 1.5r).
    const pointy = projectorCamera(p, { width: 1920, height: 1080 }, wholeMap, 1, 'pointy');
    const pr = Math.round((pointy.centre.y - 1) / 1.5);
    expect(pointy.centre.y).toBeCloseTo(1 + 1.5 * pr, 10);
    expect((pointy.centre.x - 1) / Math.sqrt(3) - pr / 2).toBeCloseTo(Math.round((pointy.centre.x - 1) / Math.sqrt(3) - pr / 2), 10);
    // Without snap, or at fit scale, the frame's own centre.
    expect(projectorCamera({ ...p, snap: false }, { width: 1920, height: 1080 }, wholeMap).centre).toEqual({ x: 10.3, y: 7.9 });
    expect(projectorCamera({ ...p, scale: 'fit' }, { width: 1920, height: 1080 }, wholeMap).centre).toEqual({ x: 10.3, y: 7.9 });
  });

  it('the GM outline has the projector screen’s aspect and contains the frame', () => {
    const p = { ...base, frame: { x: 10, y: 5, width: 32, height: 9 } };
    const outline = projectorOutline(p, wholeMap);
    // 1920/32 = 60 px per unit vs 1080/9 = 120: width limits; 1080/60 = 18 units tall.
    expect(outline).toEqual({ x: 10, y: 5, width: 32, height: 18 });
  });

  it('a reported display wins: its map area shapes the outline, its screen the pixels per inch', () => {
    // A 4:3 projector, 1024×768, whose status bar leaves the map 1024×704.
    const p: ProjectorState = {
      ...base,
      frame: { x: 10, y: 5, width: 32, height: 9 },
      reported: { screen: { widthPx: 1024, heightPx: 768 }, map: { widthPx: 1024, heightPx: 704 } },
    };
    // 1024/32 = 32 px per unit vs 704/9 = 78.2: width limits; 704/32 = 22 units tall.
    expect(projectorOutline(p, wholeMap)).toEqual({ x: 10, y: 5, width: 32, height: 22 });
    // The typed diagonal stays: hypot(1024, 768) = 1280 px over 55 inches.
    expect(projectorScreen(p)).toEqual({ widthPx: 1024, heightPx: 768, diagonalInches: 55 });
    expect(physicalPxPerUnit(p) * Math.sqrt(3)).toBeCloseTo(1280 / 55, 10);
    // Physical scale: the outline is the map area at that scale, wherever the frame is.
    const physical = projectorOutline({ ...p, scale: 'physical' }, wholeMap);
    expect(physical.width).toBeCloseTo(1024 / (1280 / 55 / Math.sqrt(3)), 10);
    expect(physical.height).toBeCloseTo(704 / (1280 / 55 / Math.sqrt(3)), 10);
  });
});

describe("the GM's mirror of the TV", () => {
  // The reported 1024×768 projector's map area, 1024×704, drawn at a quarter of its size.
  const reported: ProjectorState = {
    ...base,
    frame: { x: 10, y: 5, width: 32, height: 9 },
    reported: { screen: { widthPx: 1024, heightPx: 768 }, map: { widthPx: 1024, heightPx: 704 } },
  };
  const small = { width: 256, height: 176 };
  const shown = (camera: { centre: { x: number; y: number }; pxPerUnit: number }) => ({
    x: camera.centre.x,
    y: camera.centre.y,
    width: small.width / camera.pxPerUnit,
    height: small.height / camera.pxPerUnit,
  });

  it('frames exactly what the TV frames, fitted or held', () => {
    expect(shown(mirrorCamera(reported, small, wholeMap, 0.25))).toEqual(projectorOutline(reported, wholeMap));
    const held = { ...reported, mode: 'hold' as const, frame: { x: 50, y: 20, width: 12, height: 40 } };
    expect(shown(mirrorCamera(held, small, wholeMap, 0.25))).toEqual(projectorOutline(held, wholeMap));
  });

  it('at physical scale, a hex is a quarter of its size on the TV, on the same snapped centre', () => {
    const physical = { ...reported, scale: 'physical' as const, snap: true, frame: { x: 10.4, y: 5.3, width: 32, height: 9 } };
    const camera = mirrorCamera(physical, small, wholeMap, 0.25, 'flat');
    expect(camera.pxPerUnit).toBeCloseTo(physicalPxPerUnit(physical, 1) / 4, 10);
    expect(camera.centre).toEqual(projectorCamera(physical, { width: 1024, height: 704 }, wholeMap, 1, 'flat').centre);
    expect(shown(camera).width).toBeCloseTo(projectorOutline(physical, wholeMap).width, 10);
  });
});

describe('brush strokes', () => {
  it('radius 0, 1, 2 cover 1, 7, 19 hexes', () => {
    expect(brushHexes({ q: 3, r: 3 }, 0)).toEqual([{ q: 3, r: 3 }]);
    expect(brushHexes({ q: 3, r: 3 }, 1)).toHaveLength(7);
    expect(brushHexes({ q: 3, r: 3 }, 2)).toHaveLength(19);
  });

  it('a jump of 4 hexes fills the hexes between; stamping twice adds nothing', () => {
    const stroke = extendStroke(new Map(), null, { q: 0, r: 0 }, 0);
    extendStroke(stroke, { q: 0, r: 0 }, { q: 4, r: 0 }, 0);
    expect([...stroke.keys()]).toEqual(['0,0', '1,0', '2,0', '3,0', '4,0']);
    extendStroke(stroke, { q: 4, r: 0 }, { q: 4, r: 0 }, 0);
    expect(stroke.size).toBe(5);
    const wide = extendStroke(new Map(), { q: 0, r: 0 }, { q: 2, r: 0 }, 1);
    // A radius-1 flower stepped forward gains the 3 hexes on its leading side: 7 + 3 + 3.
    expect(wide.size).toBe(13);
    expect(wide.has(hexKey({ q: 3, r: 0 }))).toBe(true);
  });
});
