/**
 * The GM's drawings on the map (src/renderer/src/map/drawingOverlay.ts): which drawing a click of
 * the eraser picks, and how a freehand stroke is thinned before it is kept.
 */
import { describe, expect, it } from 'vitest';

/** map/drawingOverlay.ts `DrawingModel`, written out: a static import of renderer code makes tsc refuse this file (TS6307). */
type DrawingModel = { readonly id: string | null; readonly colour: string; readonly gmOnly: boolean } & (
  | { readonly kind: 'line'; readonly points: readonly { x: number; y: number }[] }
  | { readonly kind: 'text'; readonly at: { x: number; y: number }; readonly text: string }
);

type OverlayModule = {
  drawingAt: (models: readonly DrawingModel[], at: { x: number; y: number }) => DrawingModel | null;
  thinStroke: (points: readonly { x: number; y: number }[], minStep?: number, max?: number) => { x: number; y: number }[];
};
// Renderer code outside tsconfig.node.json's file list: imported by a computed path (as projection.test.ts does).
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'drawingOverlay'].join('/');
const { drawingAt, thinStroke } = (await import(/* @vite-ignore */ modulePath)) as OverlayModule;

const line: DrawingModel = {
  id: 'drawing-1',
  kind: 'line',
  points: [
    { x: 0, y: 0 },
    { x: 4, y: 0 },
  ],
  colour: '#ef476f',
  gmOnly: true,
};
const label: DrawingModel = { id: 'drawing-2', kind: 'text', at: { x: 2, y: 3 }, text: 'Well', colour: '#ffd166', gmOnly: false };

describe('the eraser picks', () => {
  it('a line within reach of any of its segments, not one beyond', () => {
    expect(drawingAt([line, label], { x: 2, y: 0.3 })?.id).toBe('drawing-1');
    expect(drawingAt([line, label], { x: 5, y: 0 })).toBeNull();
    expect(drawingAt([line, label], { x: 2, y: 1 })).toBeNull();
  });

  it('a label near its centre, the nearer of two, and the last drawn on a tie', () => {
    expect(drawingAt([line, label], { x: 2.6, y: 3.1 })?.id).toBe('drawing-2');
    const over = { ...line, id: 'drawing-3' };
    expect(drawingAt([line, over], { x: 1, y: 0 })?.id).toBe('drawing-3');
  });
});

describe('a stroke is thinned', () => {
  it('drops points closer than the step to the last kept, keeps both ends, and rounds to a thousandth', () => {
    const points = Array.from({ length: 101 }, (_, i) => ({ x: i / 100 + 0.00001, y: 0 }));
    const kept = thinStroke(points, 0.08);
    expect(kept[0]).toEqual({ x: 0, y: 0 });
    expect(kept.at(-1)).toEqual({ x: 1, y: 0 });
    for (let i = 2; i < kept.length - 1; i++) expect(kept[i]!.x - kept[i - 1]!.x).toBeGreaterThanOrEqual(0.08 - 1e-9);
    expect(kept.length).toBeLessThan(15);
  });

  it('keeps at most `max` points, the ends among them', () => {
    const points = Array.from({ length: 5000 }, (_, i) => ({ x: i, y: i % 7 }));
    const kept = thinStroke(points, 0.01, 2000);
    expect(kept).toHaveLength(2000);
    expect(kept[0]).toEqual({ x: 0, y: 0 });
    expect(kept.at(-1)).toEqual({ x: 4999, y: 4999 % 7 });
  });
});
