/**
 * Prior experience, year by year: survival, track entry, aging, and purity (001 §Prior Experience).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEnteredDice, createSeededDice } from '../../../src/main/engine/dice';
import type { Attributes } from '../../../src/main/engine/characters/attributes';
import { BackgroundError, advanceYear, canEnter } from '../../../src/main/engine/background';
import type { PriorExperienceState, TrackName, YearChoice } from '../../../src/main/engine/background';
import { avg, start } from './priorExperienceSample';

describe('advanceYear: survival (001 §Survivability)', () => {
  it('needs strictly higher than the target; equal is death', () => {
    const s = start();
    // Worker target 4: natural 4 with no modifiers dies, 5 survives.
    expect(advanceYear(s, { track: 'Worker' }, createEnteredDice([[1, 1, 2]])).outcome).toBe('died');
    expect(advanceYear(s, { track: 'Worker' }, createEnteredDice([[1, 2, 2], [2]])).outcome).toBe('served');
  });

  it('STR, DEX, INT, WIS modifiers apply; CON and CHR do not', () => {
    const weak = start({ attributes: { STR: 7, DEX: 7, INT: 12, WIS: 12, CON: 18, CHR: 18 } }); // −1, −1
    const r = advanceYear(weak, { track: 'Worker' }, createEnteredDice([[1, 2, 3]]));
    expect(r.outcome).toBe('died'); // 6 − 2 = 4, not higher than 4
    expect(r.steps.at(-1)?.breakdown.map((b) => b.value)).toEqual([6, -1, -1, 0, 0]);
    const wise = start({ attributes: { STR: 12, DEX: 12, INT: 12, WIS: 15, CON: 3, CHR: 3 } }); // WIS +2
    expect(advanceYear(wise, { track: 'Worker' }, createEnteredDice([[1, 1, 1], [2]])).outcome).toBe('served'); // 3 + 2 = 5 > 4
  });

  it('a dead state keeps the attributes and skills it had', () => {
    const s = start({ skills: { Survival: { level: 1, towardNext: 0 } } });
    const r = advanceYear(
      s,
      { track: 'Army' },
      createEnteredDice([
        [6, 6],
        [1, 1, 1],
      ]),
    );
    expect(r.outcome).toBe('died');
    expect(r.state.attributes).toEqual(avg);
    expect(r.state.skills).toEqual({ Survival: { level: 1, towardNext: 0 } });
  });
});

describe('advanceYear: entry (001 §Skill Tracks)', () => {
  it('Army adds STR and DEX modifiers; Navy adds INT too', () => {
    const s = start({ attributes: { STR: 12, DEX: 12, INT: 16, WIS: 12, CON: 12, CHR: 12 } }); // INT +3
    expect(advanceYear(s, { track: 'Army' }, createEnteredDice([[2, 3]])).outcome).toBe('entryFailed'); // 5
    const navy = advanceYear(s, { track: 'Navy' }, createEnteredDice([[2, 3], [6, 6, 6], [2], [9]]));
    expect(navy.outcome).toBe('served'); // 5 + 3 = 8
    expect(navy.steps[0]?.description).toBe('Navy entry 2d6 = 5, total 8, needs 8+: enters');
    expect(navy.state.coins).toBe(119);
    expect(navy.state.skills).toEqual({ Sailing: { level: 1, towardNext: 0 } });
  });

  it('Rangers needs a bonus in STR, DEX, INT or WIS, then 8+ on 2d6 without modifiers', () => {
    expect(() => advanceYear(start(), { track: 'Rangers' }, createEnteredDice([[6, 6]]))).toThrow(/needs a bonus/);
    const s = start({ attributes: { STR: 12, DEX: 12, INT: 12, WIS: 18, CON: 12, CHR: 12 } });
    expect(advanceYear(s, { track: 'Rangers' }, createEnteredDice([[4, 3]])).outcome).toBe('entryFailed'); // 7, WIS not added
    const ok = advanceYear(s, { track: 'Rangers', gmReward: 75 }, createEnteredDice([[4, 4], [6, 6, 6], [12]]));
    expect(ok.outcome).toBe('served');
    expect(ok.state).toMatchObject({ talents: 1, coins: 75 });
    expect(ok.steps.at(-1)?.description).toBe('Rangers reward 75 MU (varies (see GM))');
  });

  it('Officer: refused unless promoted or Rich; Rich enters without a roll and counts as rank 1', () => {
    expect(canEnter(start(), 'Officer').ok).toBe(false);
    expect(() => advanceYear(start(), { track: 'Officer' }, createEnteredDice([]))).toThrow(/promoted or Rich/);
    const rich = start({ wealth: 'Rich' });
    const r = advanceYear(rich, { track: 'Officer' }, createEnteredDice([[6, 6, 6], [11], [30]]));
    expect(r.steps[0]?.description).toBe('Enters Officer (Rich)');
    // 11 Promotion → rank 1; reward 1 × 100 + 30 × 2.
    expect(r.state).toMatchObject({ rank: 1, coins: 160 });
    const r0 = advanceYear(rich, { track: 'Officer' }, createEnteredDice([[6, 6, 6], [1], [30]]));
    expect(r0.state).toMatchObject({ rank: 0, coins: 160 }); // rank 0 officer paid as rank 1
  });

  it('Merchant: merchant class enters freely; others need 10+ poor, 8+ working, 6+ above working', () => {
    const m = advanceYear(start({ socialClass: 'Merchant' }), { track: 'Merchant' }, createEnteredDice([[6, 6, 6], [1]]));
    expect(m.steps[0]?.description).toBe('Enters Merchant (merchant class)');
    expect(m.state.skills).toEqual({ Coins: { level: 1, towardNext: 0 } });
    expect(m.state.coins).toBe(0);
    const entry = (wealth: 'Subsistence' | 'Moderate' | 'Merchant', faces: number[]) =>
      advanceYear(start({ wealth }), { track: 'Merchant' }, createEnteredDice([faces, [6, 6, 6], [1]])).outcome;
    expect(entry('Subsistence', [5, 4])).toBe('entryFailed');
    expect(entry('Subsistence', [5, 5])).toBe('served');
    expect(entry('Moderate', [4, 3])).toBe('entryFailed');
    expect(entry('Moderate', [4, 4])).toBe('served');
    expect(entry('Merchant', [3, 2])).toBe('entryFailed');
    expect(entry('Merchant', [3, 3])).toBe('served');
  });

  it('craft type may be chosen when entering Crafts, not changed while staying', () => {
    const s = advanceYear(start(), { track: 'Crafts', craftType: 'Smith' }, createEnteredDice([[6, 6, 6], [1]])).state;
    expect(s.craftType).toBe('Smith');
    expect(() => advanceYear(s, { track: 'Crafts', craftType: 'Tailor' }, createEnteredDice([]))).toThrow(/set when entering/);
    expect(advanceYear(s, { track: 'Crafts' }, createEnteredDice([[6, 6, 6], [2]])).state.skills).toEqual({
      Smith: { level: 1, towardNext: 1 },
    });
  });

  it('refuses choices the rules do not allow, before rolling', () => {
    const dice = createEnteredDice([[6, 6]]);
    const s = start();
    expect(() => advanceYear(s, { track: 'Army', craftType: 'Smith' }, dice)).toThrow(BackgroundError);
    expect(() => advanceYear(s, { track: 'Army', gmReward: 5 }, dice)).toThrow(BackgroundError);
    expect(() => advanceYear(s, { track: 'Army', skillLevelsUsed: 1 }, dice)).toThrow(BackgroundError);
    expect(() => advanceYear(s, { track: 'Worker', skillLevelsUsed: -1 }, dice)).toThrow(BackgroundError);
    expect(() => advanceYear(s, { track: 'Worker', skillLevelsUsed: 1.5 }, dice)).toThrow(BackgroundError);
    expect(() => advanceYear(s, { track: 'Pirates' as TrackName }, dice)).toThrow(BackgroundError);
    expect(dice.remaining()).toBe(1);
  });
});

describe('aging (001 §Aging; RULINGS C7)', () => {
  it('each column applies once, when the character reaches that age', () => {
    // Cumulative changes by age, summed by hand from 001 §Aging.
    const expectedAt = (age: number): Attributes => {
      const cols = [
        [34, 0, 0, 0, 0, 0],
        [38, -1, -1, 0, 0, 0],
        [42, -1, -1, 0, 0, -1],
        [46, -1, -1, 0, 0, -1],
        [50, -1, -1, 0, 0, -1],
        [54, -1, -1, 0, 0, -1],
        [58, -1, -1, 0, 0, -1],
        [62, -1, -1, 0, 0, -1],
        [66, -1, -1, 0, 0, -1],
        [70, -2, -2, -1, -1, -2],
      ] as const;
      const a = { ...avg };
      for (const [at, str, dex, int, wis, con] of cols) {
        if (age >= at) {
          a.STR += str;
          a.DEX += dex;
          a.INT += int;
          a.WIS += wis;
          a.CON += con;
        }
      }
      return a;
    };
    let s = start();
    const agingAges: number[] = [];
    for (let year = 1; year <= 56; year++) {
      // Worker: survival 18; skill 2 Morale (no attribute change); reward needs no dice.
      const r = advanceYear(s, { track: 'Worker' }, createEnteredDice([[6, 6, 6], [2]]));
      expect(r.outcome).toBe('served');
      s = r.state;
      expect(s.age).toBe(16 + year);
      expect(s.attributes, `age ${s.age}`).toEqual(expectedAt(s.age));
      const agingStep = r.steps.find((x) => x.description.startsWith('Reaches'));
      if (agingStep !== undefined) agingAges.push(s.age);
    }
    expect(agingAges).toEqual([34, 38, 42, 46, 50, 54, 58, 62, 66, 70]);
    expect(s.agingApplied).toEqual([34, 38, 42, 46, 50, 54, 58, 62, 66, 70]);
    expect(s.attributes).toEqual({ STR: 2, DEX: 2, INT: 11, WIS: 11, CON: 3, CHR: 12 });
    expect(s.skills.Morale).toEqual({ level: 1, towardNext: 55 });
    expect(s.coins).toBe(56 * 100);
  });

  it('the step names the column and its changes', () => {
    const at37: PriorExperienceState = { ...start(), age: 37, years: 21 };
    const r = advanceYear(at37, { track: 'Worker' }, createEnteredDice([[6, 6, 6], [2]]));
    const aging = r.steps.find((x) => x.description.startsWith('Reaches'));
    expect(aging?.description).toBe('Reaches 38 (term 5): STR −1, DEX −1');
    expect(aging?.breakdown.map((b) => [b.label, b.value, b.source])).toEqual([
      ['STR', -1, '001 §Aging; RULINGS C7'],
      ['DEX', -1, '001 §Aging; RULINGS C7'],
    ]);
    expect(r.state.attributes).toMatchObject({ STR: 11, DEX: 11 });
  });

  it('a column already applied is not applied again', () => {
    const s: PriorExperienceState = { ...start(), age: 37, years: 21, agingApplied: [34, 38] };
    const r = advanceYear(s, { track: 'Worker' }, createEnteredDice([[6, 6, 6], [2]]));
    expect(r.state.attributes).toEqual(avg);
    expect(r.state.agingApplied).toEqual([34, 38]);
    expect(r.steps.find((x) => x.description.startsWith('Age'))?.description).toBe('Age 38');
  });
});

describe('purity and determinism', () => {
  it('does not change the state it is given', () => {
    const s = start();
    const snapshot = structuredClone(s);
    advanceYear(s, { track: 'Army' }, createEnteredDice([[6, 6], [6, 6, 6], [8], [50]]));
    expect(s).toEqual(snapshot);
  });

  it('the same seed and choices give the same years, rolls and state', () => {
    const tracks: YearChoice[] = [{ track: 'Worker', skillLevelsUsed: 1 }, { track: 'Crafts' }, { track: 'Random', gmReward: 10 }, { track: 'Worker' }];
    const runAll = (seed: number) => {
      const dice = createSeededDice(seed);
      let s = start();
      const log: unknown[] = [];
      for (let i = 0; i < 30 && s.status === 'alive'; i++) {
        const choice = tracks[i % tracks.length] as YearChoice;
        const r = advanceYear(s, choice, dice);
        log.push(r.steps);
        s = r.state;
      }
      return { s, log };
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), (seed) => {
        expect(runAll(seed)).toEqual(runAll(seed));
      }),
      { numRuns: 30 },
    );
  });
});
