import type { Command } from '../../shared/contract/commands';
import { createSeededDice } from '../engine/dice/seeded';
import { apply, applyQuietly } from '../engine/encounter/apply';
import type { ApplyResult } from '../engine/encounter/events';
import type { EncounterState } from '../engine/encounter/schema';
import type { Rules } from '../engine/rules';
import type { Dice, SeededDice, SeededDiceState } from '../engine/dice/types';
import { createEnteredDice } from '../engine/dice/entered';
import type { EncounterFile, LogEntry } from '../store/schema';

/**
 * The engine's entry point as the session calls it. `rules` are the encounter's own;
 * the engine's `apply` may not take them yet, and a function of fewer parameters fits this type.
 */
export type EngineApply = (state: EncounterState, command: Command, dice: Dice, rules: Rules) => ApplyResult<EncounterState>;
export const engineApply: EngineApply = apply;

export interface Replayed {
  readonly state: EncounterState;
  /** The encounter's generator, advanced past every roll the log made. */
  readonly dice: SeededDice;
}

export interface ReplayStart {
  readonly state: EncounterState;
  readonly dice: SeededDiceState;
}

/** One replayed command's state. */
export type ReplayStep = (state: EncounterState, command: Command, dice: Dice, rules: Rules) => EncounterState;

/**
 * How a replay steps with `engine`: the engine's own `apply` quietly, since replay keeps only the
 * states (docs/design-notes.md §A quiet replay); an engine the session was given, as it is.
 */
export function replayStep(engine: EngineApply): ReplayStep {
  return engine === engineApply ? applyQuietly : (state, command, dice, rules) => engine(state, command, dice, rules).state;
}

export function diceFor(entered: readonly (readonly number[])[] | undefined, seeded: SeededDice): Dice {
  return entered ? createEnteredDice(entered) : seeded;
}

/**
 * Replays a log from the encounter's initial state (or from `start`, a state the log reached
 * before `entries`): the same file always gives the same state. Commands whose dice were entered
 * at the table replay those faces; the rest draw from the encounter's seeded dice in order.
 */
export function replay(
  file: Pick<EncounterFile, 'initial' | 'seed'> & { rules?: Rules },
  entries: readonly LogEntry[],
  start?: ReplayStart,
  engine: EngineApply = engineApply,
): Replayed {
  const dice = createSeededDice(start ? start.dice : file.seed);
  let state = start ? start.state : file.initial;
  const rules = file.rules as Rules;
  const step = replayStep(engine);
  // By index: a cold replay runs unoptimised, where each for…of step allocates its result.
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    state = step(state, entry.command, diceFor(entry.entered, dice), rules);
  }
  return { state, dice };
}
