/**
 * Character background (001 §Character Background): provenance, location and wealth, each
 * either rolled on its table or, where the rulebook allows, chosen. Every roll is recorded in a
 * step (RULINGS G3). Pure: all randomness comes from the `Dice` passed in.
 */
import type { Dice, Roll } from '../dice/types';
import type { BreakdownLine } from '../explain';
import { line } from '../explain';
import {
  CHOOSABLE_LOCATIONS,
  CHOOSABLE_WEALTH_LEVELS,
  COMMONER_CLASSES,
  COMMONER_CLASS_TABLE,
  LOCATION_FEATURES,
  LOCATION_TABLE,
  MERCHANT_CLASSES,
  MERCHANT_CLASS_TABLE,
  NOBILITY_TABLE,
  PERCENTILE,
  SOCIAL_CLASS_TABLE,
  WEALTH_TABLE,
} from './tables';
import type {
  ChoosableLocation,
  ChoosableWealthLevel,
  CommonerClass,
  Location,
  LocationFeatures,
  MerchantClass,
  NobilityRank,
  RangeRow,
  SocialClass,
  SubClass,
  WealthLevel,
  WealthRow,
} from './tables';

/** Raised for a choice the rules do not allow or a roll outside a table. */
export class BackgroundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackgroundError';
  }
}

/** One recorded step: what happened, every roll it took, and the rule that says so. */
export interface Step {
  readonly description: string;
  readonly rolls: readonly Roll[];
  readonly source: string;
  /** How a total was made, when modifiers were added (DESIGN §The engine). */
  readonly breakdown: readonly BreakdownLine[];
}

export function step(description: string, rolls: readonly Roll[], source: string, breakdown: readonly BreakdownLine[] = []): Step {
  return { description, rolls, source, breakdown };
}

// ---------------------------------------------------------------------------------------------
// Lookups

/**
 * The value of the first listed row whose range contains `roll` (RULINGS C6: where printed
 * ranges overlap, the first listed row wins). Throws when no row contains it.
 */
export function lookupRange<T>(table: readonly RangeRow<T>[], roll: number, tableName: string): T {
  if (!Number.isInteger(roll)) {
    throw new BackgroundError(`${tableName}: roll must be an integer, got ${roll}`);
  }
  for (const row of table) {
    if (roll >= row.min && roll <= row.max) return row.value;
  }
  throw new BackgroundError(`${tableName}: no row contains ${roll}`);
}

/** 001 §Provenance class roll, RULINGS C6 (30 → Merchant). */
export function lookupSocialClass(roll: number): SocialClass {
  return lookupRange(SOCIAL_CLASS_TABLE, roll, 'Provenance');
}

/** 001 §Provenance Nobility roll, RULINGS C6 (12 → Duke, 60 → Baron). */
export function lookupNobility(roll: number): NobilityRank {
  return lookupRange(NOBILITY_TABLE, roll, 'Nobility');
}

/** 001 §Provenance Merchant roll, RULINGS C6 (70 → Retail, 94–95 → Wholesale). */
export function lookupMerchantClass(roll: number): MerchantClass {
  return lookupRange(MERCHANT_CLASS_TABLE, roll, 'Merchant class');
}

/** 001 §Provenance Commoner roll, RULINGS C6 (70 → Laborer). */
export function lookupCommonerClass(roll: number): CommonerClass {
  return lookupRange(COMMONER_CLASS_TABLE, roll, 'Commoner class');
}

/** The sub-class roll for a class (001 §Provenance). */
export function lookupSubClass(socialClass: SocialClass, roll: number): SubClass {
  switch (socialClass) {
    case 'Nobility':
      return lookupNobility(roll);
    case 'Merchant':
      return lookupMerchantClass(roll);
    case 'Commoner':
      return lookupCommonerClass(roll);
  }
}

export interface Provenance {
  readonly socialClass: SocialClass;
  readonly subClass: SubClass;
}

/** Both provenance rolls at once (001 §Provenance, RULINGS C6). */
export function lookupProvenance(classRoll: number, subClassRoll: number): Provenance {
  const socialClass = lookupSocialClass(classRoll);
  return { socialClass, subClass: lookupSubClass(socialClass, subClassRoll) };
}

/** 001 §Location. */
export function lookupLocation(roll: number): Location {
  return lookupRange(LOCATION_TABLE, roll, 'Location');
}

/** 001 §Wealth (the printed table starts at 0). */
export function lookupWealth(roll: number): WealthRow {
  return lookupRange(WEALTH_TABLE, roll, 'Wealth');
}

// ---------------------------------------------------------------------------------------------
// Choose or roll

export interface Determined<T> {
  readonly value: T;
  readonly steps: readonly Step[];
}

function rollPercentile(dice: Dice, label: string): Roll {
  return dice.roll(PERCENTILE, label);
}

