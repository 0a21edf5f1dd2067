import { DiceError } from './types';
import type { DiceSpec } from './types';

/**
 * Dice notation (RULINGS G3: `NdM±K`; a bare `Nd` or "N dice" is d6).
 *
 * Accepted forms (whitespace anywhere, any letter case; `−` `–` `—` count as minus):
 * - `NdM`, `NdM+K`, `NdM-K`, `dM` (one die), `Nd` (N d6), `d%` (one d100, for percentile rolls
 *   in 001 §Character Background)
 * - `N dice`, `1 die`, optionally followed by `+K` / `-K` (004 §Dealing Damage "2 dice")
 * - the damage shorthand `N`, `N+K`, `N-K`, meaning N d6 plus or minus K
 *   (004 §Dealing Damage: "1+1" is 1d6 add 1, "2−2" is 2d6 subtract 2).
 *
 * Decision on a bare number: `3` means 3d6. 001's weapon tables (001 §Knives and Swords and the
 * tables after it) always write damage in full (`2d6−1`), so a bare number never comes from 001;
 * it can only come from 004-style data or a GM typing the shorthand, where the leading number is
 * always the dice count (004 "2 dice", "1+1"). A flat number is not a dice expression here.
 */

export const DICE_LIMITS = {
  minCount: 1,
  maxCount: 100,
  minSides: 2,
  maxSides: 1000,
  /** Largest absolute modifier accepted; not a rule, a guard against typos. */
  maxModifier: 1000,
} as const;

export const ACCEPTED_DICE_FORMS = 'NdM, NdM+K, NdM-K, dM, Nd (d6), d%, "N dice", "1 die", or the damage shorthand N, N+K, N-K (N d6)';

/** Canonical notation: `3d6`, `2d6-1`, `1d6+2` (ASCII minus). */
export function formatDice(count: number, sides: number, modifier: number): string {
  const mod = modifier > 0 ? `+${modifier}` : modifier < 0 ? `-${-modifier}` : '';
  return `${count}d${sides}${mod}`;
}

/**
 * Builds a checked `DiceSpec` from its parts. `input` is what to name in an error message
 * (defaults to the canonical notation).
 */
export function diceSpec(count: number, sides: number, modifier = 0, input?: string): DiceSpec {
  const what = input ?? formatDice(count, sides, modifier);
  const problems: string[] = [];
  if (!Number.isInteger(count) || count < DICE_LIMITS.minCount || count > DICE_LIMITS.maxCount) {
    problems.push(`the number of dice must be a whole number from ${DICE_LIMITS.minCount} to ${DICE_LIMITS.maxCount} (got ${count})`);
  }
  if (!Number.isInteger(sides) || sides < DICE_LIMITS.minSides || sides > DICE_LIMITS.maxSides) {
    problems.push(`the number of sides must be a whole number from ${DICE_LIMITS.minSides} to ${DICE_LIMITS.maxSides} (got ${sides})`);
  }
  if (!Number.isInteger(modifier) || Math.abs(modifier) > DICE_LIMITS.maxModifier) {
    problems.push(`the modifier must be a whole number from -${DICE_LIMITS.maxModifier} to +${DICE_LIMITS.maxModifier} (got ${modifier})`);
  }
  if (problems.length > 0) {
    throw new DiceError(`Dice "${what}": ${problems.join('; ')}.`);
  }
  return { count, sides, modifier, notation: formatDice(count, sides, modifier) };
}

// RULINGS G3: NdM±K, dM, Nd; d% for percentile dice.
const DM_FORM = /^(\d*)d(\d+|%)?([+-]\d+)?$/;
// 004 §Dealing Damage: "2 dice"; 001 "1 die".
const WORD_FORM = /^(\d+)(dice|die)([+-]\d+)?$/;
// 004 §Dealing Damage shorthand: "1+1", "2-2"; a bare "3" is 3d6 (see the decision above).
const SHORTHAND_FORM = /^(\d+)([+-]\d+)?$/;

function modifierOf(text: string | undefined): number {
  return text === undefined ? 0 : Number(text);
}

/** Parses a dice expression; throws `DiceError` naming the input and the accepted forms. */
export function parseDice(text: string): DiceSpec {
  if (typeof text !== 'string') {
    throw new DiceError(`Dice expression must be text (got ${String(text)}). Accepted forms: ${ACCEPTED_DICE_FORMS}.`);
  }
  const compact = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/g, '-')
    .replace(/\s+/g, '');

  const dm = DM_FORM.exec(compact);
  if (dm) {
    const [, countText, sidesText, modText] = dm;
    if (countText === '' && sidesText === undefined) {
      throw unreadable(text);
    }
    const count = countText === undefined || countText === '' ? 1 : Number(countText);
    // RULINGS G3: a bare `Nd` means d6.
    const sides = sidesText === undefined ? 6 : sidesText === '%' ? 100 : Number(sidesText);
    return diceSpec(count, sides, modifierOf(modText), text);
  }
  const word = WORD_FORM.exec(compact);
  if (word) {
    const [, countText, , modText] = word;
    // RULINGS G3: "N dice" means d6.
    return diceSpec(Number(countText), 6, modifierOf(modText), text);
  }
  const shorthand = SHORTHAND_FORM.exec(compact);
  if (shorthand) {
    const [, countText, modText] = shorthand;
    // 004 §Dealing Damage: N±K is N d6 ± K.
    return diceSpec(Number(countText), 6, modifierOf(modText), text);
  }
  throw unreadable(text);
}

function unreadable(text: string): DiceError {
  return new DiceError(`Cannot read dice "${text}". Accepted forms: ${ACCEPTED_DICE_FORMS}.`);
}

/**
 * Resolves what `Dice.roll` receives: a notation is parsed, a spec is re-checked against the
 * limits and given its canonical notation.
 */
export function toDiceSpec(expression: string | DiceSpec): DiceSpec {
  if (typeof expression === 'string') return parsedNotation(expression);
  if (expression === null || typeof expression !== 'object') {
    throw new DiceError(`Dice expression must be text or a dice spec (got ${String(expression)}). Accepted forms: ${ACCEPTED_DICE_FORMS}.`);
  }
  return diceSpec(expression.count, expression.sides, expression.modifier, expression.notation);
}

/**
 * The engine rolls a handful of notations ("1d6", a weapon's damage) thousands of times in a
 * replay: each is read once. Only readable notations are kept (a bad one throws every time), and
 * the specs are frozen, so a caller cannot change another's.
 */
const parsedNotations = new Map<string, DiceSpec>();
const MAX_PARSED_NOTATIONS = 512;

function parsedNotation(text: string): DiceSpec {
  let spec = parsedNotations.get(text);
  if (spec === undefined) {
    spec = Object.freeze(parseDice(text));
    if (parsedNotations.size >= MAX_PARSED_NOTATIONS) parsedNotations.clear();
    parsedNotations.set(text, spec);
  }
  return spec;
}
