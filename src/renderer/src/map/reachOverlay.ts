import Konva from './konva';
import { hexCorners, hexToPixel, type Hex, type HexLayout } from '../../../shared/hex';
import { tracePolygon } from './gridShape';

/**
 * The selected figure's reach as main computed it (the `reachable` and `figureZones` queries):
 * one band per gait (each hex in the slowest gait that reaches it), the hexes where an enemy's
 * front would stop it (RULINGS M5), and its own front, side and rear hexes (001 §Facing).
 */
export interface ReachModel {
  readonly figureId: string;
  readonly bands: readonly { readonly gait: string; readonly hexes: readonly Hex[] }[];
  readonly stops: readonly Hex[];
  readonly zones: readonly { readonly hex: Hex; readonly zone: 'front' | 'side' | 'rear' }[];
  /** The gait the GM chose for this move: its band is drawn stronger, the others fainter. */
  readonly chosen: string | null;
}

export const BAND_COLOUR: Readonly<Record<string, string>> = {
  walk: '#55c46a',
  jog: '#c8dc4a',
  run: '#f0a030',
  sprint: '#e0504a',
};

export const ZONE_COLOUR: Readonly<Record<string, string>> = {
  front: '#ffd166',
  side: '#6fb4ff',
  rear: '#c084fc',
};

/** A shape on the overlay layer (never listening) that draws a `ReachModel`. */
export class ReachOverlay {
  readonly shape: Konva.Shape;
  private model: ReachModel | null = null;

  constructor(private layout: () => HexLayout) {
    this.shape = new Konva.Shape({
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (context) => this.draw(context._context),
    });
  }

  get shown(): ReachModel | null {
    return this.model;
  }

  set(model: ReachModel | null): void {
    this.model = model;
    this.shape.visible(model !== null);
  }

  private trace(hexes: Iterable<Hex>, inset = 1): Path2D {
    const layout = this.layout();
    const path = new Path2D();
    for (const h of hexes) {
      const c = hexToPixel(layout, h);
      tracePolygon(
        path,
        hexCorners(layout, h).map((p) => ({ x: c.x + (p.x - c.x) * inset, y: c.y + (p.y - c.y) * inset })),
      );
    }
    return path;
  }

  private draw(ctx: CanvasRenderingContext2D): void {
    const m = this.model;
    if (!m) return;
    const scale = this.shape.getStage()?.scaleX() ?? 1;
    const size = this.layout().size;
    // Slowest band last, so walk sits on top of the faster ones where they meet.
    for (const band of [...m.bands].reverse()) {
      ctx.globalAlpha = m.chosen === null ? 0.3 : band.gait === m.chosen ? 0.42 : 0.1;
      ctx.fillStyle = BAND_COLOUR[band.gait] ?? '#888888';
      ctx.fill(this.trace(band.hexes));
    }
    ctx.globalAlpha = 1;
    if (m.stops.length > 0) {
      ctx.strokeStyle = '#ff5a5a';
      ctx.lineWidth = 2.5 / scale;
      ctx.setLineDash([6 / scale, 4 / scale]);
      ctx.stroke(this.trace(m.stops, 0.86));
      ctx.setLineDash([]);
      ctx.fillStyle = '#ff5a5a';
      const layout = this.layout();
      for (const h of m.stops) {
        const c = hexToPixel(layout, h);
        ctx.beginPath();
        ctx.arc(c.x, c.y, size * 0.13, 0, Math.PI * 2);
        ctx.fill();
      }
    }
    for (const zone of ['rear', 'side', 'front'] as const) {
      const hexes = m.zones.filter((z) => z.zone === zone).map((z) => z.hex);
      if (hexes.length === 0) continue;
      ctx.strokeStyle = ZONE_COLOUR[zone]!;
      ctx.lineWidth = Math.max(3 / scale, size * 0.1);
      ctx.stroke(this.trace(hexes, 0.78));
    }
  }
}
