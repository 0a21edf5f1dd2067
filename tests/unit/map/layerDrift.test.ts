/**
 * Pan and zoom by moving drawn canvases (src/renderer/src/map/layerDrift.ts): the
 * transform that puts a layer's old pixels where the live camera shows them, how much of the view
 * they leave bare, and the planner that draws at most one layer a frame.
 */
import { describe, expect, it } from 'vitest';

interface CameraState {
  scale: number;
  x: number;
  y: number;
}
interface Drift {
  k: number;
  tx: number;
  ty: number;
}
type Limits = { maxScale: number; maxUncovered: number; settleMs: number };
// Renderer code, outside tsconfig.node.json's file list: imported by a computed path (see projection.test.ts).
type DriftModule = {
  drift: (drawn: CameraState, live: CameraState) => Drift;
  cssTransform: (d: Drift, pixelRatio?: number) => string;
  uncoveredShare: (d: Drift, width: number, height: number) => number;
  planRedraw: (
    layers: { drawn: CameraState; empty: boolean; blank?: boolean; rough?: boolean }[],
    live: CameraState,
    viewport: { width: number; height: number },
    stillForMs: number,
    limits?: Limits,
  ) => number;
  DRIFT_LIMITS: Limits;
  settleTime: (moveGapMs: number, limits?: Limits) => number;
};
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'layerDrift'].join('/');
const { drift, cssTransform, uncoveredShare, planRedraw, DRIFT_LIMITS, settleTime } = (await import(/* @vite-ignore */ modulePath)) as DriftModule;

const screen = (c: CameraState, world: { x: number; y: number }) => ({ x: world.x * c.scale + c.x, y: world.y * c.scale + c.y });
const viewport = { width: 1000, height: 600 };
const at = (scale: number, x = 0, y = 0): CameraState => ({ scale, x, y });

describe('a layer drawn at one camera, shown at another', () => {
  it('lands every world point where the live camera puts it', () => {
    const drawn = at(0.5, 120, -40);
    const live = at(1.35, -300, 80);
    const d = drift(drawn, live);
    for (const world of [
      { x: 0, y: 0 },
      { x: 410, y: -77 },
      { x: -1200, y: 900 },
    ]) {
      const old = screen(drawn, world);
      const moved = { x: old.x * d.k + d.tx, y: old.y * d.k + d.ty };
      const want = screen(live, world);
      expect(moved.x).toBeCloseTo(want.x, 9);
      expect(moved.y).toBeCloseTo(want.y, 9);
    }
  });

  it('needs no transform at its own camera, and writes a CSS matrix otherwise', () => {
    expect(cssTransform(drift(at(2, 5, 6), at(2, 5, 6)))).toBe('');
    expect(cssTransform(drift(at(1), at(2, 10, -4)))).toBe('matrix(2, 0, 0, 2, 10, -4)');
  });

  it('snaps a pure pan to whole device pixels, which the compositor copies without filtering', () => {
    expect(cssTransform({ k: 1, tx: 12.000000001, ty: -6.9999999 })).toBe('matrix(1, 0, 0, 1, 12, -7)');
    expect(cssTransform({ k: 1, tx: 3.3, ty: 0.4 })).toBe('matrix(1, 0, 0, 1, 3, 0)');
    expect(cssTransform({ k: 1, tx: 0.2, ty: -0.3 })).toBe('');
    // At 2 device pixels per CSS pixel a half CSS pixel is a whole device pixel.
    expect(cssTransform({ k: 1, tx: 3.3, ty: 0.74 }, 2)).toBe('matrix(1, 0, 0, 1, 3.5, 0.5)');
    // A zoom is filtered anyway: its offset is kept exact so the zoom stays about the pointer.
    expect(cssTransform({ k: 1.5, tx: 3.3, ty: 0.4 })).toBe('matrix(1.5, 0, 0, 1.5, 3.3, 0.4)');
  });

  it('tells how much of the view a pan or a zoom out leaves bare', () => {
    expect(uncoveredShare(drift(at(1), at(1)), 1000, 600)).toBe(0);
    expect(uncoveredShare(drift(at(1), at(1, 100, 0)), 1000, 600)).toBeCloseTo(0.1, 9);
    expect(uncoveredShare(drift(at(1), at(0.5, 250, 150)), 1000, 600)).toBeCloseTo(0.75, 9);
    // Zoomed in about the middle, the old pixels cover the whole view.
    expect(uncoveredShare(drift(at(1), at(2, -500, -300)), 1000, 600)).toBe(0);
    expect(uncoveredShare(drift(at(1), at(1, 5000, 0)), 1000, 600)).toBe(1);
  });
});

