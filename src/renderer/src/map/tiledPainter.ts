import { clip, isWhole, levelAt, slotsOver, TILE, PAD, type Slot, type WorldRect } from './tileGrid';
import { tilePatches, type PixelRect } from './tilePatches';

export type { WorldRect } from './tileGrid';

/**
 * Paints what a world rectangle shows, at `scale` CSS pixels per world unit; returns a promise
 * when it drew a stand-in for something still on its way (a sharper map image): the tiles it
 * painted are painted again once that promise settles.
 */
export type Paint = (ctx: CanvasRenderingContext2D, view: WorldRect, scale: number) => Promise<unknown> | null | void;

/** Tile painting a frame may spend before the rest waits for the next frames (the console's choice). */
const FRAME_BUDGET_MS = 6;
/** About 120 MiB of tiles at most (120 square tiles); the least recently drawn go first. */
const MAX_PIXELS = 120 * (TILE + 2 * PAD) ** 2;
/** How far coarser than a missing tile a stand-in is looked for: 8 octaves, more than the camera's zoom range. */
const COARSER = 16;

/** Whether the draw under way is a mid-gesture one (`draftTiles`), and whether it drew tiles unfiltered. */
const drafting = { on: false, rough: false };

/**
 * Runs a layer's draw. Mid-gesture (`draft`) tiles are drawn unfiltered: in software a filtered
 * blit of the tiles over a 1920 × 1080 view costs ~35–55 ms in the commit that shows it (a long
 * task of the player page), an unfiltered one ~3 ms. True when `draw` says so or tiles were drawn
 * unfiltered: the layer is to be drawn again, filtered, once the camera rests.
 */
export function draftTiles(draft: boolean, draw: () => boolean): boolean {
  drafting.on = draft;
  drafting.rough = false;
  try {
    return draw() || drafting.rough;
  } finally {
    drafting.on = false;
  }
}

interface Tile {
  /** Rasterised when painted: a canvas records its drawing and rasterises it only when first shown. */
  readonly bitmap: ImageBitmap | HTMLCanvasElement | OffscreenCanvas;
  readonly rect: WorldRect;
  version: number;
  used: number;
  /** Painted from a stand-in that has since been replaced: shown until `fill` paints it again. */
  blurred?: boolean;
  /** World areas whose picture changed since it was painted (`invalidate(areas)`): only they are painted again. */
  changed?: WorldRect[];
}

/** Whether a tile shows the picture as it is now, sharp. */
const isFresh = (tile: Tile | undefined | null, version: number): boolean => !!tile && tile.version === version && !tile.blurred && !tile.changed;

/**
 * Draws something expensive (the map image, terrain and grid; the megahex overlay) from bitmap
 * tiles (DESIGN §Rendering). Tiles are painted at fixed scale levels (tileGrid.ts), so a pan
 * paints only the tiles that come into view, a zoom within a level paints none, and at the fitted
 * zoom the whole map is one tile. A frame paints at most ~6 ms of missing tiles; the rest show
 * the nearest level's tiles (a little blurred) and are painted between frames. So no frame of a
 * pan or zoom waits for a whole repaint.
 */
export class TiledPainter {
  private readonly tiles = new Map<string, Tile>();
  /** Tiles painted from a stand-in, painted again when it is replaced. */
  private readonly provisional = new Set<string>();
  private readonly awaited = new WeakSet<Promise<unknown>>();
  private surface: OffscreenCanvas | null = null;
  private version = 0;
  private clock = 0;
  private pixels = 0;
  /** Tiles the last frame needed and could not paint in its budget. */
  private missing = 0;
  /** How many tiles were painted: a push that changed nothing should paint none. */
  paints = 0;
  /** How many of those paints were patches: only the parts a few hexes changed (`invalidate(areas)`). */
  patches = 0;
  /** Called when provisional tiles are blurred (their sharper picture came): `fill` paints them again. */
  onStale: (() => void) | null = null;
  /** The tiles the last draw needed: `fill` paints the missing ones between draws. */
  private need: { readonly rect: WorldRect; readonly level: number; readonly pixelRatio: number; readonly bounds: WorldRect } | null = null;

  /**
   * The whole map as one tile at the level of a scale kept painted (`keepWhole`), to be drawn
   * when the camera jumps there; null when none is kept.
   */
  private kept: { readonly slot: Slot; readonly pixelRatio: number } | null = null;
  /** The fitted zoom's level: closer levels are square tiles, never one tile of the whole map (tileGrid.ts). */
  private closestWhole = Infinity;

  constructor(private readonly paint: Paint) {}

