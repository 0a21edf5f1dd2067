import { line } from '../explain';
import type { Explained } from '../explain';

/** The six core attributes (001 §Attributes, §Core Attributes), in the rulebook's order. */
export const ATTRIBUTE_NAMES = ['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR'] as const;
export type AttributeName = (typeof ATTRIBUTE_NAMES)[number];

export interface Attributes {
  readonly STR: number;
  readonly DEX: number;
  readonly INT: number;
  readonly WIS: number;
  readonly CON: number;
  readonly CHR: number;
}

/**
 * 001 §Determining Core Attributes, the modifier table for 3–18 (8–13 share 0), transcribed.
 */
export const ATTRIBUTE_MODIFIER_TABLE: ReadonlyMap<number, number> = new Map([
  [3, -5],
  [4, -4],
  [5, -3],
  [6, -2],
  [7, -1],
  [8, 0],
  [9, 0],
  [10, 0],
  [11, 0],
  [12, 0],
  [13, 0],
  [14, 1],
  [15, 2],
  [16, 3],
  [17, 4],
  [18, 5],
]);

function checkAttributeValue(value: number): void {
  if (!Number.isInteger(value)) {
    throw new RangeError(`An attribute value must be a whole number (got ${value}).`);
  }
}

/**
 * The modifier for an attribute value: 001's table for 3–18; beyond it RULINGS C1
 * (14 and above: value − 13; 7 and below: value − 8; so 19 → +6, 2 → −6).
 */
export function attributeModifier(value: number): number {
  checkAttributeValue(value);
  const fromTable = ATTRIBUTE_MODIFIER_TABLE.get(value); // 001 §Determining Core Attributes
  if (fromTable !== undefined) return fromTable;
  return value >= 14 ? value - 13 : value - 8; // RULINGS C1
}

/** The modifier with the rule that gave it, for tooltips and the log. */
export function explainAttributeModifier(value: number, name?: AttributeName): Explained<number> {
  const modifier = attributeModifier(value);
  const inTable = ATTRIBUTE_MODIFIER_TABLE.has(value);
  const label = `${name === undefined ? 'attribute' : name} ${value} modifier`;
  const source = inTable ? '001 §Determining Core Attributes' : `RULINGS C1 (${value >= 14 ? 'value − 13' : 'value − 8'})`;
  return { value: modifier, breakdown: [line(label, modifier, source)] };
}
