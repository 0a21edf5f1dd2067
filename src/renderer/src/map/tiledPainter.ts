/** The map's world-space rectangle that is on screen (world pixels). */
export interface WorldRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export type Paint = (ctx: CanvasRenderingContext2D, view: WorldRect, scale: number) => void;

/** A tile's side in device pixels, plus one pixel of overlap each side so tiles meet without seams. */
const TILE = 512;
const PAD = 1;
/** Scale levels are half-octaves: a tile is shown between its own scale and 1/√2 of it. */
const STEPS_PER_OCTAVE = 2;
/** Tile painting a frame may spend before the rest waits for the next frames (the console's choice). */
const FRAME_BUDGET_MS = 6;
/** About 120 MiB of tiles at most; the least recently drawn go first. */
const MAX_TILES = 120;

interface Tile {
  /** Rasterised when painted: a canvas records its drawing and rasterises it only when first shown. */
  readonly bitmap: ImageBitmap | HTMLCanvasElement;
  readonly rect: WorldRect;
  version: number;
  used: number;
}

/** The part of `a` inside `b`, or null when they do not meet. */
function clip(a: WorldRect, b: WorldRect): WorldRect | null {
  const r = { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
  return r.x0 < r.x1 && r.y0 < r.y1 ? r : null;
}

/**
 * Draws something expensive (the map image, terrain and grid; the megahex overlay) from bitmap
 * tiles (DESIGN §Rendering). Tiles are painted at fixed scale levels on a fixed grid, so a pan
 * paints only the tiles that come into view and a zoom within a level paints none. A frame paints
 * at most ~6 ms of missing tiles; the rest show the nearest level's tiles (a little blurred) and
 * are painted in the following frames. So no frame of a pan or zoom waits for a whole repaint.
 */
export class TiledPainter {
  private readonly tiles = new Map<string, Tile>();
  private surface: OffscreenCanvas | null = null;
  private version = 0;
  private clock = 0;
  /** Tiles the last frame needed and could not paint in its budget. */
  private missing = 0;
  /** How many tiles were painted: a push that changed nothing should paint none. */
  paints = 0;
  /** The tiles the last draw needed: `fill` paints the missing ones between draws. */
  private need: { readonly rect: WorldRect; readonly level: number; readonly pixelRatio: number } | null = null;

  constructor(private readonly paint: Paint) {}

  /** The picture changed: every tile is stale (still shown until its fresh one is painted). */
  invalidate(): void {
    this.version++;
    this.missing = Math.max(this.missing, 1); // known at the next draw
  }

  /** True while tiles the view needs are still to be painted. */
  get pending(): boolean {
    return this.missing > 0;
  }

  /**
   * Draws the view into a context already transformed to world coordinates (world → CSS pixels
   * at `scale`, × `pixelRatio` device pixels). True when every tile shown is fresh and sharp.
   */
  draw(ctx: CanvasRenderingContext2D, view: WorldRect, scale: number, pixelRatio: number, bounds: WorldRect): boolean {
    const needed = clip(view, bounds);
    this.clock++;
    if (!needed || scale <= 0) {
      this.missing = 0;
      return true;
    }
    const level = Math.ceil(Math.log2(scale * pixelRatio) * STEPS_PER_OCTAVE);
    this.need = { rect: needed, level, pixelRatio };
    const deadline = performance.now() + FRAME_BUDGET_MS;
    let painted = 0;
    let missing = 0;
    for (const [tx, ty] of this.tilesOver(needed, level)) {
      let tile: Tile | null = this.tiles.get(`${level}:${tx}:${ty}`) ?? null;
      if (!tile || tile.version !== this.version) {
        // A changed picture and a bare tile are painted in the budget; a tile of a new zoom level
        // with another level to stand in for it waits for `fill`, so a zoom's first frame only blits.
        const stand = this.standIn(level, tx, ty, tile);
        if ((tile || stand.length === 0) && (painted === 0 || performance.now() < deadline)) {
          tile = this.paintTile(level, tx, ty, pixelRatio);
          painted++;
        } else {
          missing++;
          for (const t of stand) this.blit(ctx, t, this.area(level, tx, ty));
          continue;
        }
      }
      this.blit(ctx, tile);
    }
    this.missing = missing;
    if (painted) this.evict();
    return missing === 0;
  }

  /**
   * Paints tiles the last draw was missing, for at most ~`budgetMs` (one tile at least), without
   * drawing them anywhere: true once none is missing, when one draw shows them all.
   */
  fill(budgetMs = FRAME_BUDGET_MS): boolean {
    const need = this.need;
    if (!need) return true;
    const deadline = performance.now() + budgetMs;
    let painted = 0;
    for (const [tx, ty] of this.tilesOver(need.rect, need.level)) {
      const tile = this.tiles.get(`${need.level}:${tx}:${ty}`);
      if (tile && tile.version === this.version) continue;
      if (painted > 0 && performance.now() >= deadline) return false;
      this.paintTile(need.level, tx, ty, need.pixelRatio);
      painted++;
    }
    if (painted) this.evict();
    return true;
  }

  private tileWorld(level: number): number {
    return TILE / 2 ** (level / STEPS_PER_OCTAVE);
  }

  private *tilesOver(r: WorldRect, level: number): Generator<[number, number]> {
    const w = this.tileWorld(level);
    for (let ty = Math.floor(r.y0 / w); ty * w < r.y1; ty++) for (let tx = Math.floor(r.x0 / w); tx * w < r.x1; tx++) yield [tx, ty];
  }

  private paintTile(level: number, tx: number, ty: number, pixelRatio: number): Tile {
    const key = `${level}:${tx}:${ty}`;
    const w = this.tileWorld(level);
    const k = TILE / w; // device pixels per world unit
    const pad = PAD / k;
    const rect = { x0: tx * w - pad, y0: ty * w - pad, x1: (tx + 1) * w + pad, y1: (ty + 1) * w + pad };
    const old = this.tiles.get(key);
    if (old && 'close' in old.bitmap) old.bitmap.close();
    const canvas = this.canvas();
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.save();
    ctx.setTransform(k, 0, 0, k, -rect.x0 * k, -rect.y0 * k);
    ctx.clearRect(rect.x0, rect.y0, rect.x1 - rect.x0, rect.y1 - rect.y0);
    ctx.beginPath();
    ctx.rect(rect.x0, rect.y0, rect.x1 - rect.x0, rect.y1 - rect.y0);
    ctx.clip();
    this.paints++;
    this.paint(ctx, rect, k / pixelRatio);
    ctx.restore();
    // The pixels are made here, inside the painting budget, not later in the frame that shows them.
    const bitmap = 'transferToImageBitmap' in canvas ? canvas.transferToImageBitmap() : canvas;
    const tile = { bitmap, rect, version: this.version, used: this.clock };
    this.tiles.set(key, tile);
    return tile;
  }

  /** What to show for a tile not yet painted: the same tile, stale, or fresh tiles of the nearest levels over it. */
  private standIn(level: number, tx: number, ty: number, stale: Tile | null): Tile[] {
    const area = this.area(level, tx, ty);
    for (const d of [-1, 1, -2, 2, -3, 3, -4, 4]) {
      const found: Tile[] = [];
      for (const [x, y] of this.tilesOver(area, level + d)) {
        const t = this.tiles.get(`${level + d}:${x}:${y}`);
        if (t && t.version === this.version) found.push(t);
      }
      if (found.length) return found;
    }
    return stale ? [stale] : [];
  }

  /** A tile's world square, without the overlap. */
  private area(level: number, tx: number, ty: number): WorldRect {
    const w = this.tileWorld(level);
    return { x0: tx * w, y0: ty * w, x1: (tx + 1) * w, y1: (ty + 1) * w };
  }

  /**
   * Draws a tile, or only its part inside `within` (a stand-in for a missing tile: a coarser
   * tile covers several missing ones, and drawing it whole for each would rasterise it again and
   * again in software).
   */
  private blit(ctx: CanvasRenderingContext2D, tile: Tile, within?: WorldRect): void {
    tile.used = this.clock;
    const r = tile.rect;
    if (!within) {
      ctx.drawImage(tile.bitmap, r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
      return;
    }
    const part = clip(r, within);
    if (!part) return;
    const kx = tile.bitmap.width / (r.x1 - r.x0);
    const ky = tile.bitmap.height / (r.y1 - r.y0);
    const [w, h] = [part.x1 - part.x0, part.y1 - part.y0];
    ctx.drawImage(tile.bitmap, (part.x0 - r.x0) * kx, (part.y0 - r.y0) * ky, w * kx, h * ky, part.x0, part.y0, w, h);
  }

  /** The canvas tiles are painted on: one offscreen canvas, emptied into each tile's bitmap. */
  private canvas(): OffscreenCanvas | HTMLCanvasElement {
    const side = TILE + 2 * PAD;
    if (typeof OffscreenCanvas !== 'function') return Object.assign(document.createElement('canvas'), { width: side, height: side });
    return (this.surface ??= new OffscreenCanvas(side, side));
  }

  private evict(): void {
    if (this.tiles.size <= MAX_TILES) return;
    const byAge = [...this.tiles.entries()].sort((a, b) => a[1].used - b[1].used);
    for (const [key, tile] of byAge.slice(0, this.tiles.size - MAX_TILES)) {
      if ('close' in tile.bitmap) tile.bitmap.close();
      this.tiles.delete(key);
    }
  }
}
