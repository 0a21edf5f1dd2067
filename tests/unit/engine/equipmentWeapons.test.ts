/**
 * Weapon data against the five weapon tables of 001 §Equipment, row by row, and the STR minimum.
 */
import { describe, expect, it } from 'vitest';
import { WEAPONS, fireRateAt, meetsMinimumStrength, parseWeaponDamage, weaponById, type Weapon, type WeaponCategory } from '../../../src/main/engine/equipment';

function weapon(id: string): Weapon {
  const w = weaponById(id);
  if (w === undefined) throw new Error(`no weapon ${id}`);
  return w;
}

// ---------------------------------------------------------------------------------------------
// Weapons: the five tables of 001 §Equipment, every row.

// [id, name, marks, damage as written, dice notation or null, min STR, cost in gp or null, weight text, notes]
type WeaponRowExpected = readonly [string, string, string, string, string | null, number | null, number | null, string, string];

const EXPECTED_WEAPONS: Readonly<Record<WeaponCategory, readonly WeaponRowExpected[]>> = {
  // 001 §Knives and Swords
  'knives-and-swords': [
    ['dagger', 'Dagger', '††', '1d6−1', '1d6-1', null, 10, '0.2', ''],
    ['rapier', 'Rapier', '', '1d6', '1d6', 9, 40, '1.0', ''],
    ['saber', 'Saber', '', '2d6−2', '2d6-2', 10, 50, '3.0', ''],
    ['shortsword', 'Shortsword', '', '2d6−1', '2d6-1', 11, 60, '4.0', ''],
    ['broadsword', 'Broadsword', '', '2d6', '2d6', 12, 80, '5.0', ''],
    ['bastard-sword-one-hand', 'Bastard Sword (1 hand)', '', '2d6+1', '2d6+1', 13, 100, '7.0', ''],
    ['bastard-sword-two-hands', 'Bastard Sword (2 hands)', '†', '3d6−2', '3d6-2', 13, 100, '7.0', ''],
    ['2-handed-sword', '2-Handed Sword', '†', '3d6−1', '3d6-1', 14, 120, '10.0', ''],
    ['great-sword', 'Great Sword', '†', '3d6+1', '3d6+1', 16, 150, '15.0', ''],
  ],
  // 001 §Axes/Hammers/Maces
  'axes-hammers-maces': [
    ['club', 'Club', '††', 'Varies', null, null, 10, '3+', ''],
    ['hatchet', 'Hatchet', '††', '1d6', '1d6', 9, 15, '2.0', ''],
    ['hammer', 'Hammer', '††', '1d6+1', '1d6+1', 10, 25, '4.0', ''],
    ['mace', 'Mace', '††', '2d6−1', '2d6-1', 11, 40, '6.0', ''],
    ['small-ax', 'Small Ax', '', '1d6+2', '1d6+2', 11, 30, '5.0', ''],
    ['war-ax', 'War Ax', '', '2d6', '2d6', 12, 60, '8.0', ''],
    ['morningstar', 'Morningstar', '', '2d6+1', '2d6+1', 13, 100, '12.0', ''],
    ['great-hammer', 'Great Hammer', '†', '2d6+2', '2d6+2', 14, 110, '16.0', ''],
    ['battle-axe', 'Battle Axe', '†', '3d6', '3d6', 15, 130, '22.0', ''],
  ],
  // 001 §Missile Weapons
  'missile-weapons': [
    ['thrown-rock', 'Thrown Rock', '', '1d6−4', '1d6-4', null, null, '0.5', ''],
    ['sling', 'Sling', '†', '1d6−2', '1d6-2', null, 2, '1.0', 'Including rocks'],
    ['small-bow', 'Small Bow', '†', '1d6−1', '1d6-1', 9, 20, '4.0', '2 shots/turn if adjDEX 15+'],
    ['horse-bow', 'Horse Bow', '†', '1d6', '1d6', 10, 30, '4.0', '2 shots/turn if adjDEX 16+'],
    ['longbow', 'Longbow', '†', '1d6+2', '1d6+2', 11, 40, '4.0', '2 shots/turn if adjDEX 18+'],
    ['light-crossbow', 'Light Crossbow', '†', '2d6', '2d6', 12, 50, '6.0', 'Every other turn; every if 14+'],
    ['heavy-crossbow', 'Heavy Crossbow', '†', '3d6', '3d6', 15, 80, '10.0', 'Every 3rd turn; every other 16+'],
    ['arrows-20', 'Arrows (20)', '', '—', null, null, 20, '1.0', ''],
    ['quarrels-20', 'Quarrels (20)', '', '—', null, null, 20, '1.0', ''],
  ],
  // 001 §Pole Weapons
  'pole-weapons': [
    ['javelin', 'Javelin', '††', '1d6−1', '1d6-1', 9, 20, '3.0', 'Too short for 2-hex'],
    ['spear', 'Spear', '††', '1d6', '1d6', 11, 40, '6.0', '2-2½ yards'],
    ['spear-two-hands', 'Spear (2 hands)', '††,†', '1d6+1', '1d6+1', 11, 40, '6.0', '2-2½ yards'],
    ['halberd', 'Halberd', '†', '2d6', '2d6', 13, 70, '16.0', '2-2½ yards'],
    ['pike-axe', 'Pike Axe', '†', '2d6+2', '2d6+2', 15, 100, '22.0', '2½-3 yards'],
    ['trident', 'Trident', '', '1d6', '1d6', 10, 30, '4.0', 'Too short for 2-hex'],
    ['cavalry-lance', 'Cavalry Lance', '', '3d6−1', '3d6-1', 13, 100, '20.0', 'Mounted only'],
    ['pike', 'Pike', '†', '2d6+1', '2d6+1', 12, 50, '12.0', '5 yards'],
  ],
  // 001 §Unusual Weapons
  'unusual-weapons': [
    ['quarterstaff', 'Quarterstaff', '†', '1d6+2', '1d6+2', 11, 20, '5.0', ''],
    ['net', 'Net', '††', '1d6−3', '1d6-3', 10, 40, '2.0', ''],
    ['cestus', 'Cestus', '', 'By STR', null, null, 20, '2.0', ''],
    ['whip', 'Whip', '', '1d6−1', '1d6-1', 8, 30, '1.0', ''],
    ['lasso', 'Lasso', '††', 'Varies', null, 8, 10, '1.0', ''],
    ['boomerang', 'Boomerang', '††', '2d6−1', '2d6-1', 11, 20, '3.0', ''],
    ['nunchaku', 'Nunchaku', '', '1d6+1', '1d6+1', 9, 35, '4.0', ''],
    ['torch', 'Torch', '', '1d6 fire', '1d6', null, 1, '1.0', ''],
    ['bola', 'Bola', '††', '—', null, 9, 15, '1.0', ''],
  ],
};

