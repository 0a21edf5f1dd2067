/**
 * The adjDEX tables of 001 §DEX Adjustments, transcribed row by row (RULINGS A1): Positional
 * Advantage, Target Conditions, Your Conditions, Range (Thrown), Range (Missile), Armor and Shield.
 * The cell text is kept as written; `value` is the number the cell gives; `appliesTo` is which
 * attack kinds a row can concern (our reading of the row, explained per row); `gm` marks the
 * rows the GM ticks because the map cannot show them (RULINGS A1).
 *
 * Also here: the two rows of 004's "Your Conditions" that 001 leaves out, each belonging to a
 * rule set that is off for Pillars by default (RULINGS A8 heavy blows, O1 Classic exhaustion).
 */
import { ATTACK_KINDS } from './kinds';
import type { AttackKind } from './kinds';

export type DexTable = 'Positional Advantage' | 'Target Conditions' | 'Your Conditions' | 'Armor and Shield';

export type DexRowId =
  // Positional Advantage
  | 'side-hex'
  | 'rear-hex'
  | 'pole-vs-charge'
  | 'crossbow-prone'
  | 'waiting-1-turn'
  | 'waiting-2-turns'
  | 'hth'
  // Target Conditions
  | 'target-invisible'
  | 'target-in-shadow'
  | 'target-one-hex-flying'
  | 'target-giant-snake'
  | 'target-multi-hex-flying'
  // Your Conditions
  | 'in-shadow'
  | 'two-weapons'
  | 'sweeping-blow'
  | 'standing-in-fire'
  | 'standing-on-body'
  | 'broken-ground'
  // Armor and Shield
  | 'small-spike-shield'
  | 'large-shield'
  | 'tower-shield'
  | 'cloth-armor'
  | 'leather-armor'
  | 'chainmail'
  | 'half-plate-armor'
  | 'plate-armor';

export interface DexAdjustmentRow {
  readonly id: DexRowId;
  readonly table: DexTable;
  /** The first cell as written in 001. */
  readonly text: string;
  /** The Adjustment cell as written in 001. */
  readonly valueText: string;
  readonly value: number;
  readonly source: string;
  readonly appliesTo: readonly AttackKind[];
  /** The GM ticks it (RULINGS A1: waiting for an opening, two weapons, sweeping blow). */
  readonly gm: boolean;
}

export const DEX_SOURCE: Readonly<Record<DexTable, string>> = {
  'Positional Advantage': '001 §DEX Adjustments: Positional Advantage',
  'Target Conditions': '001 §DEX Adjustments: Target Conditions',
  'Your Conditions': '001 §DEX Adjustments: Your Conditions',
  'Armor and Shield': '001 §DEX Adjustments: Armor and Shield',
};

const ALL = ATTACK_KINDS;
/** Physical attacks other than HTH, which has its own +4 row instead of facing (004 §Hand-to-Hand Combat). */
const WEAPON_ATTACKS: readonly AttackKind[] = ['melee', 'thrown', 'missile'];
const STRIKES: readonly AttackKind[] = ['melee', 'thrown', 'missile', 'hth'];

function row(
  table: DexTable,
  id: DexRowId,
  text: string,
  valueText: string,
  value: number,
  appliesTo: readonly AttackKind[] = ALL,
  gm = false,
): DexAdjustmentRow {
  return { id, table, text, valueText, value, source: DEX_SOURCE[table], appliesTo, gm };
}

/**
 * Readings of `appliesTo`:
 * - side/rear hex: physical attacks only (001 §Facing: physical attacks go into front hexes; 004
 *   titles the table "Physical Attacks"); not HTH, which always gets its own +4 instead (004
 *   §Hand-to-Hand Combat calls it the "rear hex" adjustment, so it is not added twice).
 * - a pole weapon against a charging figure is a melee attack; a crossbow is a missile weapon.
 * - a sweeping blow strikes the three front hexes: melee only.
 * - two-weapon fighting: any attack with weapons in both hands (melee, thrown, HTH with a dagger
 *   in each hand is left to the GM, so HTH is allowed).
 * - every other row describes the target or the attacker and applies to every kind.
 */
export const POSITIONAL_ADVANTAGE: readonly DexAdjustmentRow[] = [
  row('Positional Advantage', 'side-hex', "Striking from enemy's side hex", '+2', 2, WEAPON_ATTACKS),
  row('Positional Advantage', 'rear-hex', "Striking from enemy's rear hex", '+4', 4, WEAPON_ATTACKS),
  row('Positional Advantage', 'pole-vs-charge', 'Pole-weapon vs. charging opponent', '+2', 2, ['melee']),
  row('Positional Advantage', 'crossbow-prone', 'Crossbow fired from prone', '+1', 1, ['missile']),
  row('Positional Advantage', 'waiting-1-turn', 'Waiting for an opening (1 turn)', '+1', 1, STRIKES, true),
  row('Positional Advantage', 'waiting-2-turns', 'Waiting for an opening (2+ turns)', '+2', 2, STRIKES, true),
  row('Positional Advantage', 'hth', 'HTH combat', '+4 (both)', 4, ['hth']),
];

export const TARGET_CONDITIONS: readonly DexAdjustmentRow[] = [
  row('Target Conditions', 'target-invisible', 'Target is invisible', '−6', -6),
  row('Target Conditions', 'target-in-shadow', 'Target is in a shadow hex', '−4', -4),
  row('Target Conditions', 'target-one-hex-flying', 'Target is a one-hex figure in flight', '−4', -4),
  row('Target Conditions', 'target-giant-snake', 'Target is a giant snake', '−3', -3),
  row('Target Conditions', 'target-multi-hex-flying', 'Target is a multi-hex figure in flight', '−1', -1),
];

