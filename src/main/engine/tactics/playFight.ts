/**
 * One whole fight played by the tactics module on every side, from a state to its end: a real
 * command through `apply` at every step, with seeded dice, so the same seed gives the same fight
 * and its command list replays it exactly.
 */
import type { Command } from '../../../shared/contract/commands';
import { applyQuietly } from '../encounter/apply';
import type { EncounterState, FigureState } from '../encounter/schema';
import { createSeededDice } from '../dice/seeded';
import { asRuleSet, type Rules, type RuleSet } from '../rules';
import { inFight } from './appraise';
import { proposalCandidates } from './propose';
import { AppError } from '../../../shared/errors';
import type { Dice, DiceSpec, Roll, SeededDiceState } from '../dice/types';
import type { TacticsSettings } from './types';

export interface FightOptions {
  readonly seed: number;
  /** Stalemates end here (the console's choice of a default: 30 turns). */
  readonly maxTurns?: number;
  readonly settings?: TacticsSettings;
  /** Keep the commands and the reason for each, to replay the fight (costs memory over many fights). */
  readonly keepCommands?: boolean;
  /** A `performance.now()` time at which the fight is cut short, as if the turn cap were reached (a warm-up's fights). */
  readonly stopAt?: number;
}

export interface FigureFate {
  readonly id: string;
  readonly name: string;
  readonly sideId: string;
  /** Out of the fight at the end: unconscious or dead (001 §Fatigue Points, §Body Points). */
  readonly down: boolean;
  readonly dead: boolean;
  /** Left the fight by fleeing off the enemy's reach (counted as out, not down). */
  readonly bodyLost: number;
}

export interface FightResult {
  readonly seed: number;
  /** The side still standing; null for a stalemate (turn cap) or when nobody is left. */
  readonly winner: string | null;
  readonly turns: number;
  readonly stalemate: boolean;
  readonly fates: readonly FigureFate[];
  readonly commands?: readonly Command[];
  /** Why each kept command was chosen, in words. */
  readonly reasons?: readonly string[];
  readonly steps: number;
}

export const DEFAULT_MAX_TURNS = 30;
/** A bound on steps per turn, so a fight can never loop: far above what a turn of 250 figures takes. */
const STEPS_PER_TURN_CAP = 4000;

export function sidesStanding(state: EncounterState): string[] {
  return [...new Set(state.figures.filter(inFight).map((f) => f.sideId))];
}

/** Whether figures of two sides are still in the fight; asked after every step, so without building a list. */
function twoSidesStanding(state: EncounterState): boolean {
  let side: string | null = null;
  for (const f of state.figures) {
    if (!inFight(f)) continue;
    if (side === null) side = f.sideId;
    else if (f.sideId !== side) return true;
  }
  return false;
}

export function playFight(start: EncounterState, rules: Rules | RuleSet, options: FightOptions): FightResult {
  const rs = asRuleSet(rules);
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const dice = new RewindableDice(options.seed);
  const commands: Command[] = [];
  const reasons: string[] = [];
  let state = start;
  let steps = 0;
  let stepsThisTurn = 0;
  let turn = state.turn;
  const stopAt = options.stopAt ?? Infinity;
  while (twoSidesStanding(state) && state.turn <= maxTurns + start.turn - 1) {
    if (stopAt !== Infinity && performance.now() >= stopAt) break;
    const step = firstAccepted(state, rs, dice, options.settings ?? {});
    state = step.state;
    if (options.keepCommands === true) {
      commands.push(step.command);
      reasons.push(step.reason);
    }
    steps++;
    if (state.turn !== turn) {
      turn = state.turn;
      stepsThisTurn = 0;
    } else if (++stepsThisTurn > STEPS_PER_TURN_CAP) {
      throw new Error(`simulated fight (seed ${options.seed}) made no progress in turn ${turn}`);
    }
  }
  const standing = sidesStanding(state);
  const stalemate = standing.length > 1;
  return {
    seed: options.seed,
    winner: standing.length === 1 ? standing[0]! : null,
    turns: state.turn - start.turn + (stalemate ? 0 : 1),
    stalemate,
    fates: state.figures.map(fateOf),
    ...(options.keepCommands === true ? { commands, reasons } : {}),
    steps,
  };
}

/**
 * Applies the tactics' candidates in turn with the fight's own dice until the engine accepts one;
 * a refused one gives its dice back, so the kept commands replay the fight exactly. Nothing
 * accepted: the GM's override ends the phase, as at the table.
 */
function firstAccepted(
  state: EncounterState,
  rules: RuleSet,
  dice: RewindableDice,
  settings: TacticsSettings,
): { state: EncounterState; command: Command; reason: string } {
  for (const c of proposalCandidates(state, rules, { settings })) {
    const saved = dice.saveState();
    try {
      return { state: applyQuietly(state, c.command, dice, rules), command: c.command, reason: c.reason };
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      dice.rewind(saved);
    }
  }
  const command: Command = { type: 'advancePhase', override: true };
  return { state: applyQuietly(state, command, dice, rules), command, reason: 'Nothing more the tactics would do in this phase: the GM ends it (override).' };
}

/** Seeded dice that can be wound back to a saved state (a refused command gives its rolls back). */
class RewindableDice implements Dice {
  readonly kind = 'seeded' as const;
  private inner;
  constructor(seed: number) {
    this.inner = createSeededDice(seed);
  }
  roll(expression: string | DiceSpec, label: string): Roll {
    return this.inner.roll(expression, label);
  }
  saveState(): SeededDiceState {
    return this.inner.saveState();
  }
  rewind(saved: SeededDiceState): void {
    this.inner = createSeededDice(saved);
  }
}

function fateOf(f: FigureState): FigureFate {
  return { id: f.id, name: f.name, sideId: f.sideId, down: !inFight(f), dead: f.posture === 'dead', bodyLost: Math.max(0, f.body.starting - f.body.current) };
}
