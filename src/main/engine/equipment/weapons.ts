/**
 * Weapons (001 §Equipment: Knives and Swords, Axes/Hammers/Maces, Missile Weapons, Pole Weapons,
 * Unusual Weapons). Each row below is the table's row with its cells kept as written (the name
 * cell with its marks, `1d6−1` with the document's minus sign, `—` for an empty cell); the typed
 * fields (dice, minimum STR, cost in copper, weight, hands, thrown, reach, rate of fire) are read
 * from those cells when this module loads.
 *
 * Marks (001 §Unusual Weapons, legend under the table): `††` = may be thrown, `†` = two-handed
 * weapon. A cell with both is written `††,†` (Spear (2 hands)).
 */
import type { DiceSpec } from '../dice/types';
import { parseCost, type Cost } from './currency';

export type WeaponCategory = 'knives-and-swords' | 'axes-hammers-maces' | 'missile-weapons' | 'pole-weapons' | 'unusual-weapons';

export const WEAPON_CATEGORY_SOURCE: Readonly<Record<WeaponCategory, string>> = {
  'knives-and-swords': '001 §Knives and Swords',
  'axes-hammers-maces': '001 §Axes/Hammers/Maces',
  'missile-weapons': '001 §Missile Weapons',
  'pole-weapons': '001 §Pole Weapons',
  'unusual-weapons': '001 §Unusual Weapons',
};

export const WEAPON_MARKS_SOURCE = '001 §Unusual Weapons (legend: †† = may be thrown, † = two-handed)';

/** Damage dice from the table; all Pillars weapon dice are d6. Compatible with `DiceSpec`. */
export interface DamageDice extends DiceSpec {
  readonly sides: 6;
}

export type WeaponDamage =
  | { readonly kind: 'dice'; readonly text: string; readonly dice: DamageDice; readonly fire: boolean }
  /** `Varies` (Club, Lasso): the GM sets it for the object at hand. */
  | { readonly kind: 'varies'; readonly text: string }
  /** `By STR` (Cestus): the bare-handed damage by STR table of 001 §Hand-to-Hand Combat. */
  | { readonly kind: 'by-str'; readonly text: string }
  /** `—`: the item does no damage of its own (ammunition, Bola). */
  | { readonly kind: 'none'; readonly text: string };

export interface WeaponWeight {
  readonly text: string;
  /** Pounds; for `3+` the stated minimum. */
  readonly lbs: number;
  /** `3+`: at least this much. */
  readonly orMore: boolean;
}

/** One shot every `everyTurns` turns, `shots` shots in a turn when it fires. */
export interface FireRate {
  readonly shots: number;
  readonly everyTurns: number;
}

/** RULINGS A7: rate of fire follows the weapon's note. */
export interface RateOfFire {
  readonly base: FireRate;
  /** The better rate from the note, at adjusted DEX `minAdjDex` or more; null when the note gives none. */
  readonly improved: { readonly minAdjDex: number; readonly rate: FireRate } | null;
  readonly source: string;
}

/** Pole-weapon properties read from the Notes column of 001 §Pole Weapons. */
export interface PoleProperties {
  /** Length in yards from the note (`2-2½ yards` → 2 to 2.5); null when the note gives none. */
  readonly lengthYards: { readonly min: number; readonly max: number } | null;
  /** Note `Too short for 2-hex`. */
  readonly tooShortForTwoHex: boolean;
  /** Note `Mounted only`. */
  readonly mountedOnly: boolean;
  /**
   * Whether the weapon can strike at 2 hexes. 001 only says Javelin and Trident are too short for
   * it; we read the contrast as: a pole weapon with a stated length of 2 yards or more can, one
   * marked too short cannot, and the Cavalry Lance (no length given) is left to the GM (null).
   */
  readonly twoHexReach: boolean | null;
}

/** How the weapon is mainly used: hand to hand, launched (bow, crossbow, sling), only thrown, or not at all (ammunition). */
export type WeaponUse = 'melee' | 'missile' | 'thrown' | 'ammunition';

