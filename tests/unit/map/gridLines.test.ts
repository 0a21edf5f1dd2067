/**
 * The hex grid's lines (src/renderer/src/map/gridLines.ts): each edge between two hexes
 * is traced once, and the lines cover exactly the edges the hexes' whole outlines did.
 */
import { describe, expect, it } from 'vitest';
import { hexCorners, hexKey, type Hex, type HexLayout } from '../../../src/shared/hex';
import { offsetToAxial } from '../../../src/shared/mapGrid';

interface Model {
  cols: number;
  rows: number;
  orientation: 'flat' | 'pointy';
  terrain: Record<string, string>;
  veiled: Set<string>;
  veilStyle: 'gm' | 'player';
}
type Range = { c0: number; c1: number; r0: number; r1: number };
type Sink = { moveTo(x: number, y: number): void; lineTo(x: number, y: number): void };
// Renderer code, outside tsconfig.node.json's file list: imported by a computed path (see projection.test.ts).
type LinesModule = {
  traceHexLines: (lines: Sink, model: Model, range: Range, at: { col: number; row: number; hex: Hex }, corners: readonly { x: number; y: number }[]) => void;
  tracePolygon: (lines: Sink, points: readonly { x: number; y: number }[]) => void;
};
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'gridLines'].join('/');
const { traceHexLines, tracePolygon } = (await import(/* @vite-ignore */ modulePath)) as LinesModule;

/** A path that keeps its segments, each as its two ends rounded, in either direction. */
function recorder() {
  const segments: string[] = [];
  let at: { x: number; y: number } | null = null;
  const point = (x: number, y: number) => `${x.toFixed(3)},${y.toFixed(3)}`;
  const sink: Sink = {
    moveTo: (x, y) => void (at = { x, y }),
    lineTo: (x, y) => {
      const [a, b] = [point(at!.x, at!.y), point(x, y)].sort();
      segments.push(`${a} ${b}`);
      at = { x, y };
    },
  };
  return { sink, segments };
}

const model = (orientation: 'flat' | 'pointy', veiled: string[] = [], veilStyle: 'gm' | 'player' = 'gm'): Model => ({
  cols: 12,
  rows: 9,
  orientation,
  terrain: {},
  veiled: new Set(veiled),
  veilStyle,
});
const layoutOf = (m: Model): HexLayout => ({ orientation: m.orientation, size: 40, origin: { x: 40, y: 40 } });
const hasLines = (m: Model, hex: Hex) => !(m.veilStyle === 'player' && m.veiled.has(hexKey(hex)));

/** What the map paints: every hex of the range with lines, as paintGrid walks them. */
function traced(m: Model, range: Range, trace: 'lines' | 'outlines') {
  const { sink, segments } = recorder();
  for (let row = range.r0; row <= range.r1; row++) {
    for (let col = range.c0; col <= range.c1; col++) {
      const hex = offsetToAxial(m, col, row);
      if (!hasLines(m, hex)) continue;
      const corners = hexCorners(layoutOf(m), hex);
      if (trace === 'lines') traceHexLines(sink, m, range, { col, row, hex }, corners);
      else tracePolygon(sink, corners);
    }
  }
  return segments;
}

const whole: Range = { c0: 0, c1: 11, r0: 0, r1: 8 };
const part: Range = { c0: 3, c1: 8, r0: 2, r1: 6 };

describe('the grid lines', () => {
  for (const orientation of ['flat', 'pointy'] as const) {
    for (const [name, range] of [
      ['the whole map', whole],
      ['a part of it', part],
    ] as const) {
      it(`cover the same edges as every hex's outline, ${orientation}-top, over ${name}`, () => {
        const m = model(orientation);
        const lines = traced(m, range, 'lines');
        const outlines = traced(m, range, 'outlines');
        expect(new Set(lines)).toEqual(new Set(outlines));
        // A hex inside the range traces three edges of its six.
        const inside = (range.c1 - range.c0 - 1) * (range.r1 - range.r0 - 1);
        expect(lines.length).toBe(outlines.length - 3 * inside);
      });
    }

    it(`trace an edge between two hexes away from the range's edge once, ${orientation}-top`, () => {
      const m = model(orientation);
      const counts = new Map<string, number>();
      for (const s of traced(m, whole, 'lines')) counts.set(s, (counts.get(s) ?? 0) + 1);
      const inner = traced(m, { c0: 2, c1: 9, r0: 2, r1: 6 }, 'outlines');
      for (const s of inner) expect(counts.get(s), s).toBe(1);
    });
  }

  it("leave out the edges between hexes under the players' veil, and keep those around it", () => {
    const veiled = [offsetToAxial(model('flat'), 5, 4), offsetToAxial(model('flat'), 6, 4), offsetToAxial(model('flat'), 5, 5)].map(hexKey);
    const m = model('flat', veiled, 'player');
    expect(new Set(traced(m, whole, 'lines'))).toEqual(new Set(traced(m, whole, 'outlines')));
  });

  it('keep every edge under the GM view’s veil, which is only a tint', () => {
    const veiled = [offsetToAxial(model('pointy'), 5, 4), offsetToAxial(model('pointy'), 6, 4)].map(hexKey);
    const m = model('pointy', veiled, 'gm');
    expect(new Set(traced(m, whole, 'lines'))).toEqual(new Set(traced(model('pointy'), whole, 'outlines')));
  });
});
