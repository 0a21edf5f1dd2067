/**
 * The Classic rule set (RULINGS O1, A8, M2; 004), with 000's movement example (the same rules,
 * 000 §Movement Example) and 004's quick-reference tables as worked examples.
 */
import { describe, expect, it } from 'vitest';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import { diceSpec } from '../../../../src/main/engine/dice/parse';
import { makeRoll } from '../../../../src/main/engine/dice/roll';
import { ARMOR, SHIELDS } from '../../../../src/main/engine/equipment';
import type { Explained } from '../../../../src/main/engine/explain';
import {
  BASE_MA_TABLE,
  CLASSIC_ATTRIBUTES,
  MOVEMENT_QUICK_REFERENCE,
  classicAdjustedDx,
  classicAttackOutcome,
  classicBaseMA,
  classicCollapseSave,
  classicEncumbrance,
  classicInjury,
  classicMovement,
  classicMovementGroups,
  classicRollToMiss,
  classicSheet,
  classicStatsOf,
  heavyBlowEffect,
  heavyBlowStep,
  rollSideInitiative,
  sideMoveOrder,
  type ClassicGait,
  type ClassicMovement,
} from '../../../../src/main/engine/options/classic';

const roll3 = (...faces: number[]) => makeRoll(diceSpec(faces.length, 6), faces, 'entered', 'test');
const gait = (m: ClassicMovement, g: ClassicGait) => {
  const x = m.gaits.find((o) => o.gait === g);
  if (x === undefined) throw new Error(g);
  return x;
};
const sums = (e: Explained<number>) => e.breakdown.reduce((s, l) => s + l.value, 0) === e.value;

describe('004 §Base Movement Allowance: MA = DX − 2, minimum 4', () => {
  it.each(BASE_MA_TABLE)('DX $dx → MA $ma (the table)', ({ dx, ma }) => {
    expect(classicBaseMA(dx).value).toBe(ma);
  });
  it('DX 5 → 4, DX 6 → 4, DX 7 → 5, DX 18 → 16, the minimum on its own line', () => {
    expect([5, 6, 7, 18].map((d) => classicBaseMA(d).value)).toEqual([4, 4, 5, 16]);
    const low = classicBaseMA(5);
    expect(low.breakdown.map((l) => l.value)).toEqual([5, -2, 1]);
    expect(low.breakdown[2]?.source).toMatch(/004 §Base Movement Allowance; RULINGS O1/);
  });
  it.each(MOVEMENT_QUICK_REFERENCE)('quick reference: DX $dx → MA $ma, run $run, jog $jog', ({ dx, ma, run, jog }) => {
    const m = classicMovement({ st: 10, dx, carriedLbs: 0 });
    expect(m.ma.value).toBe(ma);
    expect(gait(m, 'run').hexes.value).toBe(run);
    expect(gait(m, 'jog').hexes.value).toBe(jog);
  });
});

describe('000 §Movement Example (DX 10, ST 10, 18 lbs)', () => {
  it('medium load: MA 6, cannot run, jog 3', () => {
    const m = classicMovement({ st: 10, dx: 10, carriedLbs: 18 });
    expect(m.encumbrance?.band.level).toBe('medium');
    expect(m.ma.value).toBe(6);
    expect(m.ma.breakdown.map((l) => l.value)).toEqual([10, -2, -2]);
    expect(sums(m.ma)).toBe(true);
    expect(gait(m, 'run').allowed).toBe(false);
    expect(gait(m, 'run').forbiddenBy).toBe('Load: Medium');
    expect(gait(m, 'jog').allowed).toBe(true);
    expect(gait(m, 'jog').hexes.value).toBe(3);
    // 000 charges 1 fatigue per 4 turns for jogging; 004 (first by RULINGS G1) charges none in combat.
    expect(gait(m, 'jog').fatiguePerTurn).toBe(0);
  });
  it('drops the pack: MA 8, runs 8 hexes for 1 fatigue a turn', () => {
    const m = classicMovement({ st: 10, dx: 10, carriedLbs: 0 });
    expect(m.ma.value).toBe(8);
    expect(gait(m, 'run').allowed).toBe(true);
    expect(gait(m, 'run').hexes.value).toBe(8);
    expect(gait(m, 'run').fatiguePerTurn).toBe(1);
  });
});

