import type { Command } from '../../../shared/contract/commands';
import type { Dice } from '../dice/types';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../rules';
import { COMMANDS, type CommandHandler } from './commandTable';
import type { ApplyResult } from './events';
import { seatRiders } from './movement/riderFalls';
import { keepPartySight } from './map/partySight';
import type { EncounterState } from './schema';
import { anyRider } from './state';
import { Tx } from './tx';

/**
 * The engine's one entry point: the next state and what happened. Pure: the same state, command
 * and dice give the same result. `rules` are the campaign's settings (default: RULINGS.md).
 */
export function apply(state: EncounterState, command: Command, dice: Dice, rules: Rules | RuleSet = DEFAULT_RULES): ApplyResult<EncounterState> {
  // The stored settings become the one `Rules` value with the options' strategies (RULINGS O1–O4).
  const tx = new Tx(state, dice, asRuleSet(rules));
  const done = runCommand(tx, state, command) ?? tx.result();
  // Riders go where their mounts go, whatever moved them, and fall when they fall (RULINGS H9);
  // then what the party sees joins what it has explored (partySight.ts).
  const seated = seatRiders(done.state);
  const seen = keepPartySight(seated.state);
  if (seated.events.length === 0 && seen === done.state) return done;
  return { ...done, state: seen, events: [...done.events, ...seated.events] };
}

/**
 * `apply`'s state alone, for a replay that drops the events: the same rules draw the same dice in
 * the same order and refuse the same commands, but build no events (docs/design-notes.md §A quiet replay).
 */
export function applyQuietly(state: EncounterState, command: Command, dice: Dice, rules: Rules | RuleSet = DEFAULT_RULES): EncounterState {
  const tx = new Tx(state, dice, asRuleSet(rules), true);
  const next = (runCommand(tx, state, command) ?? tx).state;
  return keepPartySight(anyRider(next.figures) || next.fallenRiders !== undefined ? seatRiders(next).state : next);
}

/** Applies `command` on `tx`: its result when the command makes one whole, else null (the result is `tx`'s). */
function runCommand(tx: Tx, state: EncounterState, command: Command): ApplyResult<EncounterState> | null {
  const handler = COMMANDS[command.type] as CommandHandler<Command['type']>;
  return handler(tx, command, state) ?? null;
}
