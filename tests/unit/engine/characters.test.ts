import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEnteredDice, createSeededDice } from '../../../src/main/engine/dice';
import {
  ATTRIBUTE_MODIFIER_TABLE,
  HEIGHT_TABLE,
  POUNDS_PER_STONE,
  WEIGHT_TABLE,
  attributeModifier,
  bodyFromFatigue,
  derivePools,
  explainAttributeModifier,
  finalWeight,
  heightFor,
  injuryBand,
  injuryPenalty,
  makeSurvivalSave,
  manaPool,
  poolSurvival,
  rollAppearance,
  rollAttributes,
  rollBaseWeight,
  rollHeight,
  survivalCheck,
  survivalSaveDue,
  survivalThresholds,
  validatePointBuy,
} from '../../../src/main/engine/characters';
import type { Attributes } from '../../../src/main/engine/characters';

describe('attribute modifier (001 §Determining Core Attributes; RULINGS C1)', () => {
  // 001's table, row by row.
  const table: [number, number][] = [
    [3, -5],
    [4, -4],
    [5, -3],
    [6, -2],
    [7, -1],
    [8, 0],
    [9, 0],
    [10, 0],
    [11, 0],
    [12, 0],
    [13, 0],
    [14, 1],
    [15, 2],
    [16, 3],
    [17, 4],
    [18, 5],
  ];
  for (const [value, mod] of table) {
    it(`${value} → ${mod}`, () => {
      expect(attributeModifier(value)).toBe(mod);
      expect(explainAttributeModifier(value, 'STR')).toEqual({
        value: mod,
        breakdown: [{ label: `STR ${value} modifier`, value: mod, source: '001 §Determining Core Attributes' }],
      });
    });
  }
  it('the transcribed table has exactly the 16 rows 3..18', () => {
    expect([...ATTRIBUTE_MODIFIER_TABLE.entries()]).toEqual(table);
  });
  it('RULINGS C1 beyond the table: 19 → +6, 2 → −6, 20 → +7, 1 → −7', () => {
    expect(attributeModifier(19)).toBe(6);
    expect(attributeModifier(2)).toBe(-6);
    expect(attributeModifier(20)).toBe(7);
    expect(attributeModifier(1)).toBe(-7);
    expect(explainAttributeModifier(19, 'DEX').breakdown).toEqual([{ label: 'DEX 19 modifier', value: 6, source: 'RULINGS C1 (value − 13)' }]);
    expect(explainAttributeModifier(2).breakdown).toEqual([{ label: 'attribute 2 modifier', value: -6, source: 'RULINGS C1 (value − 8)' }]);
  });
  it('C1 agrees with the table inside it and is monotone (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 80 }), (v) => {
        const c1 = v >= 14 ? v - 13 : v <= 7 ? v - 8 : 0;
        expect(attributeModifier(v)).toBe(c1);
        expect(attributeModifier(v + 1)).toBeGreaterThanOrEqual(attributeModifier(v));
      }),
    );
  });
  it('rejects fractions', () => {
    expect(() => attributeModifier(10.5)).toThrow('An attribute value must be a whole number (got 10.5).');
  });
});

describe('rolling core attributes (001 §Determining Core Attributes)', () => {
  it('3d6 each in the order STR DEX INT WIS CON CHR, with entered dice', () => {
    const dice = createEnteredDice([
      [1, 1, 1],
      [6, 6, 6],
      [2, 3, 4],
      [5, 5, 5],
      [1, 2, 3],
      [4, 4, 6],
    ]);
    const result = rollAttributes(dice);
    expect(result.attributes).toEqual({ STR: 3, DEX: 18, INT: 9, WIS: 15, CON: 6, CHR: 14 });
    expect(result.rolls.INT.faces).toEqual([2, 3, 4]);
    expect(result.rolls.INT.label).toBe('creation: INT');
    expect(result.rolls.CHR.kind).toBe('entered');
    expect(dice.remaining()).toBe(0);
  });
  it('with seeded dice (seed 42)', () => {
    const result = rollAttributes(createSeededDice(42));
    expect(result.attributes).toEqual({ STR: 12, DEX: 9, INT: 13, WIS: 16, CON: 13, CHR: 9 });
    expect(result.rolls.STR.faces).toEqual([2, 4, 6]);
  });
});

