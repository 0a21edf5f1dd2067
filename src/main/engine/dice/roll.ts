import type { DiceKind, DiceSpec, Roll } from './types';

/**
 * Assembles the logged record of one roll (RULINGS G3: dice, modifier and result). The roll keeps
 * `faces` itself, frozen: callers hand over an array no one else holds (a cold replay makes
 * thousands of rolls, and copying each one's faces was garbage).
 */
export function makeRoll(spec: DiceSpec, faces: readonly number[], kind: DiceKind, label: string): Roll {
  let total = spec.modifier;
  for (let i = 0; i < faces.length; i++) total += faces[i]!;
  return {
    notation: spec.notation,
    count: spec.count,
    sides: spec.sides,
    modifier: spec.modifier,
    faces: Object.freeze(faces),
    total,
    kind,
    label,
  };
}
