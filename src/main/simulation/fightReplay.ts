/**
 * One simulated fight played again step by step, for the Odds tab's replay. Playing it is the
 * costly part (the tactics weigh every step), so a simulation worker does that: it keeps every
 * command, and every `CHECKPOINT_STEPS` steps the state as JSON text with the dice there (text
 * passes between threads as one copy and is read only when asked). Main then makes any step's state
 * from the checkpoint before it, applying at most `CHECKPOINT_STEPS - 1` commands, and stepping on
 * from where it stood costs one.
 */
import type { Command } from '../../shared/commands';
import { createSeededDice } from '../engine/dice/seeded';
import type { SeededDice, SeededDiceState } from '../engine/dice/types';
import { applyQuietly } from '../engine/encounter/apply';
import type { EncounterState } from '../engine/encounter/schema';
import { rulesFor, type Rules, type RuleSet } from '../engine/rules';
import { playFight } from '../engine/tactics/playFight';
import type { TacticsSettings } from '../engine/tactics/types';

export const CHECKPOINT_STEPS = 32;

export interface FightReplay {
  readonly seed: number;
  readonly commands: readonly Command[];
  /** Why each command was chosen, in words. */
  readonly reasons: readonly string[];
  /** Checkpoint i: the state after i × `CHECKPOINT_STEPS` commands, as JSON, and the dice's state there. */
  readonly checkpoints: readonly { readonly state: string; readonly dice: SeededDiceState }[];
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
  // The same seeded dice the fight rolled, command after command: the kept commands replay it exactly.
  const dice = createSeededDice(inputs.seed);
  const checkpoints: { state: string; dice: SeededDiceState }[] = [];
  let state = inputs.state;
  for (let i = 0; i <= commands.length; i++) {
    if (i % CHECKPOINT_STEPS === 0) checkpoints.push({ state: JSON.stringify(state), dice: dice.saveState() });
    if (i < commands.length) state = applyQuietly(state, commands[i]!, dice, rules);
  }
  return { seed: inputs.seed, commands, reasons: fight.reasons ?? [], checkpoints };
}

/** A replayed fight walked on main: any step's state, made from the nearest checkpoint or from the step it stood on. */
export class ReplayCursor {
  private at: { step: number; state: EncounterState; dice: SeededDice } | null = null;

  constructor(
    readonly replay: FightReplay,
    private readonly rules: RuleSet,
  ) {}

  /** Steps in the fight: its states are steps 0 (the start) to `steps`. */
  get steps(): number {
    return this.replay.commands.length;
  }

  stateAt(step: number): EncounterState {
    const target = Math.max(0, Math.min(step, this.steps));
    const checkpoint = Math.floor(target / CHECKPOINT_STEPS);
    if (this.at === null || this.at.step > target || Math.floor(this.at.step / CHECKPOINT_STEPS) < checkpoint) {
      const saved = this.replay.checkpoints[checkpoint]!;
      this.at = { step: checkpoint * CHECKPOINT_STEPS, state: JSON.parse(saved.state) as EncounterState, dice: createSeededDice(saved.dice) };
    }
    const at = this.at;
    while (at.step < target) at.state = applyQuietly(at.state, this.replay.commands[at.step++]!, at.dice, this.rules);
    return at.state;
  }
}