describe('point-buy (RULINGS C2: 65 points, each 3..18)', () => {
  const valid = { STR: 12, DEX: 12, INT: 11, WIS: 10, CON: 10, CHR: 10 };
  it('accepts a valid spread', () => {
    expect(validatePointBuy(valid)).toEqual({ ok: true, total: 65, remaining: 0, problems: [] });
    expect(validatePointBuy({ STR: 18, DEX: 18, INT: 18, WIS: 3, CON: 3, CHR: 5 }).ok).toBe(true);
  });
  it('too few points', () => {
    expect(validatePointBuy({ ...valid, CHR: 8 })).toEqual({
      ok: false,
      total: 63,
      remaining: 2,
      problems: ['63 of 65 points spent: 2 still to place.'],
    });
  });
  it('too many points', () => {
    expect(validatePointBuy({ ...valid, CHR: 13 }).problems).toEqual(['68 points spent: 3 over the 65 allowed.']);
    expect(validatePointBuy({ ...valid, CHR: 13 }).remaining).toBe(-3);
  });
  it('each attribute out of 3..18, one message each', () => {
    const check = validatePointBuy({ STR: 2, DEX: 19, INT: 11, WIS: 11, CON: 11, CHR: 11 });
    expect(check.ok).toBe(false);
    expect(check.total).toBe(65);
    expect(check.problems).toEqual(['STR is 2; the lowest allowed is 3.', 'DEX is 19; the highest allowed is 18.']);
  });
  it('missing and non-whole values', () => {
    const check = validatePointBuy({ STR: 12, DEX: 12.5, INT: 11, WIS: 10, CON: 10 });
    expect(check.problems).toEqual(['DEX must be a whole number (got 12.5).', 'CHR is missing.', '43 of 65 points spent: 22 still to place.']);
  });
});

describe('secondary attributes (001 §Secondary Attributes)', () => {
  it('Appearance: 1d6, the GM qualifies a 1 or a 6', () => {
    expect(rollAppearance(createEnteredDice([[1]]))).toMatchObject({ value: 1, askGm: true });
    expect(rollAppearance(createEnteredDice([[3]]))).toMatchObject({ value: 3, askGm: false });
    expect(rollAppearance(createEnteredDice([[6]]))).toMatchObject({ value: 6, askGm: true });
  });

  it('Height table transcribed (hands and imperial)', () => {
    expect(HEIGHT_TABLE.map((r) => [r.d6, r.hands, r.imperial])).toEqual([
      [1, 14, `4'8"`],
      [2, 15, `5'0"`],
      [3, 16, `5'4"`],
      [4, 17, `5'8"`],
      [5, 18, `6'0"`],
      [6, 19, `6'4"`],
    ]);
    for (const r of HEIGHT_TABLE) expect(heightFor(r.d6).imperial).toBe(r.imperial);
  });

  it('Height: a middle roll is the table row, no re-roll', () => {
    const h = rollHeight(createEnteredDice([[3]]));
    expect([h.row, h.steps, h.inches, h.hands, h.imperial, h.rolls.length]).toEqual([3, 0, 64, 16, `5'4"`, 1]);
  });

  it('Height: 1 then 1, 1 then a non-1 → 4\'8" − 8" = 4\'0"', () => {
    const dice = createEnteredDice([[1], [1], [1], [4]]);
    const h = rollHeight(dice);
    expect([h.row, h.steps, h.inches, h.hands, h.imperial]).toEqual([1, 2, 48, 12, `4'0"`]);
    expect(h.rolls.map((r) => r.total)).toEqual([1, 1, 1, 4]);
    expect(h.explained.breakdown.map((l) => l.value)).toEqual([56, -8]);
    expect(dice.remaining()).toBe(0);
  });

  it('Height: 1 then a non-1 stays 4\'8"; a 6 after a 1 does not add', () => {
    expect(rollHeight(createEnteredDice([[1], [6]])).imperial).toBe(`4'8"`);
  });

  it('Height: 6 then 6 then a non-6 → 6\'8"', () => {
    const h = rollHeight(createEnteredDice([[6], [6], [2]]));
    expect([h.steps, h.inches, h.hands, h.imperial]).toEqual([1, 80, 20, `6'8"`]);
    expect(rollHeight(createEnteredDice([[6], [1]])).imperial).toBe(`6'4"`);
  });

  it('Height: only rows 1 and 6 take further rolls', () => {
    expect(() => heightFor(3, 1)).toThrow(RangeError);
    expect(() => heightFor(7)).toThrow('Height row must be 1 to 6 (got 7).');
  });

  it('Weight table transcribed; lbs = stones × 14', () => {
    expect(WEIGHT_TABLE.map((r) => [r.d6, r.stones, r.lbs])).toEqual([
      [1, 8, 112],
      [2, 9, 126],
      [3, 10, 140],
      [4, 11, 154],
      [5, 12, 168],
      [6, 13, 182],
    ]);
    for (const r of WEIGHT_TABLE) expect(r.stones * POUNDS_PER_STONE).toBe(r.lbs);
  });

  it('Weight: rolled base, then + STR ÷ 2 stones', () => {
    const base = rollBaseWeight(createEnteredDice([[6]]));
    expect(base.stones).toBe(13);
    expect(finalWeight(base.stones, 12)).toMatchObject({ stones: 19, lbs: 266 });
    const odd = finalWeight(10, 13);
    expect([odd.stones, odd.lbs]).toEqual([16.5, 231]);
    expect(odd.explained.breakdown.map((l) => l.value)).toEqual([10, 6.5]);
  });

  it('Weight: base outside 8..13 is refused', () => {
    expect(() => finalWeight(7, 10)).toThrow('Base weight must be a whole number of stones from 8 to 13 (got 7).');
    expect(() => finalWeight(14, 10)).toThrow(RangeError);
  });
});

