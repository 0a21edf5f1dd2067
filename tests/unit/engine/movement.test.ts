/**
 * Movement against 001 §Movement and §Encumbrance, RULINGS M1–M4.
 */
import { describe, expect, it } from 'vitest';
import type { Attributes } from '../../../src/main/engine/characters/attributes';
import type { Explained } from '../../../src/main/engine/explain';
import {
  GAIT_TABLE,
  armorRestriction,
  combinedRestriction,
  gaitDistances,
  gaitFatigue,
  movementModifier,
  type Gait,
  type GaitOption,
} from '../../../src/main/engine/movement';
import { movementProfile } from '../../../src/main/engine/movementProfile';
import { ENCUMBRANCE_TABLE, encumbranceLevel } from '../../../src/main/engine/encumbrance';

const attrs = (CON: number, STR: number, DEX: number): Attributes => ({ STR, DEX, INT: 10, WIS: 10, CON, CHR: 10 });

function hexes(options: readonly GaitOption[]): Record<Gait, number> {
  return Object.fromEntries(options.map((o) => [o.gait, o.hexes.value])) as Record<Gait, number>;
}
function allowed(options: readonly GaitOption[]): Gait[] {
  return options.filter((o) => o.allowed).map((o) => o.gait);
}
function sums(e: Explained<number>): boolean {
  return e.breakdown.reduce((s, l) => s + l.value, 0) === e.value;
}
function cited(e: Explained<number>): boolean {
  return e.breakdown.every((l) => /001 §|RULINGS [A-Z]\d/.test(l.source) && l.label.length > 0);
}

describe('001 §Movement worked example', () => {
  it('CON 14 (+1), STR 10 (0), DEX 12 (0): modifier +1; walk 5, jog 8, run 13, sprint 19', () => {
    const m = movementModifier(attrs(14, 10, 12));
    expect(m.value).toBe(1);
    expect(m.breakdown.map((l) => [l.label, l.value])).toEqual([
      ['CON 14 modifier', 1],
      ['STR 10 modifier', 0],
      ['DEX 12 modifier', 0],
    ]);
    expect(m.breakdown.every((l) => l.source.includes('001 §Movement'))).toBe(true);
    const g = gaitDistances(m);
    expect(hexes(g)).toEqual({ sprint: 19, run: 13, jog: 8, walk: 5, 'walk-slow': 2, 'stand-still': 0 });
    expect(allowed(g)).toEqual(['sprint', 'run', 'jog', 'walk', 'walk-slow', 'stand-still']);
    for (const o of g) {
      expect(sums(o.hexes)).toBe(true);
      expect(cited(o.hexes)).toBe(true);
    }
    const walk = g.find((o) => o.gait === 'walk');
    expect(walk?.hexes.breakdown.map((l) => [l.label, l.value])).toEqual([
      ['Walk base', 4],
      ['CON 14 modifier', 1],
      ['STR 10 modifier', 0],
      ['DEX 12 modifier', 0],
    ]);
    expect(walk?.hexes.breakdown[0]?.source).toBe('001 §Movement; RULINGS M1');
  });
});

describe('movement modifier (RULINGS M1)', () => {
  it('sums CON, STR and DEX modifiers (001 table, RULINGS C1 beyond it)', () => {
    expect(movementModifier(attrs(18, 16, 15)).value).toBe(5 + 3 + 2);
    expect(movementModifier(attrs(3, 5, 7)).value).toBe(-5 - 3 - 1);
    expect(movementModifier(attrs(20, 10, 2)).value).toBe(7 - 6); // C1: 20 → +7, 2 → −6
  });
  it('adds an encumbrance penalty, as a number or explained', () => {
    const plain = movementModifier(attrs(14, 10, 12), -2);
    expect(plain.value).toBe(-1);
    expect(plain.breakdown.at(-1)).toEqual({ label: 'Encumbrance penalty', value: -2, source: '001 §Encumbrance; RULINGS M1' });
    const enc = encumbranceLevel(12, 10); // Light
    const explained = movementModifier(attrs(14, 10, 12), enc.penalty);
    expect(explained.value).toBe(0);
    expect(explained.breakdown.at(-1)?.source).toBe('001 §Encumbrance; RULINGS M1');
    expect(explained.breakdown.at(-1)?.label).toContain('Light');
    expect(sums(explained) && cited(explained)).toBe(true);
  });
});

