/**
 * Sight (engine/map/sight.ts): a figure sees exactly the hexes within its range whose line from it
 * (`lineBlocked`, the line of fire) no wall stops — checked hex for hex against the line itself on
 * random walled maps — and sight is symmetric wherever the line does not run along a hex edge.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { effectiveMap } from '../../../../src/main/engine/map/effectiveMap';
import { lineBlocked } from '../../../../src/main/engine/map/lineOfSight';
import { hexesInSight } from '../../../../src/main/engine/map/sight';
import { hexDistance, hexKey, hexLine, type Hex } from '../../../../src/shared/hex';
import { mapHexes } from '../../../../src/shared/mapGrid';
import { encounter } from '../encounter/fixtures';

function walled(cols: number, rows: number, walls: readonly number[]): EncounterState {
  const hexes = mapHexes({ cols, rows, orientation: 'flat' });
  const terrain: Record<string, 'wall'> = {};
  for (const i of walls) terrain[hexKey(hexes[i % hexes.length]!)] = 'wall';
  return encounter([], { cols, rows, terrain });
}

const mapArb = fc.record({
  cols: fc.integer({ min: 4, max: 24 }),
  rows: fc.integer({ min: 4, max: 18 }),
  walls: fc.array(fc.nat(), { maxLength: 90 }),
  from: fc.nat(),
  range: fc.integer({ min: 1, max: 14 }),
});

describe('what a figure sees', () => {
  it('is every hex in range on the map whose line from it no wall stops, on random walled maps', () => {
    fc.assert(
      fc.property(mapArb, ({ cols, rows, walls, from, range }) => {
        const state = walled(cols, rows, walls);
        const map = effectiveMap(state);
        const hexes = mapHexes(state.map);
        const at = hexes[from % hexes.length]!;
        const expected = hexes.filter((h) => hexDistance(at, h) <= range && !lineBlocked(map, at, h)).map(hexKey);
        expect([...hexesInSight(map, state.map, at, range)].sort()).toEqual(expected.sort());
      }),
      { numRuns: 150 },
    );
  });

  it('stops at a wall: a corridor wall hides the hexes behind it, and the wall itself is seen', () => {
    const terrain: Record<string, 'wall'> = {};
    for (let r = 0; r < 10; r++) terrain[`5,${r - 2}`] = 'wall';
    const state = encounter([], { cols: 12, rows: 8, terrain });
    const seen = new Set(hexesInSight(effectiveMap(state), state.map, { q: 2, r: 2 }, 20));
    expect(seen.has('5,2')).toBe(true);
    expect(seen.has('7,1')).toBe(false);
    expect(seen.has('4,2')).toBe(true);
  });

  it('is symmetric where the line between two hexes does not run along an edge', () => {
    const edgeRunning = (a: Hex, b: Hex) => hexLine(a, b, 1).some((h, i) => hexKey(h) !== hexKey(hexLine(a, b, -1)[i]!));
    fc.assert(
      fc.property(mapArb, fc.nat(), ({ cols, rows, walls, from, range }, to) => {
        const state = walled(cols, rows, walls);
        const map = effectiveMap(state);
        const hexes = mapHexes(state.map);
        const a = hexes[from % hexes.length]!;
        const b = hexes[to % hexes.length]!;
        if (hexDistance(a, b) > range || edgeRunning(a, b)) return;
        const ab = hexesInSight(map, state.map, a, range).includes(hexKey(b));
        const ba = hexesInSight(map, state.map, b, range).includes(hexKey(a));
        expect(ab).toBe(ba);
      }),
      { numRuns: 300 },
    );
  });
});
