import { hexCorners, parseHexKey, type HexLayout } from '../../../shared/hex';
import type { MapTerrainModel } from './mapModel';
import type { MapBackground } from './gridShape';
import type { WorldRect } from './tileGrid';

/** Past this many changed hexes the whole map is painted again (a patch would cover most of it anyway). */
const MOST_HEXES = 1500;
/** Around a hex, what its grid line, terrain mark and fog may reach past its corners, in hex sizes. */
const MARGIN = 0.25;

/**
 * The hexes two models of one map paint differently (their fog, shade or terrain), or null when
 * the map changed shape or look, or so many hexes changed that it is to be painted whole. A hex's
 * change repaints its own hex and edges only: its neighbours keep their pixels (gridShape.ts
 * strokes each edge the same whichever hex traces it).
 */
export function changedHexKeys(a: MapTerrainModel, b: MapTerrainModel): string[] | null {
  if (a.cols !== b.cols || a.rows !== b.rows || a.orientation !== b.orientation || a.veilStyle !== b.veilStyle) return null;
  const changed = new Set<string>();
  const differ = (x: ReadonlySet<string> | undefined, y: ReadonlySet<string> | undefined) => {
    if (x === y) return;
    for (const k of x ?? []) if (!y?.has(k)) changed.add(k);
    for (const k of y ?? []) if (!x?.has(k)) changed.add(k);
  };
  differ(a.veiled, b.veiled);
  differ(a.dimmed, b.dimmed);
  differ(a.unexplored, b.unexplored);
  if (a.terrain !== b.terrain) {
    for (const k in a.terrain) if (a.terrain[k] !== b.terrain[k]) changed.add(k);
    for (const k in b.terrain) if (a.terrain[k] !== b.terrain[k]) changed.add(k);
  }
  return changed.size > MOST_HEXES ? null : [...changed];
}

/** The world rectangles the hexes `keys` ("q,r") paint over. */
export function hexAreas(keys: readonly string[], layout: HexLayout): WorldRect[] {
  const margin = MARGIN * layout.size;
  return keys.flatMap((key) => {
    const hex = parseHexKey(key);
    if (hex === null) return [];
    const corners = hexCorners(layout, hex);
    const xs = corners.map((c) => c.x);
    const ys = corners.map((c) => c.y);
    return [{ x0: Math.min(...xs) - margin, y0: Math.min(...ys) - margin, x1: Math.max(...xs) + margin, y1: Math.max(...ys) + margin }];
  });
}

/**
 * Where two pictures under the grid differ, when both are the players' copy over the same whole
 * copy and only some squares changed (a step of the fog): those squares' rectangles. Null when
 * they differ otherwise (painted whole).
 */
export function changedPieces(a: MapBackground | null, b: MapBackground | null): WorldRect[] | null {
  const [p, q] = [a?.squares, b?.squares];
  if (!p || !q || p.key !== q.key || p.sources.length !== q.sources.length) return null;
  return q.rects.filter((_, i) => p.sources[i] !== q.sources[i]);
}