describe('derived pools (001 §Derived Pools; RULINGS C3)', () => {
  const attrs: Attributes = { STR: 14, DEX: 11, INT: 10, WIS: 9, CON: 13, CHR: 8 };

  it('with entered dice: Fatigue = CON + WIS + INT + max(DEX, STR) + 2d6; Body = ceil(2/3 F)', () => {
    const dice = createEnteredDice([[3, 4]]);
    const pools = derivePools(attrs, dice);
    // 13 + 9 + 10 + 14 (STR beats DEX 11) + 7 = 53; Body ceil(106/3 = 35.33) = 36
    expect(pools.fatigue.value).toBe(53);
    expect(pools.body.value).toBe(36);
    expect(pools.roll).toMatchObject({ notation: '2d6', faces: [3, 4], total: 7, kind: 'entered', label: 'creation: Fatigue 2d6' });
    expect(pools.fatigue.breakdown.map((l) => [l.label, l.value])).toEqual([
      ['CON', 13],
      ['WIS', 9],
      ['INT', 10],
      ['STR (higher of DEX and STR)', 14],
      ['2d6 at creation [3, 4]', 7],
    ]);
    expect(pools.body.breakdown).toEqual([{ label: '2/3 of Fatigue 53, rounded up', value: 36, source: '001 §Derived Pools; RULINGS C3' }]);
  });

  it('DEX counts when higher; ties take DEX', () => {
    const f = derivePools({ ...attrs, DEX: 16 }, createEnteredDice([[1, 1]])).fatigue;
    expect(f.value).toBe(13 + 9 + 10 + 16 + 2);
    expect(derivePools({ ...attrs, DEX: 14 }, createEnteredDice([[1, 1]])).fatigue.breakdown[3]?.label).toBe('DEX (higher of DEX and STR)');
  });

  it('with seeded dice (seed 42: 2d6 = 2 + 4)', () => {
    const pools = derivePools(attrs, createSeededDice(42));
    expect(pools.roll.faces).toEqual([2, 4]);
    expect(pools.fatigue.value).toBe(52);
    expect(pools.body.value).toBe(35); // ceil(104/3 = 34.67)
  });

  it('Body rounding: exact thirds and both remainders', () => {
    expect(bodyFromFatigue(30).value).toBe(20);
    expect(bodyFromFatigue(31).value).toBe(21); // 20.67
    expect(bodyFromFatigue(32).value).toBe(22); // 21.33
  });

  it('mana pool (RULINGS C8): 3d6 by default, another notation if set, or typed by the GM', () => {
    expect(manaPool({ kind: 'roll', dice: createEnteredDice([[4, 5, 6]]) })).toMatchObject({
      value: 15,
      roll: { notation: '3d6', label: 'creation: mana pool' },
    });
    expect(manaPool({ kind: 'roll', dice: createEnteredDice([[4, 5]]), notation: '2d6' }).value).toBe(9);
    expect(manaPool({ kind: 'gm', value: 17 })).toEqual({ value: 17, breakdown: [{ label: 'set by the GM', value: 17, source: 'RULINGS C8' }], roll: null });
    expect(() => manaPool({ kind: 'gm', value: -1 })).toThrow('Mana pool must be a whole number 0 or more (got -1).');
  });
});

