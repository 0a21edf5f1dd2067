/**
 * Facing zones: which of a figure's surrounding hexes are front, side and rear, and the shape a
 * figure covers on the map. Geometry comes from `shared/hex`; the rules here cite their source.
 */
import { hexAdd, hexDirection, hexKey, hexLine, normalizeDirection } from '../../shared/hex';
import type { Hex } from '../../shared/hex';
import { footprint, type FigureSize } from '../../shared/hex/footprint';

export type Zone = 'front' | 'side' | 'rear';

/** Hexes a figure covers: 1, 3 or 7 (001 §Engagement names one-hex, 3–6 hex and 7-hex figures). */
export { footprint, type FigureSize };

/** What zone questions need to know about the defending figure. */
export interface FacingFigure {
  /** The anchor hex: a 1-hex figure's hex, a 7-hex figure's centre, a 3-hex figure's front hex. */
  readonly position: Hex;
  /** The direction 0–5 (see `DIRECTIONS`) of the hex side the figure faces (001 §Facing). */
  readonly facing: number;
  readonly prone?: boolean;
  readonly size?: FigureSize;
}

/** Lower is better protected: a hex that qualifies for several zones takes the best-protected. */
const ZONE_RANK: Readonly<Record<Zone, number>> = { front: 0, side: 1, rear: 2 };

function bestProtected(a: Zone, b: Zone): Zone {
  return ZONE_RANK[a] <= ZONE_RANK[b] ? a : b;
}

/**
 * The zone of the neighbour that lies `relative` directions clockwise of the facing.
 * 001 §Facing: a figure faces one hex side, and that splits its neighbours into front, side and
 * rear hexes; the split (DESIGN §The engine, after 001's facing diagram) is the faced hex and
 * the one on each side of it front (0, ±1), the next one each way side (±2), the one behind rear (3).
 */
export function zoneOfDirection(relative: number): Zone {
  const d = normalizeDirection(relative);
  if (d === 0 || d === 1 || d === 5) return 'front';
  if (d === 2 || d === 4) return 'side';
  return 'rear';
}

function figureFootprint(figure: FacingFigure): Hex[] {
  return footprint(figure.position, figure.facing, figure.size ?? 1);
}

/**
 * The zone of every hex next to the figure (touching its footprint, not inside it).
 *
 * A one-hex figure: by direction from the figure, 3 front, 2 side, 1 rear (001 §Facing).
 * A multi-hex figure: each footprint hex lends its front/side/rear neighbours by the same rule
 * with the figure's facing, minus the footprint itself; a hex that touches several footprint
 * hexes takes the best-protected zone offered: front over side over rear (console's choice:
 * 001 shows only the one-hex case). A prone or crawling figure has only rear hexes
 * (001 §Facing: all hexes count as rear).
 */
export function adjacentZones(figure: FacingFigure): Map<string, { readonly hex: Hex; readonly zone: Zone }> {
  if ((figure.size ?? 1) === 1) {
    // A one-hex figure's six neighbours are distinct and none is its own hex: each has one zone.
    const out = new Map<string, { readonly hex: Hex; readonly zone: Zone }>();
    for (let d = 0; d < 6; d++) {
      const n = hexAdd(figure.position, hexDirection(d));
      out.set(hexKey(n), { hex: n, zone: oneHexZone(figure, d) });
    }
    return out;
  }
  const fp = figureFootprint(figure);
  const inside = new Set(fp.map(hexKey));
  const facing = normalizeDirection(figure.facing);
  const out = new Map<string, { readonly hex: Hex; readonly zone: Zone }>();
  for (const cell of fp) {
    for (let d = 0; d < 6; d++) {
      const n = hexAdd(cell, hexDirection(d));
      const key = hexKey(n);
      if (inside.has(key)) continue;
      // 001 §Facing: prone/crawling, every hex counts as rear.
      const zone: Zone = figure.prone === true ? 'rear' : zoneOfDirection(d - facing);
      const seen = out.get(key);
      out.set(key, { hex: n, zone: seen === undefined ? zone : bestProtected(seen.zone, zone) });
    }
  }
  return out;
}

