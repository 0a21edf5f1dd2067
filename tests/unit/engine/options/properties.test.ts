/** Properties of the option modules that hold for every input (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import { classicBaseMA, classicMovement } from '../../../../src/main/engine/options/classic';
import { rollStressDie } from '../../../../src/main/engine/options/declaredIntent';
import { rollFigureInitiative } from '../../../../src/main/engine/options/perCharacterInitiative';
import { cruisingDistance, planStride } from '../../../../src/main/engine/options/strideMomentum';

describe('option properties', () => {
  it('Classic MA is max(4, DX − 2) and its breakdown sums; jog is ⌊MA/2⌋', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 3, max: 30 }), (dx, st) => {
        expect(classicBaseMA(dx).value).toBe(Math.max(4, dx - 2));
        const m = classicMovement({ st, dx, carriedLbs: 0 });
        expect(m.ma.breakdown.reduce((s, l) => s + l.value, 0)).toBe(m.ma.value);
        expect(m.gaits.find((g) => g.gait === 'jog')?.hexes.value).toBe(Math.floor(m.ma.value / 2));
      }),
    );
  });
  it('a stride plan covers the sum of its strides; legal plans never speed up more than 6 per AP', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 6, 7, 8), fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 5 }), (momentum, strides) => {
        const p = planStride({ momentum, strides, actionPoints: 5, stop: true });
        expect(p.hexes.value).toBe(strides.reduce((s, x) => s + x, 0));
        let from: number = momentum;
        for (const s of strides) {
          if (p.legal) expect(s - from).toBeLessThanOrEqual(6);
          from = s;
        }
        expect(p.checks.length > 0).toBe([momentum, ...strides].some((s, i, a) => i > 0 && (a[i - 1] ?? 0) - s > 4) || from > 4);
      }),
    );
  });
  it('cruising never beats AP × stride and reaches it from momentum = stride', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), (ap, stride) => {
        expect(cruisingDistance(0, ap, stride).value).toBeLessThanOrEqual(ap * stride);
        expect(cruisingDistance(stride > 6 ? stride : 0, ap, stride).value).toBe(ap * stride);
      }),
    );
  });
  it('the stress die is a face times a power of two; 1d20 initiative orders every figure once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const dice = createSeededDice(seed);
        const s = rollStressDie(dice, { sides: 10, explodeOn: 1 }, 't');
        const last = s.rolls.at(-1)?.total ?? 0;
        expect(s.value.value).toBe(last * 2 ** (s.rolls.length - 1));
        expect(last).not.toBe(1);
        const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
        const r = rollFigureInitiative(ids, dice);
        expect([...r.order].sort()).toEqual(ids);
        const score = new Map(r.scores.map((x) => [x.id, x.value.value]));
        for (let i = 1; i < r.order.length; i++) expect(score.get(r.order[i - 1]!)!).toBeGreaterThanOrEqual(score.get(r.order[i]!)!);
      }),
      { numRuns: 200 },
    );
  });
});
