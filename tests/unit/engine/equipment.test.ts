/**
 * Equipment data against 001 §Equipment. The expected tables below were written by reading the
 * document, row by row; they are compared with the data module in full.
 */
import { describe, expect, it } from 'vitest';
import {
  ARMOR,
  CP_PER_COIN,
  GEAR,
  SHIELDS,
  STANDARD_PACK,
  armorById,
  costFloorCp,
  cpToPrice,
  formatCost,
  formatCp,
  gearById,
  gearInSection,
  parseCost,
  parsePrice,
  parsePriceCp,
  priceToCp,
  protectionById,
  shieldById,
} from '../../../src/main/engine/equipment';

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
    expect(armorById('fine-plate')).toMatchObject({
      dexText: '−4',
      weightText: '55.0',
      restrictionText: 'Cannot Run or Sprint',
      cost: { text: '5,000', cp: 500_000 },
    });
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
    ['Backpack', '2 gp'],
    ['Bedroll', '1 gp'],
    ['Blanket', '5 sp'],
    ['Candle', '1 cp'],
    ['Torch', '1 cp'],
    ['Lamp', '5 sp'],
    ['Oil (flask)', '1 sp'],
    ['Tinderbox', '5 sp'],
    ['Waterskin', '2 sp'],
    ['Rations (1 day)', '5 sp'],
    ['Rope, hemp (50 ft)', '1 gp'],
    ['Rope, silk (50 ft)', '10 gp'],
    ['Grappling hook', '2 gp'],
    ['Hammer', '1 gp'],
    ['Piton', '5 cp'],
    ['10 ft pole', '2 sp'],
    ['Iron spikes (10)', '1 gp'],
  ],
  'standard-pack': [['Standard Pack', '—']],
  rations: [
    ['One month cram', '1 gp'],
    ['One month regular', '30 gp'],
  ],
  containers: [
    ['Barrel', '2 gp'],
    ['Basket', '4 sp'],
    ['Bottle', '2 gp'],
    ['Bucket', '5 cp'],
    ['Chest', '5 gp'],
    ['Flask', '2 cp'],
    ['Jug', '2 cp'],
    ['Pot, iron', '2 gp'],
    ['Pouch', '5 sp'],
    ['Sack', '1 cp'],
    ['Vial', '1 gp'],
  ],
  tools: [
    ["Artisan's tools", '10-50 gp'],
    ["Climber's kit", '25 gp'],
    ["Healer's kit", '25 gp'],
    ['Herbalism kit', '5 gp'],
    ['Musical instrument', '5-50 gp'],
    ["Navigator's tools", '25 gp'],
  ],
  'writing-and-knowledge': [
    ['Ink (1 oz)', '10 gp'],
    ['Ink pen', '2 cp'],
    ['Paper (sheet)', '2 sp'],
    ['Parchment (sheet)', '1 sp'],
    ['Book, blank', '25 gp'],
    ['Map, local', '5 gp'],
    ['Map, regional', '50 gp'],
    ['Spellbook, blank', '50 gp'],
  ],
  'special-items': [
    ['Acid (vial)', '25 gp'],
    ["Alchemist's fire", '50 gp'],
    ['Antitoxin (vial)', '50 gp'],
    ['Holy water (flask)', '25 gp'],
    ['Healing potion', '50 gp'],
    ['Lock, simple', '10 gp'],
    ['Lock, good', '40 gp'],
    ['Lock, superior', '150 gp'],
    ['Manacles', '2 gp'],
    ['Mirror, steel', '5 gp'],
    ['Spyglass', '1,000 gp'],
    ['Magnifying glass', '100 gp'],
  ],
  clothing: [
    ['Common clothes', '5 sp'],
    ["Traveler's clothes", '2 gp'],
    ['Fine clothes', '15 gp'],
    ["Noble's outfit", '75 gp'],
    ['Cloak', '1 gp'],
    ['Winter cloak', '5 gp'],
    ['Boots', '1 gp'],
    ['Hat', '2 sp'],
    ['Gloves', '5 sp'],
  ],
  'mounts-and-vehicles': [
    ['Donkey/mule', '8 gp'],
    ['Horse, draft', '50 gp'],
    ['Horse, riding', '75 gp'],
    ['Warhorse', '400 gp'],
    ['Pony', '30 gp'],
    ['Cart', '15 gp'],
    ['Wagon', '35 gp'],
    ['Carriage', '100 gp'],
    ['Saddle, riding', '10 gp'],
    ['Saddlebags', '4 gp'],
  ],
  'lodging-and-services': [
    ['Poor inn', '2 sp'],
    ['Modest inn', '1 gp'],
    ['Comfortable inn', '2 gp'],
    ['Wealthy inn', '4 gp'],
    ['Poor meal', '6 cp'],
    ['Modest meal', '3 sp'],
    ['Comfortable meal', '5 sp'],
    ['Wealthy meal', '2 gp'],
    ['Ale (mug)', '2 cp'],
    ['Wine, common', '2 sp'],
    ['Wine, fine', '10 gp'],
    ['Messenger', '2 cp/mile'],
    ['Coach ride', '3 cp/mile'],
    ['Ship passage', '1 sp/mile'],
  ],
};

describe('gear (001 §Adventuring Gear)', () => {
  it('has every row of every section, in order', () => {
    const counts = Object.fromEntries(Object.entries(EXPECTED_GEAR).map(([s, rows]) => [s, rows.length]));
    expect(counts).toEqual({
      basics: 17,
      'standard-pack': 1,
      rations: 2,
      containers: 11,
      tools: 6,
      'writing-and-knowledge': 8,
      'special-items': 12,
      clothing: 9,
      'mounts-and-vehicles': 10,
      'lodging-and-services': 14,
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
