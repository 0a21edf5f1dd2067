/**
 * Character background tables (001 §Character Background), transcribed as data. Each row keeps
 * the range exactly as the rulebook prints it, overlaps included; which row wins on an overlap
 * is decided in `background.ts` (RULINGS C6: the first listed row containing the roll).
 *
 * Percentile dice are rolled as `1d100` (faces 1–100; a physical "00" reads as 100).
 */

/** One printed row of a ranged table: `min`–`max` inclusive, as typed in the source. */
export interface RangeRow<T> {
  readonly min: number;
  readonly max: number;
  readonly value: T;
  /** The rulebook section the row comes from. */
  readonly source: string;
}

export const PERCENTILE = '1d100';

// ---------------------------------------------------------------------------------------------
// Provenance — 001 §Provenance

export const SOCIAL_CLASSES = ['Nobility', 'Merchant', 'Commoner'] as const;
export type SocialClass = (typeof SOCIAL_CLASSES)[number];

export const NOBILITY_RANKS = [
  'Monarch',
  'Royal Family',
  'Duke',
  'March/Border Lords',
  'Count/Earl',
  'Viscount',
  'Baron',
  'Baronet',
  'Knights and Warrior Nobility',
] as const;
export type NobilityRank = (typeof NOBILITY_RANKS)[number];

export const MERCHANT_CLASSES = ['Retail', 'Wholesale', 'Specialty'] as const;
export type MerchantClass = (typeof MERCHANT_CLASSES)[number];

export const COMMONER_CLASSES = ['Laborer', 'Crafts'] as const;
export type CommonerClass = (typeof COMMONER_CLASSES)[number];

export type SubClass = NobilityRank | MerchantClass | CommonerClass;

/** 001 §Provenance: the class roll. 30 is printed in two rows (RULINGS C6). */
export const SOCIAL_CLASS_TABLE: readonly RangeRow<SocialClass>[] = [
  { min: 1, max: 10, value: 'Nobility', source: '001 §Provenance' }, // "1-10 Nobility (Roll again)"
  { min: 11, max: 30, value: 'Merchant', source: '001 §Provenance' }, // "11-30 Merchant (Roll or choose)"
  { min: 30, max: 100, value: 'Commoner', source: '001 §Provenance' }, // "30-100 Commoner (Roll or choose)"
];

/** 001 §Provenance: Nobility, "Roll again". 12 and 60 are printed in two rows (RULINGS C6). */
export const NOBILITY_TABLE: readonly RangeRow<NobilityRank>[] = [
  { min: 1, max: 1, value: 'Monarch', source: '001 §Provenance' },
  { min: 2, max: 5, value: 'Royal Family', source: '001 §Provenance' },
  { min: 6, max: 12, value: 'Duke', source: '001 §Provenance' },
  { min: 12, max: 30, value: 'March/Border Lords', source: '001 §Provenance' },
  { min: 31, max: 40, value: 'Count/Earl', source: '001 §Provenance' },
  { min: 41, max: 46, value: 'Viscount', source: '001 §Provenance' },
  { min: 47, max: 60, value: 'Baron', source: '001 §Provenance' },
  { min: 60, max: 85, value: 'Baronet', source: '001 §Provenance' },
  { min: 86, max: 100, value: 'Knights and Warrior Nobility', source: '001 §Provenance' },
];

/** 001 §Provenance: Merchant, "Roll or choose". 70, 94 and 95 are printed in two rows (RULINGS C6). */
export const MERCHANT_CLASS_TABLE: readonly RangeRow<MerchantClass>[] = [
  { min: 1, max: 70, value: 'Retail', source: '001 §Provenance' },
  { min: 70, max: 95, value: 'Wholesale', source: '001 §Provenance' },
  { min: 94, max: 100, value: 'Specialty', source: '001 §Provenance' },
];

/** 001 §Provenance: Commoner, "Roll or choose". 70 is printed in two rows (RULINGS C6). */
export const COMMONER_CLASS_TABLE: readonly RangeRow<CommonerClass>[] = [
  { min: 1, max: 70, value: 'Laborer', source: '001 §Provenance' },
  { min: 70, max: 100, value: 'Crafts', source: '001 §Provenance' },
];

/** 001 §Provenance: which classes may be chosen instead of rolled ("You must roll for Nobility"). */
export const CHOOSABLE_SOCIAL_CLASSES: readonly SocialClass[] = ['Merchant', 'Commoner'];