/**
 * 001 §Provenance: the class is rolled, or Merchant / Commoner is chosen; Nobility can only be
 * rolled ("You must roll for Nobility").
 */
export type SocialClassChoice = 'roll' | 'Merchant' | 'Commoner';

/** 001 §Provenance: Merchant and Commoner sub-classes are "Roll or choose"; Nobility "Roll again". */
export type SubClassChoice = 'roll' | MerchantClass | CommonerClass;

export interface ProvenanceChoice {
  readonly socialClass: SocialClassChoice;
  /** Only with a chosen class; with a rolled class use `determineSubClass` once the class is known. */
  readonly subClass?: SubClassChoice;
}

export function determineSocialClass(choice: SocialClassChoice, dice: Dice): Determined<SocialClass> {
  if (choice === 'roll') {
    const roll = rollPercentile(dice, 'provenance: social class');
    const value = lookupSocialClass(roll.total);
    return {
      value,
      steps: [step(`Provenance roll ${roll.total}: ${value}`, [roll], '001 §Provenance; RULINGS C6')],
    };
  }
  if ((choice as string) === 'Nobility') {
    throw new BackgroundError('Provenance: Nobility cannot be chosen, it must be rolled (001 §Provenance)');
  }
  if (choice !== 'Merchant' && choice !== 'Commoner') {
    throw new BackgroundError(`Provenance: unknown social class ${String(choice)}`);
  }
  return { value: choice, steps: [step(`Provenance chosen: ${choice}`, [], '001 §Provenance')] };
}

export function determineSubClass(socialClass: SocialClass, choice: SubClassChoice, dice: Dice): Determined<SubClass> {
  if (choice === 'roll') {
    const roll = rollPercentile(dice, `provenance: ${socialClass} class`);
    const value = lookupSubClass(socialClass, roll.total);
    return {
      value,
      steps: [step(`${socialClass} roll ${roll.total}: ${value}`, [roll], '001 §Provenance; RULINGS C6')],
    };
  }
  if (socialClass === 'Nobility') {
    throw new BackgroundError('Provenance: a Nobility rank cannot be chosen, it must be rolled (001 §Provenance)');
  }
  const allowed: readonly string[] = socialClass === 'Merchant' ? MERCHANT_CLASSES : COMMONER_CLASSES;
  if (!allowed.includes(choice)) {
    throw new BackgroundError(`Provenance: ${String(choice)} is not a ${socialClass} class (001 §Provenance)`);
  }
  return { value: choice, steps: [step(`${socialClass} class chosen: ${choice}`, [], '001 §Provenance')] };
}

/**
 * Class then sub-class. A sub-class may be chosen only together with a chosen class (the class
 * must be known before its sub-class can be picked); with a rolled class it is rolled too.
 */
export function determineProvenance(choice: ProvenanceChoice, dice: Dice): Determined<Provenance> {
  const subChoice = choice.subClass ?? 'roll';
  if (choice.socialClass === 'roll' && subChoice !== 'roll') {
    throw new BackgroundError('Provenance: with a rolled class, choose the sub-class with determineSubClass once the class is known');
  }
  if (choice.socialClass !== 'roll' && subChoice !== 'roll') {
    // Validate the pairing before anything is recorded.
    const allowed: readonly string[] = choice.socialClass === 'Merchant' ? MERCHANT_CLASSES : COMMONER_CLASSES;
    if (!allowed.includes(subChoice)) {
      throw new BackgroundError(`Provenance: ${subChoice} is not a ${choice.socialClass} class (001 §Provenance)`);
    }
  }
  const cls = determineSocialClass(choice.socialClass, dice);
  const sub = determineSubClass(cls.value, subChoice, dice);
  return { value: { socialClass: cls.value, subClass: sub.value }, steps: [...cls.steps, ...sub.steps] };
}

export interface LocationResult {
  readonly location: Location;
  readonly features: LocationFeatures;
}

/** 001 §Location: "Roll percentile dice or choose" (City, Village or Rural). */
export type LocationChoice = 'roll' | ChoosableLocation;

export function determineLocation(choice: LocationChoice, dice: Dice): Determined<LocationResult> {
  if (choice === 'roll') {
    const roll = rollPercentile(dice, 'location');
    const location = lookupLocation(roll.total);
    return {
      value: { location, features: LOCATION_FEATURES[location] },
      steps: [step(`Location roll ${roll.total}: ${location}`, [roll], '001 §Location')],
    };
  }
  if (!(CHOOSABLE_LOCATIONS as readonly string[]).includes(choice)) {
    throw new BackgroundError(`Location: ${String(choice)} cannot be chosen (001 §Location)`);
  }
  return {
    value: { location: choice, features: LOCATION_FEATURES[choice] },
    steps: [step(`Location chosen: ${choice}`, [], '001 §Location')],
  };
}

