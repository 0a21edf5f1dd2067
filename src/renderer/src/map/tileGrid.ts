/**
 * Where map tiles lie (tiledPainter.ts): fixed scale levels, and at each level either one tile
 * over the whole map, when the map is small enough on screen, or a fixed grid of square tiles.
 */

/** The map's world-space rectangle that is on screen (world pixels). */
export interface WorldRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A square tile's side in device pixels, plus one pixel of overlap each side so tiles meet without seams. */
export const TILE = 512;
export const PAD = 1;
/** Scale levels are half-octaves: a tile is shown between its own scale and 1/√2 of it. */
const STEPS_PER_OCTAVE = 2;
/**
 * The console's choice: at a level where the whole map is at most this many device pixels a side
 * (9 MiB of tile), it is one tile: one paint and one bitmap instead of a dozen tiles each tracing
 * the hexes along its edges again. That is the fitted zoom on a screen up to 1080 pixels high
 * (tile levels are up to √2 sharper than the zoom). One level closer the map is larger than the
 * view, and one tile of all of it (~1700 × 2000 on the bench map) took ~95 ms to paint where
 * the square tiles the view needs took ~50 ms in all, a few milliseconds each. Nor is the map one
 * tile at a level closer than the page's fitted zoom (`closest`, set by tiledPainter.ts): in the
 * GM's smaller pane the level one closer than its fit is still under WHOLE_MAX on the bench map
 * (1206 × 1397), and one tile of it took 25–49 ms to paint in one task at a pause mid-gesture,
 * where its square tiles take a few milliseconds each.
 */
export const WHOLE_MAX = 1536;

/** One tile's place: its key, the world square it shows and the canvas it is painted on. */
export interface Slot {
  readonly key: string;
  readonly level: number;
  /** Device pixels per world unit. */
  readonly k: number;
  /** What it shows, without the overlap. */
  readonly area: WorldRect;
  /** What its canvas covers, overlap included: `width` × `height` device pixels. */
  readonly rect: WorldRect;
  readonly width: number;
  readonly height: number;
}

/** The part of `a` inside `b`, or null when they do not meet. */
export function clip(a: WorldRect, b: WorldRect): WorldRect | null {
  const r = { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
  return r.x0 < r.x1 && r.y0 < r.y1 ? r : null;
}

/** The level drawn at `scale` CSS pixels per world unit: the first whose tiles are at least as sharp. */
export function levelAt(scale: number, pixelRatio: number): number {
  return Math.ceil(Math.log2(scale * pixelRatio) * STEPS_PER_OCTAVE);
}

const kOf = (level: number): number => 2 ** (level / STEPS_PER_OCTAVE);

/** Whether the map is one tile at `level`, on a page whose fitted zoom is at level `closest`. */
export function isWhole(level: number, bounds: WorldRect, closest = Infinity): boolean {
  if (level > closest) return false;
  const k = kOf(level);
  return Math.max(bounds.x1 - bounds.x0, bounds.y1 - bounds.y0) * k <= WHOLE_MAX;
}

function slot(key: string, level: number, area: WorldRect): Slot {
  const k = kOf(level);
  // A square tile is TILE pixels give or take a rounding error, which must not make it 513.
  const width = Math.ceil((area.x1 - area.x0) * k - 1e-6) + 2 * PAD;
  const height = Math.ceil((area.y1 - area.y0) * k - 1e-6) + 2 * PAD;
  const x0 = area.x0 - PAD / k;
  const y0 = area.y0 - PAD / k;
  return { key, level, k, area, rect: { x0, y0, x1: x0 + width / k, y1: y0 + height / k }, width, height };
}

/** The tiles of `level` that `r` meets, the map being `bounds` (`closest` as for `isWhole`). */
export function* slotsOver(r: WorldRect, level: number, bounds: WorldRect, closest = Infinity): Generator<Slot> {
  if (isWhole(level, bounds, closest)) {
    if (clip(r, bounds)) yield slot(`${level}:whole`, level, bounds);
    return;
  }
  const w = TILE / kOf(level);
  for (let ty = Math.floor(r.y0 / w); ty * w < r.y1; ty++) {
    for (let tx = Math.floor(r.x0 / w); tx * w < r.x1; tx++) {
      yield slot(`${level}:${tx}:${ty}`, level, { x0: tx * w, y0: ty * w, x1: (tx + 1) * w, y1: (ty + 1) * w });
    }
  }
}
