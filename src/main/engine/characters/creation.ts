import { line } from '../explain';
import type { BreakdownLine, Explained } from '../explain';
import type { Dice, Roll } from '../dice/types';
import { ATTRIBUTE_NAMES } from './attributes';
import type { AttributeName, Attributes } from './attributes';

// ---------------------------------------------------------------------------------------------
// Core attributes: roll 3d6 each, or divide 65 points (001 §Determining Core Attributes, RULINGS C2)
// ---------------------------------------------------------------------------------------------

export interface RolledAttributes {
  readonly attributes: Attributes;
  /** The 3d6 roll behind each attribute (RULINGS G3: every roll is recorded). */
  readonly rolls: Readonly<Record<AttributeName, Roll>>;
}

/** Rolls 3d6 for each core attribute in 001's order STR, DEX, INT, WIS, CON, CHR (001 §Determining Core Attributes). */
export function rollAttributes(dice: Dice): RolledAttributes {
  const rolls = {} as Record<AttributeName, Roll>;
  const attributes = {} as Record<AttributeName, number>;
  for (const name of ATTRIBUTE_NAMES) {
    const roll = dice.roll('3d6', `creation: ${name}`); // 001 §Determining Core Attributes
    rolls[name] = roll;
    attributes[name] = roll.total;
  }
  return { attributes, rolls };
}

/** RULINGS C2: the point-buy total and the range of each attribute. */
export const POINT_BUY_TOTAL = 65; // 001 §Determining Core Attributes, RULINGS C2
export const POINT_BUY_MIN = 3; // RULINGS C2
export const POINT_BUY_MAX = 18; // RULINGS C2

export interface PointBuyCheck {
  readonly ok: boolean;
  /** Sum of the whole-number values given. */
  readonly total: number;
  /** Points still to place (negative when overspent). */
  readonly remaining: number;
  /** One message per problem, empty when `ok`. */
  readonly problems: readonly string[];
}

/** Checks a point-buy spread against RULINGS C2: 65 points in all, each attribute 3..18. */
export function validatePointBuy(attrs: Partial<Record<AttributeName, number>>): PointBuyCheck {
  const problems: string[] = [];
  let total = 0;
  for (const name of ATTRIBUTE_NAMES) {
    const value = attrs[name];
    if (value === undefined) {
      problems.push(`${name} is missing.`);
      continue;
    }
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      problems.push(`${name} must be a whole number (got ${String(value)}).`);
      continue;
    }
    total += value;
    if (value < POINT_BUY_MIN) problems.push(`${name} is ${value}; the lowest allowed is ${POINT_BUY_MIN}.`);
    if (value > POINT_BUY_MAX) problems.push(`${name} is ${value}; the highest allowed is ${POINT_BUY_MAX}.`);
  }
  const remaining = POINT_BUY_TOTAL - total;
  if (remaining > 0) {
    problems.push(`${total} of ${POINT_BUY_TOTAL} points spent: ${remaining} still to place.`);
  } else if (remaining < 0) {
    problems.push(`${total} points spent: ${-remaining} over the ${POINT_BUY_TOTAL} allowed.`);
  }
  return { ok: problems.length === 0, total, remaining, problems };
}

// ---------------------------------------------------------------------------------------------
// Secondary attributes (001 §Secondary Attributes)
// ---------------------------------------------------------------------------------------------

export interface AppearanceResult {
  /** 1 (pretty) to 6 (ugly). */
  readonly value: number;
  /** 001: on a 1 or a 6 the player asks the GM to qualify it further. */
  readonly askGm: boolean;
  readonly roll: Roll;
}

/** 001 §Secondary Attributes, Appearance: 1d6, 1 is pretty, 6 is ugly; 1 or 6 goes to the GM. */
export function rollAppearance(dice: Dice): AppearanceResult {
  const roll = dice.roll('1d6', 'creation: Appearance');
  return { value: roll.total, askGm: roll.total === 1 || roll.total === 6, roll };
}

/** 001 §Secondary Attributes, Height table, transcribed: d6 → hands and imperial height. */
export const HEIGHT_TABLE: readonly { readonly d6: number; readonly hands: number; readonly imperial: string }[] = [
  { d6: 1, hands: 14, imperial: `4'8"` },
  { d6: 2, hands: 15, imperial: `5'0"` },
  { d6: 3, hands: 16, imperial: `5'4"` },
  { d6: 4, hands: 17, imperial: `5'8"` },
  { d6: 5, hands: 18, imperial: `6'0"` },
  { d6: 6, hands: 19, imperial: `6'4"` },
];

/** A hand is 4 inches (001's Height table: 14 hands = 4'8" = 56", each row 1 hand and 4" apart). */
export const INCHES_PER_HAND = 4;
/** 001 Height notes: each further 1 (after a 1) takes 4" off; each further 6 (after a 6) adds 4". */
export const HEIGHT_STEP_INCHES = 4;
/** Not a rule: stops a broken `Dice` that always shows 1 or 6 from looping forever. */
export const MAX_HEIGHT_REROLLS = 20;

export interface Height {
  /** The table row chosen or first rolled. */
  readonly row: number;
  /** How many further 1s (row 1) or 6s (row 6) were rolled. */
  readonly steps: number;
  readonly inches: number;
  readonly hands: number;
  /** e.g. `5'4"`. */
  readonly imperial: string;
  readonly explained: Explained<number>;
}

export interface RolledHeight extends Height {
  /** The first roll and every re-roll, in order. */
  readonly rolls: readonly Roll[];
}