  /**
   * Keeps the whole map painted at the level `scale` (the page's fitted zoom) draws at, when it
   * is one tile there (0: keep none), and tiles every closer level. A camera that jumps to the
   * whole map (the projector following the GM's Fit, the GM zooming back out) otherwise paints
   * that tile (the map image, terrain and grid of every hex, ~20–50 ms) inside the frame that
   * shows it, where it has no stand-in once evicted. It is painted between draws like
   * a missing tile, at rest.
   */
  keepWhole(scale: number, pixelRatio: number, bounds: WorldRect): void {
    const level = scale > 0 ? levelAt(scale, pixelRatio) : null;
    this.closestWhole = level ?? Infinity;
    const slot = level !== null && isWhole(level, bounds) ? [...slotsOver(bounds, level, bounds)][0] : undefined;
    this.kept = slot ? { slot, pixelRatio } : null;
  }

  /** The kept tile when it is still to be painted (missing, of an old picture, or from a stand-in). */
  private keptToPaint(): { readonly slot: Slot; readonly pixelRatio: number } | null {
    const kept = this.kept;
    if (!kept) return null;
    const tile = this.tiles.get(kept.slot.key);
    if (tile && isFresh(tile, this.version)) {
      tile.used = this.clock;
      return null;
    }
    return kept;
  }

  /** The picture changed: every tile is stale (still shown until its fresh one is painted). */
  /**
   * The picture changed: all of it, or only these world `areas` (a few hexes' fog or terrain). Then
   * the tiles over them are painted again there alone, over their old pixels, when next drawn;
   * until then they are shown as they were, as a stale tile is.
   */
  invalidate(areas: readonly WorldRect[] | null = null): void {
    if (areas === null) this.version++;
    else if (areas.length === 0) return;
    else
      for (const tile of this.tiles.values()) {
        if (tile.version !== this.version) continue;
        const within = areas.filter((a) => clip(a, tile.rect));
        if (within.length) tile.changed = tile.changed ? [...tile.changed, ...within] : within;
      }
    this.missing = Math.max(this.missing, 1); // known at the next draw
  }

  /** True while tiles the view needs are still to be painted, or painted from a stand-in. */
  get pending(): boolean {
    return this.missing > 0 || this.provisional.size > 0;
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
    const level = levelAt(scale, pixelRatio);
    this.need = { rect: needed, level, pixelRatio, bounds };
    const deadline = performance.now() + FRAME_BUDGET_MS;
    let painted = 0;
    let missing = 0;
    const smoothing = ctx.imageSmoothingEnabled;
    if (drafting.on) {
      ctx.imageSmoothingEnabled = false;
      drafting.rough = true;
    }
    for (const slot of slotsOver(needed, level, bounds, this.closestWhole)) {
      let tile: Tile | null = this.tiles.get(slot.key) ?? null;
      if (tile?.blurred && tile.version === this.version) {
        missing++;
      } else if (!tile || tile.version !== this.version || tile.changed) {
        // A changed picture and a bare tile are painted in the budget; a tile of a new zoom level
        // with another level to stand in for it waits for `fill`, so a zoom's first frame only blits.
        const stand = this.standIn(slot, bounds, tile);
        if ((tile || stand.length === 0) && (painted === 0 || performance.now() < deadline)) {
          tile = this.paintTile(slot, pixelRatio);
          painted++;
        } else {
          missing++;
          for (const t of stand) this.blit(ctx, t, slot.area);
          continue;
        }
      }
      this.blit(ctx, tile);
    }
    ctx.imageSmoothingEnabled = smoothing;
    if (this.keptToPaint()) missing++;
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
    for (const slot of slotsOver(need.rect, need.level, need.bounds, this.closestWhole)) {
      if (isFresh(this.tiles.get(slot.key), this.version)) continue;
      if (painted > 0 && performance.now() >= deadline) return false;
      this.paintTile(slot, need.pixelRatio);
      painted++;
    }
    const kept = this.keptToPaint();
    if (kept && painted > 0 && performance.now() >= deadline) return false;
    if (kept) this.paintTile(kept.slot, kept.pixelRatio);
    if (painted || kept) this.evict();
    return true;
  }

  private paintTile(slot: Slot, pixelRatio: number): Tile {
    const { key, rect, k } = slot;
    const old = this.tiles.get(key);
    // A tile still awaiting its sharper picture is painted whole: the rest of it is blurred too.
    const patchable = old?.changed && old.version === this.version && !old.blurred && !this.provisional.has(key);
    const patches = patchable ? tilePatches(old.changed!, rect, k, slot.width, slot.height) : null;
    this.paints++;
    if (patches && old) return this.patchTile(old, slot, patches, pixelRatio);
    const canvas = this.canvas(slot.width, slot.height);
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    if (old) this.drop(key, old);
    const later = this.paintPart(ctx, slot, { x0: 0, y0: 0, x1: slot.width, y1: slot.height }, pixelRatio);
    if (later) this.repaintWhen(key, later);
    // The pixels are made here, inside the painting budget, not later in the frame that shows them.
    const bitmap = 'transferToImageBitmap' in canvas ? canvas.transferToImageBitmap() : canvas;
    const tile = { bitmap, rect, version: this.version, used: this.clock };
    this.tiles.set(key, tile);
    this.pixels += slot.width * slot.height;
    return tile;
  }