describe('which layer is drawn again in a frame', () => {
  const live = at(1, 0, 0);

  it('draws nothing while every layer shows the live camera; an empty layer only once the camera is still', () => {
    const layers = [
      { drawn: live, empty: false },
      { drawn: at(3, 70, 9), empty: true },
    ];
    expect(planRedraw(layers, live, viewport, 0)).toBe(-1);
    expect(planRedraw(layers, live, viewport, DRIFT_LIMITS.settleMs)).toBe(1);
    expect(planRedraw([{ drawn: live, empty: false }], live, viewport, 10_000)).toBe(-1);
  });

  it('mid-gesture, leaves a small drift to the compositor and redraws the worst layer past the limits', () => {
    const small = { drawn: at(1.02, 5, 0), empty: false }; // 4 % of the view bare
    const bare = { drawn: at(1, 300, 0), empty: false }; // 30 % of the view bare
    const zoomed = { drawn: at(0.5, 0, 0), empty: false }; // shown 2× enlarged
    expect(planRedraw([small], live, viewport, 0)).toBe(-1);
    expect(planRedraw([small, bare], live, viewport, 0)).toBe(1);
    expect(planRedraw([small, zoomed, bare], live, viewport, 0)).toBe(2);
    expect(planRedraw([small, zoomed], live, viewport, 0)).toBe(1);
  });

  it('once the camera is still, draws every stale layer in order, one a frame', () => {
    const layers = [
      { drawn: at(1.1, 10, 0), empty: false },
      { drawn: live, empty: false },
      { drawn: at(1.05, 0, 3), empty: false },
    ];
    const drawnPerFrame: number[] = [];
    for (let frame = 0; frame < 5; frame++) {
      const i = planRedraw(layers, live, viewport, DRIFT_LIMITS.settleMs + frame * 16);
      drawnPerFrame.push(i);
      if (i >= 0) layers[i] = { drawn: live, empty: false };
    }
    expect(drawnPerFrame).toEqual([0, 2, -1, -1, -1]);
  });

  it('never draws a blank layer for the camera, mid-gesture or still', () => {
    const blank = { drawn: at(0.2, 400, 300), empty: false, blank: true };
    expect(planRedraw([blank], live, viewport, 0)).toBe(-1);
    expect(planRedraw([blank], live, viewport, DRIFT_LIMITS.settleMs)).toBe(-1);
    expect(planRedraw([blank, { drawn: at(1.1, 10, 0), empty: false }], live, viewport, DRIFT_LIMITS.settleMs)).toBe(1);
  });

  it('draws a layer drawn rough mid-gesture once more when the camera rests, even at the live camera', () => {
    const rough = { drawn: live, empty: false, rough: true };
    expect(planRedraw([rough], live, viewport, 0)).toBe(-1);
    expect(planRedraw([rough], live, viewport, DRIFT_LIMITS.settleMs)).toBe(0);
    expect(planRedraw([{ ...rough, rough: false }], live, viewport, DRIFT_LIMITS.settleMs)).toBe(-1);
    expect(planRedraw([{ ...rough, blank: true }], live, viewport, DRIFT_LIMITS.settleMs)).toBe(-1);
  });

  it('never picks more than one layer however many are stale', () => {
    const layers = Array.from({ length: 8 }, (_, i) => ({ drawn: at(0.2 + i * 0.01, 400, 300), empty: false }));
    let frames = 0;
    while (planRedraw(layers, live, viewport, 0) >= 0) {
      const i = planRedraw(layers, live, viewport, 0);
      layers[i] = { drawn: live, empty: false };
      frames++;
    }
    expect(frames).toBe(8);
  });
});

describe('when a gesture is over', () => {
  it('waits the usual settle time for a camera moved every frame, and twice the step for one moved in steps', () => {
    expect(settleTime(0)).toBe(DRIFT_LIMITS.settleMs);
    expect(settleTime(16.7)).toBe(DRIFT_LIMITS.settleMs);
    // The player page follows framings pushed about every 70 ms: still 90 ms is mid-gesture there.
    expect(settleTime(70)).toBe(140);
    expect(settleTime(70)).toBeGreaterThan(90);
    expect(settleTime(5000)).toBe(300);
  });
});
