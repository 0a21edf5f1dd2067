import { hexToPixel, type HexLayout } from '../../../shared/hex';
import type { MapTerrainModel } from './mapModel';
import type { WorldRect } from './tileGrid';

/**
 * How far from a changed hex's centre its pixels reach, in hex sizes: its corners (1), and the
 * grid line's width and smoothing past them. Neighbours drawn over it are painted again too
 * (the painter's margin), so only its own pixels need clearing.
 */
const REACH = 1.2;
/** Changed hexes are gathered into square cells this many hexes wide, one rectangle each. */
const CELL_HEXES = 4;

/**
 * Where the ground of `next` differs from `was`, as world rectangles to repaint (tiledPainter.ts),
 * or null when all of it may: another shape, orientation or veil style. A step under sight-driven
 * fog changes a ring of hexes, a paint stroke a few: repainting those keeps the rest of a tile.
 */
export function changedGround(was: MapTerrainModel, next: MapTerrainModel, layout: HexLayout): WorldRect[] | null {
  if (was.cols !== next.cols || was.rows !== next.rows || was.orientation !== next.orientation || was.veilStyle !== next.veilStyle) return null;
  const changed = new Set<string>();
  const differ = (a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined) => {
    if (a === b) return;
    for (const k of a ?? []) if (!b?.has(k)) changed.add(k);
    for (const k of b ?? []) if (!a?.has(k)) changed.add(k);
  };
  differ(was.veiled, next.veiled);
  differ(was.dimmed, next.dimmed);
  differ(was.unexplored, next.unexplored);
  if (was.terrain !== next.terrain) {
    for (const k in was.terrain) if (was.terrain[k] !== next.terrain[k]) changed.add(k);
    for (const k in next.terrain) if (was.terrain[k] !== next.terrain[k]) changed.add(k);
  }
  const reach = REACH * layout.size;
  const cell = CELL_HEXES * layout.size * 2;
  const cells = new Map<string, { x0: number; y0: number; x1: number; y1: number }>();
  for (const key of changed) {
    const [q, r] = key.split(',').map(Number);
    if (!Number.isInteger(q) || !Number.isInteger(r)) continue;
    const c = hexToPixel(layout, { q: q!, r: r! });
    const id = `${Math.floor(c.x / cell)},${Math.floor(c.y / cell)}`;
    const box = cells.get(id);
    if (!box) cells.set(id, { x0: c.x - reach, y0: c.y - reach, x1: c.x + reach, y1: c.y + reach });
    else {
      box.x0 = Math.min(box.x0, c.x - reach);
      box.y0 = Math.min(box.y0, c.y - reach);
      box.x1 = Math.max(box.x1, c.x + reach);
      box.y1 = Math.max(box.y1, c.y + reach);
    }
  }
  return [...cells.values()];
}
