import { toDiceSpec } from './parse';
import { makeRoll } from './roll';
import { DiceError } from './types';
import type { DiceSpec, EnteredDice, Roll } from './types';

/**
 * Dice whose faces the GM typed in because a player rolled at the table (RULINGS G3: the roll
 * is recorded with the entered faces and marked as entered).
 *
 * Each roll takes the next entry, in order. An entry that does not fit the roll (wrong number
 * of faces, a face that is not a whole number from 1 to the die's sides) is refused with a
 * `DiceError` and is NOT consumed: a failed roll changes nothing.
 */
export function createEnteredDice(entries: readonly (readonly number[])[]): EnteredDice {
  if (!Array.isArray(entries) || !entries.every((e) => Array.isArray(e))) {
    throw new DiceError('Entered dice must be a list of face lists, e.g. [[3, 5], [6]].');
  }
  const queue: readonly (readonly number[])[] = entries.map((e) => Object.freeze([...e]));
  let next = 0;
  return {
    kind: 'entered',
    roll(expression: string | DiceSpec, label: string): Roll {
      const spec = toDiceSpec(expression);
      const entry = queue[next];
      if (entry === undefined) {
        throw new DiceError(`needs ${spec.count} more dice for ${label} (${spec.notation}): all ${queue.length} entered rolls have been used.`);
      }
      if (entry.length !== spec.count) {
        throw new DiceError(
          `Entered dice for ${label} (${spec.notation}) need ${spec.count} ${spec.count === 1 ? 'face' : 'faces'}, got ${entry.length}: [${entry.join(', ')}].`,
        );
      }
      const bad = entry.filter((f) => !Number.isInteger(f) || f < 1 || f > spec.sides);
      if (bad.length > 0) {
        throw new DiceError(
          `Entered dice for ${label} (${spec.notation}): ${bad.join(', ')} ${bad.length === 1 ? 'is' : 'are'} not a face of a d${spec.sides} (whole numbers 1 to ${spec.sides}).`,
        );
      }
      next++;
      return makeRoll(spec, entry, 'entered', label);
    },
    remaining(): number {
      return queue.length - next;
    },
  };
}