  /**
   * Paints a tile again over `patches` alone, on a canvas of its own kept for it: its first patch
   * copies its bitmap there, later ones draw in place (an ImageBitmap cannot be drawn on, and
   * copying the whole fitted map's tile into a new one cost ~10 ms a step of the fog).
   */
  private patchTile(tile: Tile, slot: Slot, patches: readonly PixelRect[], pixelRatio: number): Tile {
    this.patches++;
    let canvas = tile.bitmap;
    if (!('getContext' in canvas)) {
      const own =
        typeof OffscreenCanvas === 'function'
          ? new OffscreenCanvas(slot.width, slot.height)
          : Object.assign(document.createElement('canvas'), { width: slot.width, height: slot.height });
      (own.getContext('2d') as CanvasRenderingContext2D).drawImage(canvas, 0, 0);
      canvas.close();
      canvas = own;
    }
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    let later: Promise<unknown> | null | void = null;
    for (const part of patches) later ||= this.paintPart(ctx, slot, part, pixelRatio);
    const patched: Tile = { bitmap: canvas, rect: tile.rect, version: this.version, used: this.clock };
    this.tiles.set(slot.key, patched);
    if (later) this.repaintWhen(slot.key, later);
    return patched;
  }

  /**
   * Paints one part of a tile's canvas (whole device pixels) as a whole paint would: cleared,
   * clipped to it, the picture drawn at the tile's transform.
   */
  private paintPart(ctx: CanvasRenderingContext2D, slot: Slot, part: PixelRect, pixelRatio: number): Promise<unknown> | null | void {
    const { rect, k } = slot;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(part.x0, part.y0, part.x1 - part.x0, part.y1 - part.y0);
    ctx.beginPath();
    ctx.rect(part.x0, part.y0, part.x1 - part.x0, part.y1 - part.y0);
    ctx.clip();
    ctx.setTransform(k, 0, 0, k, -rect.x0 * k, -rect.y0 * k);
    const view = { x0: rect.x0 + part.x0 / k, y0: rect.y0 + part.y0 / k, x1: rect.x0 + part.x1 / k, y1: rect.y0 + part.y1 / k };
    const later = this.paint(ctx, view, k / pixelRatio);
    ctx.restore();
    return later;
  }

  /**
   * The tile at `key` was painted from a stand-in: once `later` settles, it is blurred. It stays
   * shown, also mid-gesture, and `fill` paints it again between frames, never `draw` inside one.
   */
  private repaintWhen(key: string, later: Promise<unknown>): void {
    this.provisional.add(key);
    if (this.awaited.has(later)) return;
    this.awaited.add(later);
    const stale = () => {
      for (const k of this.provisional) {
        const tile = this.tiles.get(k);
        if (tile) tile.blurred = true;
      }
      this.provisional.clear();
      this.missing = Math.max(this.missing, 1);
      this.onStale?.();
    };
    later.then(stale, stale);
  }

  /**
   * What to show for a tile not yet painted: the same tile, stale, or fresh tiles of the nearest
   * levels over it; failing those, a fresh tile of any coarser level.
   */
  private standIn(slot: Slot, bounds: WorldRect, stale: Tile | null): Tile[] {
    const near = [-1, 1, -2, 2, -3, 3, -4, 4].map((d) => slot.level + d);
    for (let level = slot.level - 5; level >= slot.level - COARSER; level--) near.push(level);
    for (const level of near) {
      const found: Tile[] = [];
      for (const s of slotsOver(slot.area, level, bounds, this.closestWhole)) {
        const t = this.tiles.get(s.key);
        if (t && t.version === this.version) found.push(t);
      }
      if (found.length) return found;
    }
    return stale ? [stale] : [];
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
  private canvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
    if (typeof OffscreenCanvas !== 'function') return Object.assign(document.createElement('canvas'), { width, height });
    const surface = (this.surface ??= new OffscreenCanvas(width, height));
    if (surface.width !== width) surface.width = width;
    if (surface.height !== height) surface.height = height;
    return surface;
  }

  private drop(key: string, tile: Tile): void {
    this.pixels -= tile.bitmap.width * tile.bitmap.height;
    if ('close' in tile.bitmap) tile.bitmap.close();
    this.tiles.delete(key);
    this.provisional.delete(key);
  }

  private evict(): void {
    if (this.pixels <= MAX_PIXELS) return;
    const byAge = [...this.tiles.entries()].sort((a, b) => a[1].used - b[1].used);
    for (const [key, tile] of byAge) {
      if (this.pixels <= MAX_PIXELS) break;
      this.drop(key, tile);
    }
  }
}
