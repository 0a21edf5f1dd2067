/**
 * The stress die of declared intent (RULINGS O4; 003 §1 Movement: "a stress die + Initiative
 * score"). 003 names the die but not how it rolls; the console's reading, a campaign setting:
 * one die of `sides` faces (default d10); when it shows `explodeOn` (default 1) it is rolled
 * again and the new face counts double, and again on each further `explodeOn` (×4, ×8, …).
 * `explodeOn: null` makes it a plain die.
 */
import { DEFAULT_STRESS_DIE, StressDieSchema, type StressDie } from '../../../../shared/contract/rulesSettings';
import type { Dice, Roll } from '../../dice/types';
import { line, type Explained } from '../../explain';

// The stored setting's schema lives with the other rules settings (shared/contract/rulesSettings.ts).
export { DEFAULT_STRESS_DIE, StressDieSchema, type StressDie };

export const STRESS_DIE_SOURCE = "003 §1 Movement; RULINGS O4 (the die's size and roll: the console's choice, a setting)";

/** Not a rule: a guard so that dice that keep showing the exploding face cannot loop forever. */
export const MAX_STRESS_EXPLOSIONS = 20;

export interface StressRoll {
  readonly rolls: readonly Roll[];
  /** 1, 2, 4, … */
  readonly multiplier: number;
  readonly value: Explained<number>;
}

export function rollStressDie(dice: Dice, die: StressDie, label: string): StressRoll {
  const rolls: Roll[] = [];
  let multiplier = 1;
  const notation = `1d${die.sides}`;
  let roll = dice.roll(notation, label);
  rolls.push(roll);
  while (die.explodeOn !== null && roll.total === die.explodeOn) {
    if (rolls.length > MAX_STRESS_EXPLOSIONS) throw new RangeError(`${label}: the stress die exploded more than ${MAX_STRESS_EXPLOSIONS} times.`);
    multiplier *= 2;
    roll = dice.roll(notation, `${label} (exploded ×${multiplier})`);
    rolls.push(roll);
  }
  const value = roll.total * multiplier;
  const text =
    multiplier === 1
      ? `Stress die d${die.sides}: ${roll.total}`
      : `Stress die d${die.sides}: ${rolls.length - 1}× ${die.explodeOn}, then ${roll.total} × ${multiplier}`;
  return { rolls, multiplier, value: { value, breakdown: [line(text, value, STRESS_DIE_SOURCE)] } };
}