describe('gait distances (RULINGS M1, M2)', () => {
  it('bases 18/12/7/4 plus m, Walk (slow) 2, Stand Still 0', () => {
    expect(hexes(gaitDistances(0))).toEqual({ sprint: 18, run: 12, jog: 7, walk: 4, 'walk-slow': 2, 'stand-still': 0 });
    expect(hexes(gaitDistances(3))).toEqual({ sprint: 21, run: 15, jog: 10, walk: 7, 'walk-slow': 2, 'stand-still': 0 });
    expect(hexes(gaitDistances(-2))).toEqual({ sprint: 16, run: 10, jog: 5, walk: 2, 'walk-slow': 2, 'stand-still': 0 });
  });

  it('Walk (slow) is never longer than Walk: a Heavy load leaving Walk at 1 leaves it at 1 (RULINGS M2 amended)', () => {
    // STR, DEX, CON 10: modifier 0; 22 lbs at STR 10 is Heavy (−4): Walk 4 − 4 = 0, floored to 1.
    const p = movementProfile({ attributes: { STR: 10, DEX: 10, CON: 10 }, carriedLbs: 22 });
    expect(p.modifier.value).toBe(-4);
    expect(hexes(p.gaits)).toMatchObject({ walk: 1, 'walk-slow': 1 });
    const slow = p.gaits.find((o) => o.gait === 'walk-slow');
    expect(slow?.hexes.breakdown).toEqual([
      { label: 'Walk (slow)', value: 2, source: expect.stringContaining('001') },
      { label: 'Never longer than Walk', value: -1, source: 'RULINGS M2' },
    ]);
    // Walk 2 (modifier −2) or more leaves Walk (slow) at 2, with no cap line.
    expect(gaitDistances(-2).find((o) => o.gait === 'walk-slow')?.hexes.breakdown).toHaveLength(1);
  });

  it('never below 1 for Sprint, Run, Jog and Walk', () => {
    expect(hexes(gaitDistances(-3))).toMatchObject({ walk: 1, jog: 4 });
    expect(hexes(gaitDistances(-4))).toMatchObject({ walk: 1, jog: 3 });
    const g = gaitDistances(-20);
    // RULINGS M2 (amended): Walk (slow) follows Walk down to 1.
    expect(hexes(g)).toEqual({ sprint: 1, run: 1, jog: 1, walk: 1, 'walk-slow': 1, 'stand-still': 0 });
    const walk = g.find((o) => o.gait === 'walk');
    expect(walk?.hexes.breakdown.at(-1)).toEqual({ label: 'Never below 1 hex', value: 17, source: 'RULINGS M1' });
    for (const o of g) expect(sums(o.hexes) && cited(o.hexes)).toBe(true);
    // exactly at the floor: no floor line
    expect(
      gaitDistances(-3)
        .find((o) => o.gait === 'walk')
        ?.hexes.breakdown.some((l) => l.label === 'Never below 1 hex'),
    ).toBe(false);
  });

  it('fatigue per gait (RULINGS M3, 001 table)', () => {
    expect(gaitFatigue('sprint').perTurnInCombat).toBe(6);
    expect(gaitFatigue('run').perTurnInCombat).toBe(1);
    expect(gaitFatigue('jog')).toMatchObject({ perTurnInCombat: 0, outOfCombat: { points: 1, minutes: 10 }, text: 'None (combat) / 1 per 10 min' });
    expect(gaitFatigue('walk')).toMatchObject({ perTurnInCombat: 0, outOfCombat: null, text: 'None' });
    expect(gaitFatigue('walk-slow').perTurnInCombat).toBe(0);
    expect(gaitFatigue('stand-still').perTurnInCombat).toBe(0);
    expect(gaitFatigue('sprint').source).toContain('RULINGS M3');
    expect(gaitDistances(0).map((o) => o.fatigue.perTurnInCombat)).toEqual([6, 1, 0, 0, 0, 0]);
  });

  it('the gait table as written', () => {
    expect(GAIT_TABLE.map((r) => [r.name, r.distanceText, r.fatigue.text, r.actionsText])).toEqual([
      ['Sprint', '18 + modifier', '6 per turn', 'None'],
      ['Run', '12 + modifier', '1 per turn', 'None'],
      ['Jog', '7 + modifier', 'None (combat) / 1 per 10 min', 'Charge Attack, Dodge, Drop'],
      ['Walk', '4 + modifier', 'None', 'Ready Weapon'],
      ['Walk (slow)', 'Up to 2 hex', 'None', 'Cast Spell, Missile, Disbelieve'],
      ['Stand Still', '0', 'None', 'Stand Up, Pick Up Weapon'],
    ]);
  });
});

