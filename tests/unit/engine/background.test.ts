import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEnteredDice, createSeededDice } from '../../../src/main/engine/dice';
import {
  BackgroundError,
  COMMONER_CLASS_TABLE,
  LOCATION_FEATURES,
  LOCATION_TABLE,
  MERCHANT_CLASS_TABLE,
  NOBILITY_TABLE,
  SOCIAL_CLASS_TABLE,
  WEALTH_TABLE,
  determineBackground,
  determineLocation,
  determineProvenance,
  determineSocialClass,
  determineSubClass,
  determineWealth,
  lookupCommonerClass,
  lookupLocation,
  lookupMerchantClass,
  lookupNobility,
  lookupProvenance,
  lookupSocialClass,
  lookupWealth,
  rollBackground,
  rollLiteracyCheck,
} from '../../../src/main/engine/background';
import type { LocationChoice, SocialClassChoice, WealthChoice } from '../../../src/main/engine/background';

const rows = <T>(table: readonly { min: number; max: number; value: T }[]) => table.map((r) => [r.min, r.max, r.value] as const);

describe('tables transcribed from 001 §Character Background', () => {
  it('001 §Provenance class rows, as printed (overlap at 30 kept)', () => {
    expect(rows(SOCIAL_CLASS_TABLE)).toEqual([
      [1, 10, 'Nobility'],
      [11, 30, 'Merchant'],
      [30, 100, 'Commoner'],
    ]);
  });

  it('001 §Provenance Nobility rows, as printed (overlaps at 12 and 60 kept)', () => {
    expect(rows(NOBILITY_TABLE)).toEqual([
      [1, 1, 'Monarch'],
      [2, 5, 'Royal Family'],
      [6, 12, 'Duke'],
      [12, 30, 'March/Border Lords'],
      [31, 40, 'Count/Earl'],
      [41, 46, 'Viscount'],
      [47, 60, 'Baron'],
      [60, 85, 'Baronet'],
      [86, 100, 'Knights and Warrior Nobility'],
    ]);
  });

  it('001 §Provenance Merchant rows, as printed (overlaps at 70 and 94–95 kept)', () => {
    expect(rows(MERCHANT_CLASS_TABLE)).toEqual([
      [1, 70, 'Retail'],
      [70, 95, 'Wholesale'],
      [94, 100, 'Specialty'],
    ]);
  });

  it('001 §Provenance Commoner rows, as printed (overlap at 70 kept)', () => {
    expect(rows(COMMONER_CLASS_TABLE)).toEqual([
      [1, 70, 'Laborer'],
      [70, 100, 'Crafts'],
    ]);
  });

  it('001 §Location rows and what each gives', () => {
    expect(rows(LOCATION_TABLE)).toEqual([
      [1, 20, 'City'],
      [21, 70, 'Village'],
      [71, 99, 'Rural'],
      [100, 100, 'Consult GM'],
    ]);
    expect(LOCATION_FEATURES.City).toMatchObject({ grants: ['Street smarts'], chooseOneOf: [], literacyCheckModifier: 0 });
    expect(LOCATION_FEATURES.Village).toMatchObject({
      grants: [],
      chooseOneOf: ['Street smarts', 'Survival'],
      literacyCheckModifier: 2,
    });
    expect(LOCATION_FEATURES.Rural).toMatchObject({
      grants: ['Survival'],
      note: 'hunting, tracking, wood/herb lore',
      literacyCheckModifier: 4,
    });
    expect(LOCATION_FEATURES['Consult GM'].literacyCheckModifier).toBeNull();
  });

  it('001 §Wealth rows: percentile, level, starting coin', () => {
    expect(rows(WEALTH_TABLE)).toEqual([
      [0, 15, { level: 'Subsistence', startingCoin: { kind: 'fixed', amount: 10 } }],
      [16, 70, { level: 'Moderate', startingCoin: { kind: 'fixed', amount: 100 } }],
      [71, 95, { level: 'Merchant', startingCoin: { kind: 'basePlusPercentile', base: 100 } }],
      [96, 100, { level: 'Rich', startingCoin: { kind: 'consultGM' } }],
    ]);
  });

  it('every row cites its section of 001', () => {
    for (const r of SOCIAL_CLASS_TABLE) expect(r.source).toBe('001 §Provenance');
    for (const r of NOBILITY_TABLE) expect(r.source).toBe('001 §Provenance');
    for (const r of MERCHANT_CLASS_TABLE) expect(r.source).toBe('001 §Provenance');
    for (const r of COMMONER_CLASS_TABLE) expect(r.source).toBe('001 §Provenance');
    for (const r of LOCATION_TABLE) expect(r.source).toBe('001 §Location');
    for (const r of WEALTH_TABLE) expect(r.source).toBe('001 §Wealth');
  });
});

