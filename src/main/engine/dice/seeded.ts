import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { toDiceSpec } from './parse';
import { makeRoll } from './roll';
import { DiceError } from './types';
import type { DiceSpec, Roll, SeededDice, SeededDiceState } from './types';

/**
 * The console's own dice (RULINGS G3): xoroshiro128+ from pure-rand, whose state is saved with
 * the encounter so that replaying the log reproduces every roll.
 *
 * Faces come from pure-rand's `uniformInt`, which rejects out-of-range draws instead of taking
 * a remainder, so every face of a die is equally likely.
 */

const INT32_MIN = -0x8000_0000;
const UINT32_MAX = 0xffff_ffff;

function isInt32(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= INT32_MIN && n <= 0x7fff_ffff;
}

function generatorFrom(seedOrState: number | SeededDiceState): RandomGenerator {
  if (typeof seedOrState === 'number') {
    // pure-rand seeds from 32 bits; larger seeds would silently collide, so they are refused.
    if (!Number.isInteger(seedOrState) || seedOrState < INT32_MIN || seedOrState > UINT32_MAX) {
      throw new DiceError(`Dice seed must be a whole number from ${INT32_MIN} to ${UINT32_MAX} (got ${seedOrState}).`);
    }
    return xoroshiro128plus(seedOrState | 0);
  }
  if (seedOrState === null || typeof seedOrState !== 'object') {
    throw new DiceError(`Dice state must be a seed number or a saved state (got ${String(seedOrState)}).`);
  }
  const { algorithm, state } = seedOrState;
  if (algorithm !== 'xoroshiro128plus') {
    throw new DiceError(`Saved dice state uses algorithm "${String(algorithm)}"; only "xoroshiro128plus" is supported.`);
  }
  if (!Array.isArray(state) || state.length !== 4 || !state.every(isInt32)) {
    throw new DiceError('Saved dice state must hold exactly four 32-bit whole numbers.');
  }
  if (state.every((n) => n === 0)) {
    // An all-zero xoroshiro state yields zero forever.
    throw new DiceError('Saved dice state is all zeros, which cannot produce random numbers.');
  }
  return xoroshiro128plusFromState(state);
}

/** Creates seeded dice from a seed, or restores them from `saveState()`'s output. */
export function createSeededDice(seedOrState: number | SeededDiceState): SeededDice {
  const rng = generatorFrom(seedOrState);
  return {
    kind: 'seeded',
    roll(expression: string | DiceSpec, label: string): Roll {
      const spec = toDiceSpec(expression);
      // Sized at once: pushed, a die's one face would take a store of 17.
      const faces = new Array<number>(spec.count);
      for (let i = 0; i < spec.count; i++) faces[i] = uniformInt(rng, 1, spec.sides);
      return makeRoll(spec, faces, 'seeded', label);
    },
    saveState(): SeededDiceState {
      // A fresh plain array of int32 numbers: JSON-safe and detached from the generator.
      return { algorithm: 'xoroshiro128plus', state: [...rng.getState()] };
    },
  };
}