describe('004 §Encumbrance and §Movement Speeds', () => {
  it('bands at ST 10 (whole-pound steps read as "more than")', () => {
    const lv = (lbs: number) => classicEncumbrance(lbs, 10).band.level;
    expect([0, 10, 10.5, 15, 15.1, 20, 21, 25, 25.5].map(lv)).toEqual([
      'unencumbered',
      'unencumbered',
      'light',
      'light',
      'medium',
      'medium',
      'heavy',
      'heavy',
      'overloaded',
    ]);
    expect([10, 15, 20, 25, 30].map((l) => classicEncumbrance(l, 10).modifier.value)).toEqual([0, -1, -2, -4, 0]);
  });
  it('heavy: cannot run or jog; walk 2, walk (slow) 1 (RULINGS M2: 1 hex is Classic)', () => {
    const m = classicMovement({ st: 10, dx: 12, carriedLbs: 22 });
    expect(m.ma.value).toBe(6);
    expect(m.gaits.filter((g) => g.allowed).map((g) => [g.gait, g.hexes.value])).toEqual([
      ['walk', 2],
      ['walk-slow', 1],
      ['stand-still', 0],
    ]);
  });
  it('overloaded: walk only, 1 hex', () => {
    const m = classicMovement({ st: 10, dx: 12, carriedLbs: 26 });
    expect(m.restriction.value).toBe('walk-only-1-hex');
    expect(m.gaits.filter((g) => g.allowed).map((g) => [g.gait, g.hexes.value])).toEqual([
      ['walk', 1],
      ['walk-slow', 1],
      ['stand-still', 0],
    ]);
  });
  it('chainmail forbids running (001 armour restriction, RULINGS G1, M4); leather restricts nothing', () => {
    expect(gait(classicMovement({ st: 12, dx: 12, armorId: 'chainmail' }), 'run').allowed).toBe(false);
    expect(gait(classicMovement({ st: 12, dx: 12, armorId: 'leather-armor' }), 'run').allowed).toBe(true);
  });
});

describe('004 §Fatigue: exhaustion and collapse', () => {
  it('fatigue spent = ST: MA halved (rounded down), no running, −2 DX', () => {
    const m = classicMovement({ st: 10, dx: 13, fatigueSpent: 10, carriedLbs: 0 });
    expect(m.exhausted).toBe(true);
    expect(m.ma.value).toBe(5); // 11 → 5
    expect(sums(m.ma)).toBe(true);
    expect(gait(m, 'run').allowed).toBe(false);
    expect(gait(m, 'jog').hexes.value).toBe(2);
    expect(classicMovement({ st: 10, dx: 13, fatigueSpent: 9 }).ma.value).toBe(11);
  });
  it('collapse save: 3 dice against ST', () => {
    expect(classicCollapseSave(createEnteredDice([[4, 4, 3]]), 10).unconscious).toBe(true);
    expect(classicCollapseSave(createEnteredDice([[4, 3, 3]]), 10).unconscious).toBe(false);
  });
});

