/** Builders for the tactics tests: an encounter brought to a phase by plain commands (no tactics). */
import { apply } from '../../../../src/main/engine/encounter/apply';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { isMovementPhase, phaseStatus } from '../../../../src/main/engine/encounter/turn/turn';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import { AppError } from '../../../../src/shared/errors';
import type { Command } from '../../../../src/shared/contract/commands';
import type { EncounterState as State } from '../../../../src/main/engine/encounter/schema';
type Phase = State['phase'];
import type { RuleSet } from '../../../../src/main/engine/rules';

/** Every mover stands still; every other step the GM ends by override. */
export function toPhase(start: EncounterState, phase: Phase, rules: RuleSet, seed = 1, dueId?: string): EncounterState {
  const dice = createSeededDice(seed);
  let s = start;
  const arrived = (): boolean => s.phase === phase && (dueId === undefined || phaseStatus(s, rules).due[0] === dueId);
  for (let i = 0; i < 200 && !arrived(); i++) {
    const status = phaseStatus(s, rules);
    const init = s.turnState?.initiative ?? null;
    let command: Command = { type: 'advancePhase', override: true };
    if (s.phase === 'initiative' && init === null) command = { type: 'rollInitiative' };
    else if (s.phase === 'initiative' && !init!.chosen && status.due[0] !== undefined)
      command = { type: 'chooseInitiative', sideId: status.due[0], moveFirst: true };
    else if (isMovementPhase(s.phase) && status.due[0] !== undefined) {
      const f = s.figures.find((x) => x.id === status.due[0])!;
      command = { type: 'move', figureId: f.id, mode: 'stand-still', to: f.position };
    } else if (s.phase === 'actions' && status.due[0] !== undefined) command = { type: 'pass', figureId: status.due[0] };
    s = apply(s, command, dice, rules).state;
  }
  if (!arrived()) throw new Error(`never reached ${phase}${dueId === undefined ? '' : ` with ${dueId} due`}`);
  return s;
}

/** Whether the engine accepts the command (fresh dice: legality does not depend on the faces). */
export function accepts(state: EncounterState, command: Command, rules: RuleSet): string | null {
  try {
    apply(state, command, createSeededDice(99), rules);
    return null;
  } catch (e) {
    if (e instanceof AppError) return e.message;
    throw e;
  }
}
