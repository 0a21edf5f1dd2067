import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DiceError, createSeededDice, parseDice } from '../../../src/main/engine/dice';
import type { SeededDiceState } from '../../../src/main/engine/dice';

// RULINGS G3: the console's rolls come from a seeded generator stored with the encounter.

describe('createSeededDice', () => {
  it('matches pure-rand xoroshiro128+ with uniformInt (README: seed 42 gives 2, 4, 6 on d6)', () => {
    const dice = createSeededDice(42);
    const r = dice.roll('3d6', 'attack roll');
    expect(r).toEqual({ notation: '3d6', count: 3, sides: 6, modifier: 0, faces: [2, 4, 6], total: 12, kind: 'seeded', label: 'attack roll' });
  });

  it('adds the modifier to the total and accepts a spec', () => {
    const r = createSeededDice(42).roll(parseDice('2-1'), 'damage');
    expect(r.faces).toEqual([2, 4]);
    expect(r.total).toBe(5);
    expect(r.notation).toBe('2d6-1');
  });

  it('throws DiceError on a bad expression and the generator is untouched', () => {
    const a = createSeededDice(7);
    expect(() => a.roll('3x6', 'x')).toThrow(DiceError);
    expect(a.roll('3d6', 'y').faces).toEqual(createSeededDice(7).roll('3d6', 'y').faces);
  });

  it('refuses seeds it cannot honour', () => {
    expect(() => createSeededDice(1.5)).toThrow('Dice seed must be a whole number from -2147483648 to 4294967295 (got 1.5).');
    expect(() => createSeededDice(2 ** 40)).toThrow(DiceError);
    expect(() => createSeededDice(Number.NaN)).toThrow(DiceError);
  });

  it('refuses malformed saved states', () => {
    const bad = (s: unknown) => () => createSeededDice(s as SeededDiceState);
    expect(bad({ algorithm: 'mersenne', state: [1, 2, 3, 4] })).toThrow('only "xoroshiro128plus" is supported');
    expect(bad({ algorithm: 'xoroshiro128plus', state: [1, 2, 3] })).toThrow('exactly four 32-bit whole numbers');
    expect(bad({ algorithm: 'xoroshiro128plus', state: [1, 2, 3, 2 ** 33] })).toThrow('exactly four 32-bit whole numbers');
    expect(bad({ algorithm: 'xoroshiro128plus', state: [0, 0, 0, 0] })).toThrow('all zeros');
    expect(bad(null)).toThrow(DiceError);
  });

  it('saveState is JSON-safe and a copy', () => {
    const dice = createSeededDice(123);
    const s = dice.saveState();
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(s.algorithm).toBe('xoroshiro128plus');
    expect(s.state).toHaveLength(4);
    dice.roll('1d6', 'x');
    expect(dice.saveState()).not.toEqual(s);
  });
});

const expr = fc.record({
  count: fc.integer({ min: 1, max: 20 }),
  sides: fc.integer({ min: 2, max: 1000 }),
  modifier: fc.integer({ min: -50, max: 50 }),
});
const notation = ({ count, sides, modifier }: { count: number; sides: number; modifier: number }) => `${count}d${sides}${modifier >= 0 ? '+' : ''}${modifier}`;

describe('seeded dice properties', () => {
  it('totals lie in [count+mod, count*sides+mod] and faces in 1..sides', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.array(expr, { minLength: 1, maxLength: 10 }), (seed, exprs) => {
        const dice = createSeededDice(seed);
        for (const e of exprs) {
          const r = dice.roll(notation(e), 'p');
          expect(r.faces).toHaveLength(e.count);
          for (const f of r.faces) {
            expect(Number.isInteger(f)).toBe(true);
            expect(f).toBeGreaterThanOrEqual(1);
            expect(f).toBeLessThanOrEqual(e.sides);
          }
          expect(r.total).toBe(r.faces.reduce((a, b) => a + b, 0) + e.modifier);
          expect(r.total).toBeGreaterThanOrEqual(e.count + e.modifier);
          expect(r.total).toBeLessThanOrEqual(e.count * e.sides + e.modifier);
        }
      }),
    );
  });

  it('same seed → same sequence', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }), fc.array(expr, { minLength: 1, maxLength: 10 }), (seed, exprs) => {
        const a = createSeededDice(seed);
        const b = createSeededDice(seed);
        for (const e of exprs) expect(a.roll(notation(e), 'a').faces).toEqual(b.roll(notation(e), 'b').faces);
      }),
    );
  });

  it('a restored state (through JSON) continues the identical sequence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        fc.array(expr, { maxLength: 8 }),
        fc.array(expr, { minLength: 1, maxLength: 8 }),
        (seed, before, after) => {
          const original = createSeededDice(seed);
          for (const e of before) original.roll(notation(e), 'before');
          const restored = createSeededDice(JSON.parse(JSON.stringify(original.saveState())) as SeededDiceState);
          for (const e of after) expect(restored.roll(notation(e), 'r').faces).toEqual(original.roll(notation(e), 'o').faces);
          expect(restored.saveState()).toEqual(original.saveState());
        },
      ),
    );
  });

  it('different seeds give different sequences (spot check)', () => {
    const a = createSeededDice(1).roll('20d1000', 'a').faces;
    const b = createSeededDice(2).roll('20d1000', 'b').faces;
    expect(a).not.toEqual(b);
  });
});

describe('distribution sanity (chi-square)', () => {
  it('60,000 d6 faces are close to uniform', () => {
    const dice = createSeededDice(20240601);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 600; i++) {
      for (const f of dice.roll('100d6', 'chi').faces) counts[f - 1] = (counts[f - 1] ?? 0) + 1;
    }
    const expected = 10_000;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: P(chi² > 20.5) ≈ 0.001. Generous, yet a biased die fails it.
    expect(chi2).toBeLessThan(20.5);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60_000);
  });

  it('the same statistic does catch a biased die', () => {
    // A modulo-style bias (one face 2% more likely) over the same sample: chi² far above the bound.
    const counts = [10_600, 9_880, 9_880, 9_880, 9_880, 9_880];
    const chi2 = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi2).toBeGreaterThan(20.5);
  });
});
