import Konva from './konva';
import type { Point } from '../../../shared/hex';
import { HEX_SIZE } from './mapModel';

/** One of the GM's drawings as a map draws it (map units: 1 = a hex's size); `id` null on the player page. */
export type DrawingModel = { readonly id: string | null; readonly colour: string; readonly gmOnly: boolean } & (
  { readonly kind: 'line'; readonly points: readonly Point[] } | { readonly kind: 'text'; readonly at: Point; readonly text: string }
);

/** A line's width and a label's letters, in hexes: they grow and shrink with the map, as chalk on it would. */
const LINE_WIDTH = 0.12;
const LABEL_SIZE = 0.7;

/**
 * The GM's drawings (shared/contract/mapDrawings.ts) on the marks layer: freehand lines and labels in their
 * pens, those kept from the players dashed or slanted and a little faded on the GM's map.
 */
export class DrawingOverlay {
  readonly group = new Konva.Group({ listening: false });
  private shown: readonly DrawingModel[] = [];

  /** Draws `models`; false when they are what is drawn already. */
  set(models: readonly DrawingModel[]): boolean {
    if (models === this.shown || JSON.stringify(models) === JSON.stringify(this.shown)) return false;
    this.shown = models;
    this.group.destroyChildren();
    const s = HEX_SIZE;
    for (const d of models) {
      const faded = d.gmOnly ? 0.7 : 1;
      if (d.kind === 'line') {
        this.group.add(
          new Konva.Line({
            points: d.points.flatMap((p) => [p.x * s, p.y * s]),
            stroke: d.colour,
            strokeWidth: LINE_WIDTH * s,
            lineCap: 'round',
            lineJoin: 'round',
            tension: 0.3,
            dash: d.gmOnly ? [0.35 * s, 0.3 * s] : undefined,
            opacity: faded,
            perfectDrawEnabled: false,
          }),
        );
      } else {
        const text = new Konva.Text({
          x: d.at.x * s,
          y: d.at.y * s,
          text: d.text,
          fontSize: LABEL_SIZE * s,
          fontStyle: d.gmOnly ? 'italic bold' : 'bold',
          fill: d.colour,
          stroke: '#000000',
          strokeWidth: 0.06 * s,
          fillAfterStrokeEnabled: true,
          opacity: faded,
          name: 'drawing-label',
        });
        text.offset({ x: text.width() / 2, y: text.height() / 2 });
        this.group.add(text);
      }
    }
    return true;
  }

  /** What is drawn (for the end-to-end tests). */
  get drawn(): readonly DrawingModel[] {
    return this.shown;
  }
}

/** How near (in hexes) a click must come to a line, or a label's centre, to pick it. */
const PICK_REACH = 0.45;

/** The drawing a click at `at` (map units) picks for erasing: the nearest within reach, the last drawn on a tie; or null. */
export function drawingAt(models: readonly DrawingModel[], at: Point): DrawingModel | null {
  let best: DrawingModel | null = null;
  let bestD = Infinity;
  for (const d of models) {
    const reach = d.kind === 'text' ? Math.max(PICK_REACH, (d.text.length * LABEL_SIZE) / 4) : PICK_REACH;
    const dist = d.kind === 'text' ? Math.hypot(d.at.x - at.x, (d.at.y - at.y) * 2) : distanceToLine(d.points, at);
    if (dist <= reach && dist <= bestD) {
      best = d;
      bestD = dist;
    }
  }
  return best;
}

function distanceToLine(points: readonly Point[], p: Point): number {
  let best = Infinity;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = dx * dx + dy * dy;
    const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len));
    best = Math.min(best, Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y));
  }
  return best;
}

/**
 * A freehand stroke thinned for keeping: a point closer than `minStep` hexes to the last one kept
 * is dropped (the first and last are always kept), rounded to a thousandth of a hex, and at most
 * `max` points remain.
 */
export function thinStroke(points: readonly Point[], minStep = 0.08, max = 2000): Point[] {
  const kept: Point[] = [];
  points.forEach((p, i) => {
    const last = kept[kept.length - 1];
    if (!last || i === points.length - 1 || Math.hypot(p.x - last.x, p.y - last.y) >= minStep) {
      kept.push({ x: Math.round(p.x * 1000) / 1000, y: Math.round(p.y * 1000) / 1000 });
    }
  });
  if (kept.length <= max) return kept;
  const step = (kept.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => kept[Math.round(i * step)]!);
}
