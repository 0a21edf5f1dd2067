import type { DiceKind, DiceSpec, Roll } from './types';

/** Assembles the logged record of one roll (RULINGS G3: dice, modifier and result). */
export function makeRoll(spec: DiceSpec, faces: readonly number[], kind: DiceKind, label: string): Roll {
  const total = faces.reduce((sum, f) => sum + f, 0) + spec.modifier;
  return {
    notation: spec.notation,
    count: spec.count,
    sides: spec.sides,
    modifier: spec.modifier,
    faces: Object.freeze([...faces]),
    total,
    kind,
    label,
  };
}
