import Konva from './konva';
import { footprint, hexCorners, hexNeighbor, hexToPixel, type Hex, type HexLayout } from '../../../shared/hex';
import { tracePolygon } from './gridShape';

/**
 * What the GM's hand is about to do, drawn on the overlay layer (never listening): the ghost of
 * a figure being placed, at the hex under the pointer, facing the way it will be placed and
 * ringed in main's verdict on that hex; and, while a figure is dragged, the path the engine
 * would walk with its length. Verdicts and paths are main's answers; this only draws them.
 */
export interface PlaceGhost {
  readonly name: string;
  readonly color: string;
  readonly facing: number;
  readonly size: 1 | 3 | 7;
  readonly hex: Hex;
  /** Main's verdict on this hex and facing; null while it is being asked. */
  readonly ok: boolean | null;
}

export interface DragPath {
  /** The hexes walked, start first. */
  readonly path: readonly Hex[];
  readonly ok: boolean;
  /** "5 hexes · Walk (10 hexes)", or the reason the drop would be refused. */
  readonly label: string;
}

const OK = '#4fd1c5';
const REFUSED = '#ff5a5a';
const ASKING = '#c9d1d9';

export class HandOverlay {
  readonly shape: Konva.Shape;
  private ghost: PlaceGhost | null = null;
  private path: DragPath | null = null;

  constructor(private readonly layout: () => HexLayout) {
    this.shape = new Konva.Shape({ listening: false, perfectDrawEnabled: false, visible: false, sceneFunc: (context) => this.draw(context._context) });
  }

  setGhost(ghost: PlaceGhost | null): void {
    this.ghost = ghost;
    this.shape.visible(this.ghost !== null || this.path !== null);
  }

  setPath(path: DragPath | null): void {
    this.path = path;
    this.shape.visible(this.ghost !== null || this.path !== null);
  }

  get current(): { ghost: PlaceGhost | null; path: DragPath | null } {
    return { ghost: this.ghost, path: this.path };
  }

  private draw(ctx: CanvasRenderingContext2D): void {
    const scale = this.shape.getStage()?.scaleX() ?? 1;
    if (this.path) this.drawPath(ctx, this.path, scale);
    if (this.ghost) this.drawGhost(ctx, this.ghost, scale);
  }

  private drawGhost(ctx: CanvasRenderingContext2D, g: PlaceGhost, scale: number): void {
    const layout = this.layout();
    const s = layout.size;
    const colour = g.ok === null ? ASKING : g.ok ? OK : REFUSED;
    ctx.lineJoin = 'round';
    for (const h of footprint(g.hex, g.facing, g.size)) {
      ctx.beginPath();
      tracePolygon(ctx, hexCorners(layout, h));
      ctx.globalAlpha = 0.22;
      ctx.fillStyle = colour;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.lineWidth = Math.max(2.5 / scale, s * 0.1);
      ctx.strokeStyle = colour;
      ctx.stroke();
    }
    const c = hexToPixel(layout, g.hex);
    const r = s * 0.7;
    ctx.globalAlpha = 0.6;
    ctx.beginPath();
    ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
    ctx.fillStyle = g.color;
    ctx.fill();
    // The facing pointer, as a token's notch (figureNode.ts): towards the faced hex side.
    const front = hexToPixel(layout, hexNeighbor(g.hex, g.facing));
    const a = Math.atan2(front.y - c.y, front.x - c.x);
    ctx.beginPath();
    ctx.moveTo(c.x + Math.cos(a - 0.42) * r, c.y + Math.sin(a - 0.42) * r);
    ctx.lineTo(c.x + Math.cos(a) * (r + s * 0.32), c.y + Math.sin(a) * (r + s * 0.32));
    ctx.lineTo(c.x + Math.cos(a + 0.42) * r, c.y + Math.sin(a + 0.42) * r);
    ctx.closePath();
    ctx.fillStyle = '#f3efe6';
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.font = `700 ${s * 0.5}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#ffffff';
    ctx.fillText(g.ok === false ? '✕' : g.name.slice(0, 2), c.x, c.y);
  }

  private drawPath(ctx: CanvasRenderingContext2D, p: DragPath, scale: number): void {
    const layout = this.layout();
    const s = layout.size;
    const colour = p.ok ? OK : REFUSED;
    const points = p.path.map((h) => hexToPixel(layout, h));
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    if (points.length > 1) {
      ctx.beginPath();
      ctx.moveTo(points[0]!.x, points[0]!.y);
      for (const pt of points.slice(1)) ctx.lineTo(pt.x, pt.y);
      ctx.lineWidth = Math.max(3 / scale, s * 0.14);
      ctx.strokeStyle = 'rgba(10, 12, 16, 0.7)';
      ctx.stroke();
      ctx.lineWidth = Math.max(2 / scale, s * 0.08);
      ctx.strokeStyle = colour;
      ctx.stroke();
      for (const pt of points.slice(1)) {
        ctx.beginPath();
        ctx.arc(pt.x, pt.y, s * 0.12, 0, Math.PI * 2);
        ctx.fillStyle = colour;
        ctx.fill();
      }
    }
    const end = points.at(-1);
    if (!end) return;
    const fontPx = Math.max(12, Math.min(18, s * scale * 0.4));
    ctx.font = `600 ${fontPx / scale}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const w = ctx.measureText(p.label).width + 12 / scale;
    const h = (fontPx * 1.4) / scale;
    const y = end.y - s * 1.25;
    ctx.fillStyle = 'rgba(10, 12, 16, 0.88)';
    ctx.beginPath();
    ctx.roundRect(end.x - w / 2, y - h / 2, w, h, 4 / scale);
    ctx.fill();
    ctx.fillStyle = colour;
    ctx.fillText(p.label, end.x, y);
  }
}
