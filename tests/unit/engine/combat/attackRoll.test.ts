// To-hit: 001 §Attack Rolls (Automatic Results 3d6 and 4 dice), RULINGS A3, A6.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attackDice, attackOutcome, rollAttack } from '../../../../src/main/engine/combat';
import type { AttackKind, DefenceChoice } from '../../../../src/main/engine/combat';
import { createEnteredDice, createSeededDice, makeRoll, diceSpec } from '../../../../src/main/engine/dice';

const roll3 = (total: number) => {
  // three faces summing to total (3..18)
  const a = Math.min(6, total - 2);
  const b = Math.min(6, total - a - 1);
  return makeRoll(diceSpec(3, 6), [a, b, total - a - b], 'entered', 'attack roll');
};
const roll4 = (total: number) => {
  const faces: number[] = [];
  let left = total;
  for (let i = 4; i > 0; i--) {
    const f = Math.min(6, left - (i - 1));
    faces.push(f);
    left -= f;
  }
  return makeRoll(diceSpec(4, 6), faces, 'entered', 'attack roll');
};

describe('attackDice (RULINGS A6)', () => {
  const table: [DefenceChoice, AttackKind, 3 | 4][] = [
    ['none', 'melee', 3],
    ['none', 'thrown', 3],
    ['none', 'missile', 3],
    ['none', 'missile-spell', 3],
    ['none', 'hth', 3],
    ['defend', 'melee', 4],
    ['defend', 'thrown', 4],
    ['defend', 'missile', 3],
    ['defend', 'missile-spell', 3],
    ['defend', 'hth', 4],
    ['dodge', 'melee', 3],
    ['dodge', 'thrown', 4],
    ['dodge', 'missile', 4],
    ['dodge', 'missile-spell', 4],
    ['dodge', 'hth', 3],
  ];
  it.each(table)('%s vs %s → %i dice', (defence, kind, count) => {
    const d = attackDice(defence, kind);
    expect(d.count).toBe(count);
    expect(d.source).toContain('RULINGS A6');
  });
});

describe('attackOutcome on 3 dice (001 §Attack Rolls: Automatic Results (3d6); RULINGS A3)', () => {
  it('3: triple to Fatigue and Body, even at adjDEX 2', () => {
    const o = attackOutcome(roll3(3), 2);
    expect(o).toMatchObject({ hit: true, critical: 'triple', multiplier: 3, toBody: true, bleeding: false });
  });
  it('4: double to Fatigue and Body and bleeding', () => {
    expect(attackOutcome(roll3(4), 3)).toMatchObject({ hit: true, critical: 'double-bleed', multiplier: 2, toBody: true, bleeding: true });
  });
  it('5: automatic hit, Fatigue only', () => {
    expect(attackOutcome(roll3(5), 1)).toMatchObject({ hit: true, critical: 'auto-hit-fatigue-only', multiplier: 1, toBody: false, bleeding: false });
  });
  it('16, 17, 18: misses even at adjDEX 20, with drop and break', () => {
    expect(attackOutcome(roll3(16), 20)).toMatchObject({ hit: false, critical: 'miss', multiplier: 0, dropWeapon: false, breakWeapon: false });
    expect(attackOutcome(roll3(17), 20)).toMatchObject({ hit: false, critical: 'drop', dropWeapon: true, breakWeapon: false });
    expect(attackOutcome(roll3(18), 20)).toMatchObject({ hit: false, critical: 'break', dropWeapon: false, breakWeapon: true });
  });
  it('6 to 15: a hit at or under adjDEX, Fatigue only (001 §Fatigue Points)', () => {
    expect(attackOutcome(roll3(11), 11)).toMatchObject({ hit: true, critical: null, multiplier: 1, toBody: false });
    expect(attackOutcome(roll3(12), 11)).toMatchObject({ hit: false, critical: null, multiplier: 0 });
    expect(attackOutcome(roll3(15), 15).hit).toBe(true);
    expect(attackOutcome(roll3(6), 5).hit).toBe(false);
  });
});

