/**
 * Armour and shields (001 §Armor and Shields). Cells kept as written (`−1` with the document's
 * minus sign, `5,000`, `—`), typed fields read from them when this module loads.
 *
 * Stops: hits taken off each attack (001 §Protection; RULINGS A4). DEX: the adjustment to adjDEX
 * (001 §DEX Adjustments, Armor and Shield; RULINGS A1). Cost in MU = gp (001 §Currency System).
 */
import { parseCost, type Cost } from './currency';

export const ARMOR_SOURCE = '001 §Armor and Shields';

/** The movement restriction an armour row can carry (Movement Restriction column). */
export type ArmorRestriction = 'none' | 'cannot-sprint' | 'cannot-run-or-sprint';

export type ProtectionKind = 'armor' | 'shield';

export interface ProtectionItem {
  readonly id: string;
  readonly name: string;
  readonly kind: ProtectionKind;
  readonly source: string;
  /** Stops column. */
  readonly stops: number;
  readonly dexText: string;
  /** DEX column: added to adjDEX while worn/carried. */
  readonly dex: number;
  readonly cost: Cost;
  readonly weightText: string;
  readonly weightLbs: number;
  /** Movement Restriction column as written. */
  readonly restrictionText: string;
  readonly restriction: ArmorRestriction;
}

export class ArmorDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArmorDataError';
  }
}

/** Reads the Movement Restriction column: `—`, `Cannot Sprint`, `Cannot Run or Sprint`. */
export function parseArmorRestriction(text: string): ArmorRestriction {
  const t = text.trim().toLowerCase();
  if (t === '' || t === '—' || t === '–') return 'none';
  if (t === 'cannot sprint') return 'cannot-sprint';
  if (t === 'cannot run or sprint') return 'cannot-run-or-sprint';
  throw new ArmorDataError(`Unknown movement restriction "${text}"`);
}

function signed(text: string): number {
  const n = Number(text.trim().replace(/[−–]/g, '-'));
  if (!Number.isInteger(n)) throw new ArmorDataError(`Cannot read "${text}"`);
  return n;
}

function item(kind: ProtectionKind, id: string, name: string, stops: string, dex: string, cost: string, weight: string, restriction: string): ProtectionItem {
  const lbs = Number(weight);
  if (!Number.isFinite(lbs)) throw new ArmorDataError(`Cannot read the weight "${weight}"`);
  return {
    id,
    name,
    kind,
    source: ARMOR_SOURCE,
    stops: signed(stops),
    dexText: dex,
    dex: signed(dex),
    cost: parseCost(cost, 'gp'),
    weightText: weight,
    weightLbs: lbs,
    restrictionText: restriction,
    restriction: parseArmorRestriction(restriction),
  };
}

// 001 §Armor and Shields — columns: Type | Stops | DEX | Cost | Wt (lbs) | Movement Restriction
export const ARMOR: readonly ProtectionItem[] = [
  item('armor', 'cloth-armor', 'Cloth Armor', '1', '−1', '50', '14.0', '—'),
  item('armor', 'leather-armor', 'Leather Armor', '2', '−2', '100', '16.0', 'Cannot Sprint'),
  item('armor', 'chainmail', 'Chainmail', '3', '−3', '200', '30.0', 'Cannot Run or Sprint'),
  item('armor', 'half-plate', 'Half-Plate', '4', '−4', '300', '45.0', 'Cannot Run or Sprint'),
  item('armor', 'plate-armor', 'Plate Armor', '5', '−5', '500', '55.0', 'Cannot Run or Sprint'),
  item('armor', 'fine-plate', 'Fine Plate', '6', '−4', '5,000', '55.0', 'Cannot Run or Sprint'),
];

// 001 §Armor and Shields — the same table, its shield rows (Main-Gauche, a parrying blade, is
// listed among them and is treated as a shield).
export const SHIELDS: readonly ProtectionItem[] = [
  item('shield', 'small-shield', 'Small Shield', '1', '0', '30', '10.0', '—'),
  item('shield', 'spike-shield', 'Spike Shield', '1', '0', '40', '12.0', '—'),
  item('shield', 'large-shield', 'Large Shield', '2', '−1', '50', '20.0', '—'),
  item('shield', 'tower-shield', 'Tower Shield', '3', '−2', '70', '35.0', '—'),
  item('shield', 'main-gauche', 'Main-Gauche', '1', '−1', '20', '0.5', '—'),
];