describe('lookups — RULINGS C6: the first listed row containing the roll wins', () => {
  it('class: 30 is Merchant, 31 Commoner; every roll 1–100 as expected', () => {
    expect(lookupSocialClass(10)).toBe('Nobility');
    expect(lookupSocialClass(11)).toBe('Merchant');
    expect(lookupSocialClass(30)).toBe('Merchant'); // RULINGS C6
    expect(lookupSocialClass(31)).toBe('Commoner');
    for (let r = 1; r <= 100; r++) {
      expect(lookupSocialClass(r)).toBe(r <= 10 ? 'Nobility' : r <= 30 ? 'Merchant' : 'Commoner');
    }
  });

  it('Nobility: 12 is Duke, 60 Baron (RULINGS C6); each printed boundary', () => {
    const expected: [number, string][] = [
      [1, 'Monarch'],
      [2, 'Royal Family'],
      [5, 'Royal Family'],
      [6, 'Duke'],
      [11, 'Duke'],
      [12, 'Duke'], // RULINGS C6
      [13, 'March/Border Lords'],
      [30, 'March/Border Lords'],
      [31, 'Count/Earl'],
      [40, 'Count/Earl'],
      [41, 'Viscount'],
      [46, 'Viscount'],
      [47, 'Baron'],
      [60, 'Baron'], // RULINGS C6
      [61, 'Baronet'],
      [85, 'Baronet'],
      [86, 'Knights and Warrior Nobility'],
      [100, 'Knights and Warrior Nobility'],
    ];
    for (const [roll, rank] of expected) expect(lookupNobility(roll), `roll ${roll}`).toBe(rank);
  });

  it('Merchant class: 70 Retail, 71 Wholesale, 94 and 95 Wholesale, 96 Specialty (RULINGS C6)', () => {
    expect(lookupMerchantClass(1)).toBe('Retail');
    expect(lookupMerchantClass(69)).toBe('Retail');
    expect(lookupMerchantClass(70)).toBe('Retail');
    expect(lookupMerchantClass(71)).toBe('Wholesale');
    expect(lookupMerchantClass(93)).toBe('Wholesale');
    expect(lookupMerchantClass(94)).toBe('Wholesale');
    expect(lookupMerchantClass(95)).toBe('Wholesale');
    expect(lookupMerchantClass(96)).toBe('Specialty');
    expect(lookupMerchantClass(100)).toBe('Specialty');
  });

  it('Commoner class: 70 Laborer, 71 Crafts (RULINGS C6)', () => {
    expect(lookupCommonerClass(1)).toBe('Laborer');
    expect(lookupCommonerClass(70)).toBe('Laborer');
    expect(lookupCommonerClass(71)).toBe('Crafts');
    expect(lookupCommonerClass(100)).toBe('Crafts');
  });

  it('lookupProvenance combines both rolls', () => {
    expect(lookupProvenance(7, 60)).toEqual({ socialClass: 'Nobility', subClass: 'Baron' });
    expect(lookupProvenance(30, 95)).toEqual({ socialClass: 'Merchant', subClass: 'Wholesale' });
    expect(lookupProvenance(31, 70)).toEqual({ socialClass: 'Commoner', subClass: 'Laborer' });
  });

  it('001 §Location and §Wealth boundaries', () => {
    expect([1, 20, 21, 70, 71, 99, 100].map(lookupLocation)).toEqual(['City', 'City', 'Village', 'Village', 'Rural', 'Rural', 'Consult GM']);
    expect([0, 15, 16, 70, 71, 95, 96, 100].map((r) => lookupWealth(r).level)).toEqual([
      'Subsistence',
      'Subsistence',
      'Moderate',
      'Moderate',
      'Merchant',
      'Merchant',
      'Rich',
      'Rich',
    ]);
  });

  it('rolls outside a table, or not whole, are refused', () => {
    expect(() => lookupSocialClass(0)).toThrow(BackgroundError);
    expect(() => lookupSocialClass(101)).toThrow(BackgroundError);
    expect(() => lookupNobility(12.5)).toThrow(BackgroundError);
    expect(() => lookupLocation(0)).toThrow(BackgroundError);
    expect(() => lookupWealth(-1)).toThrow(BackgroundError);
    expect(() => lookupWealth(101)).toThrow(BackgroundError);
  });

  it('property: every percentile 1–100 resolves on every table', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (r) => {
        lookupSocialClass(r);
        lookupNobility(r);
        lookupMerchantClass(r);
        lookupCommonerClass(r);
        lookupLocation(r);
        lookupWealth(r);
      }),
    );
  });
});