describe('encumbrance (001 §Encumbrance)', () => {
  it('the table as written', () => {
    expect(ENCUMBRANCE_TABLE.map((b) => [b.name, b.weightText, b.penalty, b.restrictionText])).toEqual([
      ['Unencumbered', 'Up to STR lbs', 0, '—'],
      ['Light', 'STR+1 to STR×1.5', -1, '—'],
      ['Medium', 'STR×1.5+1 to STR×2', -2, 'Cannot Run or Sprint'],
      ['Heavy', 'STR×2+1 to STR×2.5', -4, 'Cannot Jog, Run, or Sprint'],
      ['Overloaded', 'Over STR×2.5', null, 'Walk only, 1 hex max'],
    ]);
  });

  it('every band edge at STR 10', () => {
    const at = (lbs: number) => {
      const e = encumbranceLevel(lbs, 10);
      return [e.level, e.penalty.value, e.restriction.restriction];
    };
    expect(at(0)).toEqual(['unencumbered', 0, 'none']);
    expect(at(10)).toEqual(['unencumbered', 0, 'none']);
    expect(at(10.1)).toEqual(['light', -1, 'none']);
    expect(at(11)).toEqual(['light', -1, 'none']);
    expect(at(15)).toEqual(['light', -1, 'none']);
    expect(at(15.5)).toEqual(['medium', -2, 'cannot-run-or-sprint']);
    expect(at(16)).toEqual(['medium', -2, 'cannot-run-or-sprint']);
    expect(at(20)).toEqual(['medium', -2, 'cannot-run-or-sprint']);
    expect(at(21)).toEqual(['heavy', -4, 'cannot-jog-run-or-sprint']);
    expect(at(25)).toEqual(['heavy', -4, 'cannot-jog-run-or-sprint']);
    expect(at(25.1)).toEqual(['overloaded', 0, 'walk-only-1-hex']);
    expect(at(26)).toEqual(['overloaded', 0, 'walk-only-1-hex']);
    expect(at(1000)).toEqual(['overloaded', 0, 'walk-only-1-hex']);
  });

  it('odd STR: STR×1.5 falls between whole pounds (STR 11)', () => {
    expect(encumbranceLevel(16, 11).level).toBe('light');
    expect(encumbranceLevel(16.5, 11).level).toBe('light');
    expect(encumbranceLevel(17, 11).level).toBe('medium');
    expect(encumbranceLevel(27.5, 11).level).toBe('heavy');
    expect(encumbranceLevel(28, 11).level).toBe('overloaded');
    expect(encumbranceLevel(16, 11).maxLbs).toBe(16.5);
    expect(encumbranceLevel(28, 11).maxLbs).toBeNull();
  });

  it('explains itself with its source', () => {
    const e = encumbranceLevel(18, 10);
    expect(e.penalty.breakdown).toEqual([{ label: 'Encumbrance: Medium (18 lbs at STR 10, up to 20 lbs)', value: -2, source: '001 §Encumbrance; RULINGS M1' }]);
    expect(e.restriction).toEqual({ restriction: 'cannot-run-or-sprint', label: 'Encumbrance: Medium', source: '001 §Encumbrance (Restrictions); RULINGS M4' });
    expect(cited(encumbranceLevel(30, 10).penalty)).toBe(true);
  });

  it('rejects nonsense weights', () => {
    expect(() => encumbranceLevel(-1, 10)).toThrow(RangeError);
    expect(() => encumbranceLevel(Number.NaN, 10)).toThrow(RangeError);
  });
});

