// Damage: RULINGS A3, A4; 001 §Protection; 001 §Injury Thresholds & Death (and its worked example); RULINGS C4, C5, A5.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBleeding, applyDamage, bleedingLoss, protectionOf, resolveDamage } from '../../../../src/main/engine/combat';
import { armorById, shieldById } from '../../../../src/main/engine/equipment';
import { createEnteredDice, parseDice } from '../../../../src/main/engine/dice';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';

const chain = armorById('chainmail')!;
const large = shieldById('large-shield')!;

describe('protectionOf (001 §Protection)', () => {
  it('adds armour and shield stops and natural protection', () => {
    const p = protectionOf({ armor: chain, shield: large, natural: 1 });
    expect(p.value).toBe(6);
    expect(p.breakdown.map((l) => [l.label, l.value])).toEqual([
      ['Chainmail stops', 3],
      ['Large Shield stops', 2],
      ['Natural protection', 1],
    ]);
    expect(protectionOf({}).value).toBe(0);
    expect(() => protectionOf({ armor: large })).toThrow(/not armour/);
  });
});

describe('resolveDamage (RULINGS A4: multiply, then protection once, never below 0)', () => {
  it('ordinary hit: Fatigue only', () => {
    const dice = createEnteredDice([[5, 4]]);
    const roll = dice.roll('2d6', 'Broadsword damage');
    const r = resolveDamage({ damageRoll: roll, multiplier: 1, protection: protectionOf({ armor: chain }), toBody: false });
    expect(r).toMatchObject({ hits: 9, afterProtection: 6, fatigueLoss: 6, bodyLoss: 0 });
    expect(r.breakdown.map((l) => l.value)).toEqual([9, -3]);
    expect(r.breakdown[0]?.label).toBe('Broadsword damage: 2d6 [5, 4]');
  });

  it('triple on a 3: multiplied before the armour, and to Body too', () => {
    const roll = createEnteredDice([[4, 3]]).roll('2d6', 'damage');
    const r = resolveDamage({ damageRoll: roll, multiplier: 3, protection: 5, toBody: true });
    // (7 × 3) − 5 = 16, not (7 − 5) × 3 = 6
    expect(r).toMatchObject({ hits: 21, afterProtection: 16, fatigueLoss: 16, bodyLoss: 16 });
    expect(r.breakdown.map((l) => l.value)).toEqual([7, 14, -5]);
    expect(r.breakdown.reduce((t, l) => t + l.value, 0)).toBe(16);
  });

  it('double on a 4', () => {
    const r = resolveDamage({ damageRoll: 6, multiplier: 2, protection: 2, toBody: true });
    expect(r).toMatchObject({ hits: 12, afterProtection: 10, bodyLoss: 10 });
  });

  it('never below 0: armour stronger than the blow, and negative rolls (1d6−4 rolling 2)', () => {
    expect(resolveDamage({ damageRoll: 3, multiplier: 1, protection: 5, toBody: false })).toMatchObject({ hits: 3, afterProtection: 0, fatigueLoss: 0 });
    const weak = createEnteredDice([[2]]).roll(parseDice('1d6-4'), 'Thrown Rock');
    expect(weak.total).toBe(-2);
    const r = resolveDamage({ damageRoll: weak, multiplier: 3, protection: 0, toBody: true });
    expect(r).toMatchObject({ hits: 0, afterProtection: 0, bodyLoss: 0 });
    expect(r.breakdown.reduce((t, l) => t + l.value, 0)).toBe(0);
  });

  it("004's notation examples roll as damage: '1+1' is 1d6+1, '2−2' is 2d6−2", () => {
    const dice = createEnteredDice([[4], [3, 3]]);
    expect(resolveDamage({ damageRoll: dice.roll('1+1', 'dmg'), multiplier: 1, protection: 1, toBody: false }).afterProtection).toBe(4);
    expect(resolveDamage({ damageRoll: dice.roll('2−2', 'dmg'), multiplier: 1, protection: 1, toBody: false }).afterProtection).toBe(3);
  });

  it('adds a bonus before the multiplier', () => {
    const r = resolveDamage({ damageRoll: 2, bonus: 3, multiplier: 2, protection: 1, toBody: true });
    expect(r).toMatchObject({ hits: 10, afterProtection: 9 });
  });

  it('refuses multipliers other than 1, 2, 3 and negative protection', () => {
    expect(() => resolveDamage({ damageRoll: 5, multiplier: 0, protection: 0, toBody: false })).toThrow(RangeError);
    expect(() => resolveDamage({ damageRoll: 5, multiplier: 4, protection: 0, toBody: false })).toThrow(RangeError);
    expect(() => resolveDamage({ damageRoll: 5, multiplier: 1, protection: -1, toBody: false })).toThrow(RangeError);
  });

  it('property: result = max(0, max(0, roll) × m − protection), lines sum to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 40 }), fc.constantFrom(1, 2, 3), fc.nat(10), fc.boolean(), (d, m, p, body) => {
        const r = resolveDamage({ damageRoll: d, multiplier: m, protection: p, toBody: body });
        const expected = Math.max(0, Math.max(0, d) * m - p);
        expect(r.afterProtection).toBe(expected);
        expect(r.fatigueLoss).toBe(expected);
        expect(r.bodyLoss).toBe(body ? expected : 0);
        expect(r.breakdown.reduce((t, l) => t + l.value, 0)).toBe(expected);
      }),
    );
  });
});

