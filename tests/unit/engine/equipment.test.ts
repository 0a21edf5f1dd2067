/**
 * Equipment data against 001 §Equipment. The expected tables below were written by reading the
 * document, row by row; they are compared with the data module in full.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ARMOR,
  CP_PER_COIN,
  GEAR,
  SHIELDS,
  STANDARD_PACK,
  WEAPONS,
  armorById,
  costFloorCp,
  cpToPrice,
  fireRateAt,
  formatCost,
  formatCp,
  gearById,
  gearInSection,
  meetsMinimumStrength,
  parseCost,
  parsePrice,
  parsePriceCp,
  parseWeaponDamage,
  priceToCp,
  protectionById,
  shieldById,
  weaponById,
  type Weapon,
  type WeaponCategory,
} from '../../../src/main/engine/equipment';

function weapon(id: string): Weapon {
  const w = weaponById(id);
  if (w === undefined) throw new Error(`no weapon ${id}`);
  return w;
}

// ---------------------------------------------------------------------------------------------
// 001 §Currency System

describe('currency (001 §Currency System)', () => {
  it('1 gp = 10 sp, 1 sp = 10 cp', () => {
    expect(CP_PER_COIN).toEqual({ gp: 100, sp: 10, cp: 1 });
    expect(priceToCp({ gp: 1 })).toBe(100);
    expect(priceToCp({ gp: 2, sp: 3, cp: 4 })).toBe(234);
    expect(cpToPrice(234)).toEqual({ gp: 2, sp: 3, cp: 4 });
    expect(cpToPrice(0)).toEqual({ gp: 0, sp: 0, cp: 0 });
    expect(cpToPrice(-15)).toEqual({ gp: 0, sp: -1, cp: -5 });
    expect(() => cpToPrice(1.5)).toThrow();
  });

  it('parses the price forms the tables use', () => {
    expect(parseCost('2 gp')).toEqual({ kind: 'fixed', text: '2 gp', cp: 200 });
    expect(parseCost('5 sp')).toEqual({ kind: 'fixed', text: '5 sp', cp: 50 });
    expect(parseCost('1 cp')).toEqual({ kind: 'fixed', text: '1 cp', cp: 1 });
    expect(parseCost('1,000 gp')).toEqual({ kind: 'fixed', text: '1,000 gp', cp: 100_000 });
    expect(parseCost('5,000')).toEqual({ kind: 'fixed', text: '5,000', cp: 500_000 }); // bare = MU = gp
    expect(parseCost('10')).toEqual({ kind: 'fixed', text: '10', cp: 1000 });
    expect(parseCost('10', 'cp')).toEqual({ kind: 'fixed', text: '10', cp: 10 });
    expect(parseCost('10-50 gp')).toEqual({ kind: 'range', text: '10-50 gp', minCp: 1000, maxCp: 5000 });
    expect(parseCost('2 cp/mile')).toEqual({ kind: 'rate', text: '2 cp/mile', cp: 2, per: 'mile' });
    expect(parseCost('—')).toEqual({ kind: 'none', text: '—' });
    expect(parseCost('0.3 gp')).toEqual({ kind: 'fixed', text: '0.3 gp', cp: 30 });
    expect(parseCost('10 gp/month')).toEqual({ kind: 'rate', text: '10 gp/month', cp: 1000, per: 'month' });
    expect(parsePrice('1,000 gp')).toEqual({ gp: 1000, sp: 0, cp: 0 });
    expect(parsePriceCp('3 sp')).toBe(30);
  });

  it('rejects what it cannot read', () => {
    expect(() => parseCost('two gp')).toThrow();
    expect(() => parseCost('5 pp')).toThrow();
    expect(() => parseCost('0.05 cp')).toThrow();
    expect(() => parseCost('50-10 gp')).toThrow();
    expect(() => parsePriceCp('10-50 gp')).toThrow();
  });

  it('formats like the tables', () => {
    expect(formatCp(200)).toBe('2 gp');
    expect(formatCp(50)).toBe('5 sp');
    expect(formatCp(100_000)).toBe('1,000 gp');
    expect(formatCp(250)).toBe('2 gp 5 sp');
    expect(formatCp(0)).toBe('0 cp');
    expect(formatCp(123_456)).toBe('1,234 gp 5 sp 6 cp');
    expect(formatCost(parseCost('1000-2000 gp'))).toBe('1,000-2,000 gp');
    expect(formatCost(parseCost('15-25 sp'))).toBe('1 gp 5 sp to 2 gp 5 sp');
    // every gear cost formats back to what the document wrote
    for (const item of GEAR) {
      if (item.cost.kind !== 'none') expect(formatCost(item.cost)).toBe(item.cost.text);
    }
    expect(formatCost(parseCost('—'))).toBe('—');
    expect(costFloorCp(parseCost('5-50 gp'))).toBe(500);
  });
});

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
    const counts = Object.fromEntries(
      Object.keys(EXPECTED_WEAPONS).map((c) => [c, WEAPONS.filter((w) => w.category === c).length]),
    );
    expect(counts).toEqual({
      'knives-and-swords': 9,
      'axes-hammers-maces': 9,
      'missile-weapons': 9,
      'pole-weapons': 8,
      'unusual-weapons': 9,
    });
    expect(WEAPONS).toHaveLength(44);
    expect(WEAPONS.map((w) => w.id)).toEqual(Object.values(EXPECTED_WEAPONS).flat().map((r) => r[0]));
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
      'dagger', 'club', 'hatchet', 'hammer', 'mace', 'thrown-rock', 'javelin', 'spear', 'spear-two-hands',
      'net', 'lasso', 'boomerang', 'bola',
    ]);
    const twoHanded = WEAPONS.filter((w) => w.hands === 2).map((w) => w.id);
    expect(twoHanded).toEqual([
      'bastard-sword-two-hands', '2-handed-sword', 'great-sword', 'great-hammer', 'battle-axe',
      'sling', 'small-bow', 'horse-bow', 'longbow', 'light-crossbow', 'heavy-crossbow',
      'spear-two-hands', 'halberd', 'pike-axe', 'pike', 'quarterstaff',
    ]);
    expect(weapon('spear-two-hands')).toMatchObject({ thrown: true, hands: 2 });
    expect(weapon('dagger')).toMatchObject({ thrown: true, hands: 1 });
    expect(weapon('bastard-sword-one-hand').hands).toBe(1);
  });

  it('parses damage into d6 dice', () => {
    expect(weapon('great-sword').damage).toEqual({
      kind: 'dice', text: '3d6+1', dice: { count: 3, sides: 6, modifier: 1, notation: '3d6+1' }, fire: false,
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
      base: { shots: 1, everyTurns: 2 }, improved: { minAdjDex: 14, rate: { shots: 1, everyTurns: 1 } },
    });
    expect(weapon('heavy-crossbow').rateOfFire).toMatchObject({
      base: { shots: 1, everyTurns: 3 }, improved: { minAdjDex: 16, rate: { shots: 1, everyTurns: 2 } },
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

// [id, name, stops, DEX, cost gp, weight lbs, restriction]
const EXPECTED_ARMOR = [
  ['cloth-armor', 'Cloth Armor', 1, -1, 50, 14, 'none'],
  ['leather-armor', 'Leather Armor', 2, -2, 100, 16, 'cannot-sprint'],
  ['chainmail', 'Chainmail', 3, -3, 200, 30, 'cannot-run-or-sprint'],
  ['half-plate', 'Half-Plate', 4, -4, 300, 45, 'cannot-run-or-sprint'],
  ['plate-armor', 'Plate Armor', 5, -5, 500, 55, 'cannot-run-or-sprint'],
  ['fine-plate', 'Fine Plate', 6, -4, 5000, 55, 'cannot-run-or-sprint'],
] as const;
const EXPECTED_SHIELDS = [
  ['small-shield', 'Small Shield', 1, 0, 30, 10, 'none'],
  ['spike-shield', 'Spike Shield', 1, 0, 40, 12, 'none'],
  ['large-shield', 'Large Shield', 2, -1, 50, 20, 'none'],
  ['tower-shield', 'Tower Shield', 3, -2, 70, 35, 'none'],
  ['main-gauche', 'Main-Gauche', 1, -1, 20, 0.5, 'none'],
] as const;

describe('armour and shields (001 §Armor and Shields)', () => {
  const flat = (rows: typeof ARMOR) =>
    rows.map((a) => [a.id, a.name, a.stops, a.dex, a.cost.kind === 'fixed' ? a.cost.cp / 100 : null, a.weightLbs, a.restriction]);

  it('has all 11 rows: 6 armour, 5 shields', () => {
    expect(ARMOR).toHaveLength(6);
    expect(SHIELDS).toHaveLength(5);
    expect(flat(ARMOR)).toEqual(EXPECTED_ARMOR);
    expect(flat(SHIELDS)).toEqual(EXPECTED_SHIELDS);
  });

  it('keeps the cells as written', () => {
    expect(armorById('fine-plate')).toMatchObject({ dexText: '−4', weightText: '55.0', restrictionText: 'Cannot Run or Sprint', cost: { text: '5,000', cp: 500_000 } });
    expect(shieldById('main-gauche')).toMatchObject({ kind: 'shield', dexText: '−1', weightText: '0.5', restrictionText: '—' });
    expect(armorById('leather-armor')?.source).toBe('001 §Armor and Shields');
  });

  it('agrees with 001 §DEX Adjustments, Armor and Shield', () => {
    // That table lists these (it has no Fine Plate or Main-Gauche row).
    expect(armorById('cloth-armor')?.dex).toBe(-1);
    expect(armorById('leather-armor')?.dex).toBe(-2);
    expect(armorById('chainmail')?.dex).toBe(-3);
    expect(armorById('half-plate')?.dex).toBe(-4);
    expect(armorById('plate-armor')?.dex).toBe(-5);
    expect(shieldById('small-shield')?.dex).toBe(0);
    expect(shieldById('spike-shield')?.dex).toBe(0);
    expect(shieldById('large-shield')?.dex).toBe(-1);
    expect(shieldById('tower-shield')?.dex).toBe(-2);
  });

  it('lookups keep armour and shields apart', () => {
    expect(armorById('small-shield')).toBeUndefined();
    expect(shieldById('chainmail')).toBeUndefined();
    expect(protectionById('chainmail')?.kind).toBe('armor');
    expect(protectionById('tower-shield')?.kind).toBe('shield');
    expect(protectionById('nothing')).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// 001 §Adventuring Gear

// section → [name, cost as written]
const EXPECTED_GEAR: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  basics: [
    ['Backpack', '2 gp'], ['Bedroll', '1 gp'], ['Blanket', '5 sp'], ['Candle', '1 cp'], ['Torch', '1 cp'],
    ['Lamp', '5 sp'], ['Oil (flask)', '1 sp'], ['Tinderbox', '5 sp'], ['Waterskin', '2 sp'],
    ['Rations (1 day)', '5 sp'], ['Rope, hemp (50 ft)', '1 gp'], ['Rope, silk (50 ft)', '10 gp'],
    ['Grappling hook', '2 gp'], ['Hammer', '1 gp'], ['Piton', '5 cp'], ['10 ft pole', '2 sp'],
    ['Iron spikes (10)', '1 gp'],
  ],
  'standard-pack': [['Standard Pack', '—']],
  rations: [['One month cram', '1 gp'], ['One month regular', '30 gp']],
  containers: [
    ['Barrel', '2 gp'], ['Basket', '4 sp'], ['Bottle', '2 gp'], ['Bucket', '5 cp'], ['Chest', '5 gp'],
    ['Flask', '2 cp'], ['Jug', '2 cp'], ['Pot, iron', '2 gp'], ['Pouch', '5 sp'], ['Sack', '1 cp'], ['Vial', '1 gp'],
  ],
  tools: [
    ["Artisan's tools", '10-50 gp'], ["Climber's kit", '25 gp'], ["Healer's kit", '25 gp'],
    ['Herbalism kit', '5 gp'], ['Musical instrument', '5-50 gp'], ["Navigator's tools", '25 gp'],
  ],
  'writing-and-knowledge': [
    ['Ink (1 oz)', '10 gp'], ['Ink pen', '2 cp'], ['Paper (sheet)', '2 sp'], ['Parchment (sheet)', '1 sp'],
    ['Book, blank', '25 gp'], ['Map, local', '5 gp'], ['Map, regional', '50 gp'], ['Spellbook, blank', '50 gp'],
  ],
  'special-items': [
    ['Acid (vial)', '25 gp'], ["Alchemist's fire", '50 gp'], ['Antitoxin (vial)', '50 gp'],
    ['Holy water (flask)', '25 gp'], ['Healing potion', '50 gp'], ['Lock, simple', '10 gp'],
    ['Lock, good', '40 gp'], ['Lock, superior', '150 gp'], ['Manacles', '2 gp'], ['Mirror, steel', '5 gp'],
    ['Spyglass', '1,000 gp'], ['Magnifying glass', '100 gp'],
  ],
  clothing: [
    ['Common clothes', '5 sp'], ["Traveler's clothes", '2 gp'], ['Fine clothes', '15 gp'], ["Noble's outfit", '75 gp'],
    ['Cloak', '1 gp'], ['Winter cloak', '5 gp'], ['Boots', '1 gp'], ['Hat', '2 sp'], ['Gloves', '5 sp'],
  ],
  'mounts-and-vehicles': [
    ['Donkey/mule', '8 gp'], ['Horse, draft', '50 gp'], ['Horse, riding', '75 gp'], ['Warhorse', '400 gp'],
    ['Pony', '30 gp'], ['Cart', '15 gp'], ['Wagon', '35 gp'], ['Carriage', '100 gp'], ['Saddle, riding', '10 gp'],
    ['Saddlebags', '4 gp'],
  ],
  'lodging-and-services': [
    ['Poor inn', '2 sp'], ['Modest inn', '1 gp'], ['Comfortable inn', '2 gp'], ['Wealthy inn', '4 gp'],
    ['Poor meal', '6 cp'], ['Modest meal', '3 sp'], ['Comfortable meal', '5 sp'], ['Wealthy meal', '2 gp'],
    ['Ale (mug)', '2 cp'], ['Wine, common', '2 sp'], ['Wine, fine', '10 gp'], ['Messenger', '2 cp/mile'],
    ['Coach ride', '3 cp/mile'], ['Ship passage', '1 sp/mile'],
  ],
};

describe('gear (001 §Adventuring Gear)', () => {
  it('has every row of every section, in order', () => {
    const counts = Object.fromEntries(Object.entries(EXPECTED_GEAR).map(([s, rows]) => [s, rows.length]));
    expect(counts).toEqual({
      basics: 17, 'standard-pack': 1, rations: 2, containers: 11, tools: 6, 'writing-and-knowledge': 8,
      'special-items': 12, clothing: 9, 'mounts-and-vehicles': 10, 'lodging-and-services': 14,
    });
    expect(GEAR).toHaveLength(90);
    for (const [section, rows] of Object.entries(EXPECTED_GEAR)) {
      const actual = GEAR.filter((g) => g.section === section).map((g) => [g.name, g.cost.text]);
      expect(actual, section).toEqual(rows);
    }
    expect(GEAR.map((g) => g.section)).toEqual(Object.entries(EXPECTED_GEAR).flatMap(([s, rows]) => rows.map(() => s)));
  });

  it('ids are unique kebab-case; rows cite their section', () => {
    const ids = GEAR.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const g of GEAR) expect(g.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(gearById('rope-hemp-50-ft')?.name).toBe('Rope, hemp (50 ft)');
    expect(gearById('10-ft-pole')?.cost).toEqual({ kind: 'fixed', text: '2 sp', cp: 20 });
    expect(gearById('artisans-tools')?.cost).toEqual({ kind: 'range', text: '10-50 gp', minCp: 1000, maxCp: 5000 });
    expect(gearById('donkey-mule')?.source).toBe('001 §Adventuring Gear, Mounts & Vehicles');
    expect(gearById('nobles-outfit')?.cost).toMatchObject({ cp: 7500 });
    expect(gearById('spyglass')?.cost).toMatchObject({ cp: 100_000 });
    expect(gearById('ship-passage')?.cost).toEqual({ kind: 'rate', text: '1 sp/mile', cp: 10, per: 'mile' });
  });

  it('lodging & services are per day unless priced per mile', () => {
    expect(gearById('poor-inn')?.period).toBe('day');
    expect(gearById('wealthy-meal')?.period).toBe('day');
    expect(gearById('messenger')?.period).toBeNull();
    expect(gearById('backpack')?.period).toBeNull();
  });

  it('the standard pack lists its five items, each a gear row', () => {
    expect(STANDARD_PACK.map((e) => e.text)).toEqual(['Waterskin', "50' rope", 'Tinderbox', 'Bedroll', 'Blanket']);
    for (const e of STANDARD_PACK) expect(gearById(e.gearId)).toBeDefined();
    expect(gearById('standard-pack')?.cost.kind).toBe('none');
  });

  it('rations carry their remarks; no gear has a weight in 001', () => {
    expect(gearInSection('rations').map((g) => g.notes !== null)).toEqual([true, true]);
    expect(GEAR.every((g) => g.weightLbs === null)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Cross-check against the rulebook itself, when it is on this machine (it lives outside the repo).

const RULEBOOK = '/work/shared/rules/001_6c46ad3b2db399fd.txt';

function tableRows(doc: string, heading: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`heading ${heading} not found`);
  const rows: string[][] = [];
  let seenTable = false;
  for (const l of lines.slice(start + 1)) {
    if (l.startsWith('#')) break;
    if (!l.startsWith('|')) {
      if (seenTable) break;
      continue;
    }
    seenTable = true;
    rows.push(l.split('|').slice(1, -1).map((c) => c.trim()));
  }
  return rows.slice(2).filter((r) => !(r[0] ?? '').startsWith('**')); // header, rule line, legend
}

describe.skipIf(!existsSync(RULEBOOK))('transcription against the rulebook file', () => {
  const doc = existsSync(RULEBOOK) ? readFileSync(RULEBOOK, 'utf8') : '';

  it('weapon tables, cell by cell', () => {
    const sections: [string, WeaponCategory][] = [
      ['### Knives and Swords', 'knives-and-swords'],
      ['### Axes/Hammers/Maces', 'axes-hammers-maces'],
      ['### Missile Weapons', 'missile-weapons'],
      ['### Pole Weapons', 'pole-weapons'],
      ['### Unusual Weapons', 'unusual-weapons'],
    ];
    for (const [heading, category] of sections) {
      const docRows = tableRows(doc, heading).map((r) => [r[0], r[1], r[2], r[3], r[4], r[5] ?? '']);
      const ours = WEAPONS.filter((w) => w.category === category).map((w) => [
        w.name + w.marks, w.damage.text, w.strText, w.cost.text, w.weight.text, w.notes,
      ]);
      expect(ours, heading).toEqual(docRows);
    }
  });

  it('armour table, cell by cell', () => {
    const docRows = tableRows(doc, '### Armor and Shields');
    const ours = [...ARMOR, ...SHIELDS].map((a) => [a.name, String(a.stops), a.dexText, a.cost.text, a.weightText, a.restrictionText]);
    expect(ours).toEqual(docRows);
  });

  it('gear tables, cell by cell', () => {
    const sections: [string, string][] = [
      ['#### Basics', 'basics'], ['#### Containers', 'containers'], ['#### Tools', 'tools'],
      ['#### Writing & Knowledge', 'writing-and-knowledge'], ['#### Special Items', 'special-items'],
      ['#### Clothing', 'clothing'], ['#### Mounts & Vehicles', 'mounts-and-vehicles'],
      ['#### Lodging & Services (per day)', 'lodging-and-services'],
    ];
    for (const [heading, section] of sections) {
      const docRows = tableRows(doc, heading);
      const ours = GEAR.filter((g) => g.section === section).map((g) => [g.name, g.cost.text]);
      expect(ours, heading).toEqual(docRows);
    }
  });
});