export function formatFeetInches(inches: number): string {
  const feet = Math.floor(inches / 12);
  return `${feet}'${inches - feet * 12}"`;
}

/**
 * Height for a table row (chosen or rolled) and the number of further 1s/6s rolled after it
 * (001 §Secondary Attributes, Height). With `steps` 0 this is the table row as written.
 */
export function heightFor(row: number, steps = 0): Height {
  const entry = HEIGHT_TABLE.find((r) => r.d6 === row);
  if (entry === undefined) throw new RangeError(`Height row must be 1 to 6 (got ${row}).`);
  if (!Number.isInteger(steps) || steps < 0 || (steps > 0 && row !== 1 && row !== 6)) {
    throw new RangeError(`Height row ${row} cannot have ${steps} further rolls; only rows 1 and 6 roll again.`);
  }
  const base = entry.hands * INCHES_PER_HAND;
  const breakdown: BreakdownLine[] = [line(`Height table row ${row} (${entry.imperial})`, base, '001 §Secondary Attributes, Height')];
  if (steps > 0) {
    const delta = (row === 1 ? -1 : 1) * steps * HEIGHT_STEP_INCHES;
    breakdown.push(line(`${steps} further ${row === 1 ? '1' : '6'}${steps === 1 ? '' : 's'} rolled`, delta, '001 §Secondary Attributes, Height notes'));
  }
  const inches = breakdown.reduce((s, l) => s + l.value, 0);
  return {
    row,
    steps,
    inches,
    hands: inches / INCHES_PER_HAND,
    imperial: formatFeetInches(inches),
    explained: { value: inches, breakdown },
  };
}

/**
 * Rolls height (001 §Secondary Attributes, Height). Reading of the notes "Roll again on 1:
 * subtract 4" each time" (and the same for 6, adding): a first roll of 1 gives 4'8" and the
 * player rolls again; every further 1 takes off 4" and calls for another roll; the first roll
 * that is not a 1 ends it and changes nothing. Likewise upward from 6'4" on 6s.
 */
export function rollHeight(dice: Dice): RolledHeight {
  const first = dice.roll('1d6', 'creation: Height');
  const rolls: Roll[] = [first];
  const row = first.total;
  let steps = 0;
  if (row === 1 || row === 6) {
    for (let i = 1; i <= MAX_HEIGHT_REROLLS; i++) {
      const again = dice.roll('1d6', `creation: Height (roll again on ${row}, ${i})`);
      rolls.push(again);
      if (again.total !== row) break;
      steps++;
    }
  }
  return { ...heightFor(row, steps), rolls };
}

/** 001 §Secondary Attributes, Weight: "A stone is 14 pounds". */
export const POUNDS_PER_STONE = 14;
/** 001 §Secondary Attributes, Weight: the player may choose a base between 8 and 12 stones. */
export const BASE_WEIGHT_CHOICE = { min: 8, max: 12 } as const;

/** 001 §Secondary Attributes, Weight table, transcribed (a roll of 6 gives 13 stones). */
export const WEIGHT_TABLE: readonly { readonly d6: number; readonly stones: number; readonly lbs: number }[] = [
  { d6: 1, stones: 8, lbs: 112 },
  { d6: 2, stones: 9, lbs: 126 },
  { d6: 3, stones: 10, lbs: 140 },
  { d6: 4, stones: 11, lbs: 154 },
  { d6: 5, stones: 12, lbs: 168 },
  { d6: 6, stones: 13, lbs: 182 },
];

export interface Weight {
  /** May end in .5: STR ÷ 2 is kept exact (001 gives no rounding), which is a whole 7 lbs. */
  readonly stones: number;
  readonly lbs: number;
  /** In stones. */
  readonly explained: Explained<number>;
}

/** 001 §Secondary Attributes, Weight: 1d6 on the table for the base weight in stones. */
export function rollBaseWeight(dice: Dice): { readonly stones: number; readonly roll: Roll } {
  const roll = dice.roll('1d6', 'creation: base Weight');
  const entry = WEIGHT_TABLE.find((r) => r.d6 === roll.total);
  if (entry === undefined) throw new RangeError(`Base weight roll must be 1 to 6 (got ${roll.total}).`);
  return { stones: entry.stones, roll };
}

/**
 * Final weight = base + STR ÷ 2 stones (001 §Secondary Attributes, Weight). `baseStones` is a
 * chosen 8–12 or a rolled 8–13 (the table's row 6).
 */
export function finalWeight(baseStones: number, STR: number): Weight {
  const min = BASE_WEIGHT_CHOICE.min;
  const max = WEIGHT_TABLE[WEIGHT_TABLE.length - 1]?.stones ?? BASE_WEIGHT_CHOICE.max;
  if (!Number.isInteger(baseStones) || baseStones < min || baseStones > max) {
    throw new RangeError(`Base weight must be a whole number of stones from ${min} to ${max} (got ${baseStones}).`);
  }
  if (!Number.isInteger(STR)) throw new RangeError(`STR must be a whole number (got ${STR}).`);
  const breakdown = [
    line('base weight (stones)', baseStones, '001 §Secondary Attributes, Weight'),
    line(`STR ${STR} ÷ 2 (stones)`, STR / 2, '001 §Secondary Attributes, Weight'),
  ];
  const stones = baseStones + STR / 2;
  return { stones, lbs: stones * POUNDS_PER_STONE, explained: { value: stones, breakdown } };
}
