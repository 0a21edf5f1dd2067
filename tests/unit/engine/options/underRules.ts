/**
 * Encounter test helpers for a rule set other than Pillars' defaults (RULINGS O1–O4): apply with
 * exactly the entered faces (all used) and the invariants checked, refusals, events by type, and
 * a turn brought to its first movement phase.
 */
import { expect } from 'vitest';
import { apply } from '../../../../src/main/engine/encounter/apply';
import type { EncounterEvent } from '../../../../src/main/engine/encounter/events';
import { checkInvariants } from '../../../../src/main/engine/encounter/invariants';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import type { RuleSet } from '../../../../src/main/engine/rules';
import type { Command } from '../../../../src/shared/contract/commands';
import { AppError } from '../../../../src/shared/errors';

export interface Applied {
  readonly state: EncounterState;
  readonly events: readonly EncounterEvent[];
  readonly rolls: readonly { total: number; label: string }[];
}

export function ofType<T extends EncounterEvent['type']>(events: readonly EncounterEvent[], type: T): Extract<EncounterEvent, { type: T }>[] {
  return events.filter((e): e is Extract<EncounterEvent, { type: T }> => e.type === type);
}

/** The helpers, applying under `defaults` unless a test names other rules. */
export function underRules(defaults: RuleSet) {
  function run(state: EncounterState, command: Command, faces: number[][] = [], rules: RuleSet = defaults): Applied {
    const dice = createEnteredDice(faces);
    const r = apply(state, command, dice, rules);
    expect(dice.remaining(), `unused dice for ${command.type}`).toBe(0);
    expect(checkInvariants(r.state, rules)).toEqual([]);
    return r;
  }

  function refused(state: EncounterState, command: Command, rules: RuleSet = defaults): string {
    try {
      apply(state, command, createEnteredDice([]), rules);
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      return (e as AppError).message;
    }
    throw new Error(`expected ${command.type} to be refused`);
  }

  /** Side a wins initiative (6 to 1) and moves first; on to Initial Movement (RULINGS T1, T2). */
  function moving(state: EncounterState, rules: RuleSet = defaults): EncounterState {
    const two = state.sides.length > 1;
    let s = run({ ...state, phase: 'initiative' }, { type: 'rollInitiative' }, two ? [[6], [1]] : [], rules).state;
    if (two) s = run(s, { type: 'chooseInitiative', sideId: 'a', moveFirst: true }, [], rules).state;
    while (s.phase !== 'initialMovement') s = run(s, { type: 'advancePhase' }, [], rules).state;
    return s;
  }

  return { run, refused, moving };
}
