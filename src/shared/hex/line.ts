import { hex, hexDistance } from './axial';
import type { Hex } from './axial';

/** A point in cube space that need not be on a hex centre (`q + r + s = 0`). */
export interface CubeFraction {
  readonly q: number;
  readonly r: number;
  readonly s: number;
}

/** The hex containing a fractional cube point: round each coordinate, then fix the one that moved most. */
export function hexRound(frac: CubeFraction): Hex {
  let q = Math.round(frac.q);
  let r = Math.round(frac.r);
  const s = Math.round(frac.s);
  const dq = Math.abs(q - frac.q);
  const dr = Math.abs(r - frac.r);
  const ds = Math.abs(s - frac.s);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return hex(q, r);
}

/**
 * Nudge added to both ends of a line so that a line running exactly along hex edges falls
 * consistently to one side (Red Blob Games, "Line drawing"). Its components are not
 * perpendicular to any hex edge, so it always breaks such ties.
 */
const NUDGE: CubeFraction = { q: 1e-6, r: 2e-6, s: -3e-6 };

/**
 * The hexes on the straight line from `a` to `b`, both included: `hexDistance(a, b) + 1` hexes,
 * each adjacent to the next. `side` = −1 nudges the other way, which picks the other hex where
 * the line runs exactly along an edge (same result everywhere else).
 */
export function hexLine(a: Hex, b: Hex, side: 1 | -1 = 1): Hex[] {
  const n = hexDistance(a, b);
  if (n === 0) return [a];
  const nq = NUDGE.q * side;
  const nr = NUDGE.r * side;
  const ns = NUDGE.s * side;
  const aq = a.q + nq;
  const ar = a.r + nr;
  const as = -a.q - a.r + ns;
  const bq = b.q + nq;
  const br = b.r + nr;
  const bs = -b.q - b.r + ns;
  const out: Hex[] = [a];
  for (let i = 1; i < n; i++) {
    const t = i / n;
    out.push(hexRound({ q: aq + (bq - aq) * t, r: ar + (br - ar) * t, s: as + (bs - as) * t }));
  }
  out.push(b);
  return out;
}
