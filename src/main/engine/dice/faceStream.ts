import { toDiceSpec } from './parse';
import { makeRoll } from './roll';
import { DiceError } from './types';
import type { Dice, DiceSpec, Roll } from './types';

/**
 * Faces the GM typed for a command as one run, as a player reads off the dice they rolled
 * (RULINGS G3): each roll the command makes takes the next faces it needs, in order, whatever
 * the GM typed between them. A command that stops early (a push control roll that loses the
 * spell, an attack that misses) leaves the rest unused: `unused()` names them, `used()` gives
 * the faces of each roll made, as the log keeps entered dice (one list per roll).
 *
 * A face that does not fit its die (not a whole number from 1 to the die's sides) is refused
 * with a `DiceError` and consumes nothing; running out names the roll that needed more.
 */
export interface FaceStream extends Dice {
  readonly kind: 'entered';
  /** The faces of each roll made so far, one list per roll. */
  used(): number[][];
  /** The faces typed and not taken by any roll. */
  unused(): number[];
}

export function createFaceStream(faces: readonly number[]): FaceStream {
  const typed = Object.freeze([...faces]);
  const taken: number[][] = [];
  let next = 0;
  return {
    kind: 'entered',
    roll(expression: string | DiceSpec, label: string): Roll {
      const spec = toDiceSpec(expression);
      const left = typed.length - next;
      if (left < spec.count) {
        const more = spec.count - left;
        throw new DiceError(
          `needs ${more} more ${more === 1 ? 'die' : 'dice'} for ${label} (${spec.notation}): all ${typed.length} entered ${typed.length === 1 ? 'face has' : 'faces have'} been used.`,
        );
      }
      const entry = typed.slice(next, next + spec.count);
      const bad = entry.filter((f) => !Number.isInteger(f) || f < 1 || f > spec.sides);
      if (bad.length > 0) {
        throw new DiceError(
          `Entered dice for ${label} (${spec.notation}): ${bad.join(', ')} ${bad.length === 1 ? 'is' : 'are'} not a face of a d${spec.sides} (whole numbers 1 to ${spec.sides}).`,
        );
      }
      next += spec.count;
      taken.push([...entry]);
      return makeRoll(spec, entry, 'entered', label);
    },
    used: () => taken.map((f) => [...f]),
    unused: () => typed.slice(next),
  };
}
