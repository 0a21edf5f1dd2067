/**
 * One simulated fight played again step by step, for the Odds tab's replay. Playing it is the
 * costly part (the tactics weigh every step: seconds for a fight of 64 figures), so a simulation
 * worker does that, and cuts the fight into segments of `SEGMENT_STEPS` steps: each the state at
 * its start with the dice there, and its commands and their reasons, all as JSON text (text passes
 * between threads as one copy, and main reads only the segment asked). Main then makes a step's
 * state from its segment's start, applying at most `SEGMENT_STEPS - 1` commands (about a
 * millisecond each at 64 figures) and letting other work run between them, and keeps the
 * segment's states made, so stepping on costs one command and stepping back none.
 */
import type { Command } from '../../shared/contract/commands';
import { createSeededDice } from '../engine/dice/seeded';
import type { SeededDice, SeededDiceState } from '../engine/dice/types';
import { applyQuietly } from '../engine/encounter/apply';
import type { EncounterState } from '../engine/encounter/schema';
import { rulesFor, type Rules, type RuleSet } from '../engine/rules';
import { playFight } from '../engine/tactics/playFight';
import type { TacticsSettings } from '../engine/tactics/types';

export const SEGMENT_STEPS = 16;
/** Main applies a replay's commands in slices of about this long, letting the GM's calls in between. */
const SLICE_MS = 4;

export interface ReplaySegment {
  /** The state at the segment's first step, and the dice's state there. */
  readonly state: string;
  readonly dice: SeededDiceState;
  /** Its commands (`SEGMENT_STEPS` but in the last), a JSON array. */
  readonly commands: string;
  /** Why the step to each of its states was taken (null for the fight's start), a JSON array. */
  readonly reasons: string;
}

export interface FightReplay {
  readonly seed: number;
  /** Steps in the fight: its states are steps 0 (the start) to `steps`. */
  readonly steps: number;
  readonly segments: readonly ReplaySegment[];
}

export interface ReplayInputs {
  readonly state: EncounterState;
  readonly rules: Rules;
  readonly seed: number;
  readonly maxTurns: number;
  readonly settings: TacticsSettings;
}

/** Plays the fight of `seed` as the pool played it, keeping what a step-by-step replay needs (run in a worker). */
export function replayFight(inputs: ReplayInputs): FightReplay {
  const rules = rulesFor(inputs.rules);
  const fight = playFight(inputs.state, rules, { seed: inputs.seed, maxTurns: inputs.maxTurns, settings: inputs.settings, keepCommands: true });
  const commands = fight.commands ?? [];
  const reasons = fight.reasons ?? [];
  // The same seeded dice the fight rolled, command after command: the kept commands replay it exactly.
  const dice = createSeededDice(inputs.seed);
  const segments: ReplaySegment[] = [];
  let state = inputs.state;
  for (let i = 0; i <= commands.length; i++) {
    if (i % SEGMENT_STEPS === 0) {
      const end = i + SEGMENT_STEPS;
      segments.push({
        state: JSON.stringify(state),
        dice: dice.saveState(),
        commands: JSON.stringify(commands.slice(i, end)),
        reasons: JSON.stringify(i === 0 ? [null, ...reasons.slice(0, end - 1)] : reasons.slice(i - 1, end - 1)),
      });
    }
    if (i < commands.length) state = applyQuietly(state, commands[i]!, dice, rules);
  }
  return { seed: inputs.seed, steps: commands.length, segments };
}

interface OpenSegment {
  readonly index: number;
  readonly commands: readonly Command[];
  readonly reasons: readonly (string | null)[];
  /** The segment's states made so far, from its start; the dice stand after the last. */
  readonly states: EncounterState[];
  readonly dice: SeededDice;
}

/** A replayed fight walked on main: a step's state and the reason for the step that led to it. */
export class ReplayCursor {
  private open: OpenSegment | null = null;

  constructor(
    readonly replay: FightReplay,
    private readonly rules: RuleSet,
    private readonly sliceMs = SLICE_MS,
  ) {}

  get steps(): number {
    return this.replay.steps;
  }

  /**
   * The state at `step` (clamped to the fight), with the reason for the step that led to it (null
   * at the start). Steps asked meanwhile may share a segment: each pass of the loop extends it by
   * one state from its last, with its dice, so they make the same states in any order.
   */
  async at(step: number): Promise<{ state: EncounterState; reason: string | null }> {
    const target = Math.max(0, Math.min(step, this.steps));
    const segment = this.segment(Math.floor(target / SEGMENT_STEPS));
    const offset = target % SEGMENT_STEPS;
    let slice = performance.now();
    while (segment.states.length <= offset) {
      if (performance.now() - slice >= this.sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
      const made = segment.states.length;
      segment.states.push(applyQuietly(segment.states[made - 1]!, segment.commands[made - 1]!, segment.dice, this.rules));
    }
    return { state: segment.states[offset]!, reason: segment.reasons[offset]! };
  }

  private segment(index: number): OpenSegment {
    if (this.open?.index === index) return this.open;
    const saved = this.replay.segments[index]!;
    this.open = {
      index,
      commands: JSON.parse(saved.commands) as Command[],
      reasons: JSON.parse(saved.reasons) as (string | null)[],
      states: [JSON.parse(saved.state) as EncounterState],
      dice: createSeededDice(saved.dice),
    };
    return this.open;
  }
}
