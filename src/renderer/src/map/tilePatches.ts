import type { WorldRect } from './tileGrid';

/** A rectangle of a tile's canvas in whole device pixels: [x0, x1) × [y0, y1). */
export interface PixelRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * The console's choice: past this share of a tile's pixels a patch costs about what a whole
 * paint does (each part traces the hexes along its edges again), so the tile is painted whole.
 */
const WHOLE_FROM = 0.5;
/** Two parts are painted as one when their bounding box wastes at most this share over them. */
const MERGE_SLACK = 1.25;

const area = (r: PixelRect) => (r.x1 - r.x0) * (r.y1 - r.y0);
const union = (a: PixelRect, b: PixelRect): PixelRect => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
});

/**
 * The parts of a tile (`rect` in world units, `k` device pixels a unit, `width` × `height`
 * pixels) to paint again when the world areas `changed` changed: whole device pixels, so the
 * parts' edges are never blended with what lies around them; near ones merged, so a front of
 * hexes is a few parts, not one per hex. Null when the patch would cover so much of the tile that
 * painting it whole costs no more.
 */
export function tilePatches(changed: readonly WorldRect[], rect: WorldRect, k: number, width: number, height: number): PixelRect[] | null {
  const parts: PixelRect[] = [];
  for (const c of changed) {
    const x0 = Math.max(0, Math.floor((c.x0 - rect.x0) * k));
    const y0 = Math.max(0, Math.floor((c.y0 - rect.y0) * k));
    const x1 = Math.min(width, Math.ceil((c.x1 - rect.x0) * k));
    const y1 = Math.min(height, Math.ceil((c.y1 - rect.y0) * k));
    if (x1 > x0 && y1 > y0) parts.push({ x0, y0, x1, y1 });
  }
  parts.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const merged: PixelRect[] = [];
  for (const part of parts) {
    let into = part;
    // A part grown by a merge may now meet parts merged before it: take them in too.
    for (let i = merged.length - 1; i >= 0; i--) {
      const both = union(merged[i]!, into);
      if (area(both) <= MERGE_SLACK * (area(merged[i]!) + area(into))) {
        into = both;
        merged.splice(i, 1);
      }
    }
    merged.push(into);
  }
  const covered = merged.reduce((s, r) => s + area(r), 0);
  return covered > WHOLE_FROM * width * height ? null : merged;
}
