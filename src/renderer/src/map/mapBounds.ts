import { hexToPixel, type HexLayout } from '../../../shared/hex';
import { offsetToAxial } from '../../../shared/mapGrid';
import type { WorldRect } from './tiledPainter';
import type { MapBackground } from './gridShape';
import type { MapTerrainModel } from './mapModel';

/** The world rectangle around every hex of the map (border hexes decide it). */
export function hexBounds(terrain: MapTerrainModel, layout: HexLayout): WorldRect {
  const { cols, rows } = terrain;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const take = (col: number, row: number) => {
    const p = hexToPixel(layout, offsetToAxial(terrain, col, row));
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  };
  for (let c = 0; c < cols; c++) {
    take(c, 0);
    take(c, rows - 1);
  }
  for (let r = 0; r < rows; r++) {
    take(0, r);
    take(cols - 1, r);
  }
  const s = layout.size;
  return { x0: x0 - s, y0: y0 - s, x1: x1 + s, y1: y1 + s };
}

/** The hexes' rectangle, grown to take in the map image where it reaches past them. */
export function mapBounds(terrain: MapTerrainModel, layout: HexLayout, background: MapBackground | null): WorldRect {
  const h = hexBounds(terrain, layout);
  if (!background) return h;
  const b = background.rect;
  return { x0: Math.min(b.x0, h.x0), y0: Math.min(b.y0, h.y0), x1: Math.max(b.x1, h.x1), y1: Math.max(b.y1, h.y1) };
}

/** Whether two terrain models would paint the same map (a push usually brings an equal one). */
export function sameTerrain(a: MapTerrainModel, b: MapTerrainModel): boolean {
  if (a === b) return true;
  if (a.cols !== b.cols || a.rows !== b.rows || a.orientation !== b.orientation || a.veilStyle !== b.veilStyle) return false;
  if (!sameSet(a.veiled, b.veiled) || !sameSet(a.dimmed, b.dimmed) || !sameSet(a.unexplored, b.unexplored)) return false;
  const ka = Object.keys(a.terrain);
  if (ka.length !== Object.keys(b.terrain).length) return false;
  for (const k of ka) if (a.terrain[k] !== b.terrain[k]) return false;
  return true;
}

function sameSet(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  if ((a?.size ?? 0) !== (b?.size ?? 0)) return false;
  for (const k of a ?? []) if (!b!.has(k)) return false;
  return true;
}
