// Range adjustments: RULINGS A2, 001 §Range (Missile Weapons), 001 §Range (Thrown Weapons).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  explainMissileRange,
  explainMissileRangeModifier,
  explainThrownRange,
  explainThrownRangeModifier,
  missileRangeModifier,
  thrownRangeModifier,
} from '../../../src/main/engine/range';
import { hex } from '../../../src/shared/hex';

describe('missileRangeModifier (RULINGS A2, 001 §Range (Missile Weapons))', () => {
  it('follows the table: 0–2 MH 0, 3–4 −1, 5–6 −2, 7–8 −3, then −1 per 2 MH', () => {
    const table: [number, number][] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, -1],
      [4, -1],
      [5, -2],
      [6, -2],
      [7, -3],
      [8, -3],
      [9, -4],
      [10, -4],
      [20, -9],
      [21, -10],
    ];
    for (const [mh, adj] of table) expect(missileRangeModifier(mh), `${mh} MH`).toBe(adj);
  });

  it('is never −0', () => {
    for (const mh of [0, 1, 2]) expect(Object.is(missileRangeModifier(mh), 0)).toBe(true);
  });

  it('drops by exactly 1 every 2 MH beyond 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (mh) => {
        expect(missileRangeModifier(mh + 2)).toBe(missileRangeModifier(mh) - 1);
        expect(missileRangeModifier(mh + 1)).toBeLessThanOrEqual(missileRangeModifier(mh));
      }),
    );
  });

  it('refuses negative or fractional ranges', () => {
    expect(() => missileRangeModifier(-1)).toThrow(RangeError);
    expect(() => missileRangeModifier(2.5)).toThrow(RangeError);
    expect(() => missileRangeModifier(Number.NaN)).toThrow(RangeError);
  });

  it('explains itself with its source', () => {
    const e = explainMissileRangeModifier(5);
    expect(e.value).toBe(-2);
    expect(e.breakdown).toEqual([{ label: 'Missile range 5 MH', value: -2, source: 'RULINGS A2; 001 §Range (Missile Weapons)' }]);
    fc.assert(
      fc.property(fc.nat(1000), (mh) => {
        const x = explainMissileRangeModifier(mh);
        expect(x.breakdown.reduce((s, l) => s + l.value, 0)).toBe(x.value);
        expect(x.value).toBe(missileRangeModifier(mh));
      }),
    );
  });

  it('counts megahexes between the attacker and the target on the tiling (RULINGS A2)', () => {
    expect(explainMissileRange(hex(0, 0), hex(1, 0)).breakdown[0]?.label).toBe('Missile range 0 MH'); // same megahex
    expect(explainMissileRange(hex(1, 0), hex(2, 0)).breakdown[0]?.label).toBe('Missile range 1 MH'); // neighbours across an edge
    expect(explainMissileRange(hex(0, 0), hex(6, 3)).value).toBe(-1); // 3 MH (three steps of (2, 1))
    expect(explainMissileRange(hex(0, 0), hex(10, 5)).value).toBe(-2); // 5 MH
    // Moving the tiling can move both figures into one megahex.
    expect(explainMissileRange(hex(1, 0), hex(2, 0), hex(1, 0)).value).toBe(0);
    expect(explainMissileRange(hex(1, 0), hex(2, 0), hex(1, 0)).breakdown[0]?.label).toBe('Missile range 0 MH');
  });
});

describe('thrownRangeModifier (RULINGS A2, 001 §Range (Thrown Weapons))', () => {
  it('is −1 per hex to the target, adjacent included', () => {
    expect(thrownRangeModifier(1)).toBe(-1); // 001 gives no exception for an adjacent target
    expect(thrownRangeModifier(2)).toBe(-2);
    expect(thrownRangeModifier(7)).toBe(-7);
    expect(Object.is(thrownRangeModifier(0), 0)).toBe(true);
    expect(() => thrownRangeModifier(-3)).toThrow(RangeError);
    expect(() => thrownRangeModifier(0.5)).toThrow(RangeError);
  });

  it('explains itself, measured in hex steps between the two hexes', () => {
    expect(explainThrownRangeModifier(1).breakdown).toEqual([{ label: 'Thrown range 1 hex', value: -1, source: 'RULINGS A2; 001 §Range (Thrown Weapons)' }]);
    expect(explainThrownRange(hex(0, 0), hex(3, -2)).value).toBe(-3);
    expect(explainThrownRange(hex(0, 0), hex(3, -2)).breakdown[0]?.label).toBe('Thrown range 3 hexes');
  });
});