export interface Weapon {
  /** Stable kebab-case id. */
  readonly id: string;
  /** Name without marks, as written (`Bastard Sword (2 hands)`). */
  readonly name: string;
  readonly category: WeaponCategory;
  /** `001 §Knives and Swords` etc. */
  readonly source: string;
  /** The marks after the name as written: '', '†', '††' or '††,†'. */
  readonly marks: string;
  readonly damage: WeaponDamage;
  /** STR column as written. */
  readonly strText: string;
  /** Minimum STR; null for `—` (no minimum). */
  readonly minStr: number | null;
  readonly cost: Cost;
  readonly weight: WeaponWeight;
  /** `†`: two-handed weapon. */
  readonly hands: 1 | 2;
  /** `††`: may be thrown (and Thrown Rock, whose only use is throwing). */
  readonly thrown: boolean;
  readonly use: WeaponUse;
  /** Notes column as written; '' when blank or the table has no Notes column. */
  readonly notes: string;
  /** Missile weapons that shoot (RULINGS A7); null for everything else. */
  readonly rateOfFire: RateOfFire | null;
  /** Pole weapons only; null for the others. */
  readonly pole: PoleProperties | null;
  /** Ammunition rows (`Arrows (20)`): how many come for the price. */
  readonly bundle: number | null;
}

const MINUS = /[−–]/g; // U+2212 minus sign and en dash, as the document writes them
const EMPTY = new Set(['', '—', '–']);

export class WeaponDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WeaponDataError';
  }
}

/**
 * Reads a damage cell: `1d6`, `2d6+1`, `3d6−2` (either minus), `1d6 fire`, `Varies`, `By STR`, `—`.
 * A local reader for the table's forms only; general dice notation is the dice module's job.
 */
export function parseWeaponDamage(text: string): WeaponDamage {
  const t = text.trim();
  if (EMPTY.has(t)) return { kind: 'none', text };
  if (/^varies$/i.test(t)) return { kind: 'varies', text };
  if (/^by str$/i.test(t)) return { kind: 'by-str', text };
  const m = /^(\d+)d6\s*(?:([+-])\s*(\d+))?(\s+fire)?$/i.exec(t.replace(MINUS, '-'));
  if (!m) throw new WeaponDataError(`Cannot read the damage "${text}"`);
  const count = Number(m[1]);
  const modifier = m[2] === undefined ? 0 : (m[2] === '-' ? -1 : 1) * Number(m[3]);
  const notation = `${count}d6${modifier === 0 ? '' : modifier > 0 ? `+${modifier}` : `${modifier}`}`;
  return { kind: 'dice', text, dice: { count, sides: 6, modifier, notation }, fire: m[4] !== undefined };
}

function parseMinStr(text: string): number | null {
  const t = text.trim();
  if (EMPTY.has(t)) return null;
  if (!/^\d+$/.test(t)) throw new WeaponDataError(`Cannot read the STR "${text}"`);
  return Number(t);
}

function parseWeight(text: string): WeaponWeight {
  const m = /^(\d+(?:\.\d+)?)(\+)?$/.exec(text.trim());
  if (!m) throw new WeaponDataError(`Cannot read the weight "${text}"`);
  return { text, lbs: Number(m[1]), orMore: m[2] !== undefined };
}

/** Splits `Spear (2 hands)††,†` into the name and its marks. */
function splitMarks(cell: string): { name: string; marks: string; thrown: boolean; twoHanded: boolean } {
  const m = /^(.*?)([†,]*)$/.exec(cell.trim());
  const name = (m?.[1] ?? cell).trim();
  const marks = m?.[2] ?? '';
  const tokens = marks.split(',').filter((s) => s !== '');
  for (const tok of tokens) {
    if (tok !== '†' && tok !== '††') throw new WeaponDataError(`Unknown mark "${tok}" on "${cell}"`);
  }
  return { name, marks, thrown: tokens.includes('††'), twoHanded: tokens.includes('†') };
}

