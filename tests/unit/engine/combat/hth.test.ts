// HTH: 001 §Hand-to-Hand Combat, §Disengaging; 004 §Hand-to-Hand Combat (defence 1d6, weapon bonuses); RULINGS H1, H2, G1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BARE_HANDED_DAMAGE,
  HTH_DEFENCE_TABLE,
  HTH_START_CONDITIONS,
  HTH_WEAPON_BONUS,
  bareHandedDamage,
  canStartHth,
  drawDagger,
  hthDamage,
  hthDefence,
  hthDisengage,
} from '../../../../src/main/engine/combat';
import { createEnteredDice, diceSpec } from '../../../../src/main/engine/dice';

const base = { attackerMovementModifier: 1, enemyMovementModifier: 1 };

describe('canStartHth (001 §Hand-to-Hand Combat; RULINGS H1)', () => {
  it('lists 001’s five conditions', () => {
    expect(HTH_START_CONDITIONS.map((c) => c.text)).toEqual([
      'Enemy has back to wall',
      'Enemy is down, prone, or kneeling',
      'Enemy has lower movement modifier',
      'Attacker comes from rear',
      'Enemy agrees',
    ]);
  });
  it('refuses when none holds, and says why for each', () => {
    const c = canStartHth(base);
    expect(c.allowed).toBe(false);
    expect(c.reasons.map((r) => r.met)).toEqual([false, false, false, false, false]);
    expect(c.reasons[2]?.detail).toBe("movement modifier 1 ≥ the attacker's 1");
  });
  it.each([
    ['back-to-wall', { enemyBackToWall: true }],
    ['enemy-down', { enemyDownProneOrKneeling: true }],
    ['from-rear', { fromRear: true }],
    ['enemy-agrees', { enemyAgrees: true }],
  ] as const)('allows on %s alone', (id, extra) => {
    const c = canStartHth({ ...base, ...extra });
    expect(c.allowed).toBe(true);
    expect(c.reasons.filter((r) => r.met).map((r) => r.id)).toEqual([id]);
  });
  it('allows against an enemy with a strictly lower movement modifier', () => {
    expect(canStartHth({ attackerMovementModifier: 1, enemyMovementModifier: 0 }).allowed).toBe(true);
    expect(canStartHth({ attackerMovementModifier: 0, enemyMovementModifier: 1 }).allowed).toBe(false);
  });
});

describe('hthDefence (004 §Hand-to-Hand Combat, Defense Against HTH Attack; RULINGS H1)', () => {
  it('maps every face to its row', () => {
    const expected = ['fights-bare-handed', 'fights-bare-handed', 'readies-dagger', 'readies-dagger', 'attacker-backs-off', 'defender-hits'];
    for (let face = 1; face <= 6; face++) {
      const d = hthDefence(createEnteredDice([[face]]));
      expect(d.row.result, `face ${face}`).toBe(expected[face - 1]);
      expect(d.rolls).toHaveLength(1);
    }
  });
  it('1–4 start HTH with both down; 5 and 6 do not', () => {
    expect(
      HTH_DEFENCE_TABLE.map((r) => [r.faces, r.hthBegins, r.defenderDropsWeapon, r.defenderMayReadyDagger, r.attackerRetreats, r.defenderHitsAttacker]),
    ).toEqual([
      [[1, 2], true, true, false, false, false],
      [[3, 4], true, true, true, false, false],
      [[5], false, false, false, true, false],
      [[6], false, false, false, true, true],
    ]);
  });
  it('ignores a 6 and rolls again when the attacker came from the rear or the defender is unarmed', () => {
    const a = hthDefence(createEnteredDice([[6], [6], [2]]), { attackerFromRear: true });
    expect(a.rolls.map((r) => r.total)).toEqual([6, 6, 2]);
    expect(a.row.result).toBe('fights-bare-handed');
    const b = hthDefence(createEnteredDice([[6], [5]]), { defenderUnarmed: true });
    expect(b.row.result).toBe('attacker-backs-off');
    expect(b.rolls[1]?.label).toBe('HTH defence (6 ignored, re-roll 1)');
  });
});