describe('injury penalty (001 §Injury Thresholds & Death; RULINGS C4)', () => {
  const full = { current: 30, starting: 30 };
  const band = (current: number, starting: number) => injuryBand({ current, starting });

  it('every band edge, even starting value (30)', () => {
    expect(band(30, 30)).toBe('none');
    expect(band(16, 30)).toBe('none');
    expect(band(15, 30)).toBe('half'); // exactly half
    expect(band(6, 30)).toBe('half'); // above 5
    expect(band(5, 30)).toBe('low');
    expect(band(1, 30)).toBe('low');
    expect(band(0, 30)).toBe('down');
    expect(band(-20, 30)).toBe('down');
  });

  it('odd starting value (31): half is 15.5', () => {
    expect(band(16, 31)).toBe('none');
    expect(band(15, 31)).toBe('half');
  });

  it('1–5 is −2 even above half of a small pool (decision)', () => {
    expect(band(5, 8)).toBe('low');
    expect(band(6, 8)).toBe('none');
  });

  it('penalties: −1, −2, and −2 at 0 or less (decision)', () => {
    expect(injuryPenalty({ fatigue: full, body: { current: 20, starting: 20 } }).penalty).toBe(0);
    expect(injuryPenalty({ fatigue: { current: 15, starting: 30 }, body: { current: 20, starting: 20 } }).penalty).toBe(-1);
    expect(injuryPenalty({ fatigue: { current: 5, starting: 30 }, body: { current: 20, starting: 20 } }).penalty).toBe(-2);
    expect(injuryPenalty({ fatigue: { current: 0, starting: 30 }, body: { current: 20, starting: 20 } }).penalty).toBe(-2);
  });

  it('the worse pool counts, with its breakdown', () => {
    const s = injuryPenalty({ fatigue: { current: 15, starting: 30 }, body: { current: 5, starting: 20 } });
    expect(s).toMatchObject({ penalty: -2, band: 'low', worsePool: 'body', fatigueBand: 'half', bodyBand: 'low', unconscious: false, semiConscious: false });
    expect(s.explained).toEqual({
      value: -2,
      breakdown: [
        {
          label: 'Fatigue 15/30 (at or below half, above 5), not counted: the worse pool applies',
          value: 0,
          source: '001 §Injury Thresholds & Death; RULINGS C4',
        },
        { label: 'Body 5/20 (1 to 5)', value: -2, source: '001 §Injury Thresholds & Death; RULINGS C4' },
      ],
    });
    const t = injuryPenalty({ fatigue: { current: 10, starting: 30 }, body: { current: 20, starting: 20 } });
    expect([t.penalty, t.worsePool, t.explained.breakdown[0]?.label]).toEqual([-1, 'fatigue', 'Fatigue 10/30 (at or below half, above 5)']);
  });

  it('states: unconscious at Fatigue ≤ 0, semi-conscious at Body ≤ 0', () => {
    const a = injuryPenalty({ fatigue: { current: 0, starting: 30 }, body: { current: 1, starting: 20 } });
    expect([a.unconscious, a.semiConscious, a.band]).toEqual([true, false, 'down']);
    const b = injuryPenalty({ fatigue: { current: 3, starting: 30 }, body: { current: 0, starting: 20 } });
    expect([b.unconscious, b.semiConscious, b.worsePool]).toEqual([false, true, 'body']);
    const c = injuryPenalty({ fatigue: { current: -4, starting: 30 }, body: { current: -1, starting: 20 } });
    expect([c.unconscious, c.semiConscious]).toEqual([true, true]);
  });

  it('rejects nonsense pools', () => {
    expect(() => injuryPenalty({ fatigue: { current: 1, starting: 0 }, body: full })).toThrow(
      'Fatigue starting value must be a whole number 1 or more (got 0).',
    );
    expect(() => injuryPenalty({ fatigue: full, body: { current: 1.5, starting: 20 } })).toThrow('Body current value must be a whole number (got 1.5).');
  });

  it('property: explained sum equals the penalty, never better than either pool alone', () => {
    const pool = fc
      .integer({ min: 1, max: 80 })
      .chain((starting) => fc.record({ starting: fc.constant(starting), current: fc.integer({ min: -2 * starting, max: starting }) }));
    fc.assert(
      fc.property(pool, pool, (fatigue, body) => {
        const s = injuryPenalty({ fatigue, body });
        expect(s.explained.breakdown.reduce((a, l) => a + l.value, 0)).toBe(s.penalty);
        expect(s.penalty).toBeLessThanOrEqual(injuryPenalty({ fatigue, body: { current: body.starting, starting: body.starting } }).penalty);
        expect(s.penalty).toBeLessThanOrEqual(injuryPenalty({ fatigue: { current: fatigue.starting, starting: fatigue.starting }, body }).penalty);
      }),
    );
  });
});