describe('choose or roll — 001 §Provenance, §Location, §Wealth', () => {
  it('rolled class and sub-class record their 1d100 rolls', () => {
    const dice = createEnteredDice([[5], [12]]);
    const result = determineProvenance({ socialClass: 'roll' }, dice);
    expect(result.value).toEqual({ socialClass: 'Nobility', subClass: 'Duke' });
    expect(result.steps.map((s) => s.description)).toEqual(['Provenance roll 5: Nobility', 'Nobility roll 12: Duke']);
    expect(result.steps.map((s) => s.rolls.map((r) => [r.notation, r.total, r.kind]))).toEqual([[['1d100', 5, 'entered']], [['1d100', 12, 'entered']]]);
    expect(dice.remaining()).toBe(0);
  });

  it('Merchant or Commoner may be chosen, with the sub-class chosen or rolled', () => {
    const none = createEnteredDice([]);
    expect(determineProvenance({ socialClass: 'Merchant', subClass: 'Specialty' }, none).value).toEqual({
      socialClass: 'Merchant',
      subClass: 'Specialty',
    });
    const one = createEnteredDice([[71]]);
    const commoner = determineProvenance({ socialClass: 'Commoner' }, one);
    expect(commoner.value).toEqual({ socialClass: 'Commoner', subClass: 'Crafts' });
    expect(commoner.steps[0]).toMatchObject({ description: 'Provenance chosen: Commoner', rolls: [] });
  });

  it('Nobility cannot be chosen: it must be rolled', () => {
    const dice = createEnteredDice([[1]]);
    expect(() => determineSocialClass('Nobility' as SocialClassChoice, dice)).toThrow(/must be rolled/);
    expect(() => determineProvenance({ socialClass: 'Nobility' as SocialClassChoice }, dice)).toThrow(BackgroundError);
    expect(() => determineSubClass('Nobility', 'Retail', dice)).toThrow(/must be rolled/);
    expect(dice.remaining()).toBe(1);
  });

  it('a sub-class must belong to its class; a rolled class cannot take a pre-chosen sub-class', () => {
    const dice = createEnteredDice([[50]]);
    expect(() => determineProvenance({ socialClass: 'Merchant', subClass: 'Laborer' }, dice)).toThrow(/not a Merchant class/);
    expect(() => determineProvenance({ socialClass: 'roll', subClass: 'Retail' }, dice)).toThrow(BackgroundError);
    expect(dice.remaining()).toBe(1); // nothing rolled before the refusal
    // Rolled class first, then the sub-class chosen once the class is known.
    const cls = determineSocialClass('roll', dice);
    expect(cls.value).toBe('Commoner');
    expect(determineSubClass(cls.value, 'Crafts', dice).value).toBe('Crafts');
  });

  it('location: roll, or choose City/Village/Rural; Consult GM cannot be chosen', () => {
    expect(determineLocation('roll', createEnteredDice([[100]])).value.location).toBe('Consult GM');
    expect(determineLocation('Rural', createEnteredDice([])).value).toEqual({
      location: 'Rural',
      features: LOCATION_FEATURES.Rural,
    });
    expect(() => determineLocation('Consult GM' as LocationChoice, createEnteredDice([]))).toThrow(BackgroundError);
  });

  it('literacy check: 3d6 ≤ INT + location modifier', () => {
    const pass = rollLiteracyCheck('Rural', 10, createEnteredDice([[5, 5, 4]]));
    expect(pass.value).toEqual({ literate: true, target: 14 });
    const fail = rollLiteracyCheck('Rural', 10, createEnteredDice([[5, 5, 5]]));
    expect(fail.value).toEqual({ literate: false, target: 14 });
    expect(rollLiteracyCheck('City', 10, createEnteredDice([[4, 3, 3]])).value).toEqual({ literate: true, target: 10 });
    expect(rollLiteracyCheck('Village', 9, createEnteredDice([[6, 5, 1]])).value).toEqual({ literate: false, target: 11 });
    expect(() => rollLiteracyCheck('Consult GM', 10, createEnteredDice([[1, 1, 1]]))).toThrow(BackgroundError);
  });

  it('wealth: fixed coin, 100 + percentile for Merchant level, GM for Rich', () => {
    expect(determineWealth('roll', createEnteredDice([[15]])).value).toEqual({ level: 'Subsistence', startingCoin: 10 });
    expect(determineWealth('roll', createEnteredDice([[16]])).value).toEqual({ level: 'Moderate', startingCoin: 100 });
    const merchant = determineWealth('roll', createEnteredDice([[71], [37]]));
    expect(merchant.value).toEqual({ level: 'Merchant', startingCoin: 137 });
    expect(merchant.steps.map((s) => s.rolls.map((r) => r.total))).toEqual([[71], [37]]);
    expect(determineWealth('roll', createEnteredDice([[96]])).value).toEqual({ level: 'Rich', startingCoin: null });
    expect(determineWealth('Merchant', createEnteredDice([[100]])).value).toEqual({ level: 'Merchant', startingCoin: 200 });
    expect(determineWealth('Subsistence', createEnteredDice([])).value).toEqual({ level: 'Subsistence', startingCoin: 10 });
  });

  it('Rich cannot be chosen (001 §Wealth: choose only if you do not want to be rich)', () => {
    expect(() => determineWealth('Rich' as WealthChoice, createEnteredDice([]))).toThrow(/must be rolled/);
  });
});

