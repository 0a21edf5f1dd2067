/** The map's world-space rectangle that is on screen (world pixels). */
export interface WorldRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export type Paint = (ctx: CanvasRenderingContext2D, view: WorldRect, scale: number) => void;

const MAX_SIDE = 4096;
const MAX_PIXELS = 4_000_000;

/** The part of `a` inside `b`, or null when they do not meet. */
function clip(a: WorldRect, b: WorldRect): WorldRect | null {
  const r = { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
  return r.x0 < r.x1 && r.y0 < r.y1 ? r : null;
}

function contains(outer: WorldRect, inner: WorldRect): boolean {
  return outer.x0 <= inner.x0 && outer.y0 <= inner.y0 && outer.x1 >= inner.x1 && outer.y1 >= inner.y1;
}

/**
 * Draws something expensive (the grid and terrain, the megahex overlay) as a bitmap while the
 * camera moves, and as vectors when the bitmap does not cover the view (DESIGN §Rendering:
 * cached while idle). `rebuild()` — called once the camera has rested — paints the view plus a
 * margin at the current scale, so the next pans and small zooms only blit.
 */
export class CachedPainter {
  private canvas: HTMLCanvasElement | null = null;
  private rect: WorldRect | null = null;
  private scale = 0;
  private version = 0;
  private cachedVersion = -1;
  /** How many times the picture was painted (into the bitmap or straight to the screen). */
  paints = 0;

  constructor(private readonly paint: Paint) {}

  /** The picture changed: the bitmap is stale. */
  invalidate(): void {
    this.version++;
  }

  /**
   * Draws into a context already transformed to world coordinates. The bitmap serves while it
   * covers the view (clipped to `bounds`, the map) at a scale within 4× of the current one; when
   * it does not, it is rebuilt here once, so a long pan or zoom pays a repaint now and then
   * rather than on every frame. True when a bitmap served.
   */
  draw(ctx: CanvasRenderingContext2D, view: WorldRect, scale: number, pixelRatio: number, bounds: WorldRect): boolean {
    const needed = clip(view, bounds);
    if (!this.serves(needed, scale)) this.rebuild(view, scale, pixelRatio, bounds);
    if (this.canvas && this.rect && this.serves(needed, scale)) {
      ctx.drawImage(this.canvas, this.rect.x0, this.rect.y0, this.rect.x1 - this.rect.x0, this.rect.y1 - this.rect.y0);
      return true;
    }
    this.paints++;
    this.paint(ctx, view, scale);
    return false;
  }

  private serves(needed: WorldRect | null, scale: number): boolean {
    if (!this.canvas || !this.rect || this.cachedVersion !== this.version) return false;
    if (needed === null) return true;
    const ratio = scale / this.scale;
    return ratio > 0.25 && ratio < 4 && contains(this.rect, needed);
  }

  /** Whether an idle `rebuild` would make the picture sharper or fresher for this view. */
  stale(view: WorldRect, scale: number, bounds: WorldRect): boolean {
    return !(this.serves(clip(view, bounds), scale) && Math.abs(scale / this.scale - 1) < 0.01);
  }

  /**
   * Paints the view and up to a view of margin each way (never past `bounds`) into the bitmap at
   * `scale` × `pixelRatio`.
   */
  rebuild(view: WorldRect, scale: number, pixelRatio: number, bounds: WorldRect): void {
    const w = view.x1 - view.x0;
    const h = view.y1 - view.y0;
    const k = scale * pixelRatio;
    const around = (m: number) =>
      clip({ x0: view.x0 - w * m, y0: view.y0 - h * m, x1: view.x1 + w * m, y1: view.y1 + h * m }, bounds) ?? view;
    const fits = (r: WorldRect) =>
      (r.x1 - r.x0) * k <= MAX_SIDE && (r.y1 - r.y0) * k <= MAX_SIDE && (r.x1 - r.x0) * (r.y1 - r.y0) * k * k <= MAX_PIXELS;
    let margin = 1;
    while (margin > 0 && !fits(around(margin))) margin = Math.max(0, margin - 0.125);
    const rect = around(margin);
    const pw = Math.ceil((rect.x1 - rect.x0) * k);
    const ph = Math.ceil((rect.y1 - rect.y0) * k);
    if (pw < 1 || ph < 1 || pw > MAX_SIDE || ph > MAX_SIDE) {
      this.rect = null;
      return;
    }
    const canvas = this.canvas ?? document.createElement('canvas');
    canvas.width = pw;
    canvas.height = ph;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(k, 0, 0, k, -rect.x0 * k, -rect.y0 * k);
    ctx.clearRect(rect.x0, rect.y0, rect.x1 - rect.x0, rect.y1 - rect.y0);
    this.paints++;
    this.paint(ctx, rect, scale);
    this.canvas = canvas;
    this.rect = { x0: rect.x0, y0: rect.y0, x1: rect.x0 + pw / k, y1: rect.y0 + ph / k };
    this.scale = scale;
    this.cachedVersion = this.version;
  }
}
