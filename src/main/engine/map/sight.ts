/**
 * What a figure sees: every hex within its sight range whose line from the figure (`lineBlocked`,
 * the one line of fire and of sight) no wall or sight-blocking effect of the effective map stops.
 * 001 has no sight rule; the range and the use of the line are the console's choice
 * (docs/architecture.md §Sight). Shadow and darkness do not hide a hex: 001 makes shadow a
 * penalty to hit, not a place nobody can see (§Target Conditions).
 *
 * Fast because a line depends only on the offset between its ends: a table per range lists the
 * offsets nearest first, and for each one an earlier offset on its line whose own line is part of
 * it (`via`) plus the few hexes left to check. One hex then costs a lookup or two, not a line.
 */
import { hexKey, hexLine, hexSpiral, ORIGIN, type Hex } from '../../../shared/hex';
import { isOnMap } from '../../../shared/mapGrid';
import { numKey, type EffectiveMap } from './effectiveMap';

interface SightTable {
  readonly dq: Int16Array;
  readonly dr: Int16Array;
  /** Index of an earlier offset whose line lies inside this one's, or −1. */
  readonly via: Int32Array;
  /** This offset's other hexes to check: `extra[extraStart[i] .. extraStart[i + 1]]`. */
  readonly extraStart: Int32Array;
  readonly extra: Int32Array;
}

const tables = new Map<number, SightTable>();

function buildTable(range: number): SightTable {
  const offsets = hexSpiral(ORIGIN, range);
  const index = new Map<string, number>(offsets.map((h, i) => [hexKey(h), i]));
  const between: number[][] = offsets.map((h) =>
    hexLine(ORIGIN, h)
      .slice(1, -1)
      .map((b) => index.get(hexKey(b))!),
  );
  const via = new Int32Array(offsets.length).fill(-1);
  const extraStart = new Int32Array(offsets.length + 1);
  const extra: number[] = [];
  for (let i = 0; i < offsets.length; i++) {
    const mine = new Set(between[i]);
    // The hex nearest the target whose own line lies wholly on this one: its answer covers those hexes.
    for (let j = between[i]!.length - 1; j >= 0; j--) {
      const candidate = between[i]![j]!;
      if (between[candidate]!.every((b) => mine.has(b))) {
        via[i] = candidate;
        break;
      }
    }
    const covered = via[i] === -1 ? new Set<number>() : new Set([via[i]!, ...between[via[i]!]!]);
    extraStart[i] = extra.length;
    for (const b of between[i]!) if (!covered.has(b)) extra.push(b);
  }
  extraStart[offsets.length] = extra.length;
  return {
    dq: Int16Array.from(offsets, (h) => h.q),
    dr: Int16Array.from(offsets, (h) => h.r),
    via,
    extraStart,
    extra: Int32Array.from(extra),
  };
}

function tableFor(range: number): SightTable {
  let table = tables.get(range);
  if (table === undefined) tables.set(range, (table = buildTable(range)));
  return table;
}

const seenFrom = new WeakMap<EffectiveMap, Map<string, readonly string[]>>();

/** The hex keys on the map that a figure at `from` sees within `range` (its own hex included). */
export function hexesInSight(map: EffectiveMap, shape: Parameters<typeof isOnMap>[0], from: Hex, range: number): readonly string[] {
  let byPlace = seenFrom.get(map);
  if (byPlace === undefined) seenFrom.set(map, (byPlace = new Map()));
  const place = `${from.q},${from.r},${range},${shape.cols},${shape.rows},${shape.orientation}`;
  const known = byPlace.get(place);
  if (known !== undefined) return known;
  const { dq, dr, via, extraStart, extra } = tableFor(range);
  const clear = new Uint8Array(dq.length);
  const opaque = (i: number): boolean => map.blocksSightAtNum(numKey(from.q + dq[i]!, from.r + dr[i]!));
  const seen: string[] = [];
  for (let i = 0; i < dq.length; i++) {
    const v = via[i]!;
    let open = v === -1 || (clear[v] === 1 && !opaque(v));
    for (let e = extraStart[i]!; open && e < extraStart[i + 1]!; e++) open = !opaque(extra[e]!);
    if (!open) continue;
    clear[i] = 1;
    const h = { q: from.q + dq[i]!, r: from.r + dr[i]! };
    if (isOnMap(shape, h)) seen.push(`${h.q},${h.r}`);
  }
  byPlace.set(place, seen);
  return seen;
}