/** The zone of a one-hex figure's neighbour in direction `d` (001 §Facing; prone: all rear). */
function oneHexZone(figure: FacingFigure, d: number): Zone {
  return figure.prone === true ? 'rear' : zoneOfDirection(d - normalizeDirection(figure.facing));
}

function adjacentIn(figure: FacingFigure, zone: Zone): Hex[] {
  if ((figure.size ?? 1) === 1) {
    // adjacentZones' answer for one hex, in the same order, without its map.
    const out: Hex[] = [];
    for (let d = 0; d < 6; d++) if (oneHexZone(figure, d) === zone) out.push(hexAdd(figure.position, hexDirection(d)));
    return out;
  }
  return [...adjacentZones(figure).values()].filter((e) => e.zone === zone).map((e) => e.hex);
}

/** Adjacent hexes in the figure's front zone (none when prone: 001 §Facing). */
export function frontHexes(figure: FacingFigure): Hex[] {
  return adjacentIn(figure, 'front');
}

/** Adjacent hexes in the figure's side zone (none when prone: 001 §Facing). */
export function sideHexes(figure: FacingFigure): Hex[] {
  return adjacentIn(figure, 'side');
}

/** Adjacent hexes in the figure's rear zone (all of them when prone: 001 §Facing). */
export function rearHexes(figure: FacingFigure): Hex[] {
  return adjacentIn(figure, 'rear');
}

/**
 * Which of the defender's zones `fromHex` (the attacker's hex) is in.
 *
 * - Adjacent hexes: `adjacentZones` (001 §Facing).
 * - Distant hexes: draw the hex line from the defender's anchor to `fromHex`; the first hex on
 *   it outside the footprint is an adjacent hex, and its zone is the answer (for a one-hex figure
 *   that is simply the line's first step). Where the line runs exactly along hex edges it has two
 *   equally good first steps; the best-protected of their zones wins (front over side over
 *   rear), the same tie rule as for multi-hex figures. This keeps the answer independent of how
 *   the map is turned (console's choice; 001 only says a facing splits the hexes around a figure).
 * - Prone or crawling defender: always rear (001 §Facing).
 *
 * Throws `RangeError` when `fromHex` is inside the defender's footprint: a figure sharing the
 * defender's hex is in hand-to-hand combat, which has its own rule (001 §Hand-to-Hand Combat).
 */
export function zoneOf(defender: FacingFigure, fromHex: Hex): Zone {
  if ((defender.size ?? 1) === 1) {
    // A neighbour of a one-hex figure: its direction says its zone, as adjacentZones has it.
    const dq = fromHex.q - defender.position.q;
    const dr = fromHex.r - defender.position.r;
    for (let d = 0; d < 6 && defender.prone !== true && (dq !== 0 || dr !== 0); d++) {
      const v = hexDirection(d);
      if (v.q === dq && v.r === dr) return oneHexZone(defender, d);
    }
  }
  const fp = figureFootprint(defender);
  const inside = new Set(fp.map(hexKey));
  const fromKey = hexKey(fromHex);
  if (inside.has(fromKey)) {
    throw new RangeError(`hex ${fromKey} is inside the defender's footprint: no facing zone (hand-to-hand)`);
  }
  if (defender.prone === true) return 'rear'; // 001 §Facing: prone/crawling, all hexes are rear
  const zones = adjacentZones(defender);
  const adjacent = zones.get(fromKey);
  if (adjacent !== undefined) return adjacent.zone;

  let best: Zone | null = null;
  for (const side of [1, -1] as const) {
    const exit = hexLine(defender.position, fromHex, side).find((h) => !inside.has(hexKey(h)));
    const zone = exit === undefined ? undefined : zones.get(hexKey(exit))?.zone;
    if (zone !== undefined) best = best === null ? zone : bestProtected(best, zone);
  }
  if (best === null) throw new Error('unreachable: a hex line always leaves the footprint next to it');
  return best;
}
