import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEnteredDice, createSeededDice, rollOff } from '../../../src/main/engine/dice';
import type { Dice, Roll } from '../../../src/main/engine/dice';

// RULINGS G4: 1d6 roll-off, re-rolled among those still tied, recorded.

describe('rollOff', () => {
  it('orders by roll, high first, and records every roll', () => {
    const result = rollOff(['Red', 'Blue', 'Green'], createEnteredDice([[2], [5], [4]]), 'initiative tie');
    expect(result.order).toEqual(['Blue', 'Green', 'Red']);
    expect(result.rolls.map((r) => [r.round, r.participant, r.roll.total, r.roll.label])).toEqual([
      [1, 'Red', 2, 'initiative tie: Red'],
      [1, 'Blue', 5, 'initiative tie: Blue'],
      [1, 'Green', 4, 'initiative tie: Green'],
    ]);
  });

  it('re-rolls only those still tied, each tied group in its own place', () => {
    // Round 1: A 3, B 6, C 3, D 6, E 1. B/D tie on top, A/C tie in the middle.
    // B/D re-roll: B 2, D 5 → D, B.  A/C re-roll: A 4, C 4 → tie again; then A 1, C 6 → C, A.
    const dice = createEnteredDice([[3], [6], [3], [6], [1], [2], [5], [4], [4], [1], [6]]);
    const result = rollOff(['A', 'B', 'C', 'D', 'E'], dice);
    expect(result.order).toEqual(['D', 'B', 'C', 'A', 'E']);
    expect(result.rolls.map((r) => `${r.round}:${r.participant}=${r.roll.total}`)).toEqual([
      '1:A=3',
      '1:B=6',
      '1:C=3',
      '1:D=6',
      '1:E=1',
      '2:B=2',
      '2:D=5',
      '2:A=4',
      '2:C=4',
      '3:A=1',
      '3:C=6',
    ]);
    expect(result.rolls[5]?.roll.label).toBe('roll-off: B (re-roll 1)');
    expect(dice.remaining()).toBe(0);
  });

  it('one or no participant: no rolls', () => {
    const dice = createEnteredDice([]);
    expect(rollOff(['Solo'], dice)).toEqual({ order: ['Solo'], rolls: [] });
    expect(rollOff([], dice)).toEqual({ order: [], rolls: [] });
  });

  it('refuses duplicate participants', () => {
    expect(() => rollOff(['A', 'A'], createSeededDice(1))).toThrow('"A" appears twice');
  });

  it('a broken Dice that always ties stops with a DiceError instead of looping', () => {
    const always3: Dice = {
      kind: 'entered',
      roll: (_e, label): Roll => ({ notation: '1d6', count: 1, sides: 6, modifier: 0, faces: [3], total: 3, kind: 'entered', label }),
    };
    expect(() => rollOff(['A', 'B'], always3, 'tie')).toThrow('tie: still tied after 100 rounds (A, B).');
  });

  it('property: terminates, orders everyone once, and the order agrees with the final rolls', () => {
    fc.assert(
      fc.property(fc.integer(), fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 0, maxLength: 12 }), (seed, names) => {
        const result = rollOff(names, createSeededDice(seed));
        expect([...result.order].sort()).toEqual([...names].sort());
        // Each adjacent pair: at the first round where they rolled apart, the earlier one rolled higher.
        const byName = new Map<string, Map<number, number>>();
        for (const r of result.rolls) {
          const m = byName.get(r.participant) ?? new Map<number, number>();
          m.set(r.round, r.roll.total);
          byName.set(r.participant, m);
        }
        for (let i = 0; i + 1 < result.order.length; i++) {
          const a = byName.get(result.order[i] ?? '');
          const b = byName.get(result.order[i + 1] ?? '');
          let decided = false;
          for (let round = 1; a?.has(round) && b?.has(round); round++) {
            if (a.get(round) !== b.get(round)) {
              expect(a.get(round)!).toBeGreaterThan(b.get(round)!);
              decided = true;
              break;
            }
          }
          expect(decided).toBe(true);
        }
        if (names.length < 2) expect(result.rolls).toEqual([]);
      }),
    );
  });
});