describe('survival saves (001 §Injury Thresholds & Death; RULINGS C5)', () => {
  const fatigueOk = { current: 40, starting: 45 };
  const body = (current: number) => ({ fatigue: fatigueOk, body: { current, starting: 30 } });

  it("001's worked example: Body 30 — saves from −15, penalised from −30, −5 at −35", () => {
    expect(survivalThresholds(30)).toEqual({ savesAtOrBelow: -15, penaltyFrom: -30 });
    expect(survivalCheck(12, body(0)).due).toBe(false); // unconscious at 0, no save yet
    expect(survivalCheck(12, body(-14)).due).toBe(false);
    expect(survivalCheck(12, body(-15))).toMatchObject({ due: true, pool: 'body', penalty: 0 });
    expect(survivalCheck(12, body(-15)).target.value).toBe(12);
    expect(survivalCheck(12, body(-30))).toMatchObject({ due: true, penalty: 0 }); // at the threshold: 0 past it
    expect(survivalCheck(12, body(-31)).penalty).toBe(-1);
    const at35 = survivalCheck(12, body(-35));
    expect(at35.penalty).toBe(-5);
    expect(at35.target).toEqual({
      value: 7, // 3d6 ≤ CON − 5
      breakdown: [
        { label: 'CON', value: 12, source: '001 §Injury Thresholds & Death; RULINGS C5' },
        { label: 'Body at -35 is 5 past -30', value: -5, source: '001 §Injury Thresholds & Death, Survival Save Penalty; RULINGS C5' },
      ],
    });
  });

  it('odd starting value: −½ × 31 = −15.5, so saves from −16', () => {
    expect(survivalThresholds(31).savesAtOrBelow).toBe(-16);
    expect(poolSurvival({ current: -15, starting: 31 }).due).toBe(false);
    expect(poolSurvival({ current: -16, starting: 31 })).toEqual({ due: true, penalty: 0 });
  });

  it('Fatigue counts too; with both due the worse penalty applies to one save', () => {
    const f = survivalCheck(11, { fatigue: { current: -23, starting: 45 }, body: { current: 5, starting: 30 } });
    expect([f.due, f.pool, f.penalty]).toEqual([true, 'fatigue', 0]);
    const both = survivalCheck(11, { fatigue: { current: -46, starting: 45 }, body: { current: -35, starting: 30 } });
    expect([both.pool, both.penalty, both.target.value, both.fatigue.penalty, both.body.penalty]).toEqual(['body', -5, 6, -1, -5]);
  });

  it('making the save: 3d6 ≤ target survives, above it dies', () => {
    const survived = makeSurvivalSave(12, body(-35), createEnteredDice([[2, 2, 3]]), 'survival save: Aldric');
    expect(survived).toMatchObject({ due: true, outcome: 'survived', roll: { total: 7, label: 'survival save: Aldric', kind: 'entered' } });
    const died = makeSurvivalSave(12, body(-35), createEnteredDice([[2, 2, 4]]));
    expect(died).toMatchObject({ due: true, outcome: 'died', roll: { total: 8, label: 'survival save' } });
  });

  it('no save due → no roll', () => {
    const dice = createEnteredDice([[6, 6, 6]]);
    const r = makeSurvivalSave(12, body(-14), dice);
    expect(r.due).toBe(false);
    expect(dice.remaining()).toBe(1);
  });

  it('the end-of-turn question "is a save due?" answers as the full check does, and refuses the same pools', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 18 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: -200, max: 80 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: -200, max: 80 }),
        (CON, fs, fc_, bs, bc) => {
          const pools = { fatigue: { current: fc_, starting: fs }, body: { current: bc, starting: bs } };
          expect(survivalSaveDue(CON, pools)).toBe(survivalCheck(CON, pools).due);
        },
      ),
    );
    const refusal = (f: () => unknown): string => {
      try {
        f();
        return 'no refusal';
      } catch (e) {
        return String(e);
      }
    };
    for (const [CON, pools] of [
      [11.5, body(-20)],
      [12, { fatigue: { current: 1.5, starting: 45 }, body: { current: -20, starting: 30 } }],
      [12, { fatigue: fatigueOk, body: { current: -20, starting: 0 } }],
    ] as const) {
      expect(refusal(() => survivalSaveDue(CON, pools))).toBe(refusal(() => survivalCheck(CON, pools)));
      expect(refusal(() => survivalSaveDue(CON, pools))).not.toBe('no refusal');
    }
  });

  it('property: due exactly when 2 × current ≤ −starting; penalty = min(0, current + starting)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: -300, max: 100 }), (starting, current) => {
        const s = poolSurvival({ current, starting });
        expect(s.due).toBe(2 * current <= -starting);
        expect(s.penalty).toBe(s.due ? Math.min(0, current + starting) : 0);
      }),
    );
  });
});
