/**
 * `stepsBeside` stops searching once it has reached the hexes it was asked about: its answers
 * for them must be those of a search asked about every hex of the map, and a step count is the
 * length of a way round what blocks (the console's choice, on 001 §Movement's one hex a step).
 */
import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../../../src/shared/hex';
import { mapHexes } from '../../../../src/shared/mapGrid';
import { stepsBeside } from '../../../../src/main/engine/tactics/detour';
import { encounter, fig } from '../encounter/fixtures';
import { skirmish } from '../../../support/skirmish';

describe('stepsBeside', () => {
  it('counts the way round a wall and a friend, and the straight way where nothing blocks', () => {
    const ada = fig('ada', 'a', 2, 6);
    const cy = fig('cy', 'a', 5, 5);
    const bob = fig('bob', 'b', 6, 5);
    // A wall fills the hexes beside Bob toward Ada except the one Cy stands in.
    const s = encounter([ada, cy, bob], { terrain: { '5,6': 'wall', '6,4': 'wall' } });
    const steps = stepsBeside(s, ada, bob, [], 30);
    // The only 4-step way to the free hex (6,6) runs along the row through the wall at (5,6).
    expect(hexDistance(ada.position, { q: 6, r: 6 })).toBe(4);
    expect(steps(ada.position)).toBe(5);
    expect(steps({ q: 7, r: 5 })).toBe(0);
    expect(steps({ q: 8, r: 5 })).toBe(1);
  });

  it('answers for the hexes asked as a search of the whole map does', () => {
    const s = skirmish(12, 30, 20);
    const all = mapHexes(s.map);
    for (const [i, j] of [
      [0, 1],
      [2, 7],
      [5, 10],
      [11, 4],
    ] as const) {
      const f = s.figures[i]!;
      const t = s.figures[j]!;
      const asked = all.filter((h) => hexDistance(h, f.position) <= 4);
      const near = stepsBeside(s, f, t, asked, 40);
      const whole = stepsBeside(s, f, t, all, 40);
      for (const h of [f.position, ...asked]) expect(near(h)).toBe(whole(h));
    }
  });
});