describe('applyDamage (RULINGS C4, C5)', () => {
  it('reports the injury band and going unconscious', () => {
    const pools = { fatigue: { current: 40, starting: 40 }, body: { current: 27, starting: 27 } };
    const a = applyDamage(pools, { fatigueLoss: 20, bodyLoss: 0 });
    expect(a.pools.fatigue.current).toBe(20);
    expect(a.injury.penalty).toBe(-1);
    expect(a.becameUnconscious).toBe(false);
    const b = applyDamage(a.pools, { fatigueLoss: 16, bodyLoss: 0 });
    expect(b.injury.penalty).toBe(-2);
    const c = applyDamage(b.pools, { fatigueLoss: 4, bodyLoss: 0 });
    expect(c.pools.fatigue.current).toBe(0);
    expect(c.becameUnconscious).toBe(true);
    expect(c.injury.unconscious).toBe(true);
    expect(applyDamage(c.pools, { fatigueLoss: 1, bodyLoss: 0 }).becameUnconscious).toBe(false);
  });

  it("001's worked example: Body 30 — semi-conscious at 0, saves from −15, penalised past −30, −5 at −35", () => {
    const start = { fatigue: { current: 45, starting: 45 }, body: { current: 30, starting: 30 } };
    const at0 = applyDamage(start, { fatigueLoss: 0, bodyLoss: 30 });
    expect(at0.becameSemiConscious).toBe(true);
    expect(at0.injury.semiConscious).toBe(true);
    expect(at0.survival.body.due).toBe(false);
    const at14 = applyDamage(at0.pools, { fatigueLoss: 0, bodyLoss: 14 });
    expect(at14.survival.body.due).toBe(false);
    const at15 = applyDamage(at14.pools, { fatigueLoss: 0, bodyLoss: 1 });
    expect(at15.pools.body.current).toBe(-15);
    expect(at15.survivalSavesStart).toBe(true);
    expect(at15.survival.body).toEqual({ due: true, penalty: 0 });
    expect(at15.thresholds.body).toEqual({ savesAtOrBelow: -15, penaltyFrom: -30 });
    const at30 = applyDamage(at15.pools, { fatigueLoss: 0, bodyLoss: 15 });
    expect(at30.survival.body).toEqual({ due: true, penalty: 0 });
    expect(at30.survivalSavesStart).toBe(false);
    const at35 = applyDamage(at30.pools, { fatigueLoss: 0, bodyLoss: 5 });
    expect(at35.survival.body).toEqual({ due: true, penalty: -5 });
  });

  it('refuses negative losses', () => {
    const pools = { fatigue: { current: 10, starting: 10 }, body: { current: 7, starting: 7 } };
    expect(() => applyDamage(pools, { fatigueLoss: -1, bodyLoss: 0 })).toThrow(RangeError);
  });
});

describe('bleeding (RULINGS A5, setting bleedingPerTurn)', () => {
  const pools = { fatigue: { current: 30, starting: 40 }, body: { current: 20, starting: 27 } };
  it('takes 1 Body a turn by default, nothing from Fatigue', () => {
    const t = applyBleeding(pools);
    expect(t.pools).toEqual({ fatigue: { current: 30, starting: 40 }, body: { current: 19, starting: 27 } });
    expect(t.loss.breakdown).toEqual([{ label: 'Bleeding, Body per turn', value: 1, source: 'RULINGS A5 (setting bleedingPerTurn)' }]);
  });
  it('follows the setting', () => {
    expect(applyBleeding(pools, { ...DEFAULT_RULES, bleedingPerTurn: 3 }).pools.body.current).toBe(17);
    expect(applyBleeding(pools, { ...DEFAULT_RULES, bleedingPerTurn: 0 }).pools.body.current).toBe(20);
    expect(bleedingLoss({ ...DEFAULT_RULES, bleedingPerTurn: 2 }).value).toBe(2);
  });
  it('can take a figure to semi-conscious', () => {
    const t = applyBleeding({ fatigue: { current: 30, starting: 40 }, body: { current: 1, starting: 27 } });
    expect(t.becameSemiConscious).toBe(true);
  });
});