function half(text: string): number {
  // `2½` → 2.5
  return Number(text.replace('½', '')) + (text.includes('½') ? 0.5 : 0);
}

function parsePole(notes: string): PoleProperties {
  const tooShort = /too short for 2-hex/i.test(notes);
  const mountedOnly = /mounted only/i.test(notes);
  const range = /^(\d+½?)(?:\s*-\s*(\d+½?))?\s*yards?$/i.exec(notes.trim());
  const lengthYards = range === null ? null : { min: half(range[1] ?? ''), max: half(range[2] ?? range[1] ?? '') };
  const twoHexReach = tooShort ? false : lengthYards !== null && lengthYards.min >= 2 ? true : null;
  return { lengthYards, tooShortForTwoHex: tooShort, mountedOnly, twoHexReach };
}

const ONE_PER_TURN: FireRate = { shots: 1, everyTurns: 1 };

interface RowExtras {
  readonly id: string;
  readonly use?: WeaponUse;
  readonly thrown?: boolean;
  readonly rateOfFire?: Omit<RateOfFire, 'source'>;
  readonly bundle?: number;
}

/** Builds a weapon from the cells of one table row, as written. */
function row(category: WeaponCategory, extras: RowExtras, nameCell: string, damage: string, str: string, cost: string, weight: string, notes = ''): Weapon {
  const { name, marks, thrown, twoHanded } = splitMarks(nameCell);
  const source = WEAPON_CATEGORY_SOURCE[category];
  const use: WeaponUse = extras.use ?? (category === 'missile-weapons' ? 'missile' : 'melee');
  const rateOfFire: RateOfFire | null =
    use === 'missile' ? { ...(extras.rateOfFire ?? { base: ONE_PER_TURN, improved: null }), source: `${source} (Notes); RULINGS A7` } : null;
  return {
    id: extras.id,
    name,
    category,
    source,
    marks,
    damage: parseWeaponDamage(damage),
    strText: str,
    minStr: parseMinStr(str),
    cost: parseCost(cost, 'gp'),
    weight: parseWeight(weight),
    hands: twoHanded ? 2 : 1,
    thrown: extras.thrown ?? thrown,
    use,
    notes,
    rateOfFire,
    pole: category === 'pole-weapons' ? parsePole(notes) : null,
    bundle: extras.bundle ?? null,
  };
}

const KS = 'knives-and-swords' as const;
const AHM = 'axes-hammers-maces' as const;
const MW = 'missile-weapons' as const;
const PW = 'pole-weapons' as const;
const UW = 'unusual-weapons' as const;

// Columns: name (with marks) | Damage | STR | Cost (MU = gp) | Wt (lbs) | Notes

// 001 §Knives and Swords
export const KNIVES_AND_SWORDS: readonly Weapon[] = [
  row(KS, { id: 'dagger' }, 'Dagger††', '1d6−1', '—', '10', '0.2'),
  row(KS, { id: 'rapier' }, 'Rapier', '1d6', '9', '40', '1.0'),
  row(KS, { id: 'saber' }, 'Saber', '2d6−2', '10', '50', '3.0'),
  row(KS, { id: 'shortsword' }, 'Shortsword', '2d6−1', '11', '60', '4.0'),
  row(KS, { id: 'broadsword' }, 'Broadsword', '2d6', '12', '80', '5.0'),
  row(KS, { id: 'bastard-sword-one-hand' }, 'Bastard Sword (1 hand)', '2d6+1', '13', '100', '7.0'),
  row(KS, { id: 'bastard-sword-two-hands' }, 'Bastard Sword (2 hands)†', '3d6−2', '13', '100', '7.0'),
  row(KS, { id: '2-handed-sword' }, '2-Handed Sword†', '3d6−1', '14', '120', '10.0'),
  row(KS, { id: 'great-sword' }, 'Great Sword†', '3d6+1', '16', '150', '15.0'),
];

