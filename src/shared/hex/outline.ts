import { hexKey } from './axial';
import type { Hex } from './axial';
import { hexDirection, hexNeighbor } from './directions';
import { hexCorner } from './layout';
import type { HexLayout, Point } from './layout';

/**
 * An exact integer name for corner `k` of `h`. The corner is shared by `h` and its neighbours in
 * directions `k − 1` and `k`; three times its position is the sum of those three centres, which
 * is an integer axial pair. Two (hex, corner) pairs name the same point iff their keys match.
 */
function cornerKey(h: Hex, k: number): string {
  const a = hexDirection(k - 1);
  const b = hexDirection(k);
  return `${3 * h.q + a.q + b.q},${3 * h.r + a.r + b.r}`;
}

/**
 * The boundary of a set of hexes as closed polygons of corner points (first point not repeated).
 * Each loop runs clockwise on screen around the hexes it encloses: the outer boundary of each
 * connected piece is clockwise, the rim of a hole counter-clockwise. Duplicates in `hexes` are
 * ignored. Loops come in a deterministic order (by the first boundary edge found).
 */
export function hexOutline(layout: HexLayout, hexes: Iterable<Hex>): Point[][] {
  const set = new Map<string, Hex>();
  for (const h of hexes) set.set(hexKey(h), h);

  // Boundary edges: the edge of h facing direction d runs from corner d to corner d + 1.
  const next = new Map<string, { readonly to: string; readonly at: Point }>();
  const order: string[] = [];
  for (const h of set.values()) {
    for (let d = 0; d < 6; d++) {
      if (set.has(hexKey(hexNeighbor(h, d)))) continue;
      const from = cornerKey(h, d);
      next.set(from, { to: cornerKey(h, d + 1), at: hexCorner(layout, h, d) });
      order.push(from);
    }
  }

  // Hexes never touch at a corner alone, so each boundary corner starts exactly one edge.
  const loops: Point[][] = [];
  const used = new Set<string>();
  for (const start of order) {
    if (used.has(start)) continue;
    const loop: Point[] = [];
    let key = start;
    while (!used.has(key)) {
      used.add(key);
      const edge = next.get(key);
      if (edge === undefined) break;
      loop.push(edge.at);
      key = edge.to;
    }
    loops.push(loop);
  }
  return loops;
}