export const YOUR_CONDITIONS: readonly DexAdjustmentRow[] = [
  row('Your Conditions', 'in-shadow', 'In shadow hex or firing through shadow', '−6', -6),
  row('Your Conditions', 'two-weapons', 'Two-weapon fighting', '−4 on both', -4, ['melee', 'thrown', 'hth'], true),
  row('Your Conditions', 'sweeping-blow', 'Sweeping blow (all 3 front hexes)', '−4', -4, ['melee'], true),
  row('Your Conditions', 'standing-in-fire', 'Standing in fire', '−2', -2),
  row('Your Conditions', 'standing-on-body', 'Standing on a body', '−2', -2),
  row('Your Conditions', 'broken-ground', 'Moving over broken ground', '−2', -2),
];

export const ARMOR_AND_SHIELD: readonly DexAdjustmentRow[] = [
  row('Armor and Shield', 'small-spike-shield', 'Small/spike shield', '0', 0),
  row('Armor and Shield', 'large-shield', 'Large shield', '−1', -1),
  row('Armor and Shield', 'tower-shield', 'Tower shield', '−2', -2),
  row('Armor and Shield', 'cloth-armor', 'Cloth armor', '−1', -1),
  row('Armor and Shield', 'leather-armor', 'Leather armor', '−2', -2),
  row('Armor and Shield', 'chainmail', 'Chainmail', '−3', -3),
  row('Armor and Shield', 'half-plate-armor', 'Half-plate armor', '−4', -4),
  row('Armor and Shield', 'plate-armor', 'Plate armor', '−5', -5),
];

/** Every row of 001's four situation tables, in the document's order. */
export const DEX_ADJUSTMENT_ROWS: readonly DexAdjustmentRow[] = [...POSITIONAL_ADVANTAGE, ...TARGET_CONDITIONS, ...YOUR_CONDITIONS, ...ARMOR_AND_SHIELD];

const BY_ID: ReadonlyMap<DexRowId, DexAdjustmentRow> = new Map(DEX_ADJUSTMENT_ROWS.map((r) => [r.id, r]));

export function dexRow(id: DexRowId): DexAdjustmentRow {
  const r = BY_ID.get(id);
  if (r === undefined) throw new Error(`No DEX adjustment row "${id}"`);
  return r;
}

/** The rows that can concern an attack of this kind (for the GM's tick list). */
export function dexRowsFor(kind: AttackKind): DexAdjustmentRow[] {
  return DEX_ADJUSTMENT_ROWS.filter((r) => r.table !== 'Armor and Shield' && r.appliesTo.includes(kind));
}

/**
 * The equipment rows (001 §Armor and Shields) that 001 §DEX Adjustments: Armor and Shield names.
 * Fine Plate and Main-Gauche are in the equipment table only: their DEX column is the source.
 */
export const DEX_ROW_FOR_PROTECTION: Readonly<Record<string, DexRowId>> = {
  'small-shield': 'small-spike-shield',
  'spike-shield': 'small-spike-shield',
  'large-shield': 'large-shield',
  'tower-shield': 'tower-shield',
  'cloth-armor': 'cloth-armor',
  'leather-armor': 'leather-armor',
  chainmail: 'chainmail',
  'half-plate': 'half-plate-armor',
  'plate-armor': 'plate-armor',
};

/** 001 §DEX Adjustments: Range (Thrown Weapons): one cell. */
export const THROWN_RANGE_ROW = {
  text: '−1 per hex to target',
  perHex: -1,
  source: '001 §DEX Adjustments: Range (Thrown Weapons); RULINGS A2',
} as const;

/** 001 §DEX Adjustments: Range (Missile Weapons), its rows as written (RULINGS A2 gives the rule for the last). */
export const MISSILE_RANGE_ROWS: readonly {
  readonly text: string;
  readonly valueText: string;
  readonly fromMH: number;
  readonly toMH: number | null;
  readonly value: number | null;
}[] = [
  { text: '0–2 MH', valueText: '0', fromMH: 0, toMH: 2, value: 0 },
  { text: '3–4 MH', valueText: '−1', fromMH: 3, toMH: 4, value: -1 },
  { text: '5–6 MH', valueText: '−2', fromMH: 5, toMH: 6, value: -2 },
  { text: '7–8 MH', valueText: '−3', fromMH: 7, toMH: 8, value: -3 },
  { text: '(continues)', valueText: '−1 per 2 MH', fromMH: 9, toMH: null, value: null },
];

export const MISSILE_RANGE_SOURCE = '001 §DEX Adjustments: Range (Missile Weapons); RULINGS A2';

/**
 * 004 §DX Adjustments: Your Conditions has two adjustments that 001 does not: each belongs to a
 * rule set that is off for Pillars unless the campaign turns it on.
 */
export const CLASSIC_YOUR_CONDITIONS = {
  heavyBlow: {
    text: 'Took 5+ hits last turn',
    value: -2,
    source: '004 §DX Adjustments: Your Conditions; RULINGS A8 (setting heavyBlows)',
  },
  exhausted: {
    text: 'Exhausted',
    value: -2,
    source: '004 §DX Adjustments: Your Conditions; RULINGS O1 (Classic rule set)',
  },
} as const;
