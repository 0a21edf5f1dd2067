import { AppError } from '../../../shared/errors';
import { injuryPenalty } from '../characters/injury';
import type { Dice, Roll } from '../dice/types';
import { explainSum, line } from '../explain';
import type { BreakdownLine, Explained } from '../explain';
import type { Caster, MagicSnapshot, MagicState } from './types';

/** Helpers shared by the magic steps; not part of the public surface. */

export function casterOf(snapshot: MagicSnapshot, id: string): Caster {
  const caster = snapshot.casters.find((c) => c.id === id);
  if (caster === undefined) throw new AppError('not-found', `There is no caster with id "${id}".`);
  return caster;
}

export function withCaster(snapshot: MagicSnapshot, caster: Caster): MagicSnapshot {
  return { ...snapshot, casters: snapshot.casters.map((c) => (c.id === caster.id ? caster : c)) };
}

export function withMagic(snapshot: MagicSnapshot, magic: MagicState): MagicSnapshot {
  return { ...snapshot, magic };
}

export function nextId(magic: MagicState, prefix: string): { id: string; magic: MagicState } {
  const seq = magic.seq + 1;
  return { id: `${prefix}-${seq}`, magic: { ...magic, seq } };
}

/**
 * The injury penalty as a breakdown line (001 §Injury Thresholds & Death: "−1 to all rolls";
 * RULINGS C4), or no line when there is none.
 */
export function injuryLines(caster: Caster): BreakdownLine[] {
  const injury = injuryPenalty({ fatigue: caster.fatigue, body: caster.body });
  if (injury.penalty === 0) return [];
  const worse = injury.worsePool === 'body' ? caster.body : caster.fatigue;
  const name = injury.worsePool === 'body' ? 'Body' : 'Fatigue';
  return [line(`injury (${name} ${worse.current}/${worse.starting})`, injury.penalty, '001 §Injury Thresholds & Death; RULINGS C4')];
}

export function target(lines: readonly BreakdownLine[]): Explained {
  return explainSum(lines);
}

export interface Check {
  readonly roll: Roll;
  readonly success: boolean;
  /** target − roll: positive or zero on a success. */
  readonly margin: number;
}

/** Rolls `notation` and compares it with the target: at or under succeeds. */
export function rollUnder(dice: Dice, label: string, goal: Explained, notation = '3d6'): Check {
  const roll = dice.roll(notation, label);
  return { roll, success: roll.total <= goal.value, margin: goal.value - roll.total };
}

export function requireConscious(caster: Caster, what: string): void {
  if (caster.dead) throw new AppError('rule', `${caster.name} is dead and cannot ${what}.`);
  if (!caster.conscious) throw new AppError('rule', `${caster.name} is unconscious and cannot ${what}.`);
}

export function checkWhole(n: number, what: string, min = 0): void {
  if (!Number.isInteger(n) || n < min) {
    throw new AppError('invalid-args', `${what} must be a whole number ${min} or more (got ${n}).`);
  }
}
