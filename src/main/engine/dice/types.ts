/**
 * Dice (RULINGS G3). Every random number in the engine comes from a `Dice` passed in: either a
 * seeded generator whose state is saved with the encounter, or faces the GM typed in because a
 * player rolled physical dice at the table.
 */
export type DiceKind = 'seeded' | 'entered';

/** A parsed dice expression: `count` dice of `sides` faces, plus `modifier`. */
export interface DiceSpec {
  readonly count: number;
  readonly sides: number;
  readonly modifier: number;
  /** Canonical notation, e.g. `3d6`, `2d6-1`, `1d4`. */
  readonly notation: string;
}

/** One roll as recorded in the log. */
export interface Roll {
  readonly notation: string;
  readonly count: number;
  readonly sides: number;
  readonly modifier: number;
  readonly faces: readonly number[];
  /** Sum of faces plus modifier. */
  readonly total: number;
  readonly kind: DiceKind;
  /** What the roll was for, e.g. "attack roll", "initiative: side Red". */
  readonly label: string;
}

/** JSON-safe state of the seeded generator, saved with the encounter. */
export interface SeededDiceState {
  readonly algorithm: 'xoroshiro128plus';
  readonly state: readonly number[];
}

export interface Dice {
  readonly kind: DiceKind;
  /** Rolls the expression (a notation string or a parsed spec); throws `DiceError` on bad input. */
  roll(expression: string | DiceSpec, label: string): Roll;
}

export interface SeededDice extends Dice {
  readonly kind: 'seeded';
  /** The generator's state now; `createSeededDice(state)` continues the same sequence. */
  saveState(): SeededDiceState;
}

export interface EnteredDice extends Dice {
  readonly kind: 'entered';
  /** How many entered face lists have not been consumed yet. */
  remaining(): number;
}

export class DiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiceError';
  }
}