// 001 §Axes/Hammers/Maces
export const AXES_HAMMERS_MACES: readonly Weapon[] = [
  row(AHM, { id: 'club' }, 'Club††', 'Varies', '—', '10', '3+'),
  row(AHM, { id: 'hatchet' }, 'Hatchet††', '1d6', '9', '15', '2.0'),
  row(AHM, { id: 'hammer' }, 'Hammer††', '1d6+1', '10', '25', '4.0'),
  row(AHM, { id: 'mace' }, 'Mace††', '2d6−1', '11', '40', '6.0'),
  row(AHM, { id: 'small-ax' }, 'Small Ax', '1d6+2', '11', '30', '5.0'),
  row(AHM, { id: 'war-ax' }, 'War Ax', '2d6', '12', '60', '8.0'),
  row(AHM, { id: 'morningstar' }, 'Morningstar', '2d6+1', '13', '100', '12.0'),
  row(AHM, { id: 'great-hammer' }, 'Great Hammer†', '2d6+2', '14', '110', '16.0'),
  row(AHM, { id: 'battle-axe' }, 'Battle Axe†', '3d6', '15', '130', '22.0'),
];

// 001 §Missile Weapons. Rate of fire from the Notes column (RULINGS A7); a missile weapon
// without a note shoots once per turn (the ordinary missile attack, 001 §Action Options f).
export const MISSILE_WEAPONS: readonly Weapon[] = [
  // No mark, but its name and its place in the table say it is thrown: thrown range applies.
  row(MW, { id: 'thrown-rock', use: 'thrown', thrown: true }, 'Thrown Rock', '1d6−4', '—', '—', '0.5'),
  row(MW, { id: 'sling' }, 'Sling†', '1d6−2', '—', '2', '1.0', 'Including rocks'),
  row(
    MW,
    { id: 'small-bow', rateOfFire: { base: ONE_PER_TURN, improved: { minAdjDex: 15, rate: { shots: 2, everyTurns: 1 } } } },
    'Small Bow†',
    '1d6−1',
    '9',
    '20',
    '4.0',
    '2 shots/turn if adjDEX 15+',
  ),
  row(
    MW,
    { id: 'horse-bow', rateOfFire: { base: ONE_PER_TURN, improved: { minAdjDex: 16, rate: { shots: 2, everyTurns: 1 } } } },
    'Horse Bow†',
    '1d6',
    '10',
    '30',
    '4.0',
    '2 shots/turn if adjDEX 16+',
  ),
  row(
    MW,
    { id: 'longbow', rateOfFire: { base: ONE_PER_TURN, improved: { minAdjDex: 18, rate: { shots: 2, everyTurns: 1 } } } },
    'Longbow†',
    '1d6+2',
    '11',
    '40',
    '4.0',
    '2 shots/turn if adjDEX 18+',
  ),
  row(
    MW,
    { id: 'light-crossbow', rateOfFire: { base: { shots: 1, everyTurns: 2 }, improved: { minAdjDex: 14, rate: ONE_PER_TURN } } },
    'Light Crossbow†',
    '2d6',
    '12',
    '50',
    '6.0',
    'Every other turn; every if 14+',
  ),
  row(
    MW,
    { id: 'heavy-crossbow', rateOfFire: { base: { shots: 1, everyTurns: 3 }, improved: { minAdjDex: 16, rate: { shots: 1, everyTurns: 2 } } } },
    'Heavy Crossbow†',
    '3d6',
    '15',
    '80',
    '10.0',
    'Every 3rd turn; every other 16+',
  ),
  row(MW, { id: 'arrows-20', use: 'ammunition', bundle: 20 }, 'Arrows (20)', '—', '—', '20', '1.0'),
  row(MW, { id: 'quarrels-20', use: 'ammunition', bundle: 20 }, 'Quarrels (20)', '—', '—', '20', '1.0'),
];

