/**
 * RULINGS H6 (amended; 004 §Flight): taking off is movement, so an engaged figure cannot take off
 * (M5) — it disengages first (H2); a flier in the air neither engages nor is engaged by ground
 * figures unless it chooses to close; an odd flying MA halves rounding down on the take-off turn;
 * flight costs no movement Fatigue unless the creature's entry says so.
 */
import { describe, expect, it } from 'vitest';
import { isEngaged } from '../../../../src/main/engine/encounter/movement/engagement';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { encounter, fig, figOf, refusal, step, withMoveOrder } from './fixtures';

const broadsword = { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' };
// The orc at 9,3 faces west: its front hexes are 8,3 · 8,4 · 9,2.
const orc = () => fig('orc', 'b', 9, 3, { facing: 3, equipment: broadsword });
const moving = (hawk: Parameters<typeof fig>[4], at: [number, number] = [3, 3]): EncounterState =>
  withMoveOrder(encounter([fig('hawk', 'a', at[0], at[1], { flyingMa: 12, attacks: 1, ...hawk }), orc()], { phase: 'initialMovement' }), ['hawk', 'orc']);

describe('taking off is movement (RULINGS H6 amended, M5)', () => {
  it('a hawk standing in the orc’s front hex is engaged and cannot take off, even with override', () => {
    const s = moving({}, [8, 3]);
    const because =
      'Hawk is engaged: it cannot take off, for an engaged figure only shifts or stands still (RULINGS H6, M5); it disengages first (option n, RULINGS H2).';
    expect(refusal(s, { type: 'takeOff', figureId: 'hawk', to: { q: 5, r: 3 } })).toBe(because);
    expect(refusal(s, { type: 'takeOff', figureId: 'hawk', to: { q: 5, r: 3 }, override: true })).toBe(because);
    // Out of the orc's front, the same hawk rises and flies 3 hexes (of its 6 this turn).
    expect(figOf(step(moving({}, [7, 4]), { type: 'takeOff', figureId: 'hawk', to: { q: 4, r: 4 } }).state, 'hawk').conditions).toContain('flying');
  });

  it('in the air and engaged by an enemy flier, it does not fly off either', () => {
    // A kite in the air at 4,3 faces west: its front hexes hold the hawk at 3,3.
    const s = withMoveOrder(
      encounter(
        [
          fig('hawk', 'a', 3, 3, { flyingMa: 12, conditions: ['flying'] }),
          fig('kite', 'b', 4, 3, { facing: 3, flyingMa: 12, attacks: 1, conditions: ['flying'] }),
        ],
        { phase: 'initialMovement' },
      ),
      ['hawk', 'kite'],
    );
    expect(isEngaged(s, figOf(s, 'hawk'))).toBe(true);
    expect(refusal(s, { type: 'fly', figureId: 'hawk', to: { q: 3, r: 8 } })).toMatch(/^Hawk is engaged: it cannot fly off/);
  });
});

describe('the take-off turn flies half the flying MA, rounded down (004 §Flight; RULINGS H6)', () => {
  it('flying MA 7: ⌊7 / 2⌋ = 3 hexes on the take-off turn — 3 flown, 4 refused', () => {
    expect(figOf(step(moving({ flyingMa: 7 }), { type: 'takeOff', figureId: 'hawk', to: { q: 6, r: 3 } }).state, 'hawk').turn.spent).toBe(3);
    expect(refusal(moving({ flyingMa: 7 }), { type: 'takeOff', figureId: 'hawk', to: { q: 7, r: 3 } })).toMatch(/3 hexes at most/);
  });
});

describe('in the air, ground figures are neither engaged nor engaging unless the flier closes (RULINGS H6 amended)', () => {
  it('a hawk (its talons: an attack) hovering in the orc’s front hex neither engages the orc nor is engaged; closing, both are', () => {
    // The hawk at 8,3 faces east: the orc's hex 9,3 is in its front.
    const s = moving({ conditions: ['flying'] }, [8, 3]);
    expect(isEngaged(s, figOf(s, 'hawk'))).toBe(false);
    expect(isEngaged(s, figOf(s, 'orc'))).toBe(false);
    const closing = step(s, { type: 'engageGround', figureId: 'hawk', on: true }).state;
    expect(isEngaged(closing, figOf(closing, 'hawk'))).toBe(true);
    expect(isEngaged(closing, figOf(closing, 'orc'))).toBe(true);
  });

  it('a ground figure walking into the front hex of a hawk in the air is not stopped there; the same hawk on the ground stops it (M5)', () => {
    // The hawk at 9,3 faces west: its front hexes are 8,3 · 8,4 · 9,2. The goblin walks 3,4 → 8,4: 5 hexes.
    const walk = (hawk: Parameters<typeof fig>[4]) => {
      const s = withMoveOrder(
        encounter([fig('gob', 'b', 3, 4, { equipment: broadsword }), fig('hawk', 'a', 9, 3, { facing: 3, flyingMa: 12, attacks: 1, ...hawk })], {
          phase: 'initialMovement',
        }),
        ['gob', 'hawk'],
      );
      return step(s, { type: 'move', figureId: 'gob', mode: 'run', to: { q: 8, r: 4 } }).events.find((e) => e.type === 'moved');
    };
    expect(walk({ conditions: ['flying'] })).toMatchObject({ cost: 5, engaged: false });
    expect(walk({})).toMatchObject({ cost: 5, engaged: true });
  });
});

describe('flight costs no movement Fatigue unless the creature’s entry says so (RULINGS H6 amended, M3)', () => {
  it('10 hexes flown — a Run on its legs (Jog 7 < 10 ≤ Run 12), 1 Fatigue if walked — cost nothing', () => {
    const r = step(moving({ conditions: ['flying'] }, [2, 7]), { type: 'fly', figureId: 'hawk', to: { q: 12, r: 7 } });
    expect(figOf(r.state, 'hawk').turn.spent).toBe(10);
    expect(figOf(r.state, 'hawk').fatigue.current).toBe(50);
    expect(r.events.some((e) => e.type === 'fatigueSpent')).toBe(false);
  });

  it('an entry that says 2 a turn of flight: 50 − 2 = 48, typed with the flying MA', () => {
    const typed = step(moving({ conditions: ['flying'] }, [2, 7]), { type: 'setFlyingMa', figureId: 'hawk', flyingMa: 12, fatiguePerTurn: 2 }).state;
    expect(figOf(typed, 'hawk').flyingFatigue).toBe(2);
    const r = step(typed, { type: 'fly', figureId: 'hawk', to: { q: 12, r: 7 } });
    expect(r.events.find((e) => e.type === 'fatigueSpent')).toMatchObject({ amount: 2, fatigue: 48 });
    // Hovering in place flies no hex and costs nothing.
    const hover = step(typed, { type: 'fly', figureId: 'hawk', to: { q: 2, r: 7 } });
    expect(figOf(hover.state, 'hawk').fatigue.current).toBe(50);
  });
});
