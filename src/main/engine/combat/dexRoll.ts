/**
 * A roll of N dice at or under DEX (001 §Special Combat Situations: HTH disengage 4d6 ≤ DEX,
 * forced retreat 3d6 ≤ DEX; 001 §Action Options u: draw dagger 3d6 ≤ DEX).
 *
 * Decision: the target is DEX plus the injury penalty, because 001 §Injury Thresholds & Death
 * puts that penalty on all rolls (RULINGS C4); no other adjDEX row is added, as these rolls
 * name DEX, not adjusted DEX. The automatic results of 001 §Attack Rolls belong to attack rolls
 * only and do not apply here.
 */
import type { Dice, Roll } from '../dice/types';
import { line } from '../explain';
import type { BreakdownLine, Explained } from '../explain';
import { checkWhole } from './check';

export interface DexRollInput {
  readonly dex: number;
  /** Injury penalty (RULINGS C4): a number, or `injuryPenalty(...).explained`. */
  readonly injury?: number | Explained;
}

export interface DexRollResult {
  readonly roll: Roll;
  readonly target: Explained;
  readonly success: boolean;
}

export function dexTarget(input: DexRollInput): Explained {
  checkWhole(input.dex, 'DEX');
  const lines: BreakdownLine[] = [line('DEX', input.dex, '001 §Attributes')];
  if (typeof input.injury === 'number') {
    checkWhole(input.injury, 'Injury penalty');
    if (input.injury !== 0) lines.push(line('Injury penalty', input.injury, '001 §Injury Thresholds & Death; RULINGS C4'));
  } else if (input.injury !== undefined) {
    lines.push(...input.injury.breakdown.filter((l) => l.value !== 0));
  }
  return { value: lines.reduce((t, l) => t + l.value, 0), breakdown: lines };
}

export function dexRoll(dice: Dice, count: 3 | 4, input: DexRollInput, label: string): DexRollResult {
  const target = dexTarget(input);
  const roll = dice.roll({ count, sides: 6, modifier: 0, notation: `${count}d6` }, label);
  return { roll, target, success: roll.total <= target.value };
}
