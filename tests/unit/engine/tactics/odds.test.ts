/** The odds of an encounter: lopsided fights come out lopsided, mirror matches even. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import { playFight, type FightResult } from '../../../../src/main/engine/tactics/playFight';
import { oddsOf, wilson } from '../../../../src/main/engine/tactics/odds';
import { encounter, fig } from '../encounter/fixtures';

const rules = rulesFor(DEFAULT_RULES);
const armoured = (id: string, q: number, r: number) =>
  fig(id, 'a', q, r, {
    attributes: { STR: 14, DEX: 12 },
    equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword', armorId: 'leather-armor', shieldId: 'small-shield', shieldReady: true },
  });
const SIDES = [
  { id: 'a', name: 'Side A' },
  { id: 'b', name: 'Side B' },
];

function fights(make: () => ReturnType<typeof encounter>, n: number): FightResult[] {
  return Array.from({ length: n }, (_, i) => playFight(make(), rules, { seed: 1000 + i, maxTurns: 40, settings: { morale: { a: 1, b: 1 } } }));
}

describe('encounter odds', () => {
  it('Wilson interval: 50 of 100 is about 40–60 %, 0 of 20 still leaves room above 0', () => {
    const half = wilson(50, 100);
    expect(half.low).toBeCloseTo(0.404, 2);
    expect(half.high).toBeCloseTo(0.596, 2);
    expect(wilson(0, 20).high).toBeGreaterThan(0.15);
  });

  it('four armoured fighters against one unarmed figure: the four win nearly always', () => {
    const make = () =>
      encounter([armoured('a1', 3, 3), armoured('a2', 3, 5), armoured('a3', 4, 4), armoured('a4', 2, 4), fig('lone', 'b', 10, 0, { facing: 3 })]);
    const report = oddsOf(fights(make, 40), SIDES);
    expect(report.sides[0]!.chance).toBeGreaterThanOrEqual(0.95);
    expect(report.sides[1]!.wins).toBe(0);
    expect(report.figures.find((f) => f.id === 'lone')!.down).toBeGreaterThanOrEqual(0.95);
    expect(report.endings[0]!.text).toMatch(/^Side A wins/);
  });

  it('a mirror match: each side near 50 %, the even split inside the 95 % interval', () => {
    // Two identical fighters on mirrored hexes, facing each other (001 §Facing).
    const one = (id: string, side: string, q: number, r: number, facing: number) =>
      fig(id, side, q, r, { facing, attributes: { STR: 12, DEX: 12 }, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } });
    const make = () => encounter([one('ada', 'a', 4, 4, 1), one('bob', 'b', 10, 1, 4)]);
    const report = oddsOf(fights(make, 160), SIDES);
    const decided = report.fights - report.stalemates;
    expect(decided).toBeGreaterThan(120);
    const a = wilson(report.sides[0]!.wins, decided);
    expect(a.low).toBeLessThan(0.5);
    expect(a.high).toBeGreaterThan(0.5);
    expect(report.turns!.median).toBeGreaterThan(0);
    expect(report.turnCounts.reduce((n, t) => n + t.count, 0)).toBe(decided);
  });
});
