/** Declared intent (RULINGS O4; 003 §1 Movement, Initiative Modifiers Table, Movement Table). */
import { describe, expect, it } from 'vitest';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import {
  DEFAULT_STRESS_DIE,
  StressDieSchema,
  checkDeclaration,
  defaultInitiativeScore,
  initiativeModifiers,
  paces,
  resolveConflicts,
  rollInitiativeTotals,
  rollStressDie,
  type Declaration,
} from '../../../../src/main/engine/options/declaredIntent';

describe("the stress die (the console's choice, a setting: d10, a 1 rolls again and doubles; RULINGS O4)", () => {
  it('a plain face counts as itself', () => {
    const s = rollStressDie(createEnteredDice([[7]]), DEFAULT_STRESS_DIE, 't');
    expect([s.value.value, s.multiplier, s.rolls.length]).toEqual([7, 1, 1]);
  });
  it('1 then 7 → 14; 1, 1, 3 → 12', () => {
    expect(rollStressDie(createEnteredDice([[1], [7]]), DEFAULT_STRESS_DIE, 't').value.value).toBe(14);
    const s = rollStressDie(createEnteredDice([[1], [1], [3]]), DEFAULT_STRESS_DIE, 't');
    expect([s.value.value, s.multiplier]).toEqual([12, 4]);
  });
  it('configurable: a d6 that does not explode', () => {
    expect(rollStressDie(createEnteredDice([[1]]), { sides: 6, explodeOn: null }, 't').value.value).toBe(1);
    expect(StressDieSchema.safeParse({ sides: 6, explodeOn: 7 }).success).toBe(false);
  });
});

describe('003 §1 Movement: declarations', () => {
  it('a fighter names target, range and weapon; a mover names where it ends', () => {
    expect(checkDeclaration({ figureId: 'a', action: 'attack', movement: 'none' })).toHaveLength(3);
    expect(
      checkDeclaration({
        figureId: 'a',
        action: 'attack',
        movement: 'hustling',
        targetIds: ['b'],
        rangeHexes: 1,
        weaponId: 'broadsword',
        destination: { q: 1, r: 0 },
      }),
    ).toEqual([]);
    expect(checkDeclaration({ figureId: 'a', action: 'move', movement: 'walking' })).toEqual(['A figure that moves names where it ends.']);
  });
  it('modifiers: charging +3 only with room; high ground +3; routing +6; mounted Ride + high ground', () => {
    const v = (d: Partial<Declaration>) => initiativeModifiers({ figureId: 'a', action: 'attack', movement: 'none', ...d }).reduce((s, l) => s + l.value, 0);
    expect(v({ charging: true })).toBe(0);
    expect(v({ charging: true, roomForRunningStart: true })).toBe(3);
    expect(v({ highGround: true })).toBe(3);
    expect(v({ action: 'rout' })).toBe(6);
    expect(v({ mounted: { ride: 2 }, highGround: true, charging: true, roomForRunningStart: true })).toBe(8);
  });
  it('total = stress die + score + modifiers; high to low; ties rolled off', () => {
    const t = rollInitiativeTotals(
      [
        { declaration: { figureId: 'a', action: 'attack', movement: 'none', highGround: true }, initiativeScore: 1 },
        { declaration: { figureId: 'b', action: 'rout', movement: 'sprinting' }, initiativeScore: 0 },
        { declaration: { figureId: 'c', action: 'attack', movement: 'none' }, initiativeScore: 2 },
      ],
      createEnteredDice([[5], [3], [1], [3], [4], [2]]),
    );
    // a 5+1+3 = 9; b 3+0+6 = 9; c (1→3)×2 = 6 +2 = 8; a and b tie: a 4, b 2.
    expect(t.totals.map((x) => x.total.value)).toEqual([9, 9, 8]);
    expect(t.order).toEqual(['a', 'b', 'c']);
  });
  it('the default initiative score is the DEX modifier (RULINGS C1, O4)', () => {
    expect([7, 10, 13, 14, 17].map(defaultInitiativeScore)).toEqual([-1, 0, 0, 1, 4]);
  });
  it('clashes go to the higher total', () => {
    const ds: Declaration[] = [
      { figureId: 'a', action: 'move', movement: 'hustling', destination: { q: 2, r: 2 } },
      { figureId: 'b', action: 'move', movement: 'walking', destination: { q: 2, r: 2 } },
      { figureId: 'c', action: 'attack', movement: 'none', targetIds: ['d'], rangeHexes: 1, weaponId: 'spear' },
      { figureId: 'd', action: 'rout', movement: 'sprinting', destination: { q: 9, r: 0 } },
    ];
    expect(resolveConflicts(ds, ['b', 'd', 'a', 'c']).map((c) => [c.kind, c.winner, c.losers])).toEqual([
      ['same-destination', 'b', ['a']],
      ['unwilling-opponent', 'd', ['c']],
    ]);
  });
});

describe('003 §Movement Table: paces', () => {
  it('walking 9 + Qik; hustling 15 + Qik + Enc; sprinting 30 + Qik + Athletics + Enc − Wound − Fatigue; gallop 50 + Ride', () => {
    const p = { quickness: 2, encumbrance: -1, athletics: 3, wound: 1, fatigue: 2, ride: 4 };
    expect([paces('walking', p).value, paces('hustling', p).value, paces('sprinting', p).value, paces('horseback', p).value]).toEqual([11, 16, 31, 54]);
  });
});