// 001 §Pole Weapons
export const POLE_WEAPONS: readonly Weapon[] = [
  row(PW, { id: 'javelin' }, 'Javelin††', '1d6−1', '9', '20', '3.0', 'Too short for 2-hex'),
  row(PW, { id: 'spear' }, 'Spear††', '1d6', '11', '40', '6.0', '2-2½ yards'),
  row(PW, { id: 'spear-two-hands' }, 'Spear (2 hands)††,†', '1d6+1', '11', '40', '6.0', '2-2½ yards'),
  row(PW, { id: 'halberd' }, 'Halberd†', '2d6', '13', '70', '16.0', '2-2½ yards'),
  row(PW, { id: 'pike-axe' }, 'Pike Axe†', '2d6+2', '15', '100', '22.0', '2½-3 yards'),
  row(PW, { id: 'trident' }, 'Trident', '1d6', '10', '30', '4.0', 'Too short for 2-hex'),
  row(PW, { id: 'cavalry-lance' }, 'Cavalry Lance', '3d6−1', '13', '100', '20.0', 'Mounted only'),
  row(PW, { id: 'pike' }, 'Pike†', '2d6+1', '12', '50', '12.0', '5 yards'),
];

// 001 §Unusual Weapons (its Notes column is blank in every row)
export const UNUSUAL_WEAPONS: readonly Weapon[] = [
  row(UW, { id: 'quarterstaff' }, 'Quarterstaff†', '1d6+2', '11', '20', '5.0'),
  row(UW, { id: 'net' }, 'Net††', '1d6−3', '10', '40', '2.0'),
  row(UW, { id: 'cestus' }, 'Cestus', 'By STR', '—', '20', '2.0'),
  row(UW, { id: 'whip' }, 'Whip', '1d6−1', '8', '30', '1.0'),
  row(UW, { id: 'lasso' }, 'Lasso††', 'Varies', '8', '10', '1.0'),
  row(UW, { id: 'boomerang' }, 'Boomerang††', '2d6−1', '11', '20', '3.0'),
  row(UW, { id: 'nunchaku' }, 'Nunchaku', '1d6+1', '9', '35', '4.0'),
  row(UW, { id: 'torch' }, 'Torch', '1d6 fire', '—', '1', '1.0'),
  row(UW, { id: 'bola' }, 'Bola††', '—', '9', '15', '1.0'),
];

/** Every weapon row, in the document's order. */
export const WEAPONS: readonly Weapon[] = [...KNIVES_AND_SWORDS, ...AXES_HAMMERS_MACES, ...MISSILE_WEAPONS, ...POLE_WEAPONS, ...UNUSUAL_WEAPONS];

export interface FireRateAt extends FireRate {
  /** True when the adjusted DEX reached the note's better rate. */
  readonly improved: boolean;
  readonly reason: string;
  readonly source: string;
}

/**
 * RULINGS A7: the rate a missile weapon fires at for a given adjusted DEX. Null for weapons
 * that do not shoot (melee, thrown, ammunition).
 */
export function fireRateAt(weapon: Weapon, adjDex: number): FireRateAt | null {
  const rof = weapon.rateOfFire;
  if (rof === null) return null;
  const describe = (r: FireRate): string => `${r.shots} shot${r.shots === 1 ? '' : 's'} ${r.everyTurns === 1 ? 'every turn' : `every ${r.everyTurns} turns`}`;
  if (rof.improved !== null && adjDex >= rof.improved.minAdjDex) {
    return {
      ...rof.improved.rate,
      improved: true,
      reason: `${weapon.name}: adjDEX ${adjDex} ≥ ${rof.improved.minAdjDex}, ${describe(rof.improved.rate)}`,
      source: rof.source,
    };
  }
  const why = rof.improved === null ? '' : ` (adjDEX ${adjDex} < ${rof.improved.minAdjDex})`;
  return { ...rof.base, improved: false, reason: `${weapon.name}: ${describe(rof.base)}${why}`, source: rof.source };
}