describe('rollBackground', () => {
  it('rolls class, sub-class, location, wealth in order, recording each roll', () => {
    const dice = createEnteredDice([[45], [71], [21], [80], [37]]);
    const bg = rollBackground(dice);
    expect(bg.provenance).toEqual({ socialClass: 'Commoner', subClass: 'Crafts' });
    expect(bg.location.location).toBe('Village');
    expect(bg.wealth).toEqual({ level: 'Merchant', startingCoin: 137 });
    expect(bg.steps.map((s) => s.description)).toEqual([
      'Provenance roll 45: Commoner',
      'Commoner roll 71: Crafts',
      'Location roll 21: Village',
      'Wealth roll 80: Merchant',
      'Starting coin 100 + 37 = 137 MU',
    ]);
    expect(bg.steps.flatMap((s) => s.rolls.map((r) => r.label))).toEqual([
      'provenance: social class',
      'provenance: Commoner class',
      'location',
      'wealth',
      'wealth: starting coin',
    ]);
    expect(dice.remaining()).toBe(0);
  });

  it('mixes choices and rolls', () => {
    const bg = determineBackground({ provenance: { socialClass: 'Merchant', subClass: 'Retail' }, location: 'City', wealth: 'roll' }, createEnteredDice([[3]]));
    expect(bg.provenance).toEqual({ socialClass: 'Merchant', subClass: 'Retail' });
    expect(bg.location.location).toBe('City');
    expect(bg.wealth).toEqual({ level: 'Subsistence', startingCoin: 10 });
  });

  it('is deterministic: the same seed gives the same background', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), (seed) => {
        expect(rollBackground(createSeededDice(seed))).toEqual(rollBackground(createSeededDice(seed)));
      }),
      { numRuns: 50 },
    );
  });
});