describe('weapons (001 §Equipment weapon tables)', () => {
  it('has every row of every table, in order (9 + 9 + 9 + 8 + 9 = 44)', () => {
    const counts = Object.fromEntries(Object.keys(EXPECTED_WEAPONS).map((c) => [c, WEAPONS.filter((w) => w.category === c).length]));
    expect(counts).toEqual({
      'knives-and-swords': 9,
      'axes-hammers-maces': 9,
      'missile-weapons': 9,
      'pole-weapons': 8,
      'unusual-weapons': 9,
    });
    expect(WEAPONS).toHaveLength(44);
    expect(WEAPONS.map((w) => w.id)).toEqual(
      Object.values(EXPECTED_WEAPONS)
        .flat()
        .map((r) => r[0]),
    );
  });

  for (const [category, rows] of Object.entries(EXPECTED_WEAPONS)) {
    it(`matches ${category} row by row`, () => {
      const actual = WEAPONS.filter((w) => w.category === category).map((w) => [
        w.id,
        w.name,
        w.marks,
        w.damage.text,
        w.damage.kind === 'dice' ? w.damage.dice.notation : null,
        w.minStr,
        w.cost.kind === 'fixed' ? w.cost.cp / 100 : null,
        w.weight.text,
        w.notes,
      ]);
      expect(actual).toEqual(rows);
    });
  }

  it('ids are unique kebab-case; every row cites its table', () => {
    const ids = WEAPONS.map((w) => w.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const w of WEAPONS) {
      expect(w.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(w.source).toMatch(/^001 §/);
    }
    expect(weapon('halberd').source).toBe('001 §Pole Weapons');
    expect(weapon('dagger').source).toBe('001 §Knives and Swords');
  });

  it('marks: †† = may be thrown, † = two-handed (001 legend)', () => {
    const thrown = WEAPONS.filter((w) => w.thrown).map((w) => w.id);
    expect(thrown).toEqual([
      'dagger',
      'club',
      'hatchet',
      'hammer',
      'mace',
      'thrown-rock',
      'javelin',
      'spear',
      'spear-two-hands',
      'net',
      'lasso',
      'boomerang',
      'bola',
    ]);
    const twoHanded = WEAPONS.filter((w) => w.hands === 2).map((w) => w.id);
    expect(twoHanded).toEqual([
      'bastard-sword-two-hands',
      '2-handed-sword',
      'great-sword',
      'great-hammer',
      'battle-axe',
      'sling',
      'small-bow',
      'horse-bow',
      'longbow',
      'light-crossbow',
      'heavy-crossbow',
      'spear-two-hands',
      'halberd',
      'pike-axe',
      'pike',
      'quarterstaff',
    ]);
    expect(weapon('spear-two-hands')).toMatchObject({ thrown: true, hands: 2 });
    expect(weapon('dagger')).toMatchObject({ thrown: true, hands: 1 });
    expect(weapon('bastard-sword-one-hand').hands).toBe(1);
  });

  it('parses damage into d6 dice', () => {
    expect(weapon('great-sword').damage).toEqual({
      kind: 'dice',
      text: '3d6+1',
      dice: { count: 3, sides: 6, modifier: 1, notation: '3d6+1' },
      fire: false,
    });
    expect(weapon('thrown-rock').damage).toMatchObject({ kind: 'dice', dice: { count: 1, sides: 6, modifier: -4 } });
    expect(weapon('torch').damage).toMatchObject({ kind: 'dice', fire: true, dice: { count: 1, modifier: 0 } });
    expect(weapon('club').damage.kind).toBe('varies');
    expect(weapon('lasso').damage.kind).toBe('varies');
    expect(weapon('cestus').damage.kind).toBe('by-str');
    expect(weapon('bola').damage.kind).toBe('none');
    expect(weapon('arrows-20').damage.kind).toBe('none');
    expect(parseWeaponDamage('2d6-1')).toMatchObject({ dice: { count: 2, modifier: -1 } });
    expect(() => parseWeaponDamage('2d8')).toThrow();
  });

  it('weights, costs, uses', () => {
    expect(weapon('club').weight).toEqual({ text: '3+', lbs: 3, orMore: true });
    expect(weapon('dagger').weight).toEqual({ text: '0.2', lbs: 0.2, orMore: false });
    expect(weapon('thrown-rock').cost.kind).toBe('none');
    expect(weapon('great-sword').cost).toEqual({ kind: 'fixed', text: '150', cp: 15_000 });
    expect(weapon('longbow').use).toBe('missile');
    expect(weapon('thrown-rock').use).toBe('thrown');
    expect(weapon('arrows-20')).toMatchObject({ use: 'ammunition', bundle: 20, rateOfFire: null });
    expect(weapon('quarrels-20').bundle).toBe(20);
    expect(weapon('broadsword')).toMatchObject({ use: 'melee', rateOfFire: null, pole: null, bundle: null });
  });

  it('rate of fire from the notes (RULINGS A7)', () => {
    expect(weapon('longbow').rateOfFire).toEqual({
      base: { shots: 1, everyTurns: 1 },
      improved: { minAdjDex: 18, rate: { shots: 2, everyTurns: 1 } },
      source: '001 §Missile Weapons (Notes); RULINGS A7',
    });
    expect(weapon('small-bow').rateOfFire?.improved?.minAdjDex).toBe(15);
    expect(weapon('horse-bow').rateOfFire?.improved?.minAdjDex).toBe(16);
    expect(weapon('light-crossbow').rateOfFire).toMatchObject({
      base: { shots: 1, everyTurns: 2 },
      improved: { minAdjDex: 14, rate: { shots: 1, everyTurns: 1 } },
    });
    expect(weapon('heavy-crossbow').rateOfFire).toMatchObject({
      base: { shots: 1, everyTurns: 3 },
      improved: { minAdjDex: 16, rate: { shots: 1, everyTurns: 2 } },
    });
    expect(weapon('sling').rateOfFire).toMatchObject({ base: { shots: 1, everyTurns: 1 }, improved: null });

    expect(fireRateAt(weapon('longbow'), 17)).toMatchObject({ shots: 1, everyTurns: 1, improved: false });
    expect(fireRateAt(weapon('longbow'), 18)).toMatchObject({ shots: 2, everyTurns: 1, improved: true });
    expect(fireRateAt(weapon('light-crossbow'), 13)).toMatchObject({ shots: 1, everyTurns: 2, improved: false });
    expect(fireRateAt(weapon('light-crossbow'), 14)).toMatchObject({ shots: 1, everyTurns: 1, improved: true });
    expect(fireRateAt(weapon('heavy-crossbow'), 15)).toMatchObject({ everyTurns: 3 });
    expect(fireRateAt(weapon('heavy-crossbow'), 16)).toMatchObject({ everyTurns: 2 });
    expect(fireRateAt(weapon('heavy-crossbow'), 16)?.source).toContain('RULINGS A7');
    expect(fireRateAt(weapon('broadsword'), 18)).toBeNull();
    expect(fireRateAt(weapon('thrown-rock'), 18)).toBeNull();
  });

  it('pole properties from the notes', () => {
    expect(weapon('javelin').pole).toEqual({ lengthYards: null, tooShortForTwoHex: true, mountedOnly: false, twoHexReach: false });
    expect(weapon('trident').pole?.twoHexReach).toBe(false);
    expect(weapon('spear').pole).toEqual({ lengthYards: { min: 2, max: 2.5 }, tooShortForTwoHex: false, mountedOnly: false, twoHexReach: true });
    expect(weapon('pike-axe').pole?.lengthYards).toEqual({ min: 2.5, max: 3 });
    expect(weapon('pike').pole?.lengthYards).toEqual({ min: 5, max: 5 });
    expect(weapon('cavalry-lance').pole).toEqual({ lengthYards: null, tooShortForTwoHex: false, mountedOnly: true, twoHexReach: null });
    expect(WEAPONS.filter((w) => w.pole !== null)).toHaveLength(8);
  });
});

describe('meetsMinimumStrength (001 STR column)', () => {
  it('passes at and above the minimum, fails below with the shortfall', () => {
    expect(meetsMinimumStrength(weapon('broadsword'), 12)).toMatchObject({ ok: true, required: 12, shortfall: 0 });
    expect(meetsMinimumStrength(weapon('broadsword'), 18).ok).toBe(true);
    const weak = meetsMinimumStrength(weapon('broadsword'), 10);
    expect(weak).toMatchObject({ ok: false, required: 12, strength: 10, shortfall: 2 });
    expect(weak.reason).toBe('Broadsword needs STR 12; STR 10 is 2 short.');
    expect(weak.source).toContain('001 §Knives and Swords');
    expect(meetsMinimumStrength(weapon('great-sword'), 15)).toMatchObject({ ok: false, shortfall: 1 });
    expect(meetsMinimumStrength(weapon('battle-axe'), 3)).toMatchObject({ ok: false, shortfall: 12 });
  });
  it('a `—` minimum never fails', () => {
    for (const id of ['dagger', 'club', 'thrown-rock', 'sling', 'cestus', 'torch']) {
      expect(meetsMinimumStrength(weapon(id), 1)).toMatchObject({ ok: true, required: null, shortfall: 0 });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 001 §Armor and Shields