describe('bareHandedDamage (001 §Hand-to-Hand Combat, Bare-Handed Damage by STR)', () => {
  it('transcribes the table', () => {
    expect(BARE_HANDED_DAMAGE.map((r) => [r.strText, r.damageText, r.dice.notation])).toEqual([
      ['8 or less', '1d6−4', '1d6-4'],
      ['9–10', '1d6−3', '1d6-3'],
      ['11–12', '1d6−2', '1d6-2'],
      ['13–14', '1d6−1', '1d6-1'],
      ['15–16', '1d6', '1d6'],
      ['17–20', '1d6+1', '1d6+1'],
      ['21–24', '1d6+2', '1d6+2'],
      ['25–30', '1d6+3', '1d6+3'],
      ['31–40', '2d6+1', '2d6+1'],
      ['41–50', '3d6+1', '3d6+1'],
    ]);
  });
  it('looks up every STR at the row boundaries', () => {
    const cases: [number, string][] = [
      [3, '1d6-4'],
      [8, '1d6-4'],
      [9, '1d6-3'],
      [10, '1d6-3'],
      [11, '1d6-2'],
      [12, '1d6-2'],
      [13, '1d6-1'],
      [14, '1d6-1'],
      [15, '1d6'],
      [16, '1d6'],
      [17, '1d6+1'],
      [20, '1d6+1'],
      [21, '1d6+2'],
      [24, '1d6+2'],
      [25, '1d6+3'],
      [30, '1d6+3'],
      [31, '2d6+1'],
      [40, '2d6+1'],
      [41, '3d6+1'],
      [50, '3d6+1'],
    ];
    for (const [str, notation] of cases) {
      const b = bareHandedDamage(str);
      expect(b.dice.notation, `STR ${str}`).toBe(notation);
      expect(b.beyondTable).toBe(false);
    }
  });
  it('past STR 50 keeps the last row and says so', () => {
    const b = bareHandedDamage(60);
    expect(b.dice.notation).toBe('3d6+1');
    expect(b.beyondTable).toBe(true);
  });
  it('never gets weaker with more STR', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 49 }), (s) => {
        const a = bareHandedDamage(s).dice;
        const b = bareHandedDamage(s + 1).dice;
        expect(b.count * 3.5 + b.modifier).toBeGreaterThanOrEqual(a.count * 3.5 + a.modifier);
      }),
    );
  });
});

describe('hthDamage (004 weapon bonuses in HTH; RULINGS G1)', () => {
  it('bare hands by STR, no bonus', () => {
    const d = hthDamage({ STR: 12, weapon: 'bare-hands' });
    expect(d.dice.notation).toBe('1d6-2');
    expect(d.bonus.value).toBe(0);
  });
  it('cestus: by STR +3; dagger 1d6−1 +3; club as set +3 / +4 two-handed', () => {
    expect(HTH_WEAPON_BONUS).toEqual({ 'bare-hands': 0, dagger: 3, cestus: 3, 'club-one-hand': 3, 'club-two-hands': 4 });
    const c = hthDamage({ STR: 17, weapon: 'cestus' });
    expect([c.dice.notation, c.bonus.value]).toEqual(['1d6+1', 3]);
    const d = hthDamage({ STR: 5, weapon: 'dagger' });
    expect([d.dice.notation, d.bonus.value]).toEqual(['1d6-1', 3]);
    expect(d.bonus.breakdown[0]?.source).toBe('004 §Hand-to-Hand Combat (Weapon bonuses in HTH); RULINGS G1');
    const club = hthDamage({ STR: 12, weapon: 'club-two-hands', clubDice: diceSpec(1, 6, 1) });
    expect([club.dice.notation, club.bonus.value]).toEqual(['1d6+1', 4]);
    expect(() => hthDamage({ STR: 12, weapon: 'club-one-hand' })).toThrow(/GM must set/);
  });
});

describe('DEX rolls in HTH (001 §Disengaging option v; §Action Options u)', () => {
  it('disengage: 4d6 ≤ DEX', () => {
    const ok = hthDisengage(createEnteredDice([[3, 3, 3, 3]]), { dex: 12 });
    expect(ok.success).toBe(true);
    expect(ok.roll.notation).toBe('4d6');
    const no = hthDisengage(createEnteredDice([[3, 3, 3, 4]]), { dex: 12 });
    expect(no.success).toBe(false);
  });
  it('the injury penalty applies to the roll (RULINGS C4: all rolls)', () => {
    const r = hthDisengage(createEnteredDice([[3, 3, 3, 3]]), { dex: 12, injury: -1 });
    expect(r.target.value).toBe(11);
    expect(r.success).toBe(false);
  });
  it('draw dagger: 3d6 ≤ DEX', () => {
    expect(drawDagger(createEnteredDice([[4, 4, 3]]), { dex: 11 }).success).toBe(true);
    expect(drawDagger(createEnteredDice([[4, 4, 4]]), { dex: 11 }).success).toBe(false);
  });
});