describe('restrictions (RULINGS M4)', () => {
  it('armour restriction from the armour table', () => {
    expect(armorRestriction('cloth-armor').restriction).toBe('none');
    expect(armorRestriction('leather-armor')).toEqual({
      restriction: 'cannot-sprint',
      label: 'Leather Armor: Cannot Sprint',
      source: '001 §Armor and Shields (Movement Restriction); RULINGS M4',
    });
    expect(armorRestriction('chainmail').restriction).toBe('cannot-run-or-sprint');
    expect(armorRestriction('fine-plate').restriction).toBe('cannot-run-or-sprint');
    expect(armorRestriction('tower-shield').restriction).toBe('none');
    expect(armorRestriction(null).restriction).toBe('none');
    expect(() => armorRestriction('mithril')).toThrow(RangeError);
  });

  it('the stricter wins', () => {
    const leather = armorRestriction('leather-armor');
    const medium = encumbranceLevel(18, 10).restriction;
    const c = combinedRestriction(leather, medium);
    expect(c.value).toBe('cannot-run-or-sprint');
    expect(c.decidedBy).toBe(medium);
    expect(c.reasons).toEqual([leather, medium]);
    expect(c.source).toBe('RULINGS M4');

    const chain = armorRestriction('chainmail');
    const light = encumbranceLevel(12, 10).restriction;
    expect(combinedRestriction(chain, light)).toMatchObject({ value: 'cannot-run-or-sprint', decidedBy: chain });
    expect(combinedRestriction(armorRestriction('plate-armor'), encumbranceLevel(22, 10).restriction).value).toBe('cannot-jog-run-or-sprint');
    expect(combinedRestriction(chain, encumbranceLevel(30, 10).restriction).value).toBe('walk-only-1-hex');
    expect(combinedRestriction('cannot-sprint', 'none')).toMatchObject({ value: 'cannot-sprint' });
    expect(combinedRestriction()).toMatchObject({ value: 'none', decidedBy: null });
    // a tie keeps the first reason
    expect(combinedRestriction(chain, medium).decidedBy).toBe(chain);
  });

  it('forbidden gaits are marked, with the reason', () => {
    const leather = armorRestriction('leather-armor');
    const g = gaitDistances(0, leather);
    expect(allowed(g)).toEqual(['run', 'jog', 'walk', 'walk-slow', 'stand-still']);
    expect(g[0]).toMatchObject({ gait: 'sprint', allowed: false, forbiddenBy: leather });
    expect(g[0]?.hexes.value).toBe(18); // the distance it would have been is still given
    expect(allowed(gaitDistances(0, 'cannot-run-or-sprint'))).toEqual(['jog', 'walk', 'walk-slow', 'stand-still']);
    expect(allowed(gaitDistances(0, 'cannot-jog-run-or-sprint'))).toEqual(['walk', 'walk-slow', 'stand-still']);
  });

  it('overloaded: walk only, 1 hex', () => {
    const over = combinedRestriction(armorRestriction('leather-armor'), encumbranceLevel(40, 10).restriction);
    const g = gaitDistances(5, over);
    expect(allowed(g)).toEqual(['walk', 'walk-slow', 'stand-still']);
    expect(hexes(g)).toMatchObject({ walk: 1, 'walk-slow': 1, 'stand-still': 0 });
    const walk = g.find((o) => o.gait === 'walk');
    expect(walk?.hexes.breakdown.at(-1)).toEqual({ label: 'Encumbrance: Overloaded: 1 hex max', value: -8, source: '001 §Encumbrance; RULINGS M4' });
    for (const o of g) expect(sums(o.hexes) && cited(o.hexes)).toBe(true);
    // already at 1: nothing to cap
    expect(hexes(gaitDistances(-10, 'walk-only-1-hex')).walk).toBe(1);
  });
});

describe('movementProfile', () => {
  it('puts it together: worked-example figure in leather, carrying 12 lbs at STR 10 (Light)', () => {
    const p = movementProfile({ attributes: attrs(14, 10, 12), carriedLbs: 12, armor: 'leather-armor' });
    expect(p.modifier.value).toBe(0);
    expect(p.encumbrance?.level).toBe('light');
    expect(p.restriction.value).toBe('cannot-sprint');
    expect(hexes(p.gaits)).toEqual({ sprint: 18, run: 12, jog: 7, walk: 4, 'walk-slow': 2, 'stand-still': 0 });
    expect(allowed(p.gaits)).toEqual(['run', 'jog', 'walk', 'walk-slow', 'stand-still']);
  });

  it('heavy load in chainmail', () => {
    const p = movementProfile({ attributes: attrs(10, 12, 10), carriedLbs: 27, armor: 'chainmail' }); // 27 > 24 → Heavy
    expect(p.encumbrance?.level).toBe('heavy');
    expect(p.modifier.value).toBe(-4);
    expect(p.restriction).toMatchObject({ value: 'cannot-jog-run-or-sprint', decidedBy: { label: 'Encumbrance: Heavy' } });
    expect(allowed(p.gaits)).toEqual(['walk', 'walk-slow', 'stand-still']);
    expect(hexes(p.gaits).walk).toBe(1); // 4 − 4 = 0 → floor 1
  });

  it('no weight tracked, no armour: nothing restricts', () => {
    const p = movementProfile({ attributes: attrs(14, 10, 12) });
    expect(p.encumbrance).toBeNull();
    expect(p.restriction.value).toBe('none');
    expect(hexes(p.gaits).sprint).toBe(19);
  });
});