// ---------------------------------------------------------------------------------------------
// Location — 001 §Location

export const LOCATIONS = ['City', 'Village', 'Rural', 'Consult GM'] as const;
export type Location = (typeof LOCATIONS)[number];
/** The locations a player may pick instead of rolling; "Consult GM" is only a roll outcome. */
export const CHOOSABLE_LOCATIONS = ['City', 'Village', 'Rural'] as const;
export type ChoosableLocation = (typeof CHOOSABLE_LOCATIONS)[number];

/** 001 §Location: percentile table, printed "01-20", "21-70", "71-99", "100". */
export const LOCATION_TABLE: readonly RangeRow<Location>[] = [
  { min: 1, max: 20, value: 'City', source: '001 §Location' },
  { min: 21, max: 70, value: 'Village', source: '001 §Location' },
  { min: 71, max: 99, value: 'Rural', source: '001 §Location' },
  { min: 100, max: 100, value: 'Consult GM', source: '001 §Location' },
];

export interface LocationFeatures {
  /** Skills the location gives outright. */
  readonly grants: readonly string[];
  /** The player picks exactly one of these (empty: no pick). */
  readonly chooseOneOf: readonly string[];
  /** Detail the rulebook prints after a granted skill, if any. */
  readonly note: string | null;
  /** Added to INT for the Literacy check; null when the GM decides (Consult GM). */
  readonly literacyCheckModifier: number | null;
  readonly source: string;
}

/** 001 §Location: what each location gives. */
export const LOCATION_FEATURES: Readonly<Record<Location, LocationFeatures>> = {
  City: {
    grants: ['Street smarts'],
    chooseOneOf: [],
    note: null,
    literacyCheckModifier: 0, // "Literacy on INT check"
    source: '001 §Location',
  },
  Village: {
    grants: [],
    chooseOneOf: ['Street smarts', 'Survival'], // "Street smarts OR survival (choose)"
    note: null,
    literacyCheckModifier: 2, // "Literacy on INT check +2"
    source: '001 §Location',
  },
  Rural: {
    grants: ['Survival'],
    chooseOneOf: [],
    note: 'hunting, tracking, wood/herb lore',
    literacyCheckModifier: 4, // "Literacy on INT check +4"
    source: '001 §Location',
  },
  'Consult GM': {
    grants: [],
    chooseOneOf: [],
    note: 'Consult GM',
    literacyCheckModifier: null,
    source: '001 §Location',
  },
};

// ---------------------------------------------------------------------------------------------
// Wealth — 001 §Wealth

export const WEALTH_LEVELS = ['Subsistence', 'Moderate', 'Merchant', 'Rich'] as const;
export type WealthLevel = (typeof WEALTH_LEVELS)[number];
/** "(or choose if you don't want to be rich)": every level but Rich may be chosen. */
export const CHOOSABLE_WEALTH_LEVELS = ['Subsistence', 'Moderate', 'Merchant'] as const;
export type ChoosableWealthLevel = (typeof CHOOSABLE_WEALTH_LEVELS)[number];

/** Starting coin in MU (001 §Currency System). */
export type StartingCoin =
  { readonly kind: 'fixed'; readonly amount: number } | { readonly kind: 'basePlusPercentile'; readonly base: number } | { readonly kind: 'consultGM' };

export interface WealthRow {
  readonly level: WealthLevel;
  readonly startingCoin: StartingCoin;
}

/** 001 §Wealth: percentile table, printed "0-15", "16-70", "71-95", "96-100". */
export const WEALTH_TABLE: readonly RangeRow<WealthRow>[] = [
  {
    min: 0,
    max: 15,
    value: { level: 'Subsistence', startingCoin: { kind: 'fixed', amount: 10 } },
    source: '001 §Wealth',
  },
  {
    min: 16,
    max: 70,
    value: { level: 'Moderate', startingCoin: { kind: 'fixed', amount: 100 } },
    source: '001 §Wealth',
  },
  {
    min: 71,
    max: 95,
    value: { level: 'Merchant', startingCoin: { kind: 'basePlusPercentile', base: 100 } }, // "100 + percentile dice"
    source: '001 §Wealth',
  },
  {
    min: 96,
    max: 100,
    value: { level: 'Rich', startingCoin: { kind: 'consultGM' } }, // "Consult GM"
    source: '001 §Wealth',
  },
];