describe('004 §Rolling to Hit: automatic results', () => {
  it('3 dice at adjDX 10, every total', () => {
    const read = (t: number) => {
      const faces = [Math.min(6, t - 2), Math.min(6, Math.max(1, t - 1 - Math.min(6, t - 2))), 0];
      faces[2] = t - (faces[0] ?? 0) - (faces[1] ?? 0);
      const o = classicAttackOutcome(roll3(...faces), 10);
      return [o.total, o.hit, o.critical, o.multiplier, o.dropWeapon, o.breakWeapon];
    };
    expect(read(3)).toEqual([3, true, 'triple', 3, false, false]);
    expect(read(4)).toEqual([4, true, 'double', 2, false, false]);
    expect(read(5)).toEqual([5, true, 'auto-hit', 1, false, false]);
    expect(read(10)).toEqual([10, true, null, 1, false, false]);
    expect(read(11)).toEqual([11, false, null, 0, false, false]);
    expect(read(16)).toEqual([16, false, 'miss', 0, false, false]);
    expect(read(17)).toEqual([17, false, 'drop', 0, true, false]);
    expect(read(18)).toEqual([18, false, 'break', 0, false, true]);
  });
  it('16 misses at adjDX 17; 5 hits at adjDX 2', () => {
    expect(classicAttackOutcome(roll3(6, 5, 5), 17).hit).toBe(false);
    expect(classicAttackOutcome(roll3(1, 2, 2), 2).hit).toBe(true);
  });
  it('4 dice: 4–5 hit, 20 miss, 21–22 drop, 23–24 break; 19 at adjDX 20 hits', () => {
    expect(classicAttackOutcome(roll3(1, 1, 1, 2), 0).critical).toBe('auto-hit');
    expect(classicAttackOutcome(roll3(5, 5, 5, 5), 24).critical).toBe('miss');
    expect(classicAttackOutcome(roll3(6, 6, 5, 5), 24).dropWeapon).toBe(true);
    expect(classicAttackOutcome(roll3(6, 6, 6, 5), 24).breakWeapon).toBe(true);
    expect(classicAttackOutcome(roll3(6, 6, 6, 6), 24).breakWeapon).toBe(true);
    const o = classicAttackOutcome(roll3(4, 5, 5, 5), 20);
    expect([o.hit, o.critical, o.multiplier]).toEqual([true, null, 1]);
  });
});

describe('004 §Roll to Miss', () => {
  const miss = (faces: number[], adj: number) => {
    const r = classicRollToMiss(createEnteredDice([faces]), adj);
    return [r.roll.total, r.missed, r.multiplier];
  };
  it('14 hits whatever adjDX, 15–16 double, 17–18 triple; else ≤ adjDX passes', () => {
    expect(miss([5, 5, 4], 15)).toEqual([14, false, 1]);
    expect(miss([6, 5, 4], 16)).toEqual([15, false, 2]);
    expect(miss([6, 6, 4], 16)).toEqual([16, false, 2]);
    expect(miss([6, 6, 5], 18)).toEqual([17, false, 3]);
    expect(miss([6, 6, 6], 18)).toEqual([18, false, 3]);
    expect(miss([3, 3, 3], 10)).toEqual([9, true, 0]);
    expect(miss([4, 4, 4], 10)).toEqual([12, false, 1]);
  });
});

describe('004 §Injury Effects: heavy blows (RULINGS A8) and ST left', () => {
  const eff = (hits: number, st: number) => {
    const e = heavyBlowEffect(hits, st);
    return [e.dxPenaltyNextTurn?.value ?? 0, e.fallsDown];
  };
  it('ST under 30: 5+ hits −2 DX, 8+ fall down', () => {
    expect([4, 5, 7, 8].map((h) => eff(h, 10))).toEqual([
      [0, false],
      [-2, false],
      [-2, false],
      [-2, true],
    ]);
  });
  it('ST 30–49: 9+ and 16+', () => {
    expect([8, 9, 15, 16].map((h) => eff(h, 30))).toEqual([
      [0, false],
      [-2, false],
      [-2, false],
      [-2, true],
    ]);
    expect(eff(16, 49)).toEqual([-2, true]);
    expect(eff(8, 29)).toEqual([-2, true]);
  });
  it('ST 50+: 15+ and 25+', () => {
    expect([14, 15, 24, 25].map((h) => eff(h, 50))).toEqual([
      [0, false],
      [-2, false],
      [-2, false],
      [-2, true],
    ]);
  });
  it('a step fires each threshold once, when crossed', () => {
    expect(heavyBlowStep('x', 10, 3, 6, false).map((e) => e.type)).toEqual(['heavyBlowDxPenalty']);
    expect(heavyBlowStep('x', 10, 6, 9, false)).toEqual([
      { type: 'heavyBlowFallsDown', figureId: 'x', hits: 9, losesAction: true, source: '004 §Injury Effects; RULINGS A8' },
    ]);
    expect(heavyBlowStep('x', 10, 0, 9, true).map((e) => e.type)).toEqual(['heavyBlowDxPenalty', 'heavyBlowFallsDown']);
    expect(heavyBlowStep('x', 10, 9, 12, false)).toEqual([]);
  });
  it('ST left: 4 fights, 3 at −3 DX, 1 unconscious, 0 dead', () => {
    const r = (hits: number) => {
      const i = classicInjury(12, hits);
      return [i.stLeft, i.condition, i.dxPenalty];
    };
    expect([8, 9, 10, 11, 12, 13].map(r)).toEqual([
      [4, 'fighting', 0],
      [3, 'fighting', -3],
      [2, 'fighting', -3],
      [1, 'unconscious', -3],
      [0, 'dead', -3],
      [-1, 'dead', -3],
    ]);
  });
});

