import { hex, hexAdd, hexLength, hexSubtract, ORIGIN } from './axial';
import type { Hex } from './axial';
import { DIRECTIONS, hexNeighbors } from './directions';
import type { HexLayout, Point } from './layout';
import { hexOutline } from './outline';

/**
 * Megahexes: a centre hex and its 6 neighbours (RULINGS G2), tiling the map exactly.
 *
 * The centres form the lattice spanned by U = (2, 1) and V = (−1, 3) in axial (q, r), shifted
 * by a tiling anchor (default the origin). Every lattice point has six lattice neighbours at hex
 * distance 3 — ±U, ±V, ±(U − V) = ±(3, −2) — and the lattice has index |det(U, V)| = 7, so the
 * 7-hex flowers around its points cover the plane without overlap.
 *
 * Exact membership without search: the map f(q, r) = (3q + r) mod 7 is zero on U and V, so it
 * is constant on each coset of the lattice, and it takes the 7 different values 0, 3, 1, 5, 4,
 * 6, 2 on the centre offset and on directions 0–5. So the residue of a hex names which member
 * of its flower it is, and subtracting that member's offset gives the centre.
 */
export const MEGAHEX_BASIS: readonly [Hex, Hex] = [hex(2, 1), hex(-1, 3)];

function residue(h: Hex): number {
  return (((3 * h.q + h.r) % 7) + 7) % 7;
}

/** OFFSET_BY_RESIDUE[f(o)] = o for o in {centre, the 6 directions}. */
const OFFSET_BY_RESIDUE: readonly Hex[] = (() => {
  const table: Hex[] = new Array<Hex>(7);
  for (const o of [hex(0, 0), ...DIRECTIONS]) table[residue(o)] = o;
  return table;
})();

/** The centre of the megahex that contains `h`. */
export function megahexOf(h: Hex, anchor: Hex = ORIGIN): Hex {
  const offset = OFFSET_BY_RESIDUE[residue(hexSubtract(h, anchor))] as Hex;
  return hexSubtract(h, offset);
}

/**
 * Coordinates of the megahex containing `h` on the megahex lattice, as axial (i, j) with
 * centre = anchor + i·U + j·V. The lattice neighbours ±U, ±V, ±(U − V) become the ordinary
 * axial directions (1, 0), (0, 1), (1, −1), so megahex steps are hex steps in these coordinates.
 */
export function megahexCoords(h: Hex, anchor: Hex = ORIGIN): Hex {
  const c = hexSubtract(megahexOf(h, anchor), anchor);
  // Inverse of q = 2i − j, r = i + 3j (determinant 7; exact because c is on the lattice).
  return hex((3 * c.q + c.r) / 7, (2 * c.r - c.q) / 7);
}

/** The centre of the megahex at lattice coordinates `m` (inverse of `megahexCoords`). */
export function megahexCenter(m: Hex, anchor: Hex = ORIGIN): Hex {
  const [u, v] = MEGAHEX_BASIS;
  return hexAdd(anchor, hex(m.q * u.q + m.r * v.q, m.q * u.r + m.r * v.r));
}

/**
 * How many megahex steps separate the megahex containing `a` from the one containing `b`:
 * 0 in the same megahex, 1 for megahexes that share an edge, and so on (RULINGS A2).
 */
export function megahexDistance(a: Hex, b: Hex, anchor: Hex = ORIGIN): number {
  return hexLength(hexSubtract(megahexCoords(a, anchor), megahexCoords(b, anchor)));
}

/** The 7 hexes of the megahex (flower) around `center`: the centre first, then directions 0–5. */
export function megahexHexes(center: Hex): Hex[] {
  return [center, ...hexNeighbors(center)];
}

/**
 * The outline of the megahex around `center` for drawing: 18 corner points, clockwise on screen,
 * first point not repeated (close the path when drawing).
 */
export function megahexOutline(layout: HexLayout, center: Hex): Point[] {
  return hexOutline(layout, megahexHexes(center))[0] ?? [];
}