export interface LiteracyCheck {
  readonly literate: boolean;
  readonly target: number;
}

/**
 * 001 §Location "Literacy on INT check" (+2 Village, +4 Rural). Read as the rulebook's usual
 * attribute check, 3d6 ≤ INT + the location's modifier (as saves: 001 §Injury Thresholds).
 * Throws for "Consult GM", where the GM decides.
 */
export function rollLiteracyCheck(location: Location, intelligence: number, dice: Dice): Determined<LiteracyCheck> {
  const modifier = LOCATION_FEATURES[location].literacyCheckModifier;
  if (modifier === null) {
    throw new BackgroundError('Literacy: location "Consult GM" — the GM decides (001 §Location)');
  }
  const roll = dice.roll('3d6', `literacy check (${location})`);
  const breakdown = [line('INT', intelligence, '001 §Location'), line(location, modifier, '001 §Location')];
  const target = intelligence + modifier;
  const literate = roll.total <= target;
  return {
    value: { literate, target },
    steps: [step(`Literacy check 3d6 = ${roll.total} vs ${target}: ${literate ? 'literate' : 'not literate'}`, [roll], '001 §Location', breakdown)],
  };
}

export interface WealthResult {
  readonly level: WealthLevel;
  /** Starting coin in MU; null when the GM decides (Rich: "Consult GM"). */
  readonly startingCoin: number | null;
}

/** 001 §Wealth: roll, or choose any level but Rich ("or choose if you don't want to be rich"). */
export type WealthChoice = 'roll' | ChoosableWealthLevel;

function wealthFromRow(row: WealthRow, dice: Dice): Determined<WealthResult> {
  const coin = row.startingCoin;
  switch (coin.kind) {
    case 'fixed':
      return {
        value: { level: row.level, startingCoin: coin.amount },
        steps: [step(`Starting coin ${coin.amount} MU`, [], '001 §Wealth')],
      };
    case 'basePlusPercentile': {
      const roll = rollPercentile(dice, 'wealth: starting coin');
      const total = coin.base + roll.total;
      return {
        value: { level: row.level, startingCoin: total },
        steps: [
          step(`Starting coin ${coin.base} + ${roll.total} = ${total} MU`, [roll], '001 §Wealth', [
            line('base', coin.base, '001 §Wealth'),
            line('percentile dice', roll.total, '001 §Wealth'),
          ]),
        ],
      };
    }
    case 'consultGM':
      return {
        value: { level: row.level, startingCoin: null },
        steps: [step('Starting coin: consult GM', [], '001 §Wealth')],
      };
  }
}

export function determineWealth(choice: WealthChoice, dice: Dice): Determined<WealthResult> {
  let row: WealthRow;
  let first: Step;
  if (choice === 'roll') {
    const roll = rollPercentile(dice, 'wealth');
    row = lookupWealth(roll.total);
    first = step(`Wealth roll ${roll.total}: ${row.level}`, [roll], '001 §Wealth');
  } else {
    if (!(CHOOSABLE_WEALTH_LEVELS as readonly string[]).includes(choice)) {
      throw new BackgroundError(`Wealth: ${String(choice)} cannot be chosen, it must be rolled (001 §Wealth)`);
    }
    const found = WEALTH_TABLE.find((r) => r.value.level === choice);
    if (found === undefined) throw new BackgroundError(`Wealth: no row for ${choice}`);
    row = found.value;
    first = step(`Wealth chosen: ${choice}`, [], '001 §Wealth');
  }
  const coin = wealthFromRow(row, dice);
  return { value: coin.value, steps: [first, ...coin.steps] };
}

// ---------------------------------------------------------------------------------------------
// Whole background

export interface BackgroundChoices {
  readonly provenance: ProvenanceChoice;
  readonly location: LocationChoice;
  readonly wealth: WealthChoice;
}

export interface Background {
  readonly provenance: Provenance;
  readonly location: LocationResult;
  readonly wealth: WealthResult;
  readonly steps: readonly Step[];
}

export const ROLL_EVERYTHING: BackgroundChoices = {
  provenance: { socialClass: 'roll' },
  location: 'roll',
  wealth: 'roll',
};

/** Provenance, then location, then wealth, in the rulebook's order (001 §Character Background). */
export function determineBackground(choices: BackgroundChoices, dice: Dice): Background {
  const provenance = determineProvenance(choices.provenance, dice);
  const location = determineLocation(choices.location, dice);
  const wealth = determineWealth(choices.wealth, dice);
  return {
    provenance: provenance.value,
    location: location.value,
    wealth: wealth.value,
    steps: [...provenance.steps, ...location.steps, ...wealth.steps],
  };
}

/** Everything rolled: class, sub-class, location, wealth (and Merchant-level coin). */
export function rollBackground(dice: Dice): Background {
  return determineBackground(ROLL_EVERYTHING, dice);
}