describe('Classic adjusted DX and sheet', () => {
  it('004 §Armor and Shield Adjustments equal the DEX column the engine has', () => {
    const dx = Object.fromEntries([...ARMOR, ...SHIELDS].map((i) => [i.id, i.dex]));
    expect(dx).toMatchObject({
      'small-shield': 0,
      'spike-shield': 0,
      'large-shield': -1,
      'tower-shield': -2,
      'cloth-armor': -1,
      'leather-armor': -2,
      chainmail: -3,
      'half-plate': -4,
      'plate-armor': -5,
    });
  });
  it('DX 12, leather, large shield, ST down to 3, exhausted, 5 hits last turn → 2', () => {
    const a = classicAdjustedDx({ dx: 12, st: 12, hitsTaken: 9, armorId: 'leather-armor', shieldId: 'large-shield', exhausted: true, hitsLastTurn: 5 });
    expect(a.value).toBe(2);
    expect(a.breakdown.map((l) => l.value)).toEqual([12, -2, -1, -3, -2, -2]);
  });
  it('the sheet of the 000 example figure', () => {
    const s = classicSheet({ name: 'Human', stats: classicStatsOf({ STR: 10, DEX: 10, INT: 9, WIS: 11 }), hitsTaken: 2, fatigueSpent: 3, carriedLbs: 18 });
    expect(s.stats).toEqual({ ST: 10, DX: 10, IQ: 9, WIS: 11 });
    expect(s.hitPoints).toEqual({ starting: 10, left: 8 });
    expect(s.fatigue).toEqual({ pool: 10, spent: 3, exhausted: false });
    expect(s.movement.ma.value).toBe(6);
    expect(s.adjDx.value).toBe(10);
    expect(s.heavyBlows.dxPenaltyAt).toBe(5);
    expect(s.condition).toBe('fighting');
  });
  it('attributes and where each is kept', () => {
    expect(CLASSIC_ATTRIBUTES.map((a) => [a.id, a.keptAs])).toEqual([
      ['ST', 'STR'],
      ['DX', 'DEX'],
      ['IQ', 'INT'],
      ['WIS', 'WIS'],
    ]);
  });
});

describe('004 §Turn Sequence: side initiative, first and second movement', () => {
  it('one die per side; ties rolled again (RULINGS G4)', () => {
    const r = rollSideInitiative(['a', 'b'], createEnteredDice([[3], [3], [2], [5]]));
    expect(r.rollOrder).toEqual(['b', 'a']);
    expect(r.rolls).toEqual([
      { sideId: 'a', total: 3 },
      { sideId: 'b', total: 3 },
    ]);
    expect(r.allRolls.map((x) => x.total)).toEqual([3, 3, 2, 5]);
  });
  it('the winner may move second', () => {
    expect(sideMoveOrder(['b', 'a'], false)).toEqual(['a', 'b']);
    expect(sideMoveOrder(['b', 'a', 'c'], true)).toEqual(['b', 'a', 'c']);
  });
  it('first side all in First Movement; the rest in Second, in initiative order', () => {
    const figs = [
      { id: 'a1', sideId: 'a', adjDex: 10 },
      { id: 'b1', sideId: 'b', adjDex: 9 },
      { id: 'a2', sideId: 'a', adjDex: 12 },
      { id: 'c1', sideId: 'c', adjDex: 14 },
      { id: 'b2', sideId: 'b', adjDex: 13 },
    ];
    expect(classicMovementGroups(['b', 'c', 'a'], figs).map((g) => [g.phase, g.ids])).toEqual([
      ['firstMovement', ['b2', 'b1']],
      ['secondMovement', ['c1', 'a2', 'a1']],
    ]);
  });
});