describe('attackOutcome on 4 dice (001 §Attack Rolls: 4-Dice Results; RULINGS A3)', () => {
  it('4 and 5: automatic hits, no multiplier', () => {
    for (const t of [4, 5]) {
      expect(attackOutcome(roll4(t), 0)).toMatchObject({ hit: true, critical: 'auto-hit-fatigue-only', multiplier: 1, toBody: false, bleeding: false });
    }
  });
  it('20 miss; 21–22 drop; 23–24 break, whatever adjDEX', () => {
    expect(attackOutcome(roll4(20), 30)).toMatchObject({ hit: false, critical: 'miss' });
    for (const t of [21, 22]) expect(attackOutcome(roll4(t), 30)).toMatchObject({ hit: false, critical: 'drop', dropWeapon: true });
    for (const t of [23, 24]) expect(attackOutcome(roll4(t), 30)).toMatchObject({ hit: false, critical: 'break', breakWeapon: true });
  });
  it('6 to 19: against adjDEX; 16–19 can hit on 4 dice', () => {
    expect(attackOutcome(roll4(16), 16)).toMatchObject({ hit: true, critical: null });
    expect(attackOutcome(roll4(19), 19)).toMatchObject({ hit: true, critical: null });
    expect(attackOutcome(roll4(14), 13)).toMatchObject({ hit: false, critical: null });
  });
  it('refuses rolls that are not 3d6 or 4d6', () => {
    expect(() => attackOutcome(makeRoll(diceSpec(2, 6), [3, 3], 'entered', 'x'), 10)).toThrow(RangeError);
    expect(() => attackOutcome(makeRoll(diceSpec(3, 6, 1), [3, 3, 3], 'entered', 'x'), 10)).toThrow(RangeError);
  });
});

describe('attackOutcome properties', () => {
  it('between the automatic results, hit ⇔ total ≤ adjDEX', () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 15 }), fc.integer({ min: -5, max: 25 }), (t, adj) => {
        expect(attackOutcome(roll3(t), adj).hit).toBe(t <= adj);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 19 }), fc.integer({ min: -5, max: 30 }), (t, adj) => {
        expect(attackOutcome(roll4(t), adj).hit).toBe(t <= adj);
      }),
    );
  });
  it('a miss never has a multiplier; only 3 and 4 on 3 dice reach Body', () => {
    for (let t = 3; t <= 18; t++) {
      const o = attackOutcome(roll3(t), 10);
      expect(o.multiplier === 0).toBe(!o.hit);
      expect(o.toBody).toBe(t === 3 || t === 4);
    }
    for (let t = 4; t <= 24; t++) expect(attackOutcome(roll4(t), 10).toBody).toBe(false);
  });
});

describe('rollAttack', () => {
  it('rolls 4 dice against a dodging target and records the faces', () => {
    const dice = createEnteredDice([[1, 1, 1, 2]]);
    const r = rollAttack(dice, { defence: 'dodge', kind: 'missile', adjDex: 9 });
    expect(r.dice.count).toBe(4);
    expect(r.roll.faces).toEqual([1, 1, 1, 2]);
    expect(r.roll.notation).toBe('4d6');
    expect(r.outcome).toMatchObject({ hit: true, critical: 'auto-hit-fatigue-only', total: 5 });
  });
  it('rolls 3 dice otherwise', () => {
    const r = rollAttack(createEnteredDice([[1, 1, 2]]), { defence: 'defend', kind: 'missile', adjDex: 9 });
    expect(r.roll.count).toBe(3);
    expect(r.outcome.critical).toBe('double-bleed');
  });
  it('is deterministic with seeded dice', () => {
    const a = rollAttack(createSeededDice(7), { defence: 'none', kind: 'melee', adjDex: 11 });
    const b = rollAttack(createSeededDice(7), { defence: 'none', kind: 'melee', adjDex: 11 });
    expect(a).toEqual(b);
  });
});
