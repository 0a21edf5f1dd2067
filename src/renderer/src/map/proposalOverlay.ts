import Konva from './konva';
import { hexCorners, hexToPixel, type Hex, type HexLayout } from '../../../shared/hex';
import { tracePolygon } from './gridShape';

/**
 * What the tactics' suggestion shows on the GM map: the figure it is for, the
 * hexes its move passes through (start first), and the hexes it aims at (an attack's or a spell's
 * target). GM page only: a proposal may name hidden figures, so no player page ever gets one.
 */
export interface ProposalMarker {
  readonly actor: Hex | null;
  readonly path: readonly Hex[];
  readonly targets: readonly Hex[];
}

const PATH_COLOUR = '#4fd1c5';
const TARGET_COLOUR = '#ff6b6b';

/**
 * A shape on the overlay layer (never listening) that draws a `ProposalMarker`: a dashed line
 * through the path's hex centres with an arrowhead at its end and a ring on each hex it enters,
 * and a crosshair ring on each target hex. Line widths keep their size on screen at any zoom.
 */
export class ProposalOverlay {
  readonly shape: Konva.Shape;
  private marker: ProposalMarker | null = null;

  constructor(private readonly layout: () => HexLayout) {
    this.shape = new Konva.Shape({
      listening: false,
      perfectDrawEnabled: false,
      visible: false,
      sceneFunc: (context) => this.draw(context._context),
    });
  }

  /** True when the marker changed (the layer needs a draw). */
  set(marker: ProposalMarker | null): boolean {
    const shown = marker !== null && (marker.path.length > 1 || marker.targets.length > 0);
    const next = shown ? marker : null;
    if (next === this.marker) return false;
    this.marker = next;
    this.shape.visible(next !== null);
    return true;
  }

  /** What is drawn now (the end-to-end tests read it through the map's test hook). */
  get shown(): ProposalMarker | null {
    return this.marker;
  }

  private draw(ctx: CanvasRenderingContext2D): void {
    const m = this.marker;
    if (!m) return;
    const layout = this.layout();
    const scale = this.shape.getStage()?.scaleX() ?? 1;
    const px = (n: number): number => n / scale;
    if (m.path.length > 1) {
      const points = m.path.map((h) => hexToPixel(layout, h));
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
      ctx.lineWidth = px(7);
      this.polyline(ctx, points);
      ctx.strokeStyle = PATH_COLOUR;
      ctx.lineWidth = px(3.5);
      ctx.setLineDash([px(10), px(6)]);
      this.polyline(ctx, points);
      ctx.setLineDash([]);
      ctx.fillStyle = PATH_COLOUR;
      for (const p of points.slice(1, -1)) {
        ctx.beginPath();
        ctx.arc(p.x, p.y, layout.size * 0.12, 0, Math.PI * 2);
        ctx.fill();
      }
      this.arrowHead(ctx, points[points.length - 2]!, points[points.length - 1]!, Math.max(px(14), layout.size * 0.35));
      ctx.strokeStyle = PATH_COLOUR;
      ctx.lineWidth = px(3);
      ctx.stroke(this.outline(layout, m.path[m.path.length - 1]!, 0.88));
    }
    for (const t of m.targets) {
      const c = hexToPixel(layout, t);
      ctx.strokeStyle = TARGET_COLOUR;
      ctx.lineWidth = Math.max(px(3), layout.size * 0.08);
      ctx.stroke(this.outline(layout, t, 0.9));
      const r = layout.size * 0.55;
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        ctx.moveTo(c.x + dx * r * 0.6, c.y + dy * r * 0.6);
        ctx.lineTo(c.x + dx * r * 1.25, c.y + dy * r * 1.25);
      }
      ctx.stroke();
    }
  }

  private polyline(ctx: CanvasRenderingContext2D, points: readonly { x: number; y: number }[]): void {
    ctx.beginPath();
    ctx.moveTo(points[0]!.x, points[0]!.y);
    for (const p of points.slice(1)) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }

  private arrowHead(ctx: CanvasRenderingContext2D, from: { x: number; y: number }, to: { x: number; y: number }, length: number): void {
    const angle = Math.atan2(to.y - from.y, to.x - from.x);
    ctx.beginPath();
    ctx.moveTo(to.x, to.y);
    ctx.lineTo(to.x - length * Math.cos(angle - 0.45), to.y - length * Math.sin(angle - 0.45));
    ctx.lineTo(to.x - length * Math.cos(angle + 0.45), to.y - length * Math.sin(angle + 0.45));
    ctx.closePath();
    ctx.fillStyle = PATH_COLOUR;
    ctx.fill();
  }

  private outline(layout: HexLayout, hex: Hex, inset: number): Path2D {
    const c = hexToPixel(layout, hex);
    const path = new Path2D();
    tracePolygon(
      path,
      hexCorners(layout, hex).map((p) => ({ x: c.x + (p.x - c.x) * inset, y: c.y + (p.y - c.y) * inset })),
    );
    return path;
  }
}
