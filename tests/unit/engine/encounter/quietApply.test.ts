/**
 * Replay's quiet apply (docs/design-notes.md §A quiet replay) builds no events, and must otherwise
 * be `apply`: the same state, the dice drawn to the same place, the same refusals.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import type { Dice, SeededDiceState } from '../../../../src/main/engine/dice/types';
import { apply, applyQuietly } from '../../../../src/main/engine/encounter/apply';
import { EncounterStateSchema, type EncounterState } from '../../../../src/main/engine/encounter/schema';
import type { RuleSet } from '../../../../src/main/engine/rules';
import { playFight } from '../../../../src/main/engine/tactics/playFight';
import type { Command } from '../../../../src/shared/contract/commands';
import { makeLog } from '../../../support/duelLog';
import { RULE_SETS } from '../tactics/randomEncounter';

const digest = (s: EncounterState): string => createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 16);

type Outcome = { readonly state: string } | { readonly refused: string };

/** What one way of applying makes of a command: the state's JSON, or the refusal's kind and words. */
function outcome(step: () => EncounterState): Outcome {
  try {
    return { state: JSON.stringify(step()) };
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    return { refused: `${e.name}: ${e.message}` };
  }
}

/** Applies `command` both ways to the same state, each with its own copy of the dice at `at`. */
function bothWays(state: EncounterState, command: Command, at: SeededDiceState, rules: RuleSet) {
  const loud = createSeededDice(at);
  const quiet = createSeededDice(at);
  const full = outcome(() => apply(state, command, loud, rules).state);
  const lean = outcome(() => applyQuietly(state, command, quiet, rules));
  return { full, lean, fullDice: loud.saveState(), leanDice: quiet.saveState() };
}

/** Faces the seeded dice would roll for `command`, to be typed in as entered dice. */
function facesFor(state: EncounterState, command: Command, at: SeededDiceState, rules: RuleSet): number[][] {
  return apply(state, command, createSeededDice(at), rules).rolls.map((r) => [...r.faces]);
}

function enteredBothWays(state: EncounterState, command: Command, faces: readonly number[][], rules: RuleSet) {
  const loud = createEnteredDice(faces);
  const quiet = createEnteredDice(faces);
  const full = outcome(() => apply(state, command, loud, rules).state);
  const lean = outcome(() => applyQuietly(state, command, quiet, rules));
  return { full, lean, fullLeft: loud.remaining(), leanLeft: quiet.remaining() };
}

describe('applyQuietly is apply without the events', () => {
  it('replays the pinned 5,000-command duel to the same states and dice, command by command', () => {
    const { start, log } = makeLog(5000);
    const run = (step: (s: EncounterState, c: Command, d: Dice) => EncounterState) => {
      const dice = createSeededDice(11);
      const digests: string[] = [];
      const positions: string[] = [];
      let s = start;
      for (const c of log) {
        s = step(s, c, dice);
        digests.push(digest(s));
        positions.push(dice.saveState().state.join(','));
      }
      return { digests, positions, last: s };
    };
    const quiet = run((s, c, d) => applyQuietly(s, c, d));
    const full = run((s, c, d) => apply(s, c, d).state);
    expect(quiet.digests).toEqual(full.digests);
    expect(quiet.positions).toEqual(full.positions);
    // The final state fastPaths.test.ts pins for the same log.
    expect(digest(quiet.last)).toBe('3cd26530663b44a7');
  }, 120_000);

  const sample = EncounterStateSchema.parse(JSON.parse(readFileSync('resources/sample-campaign/encounters/ford-ambush.json', 'utf8')).initial);

  for (const [name, rules] of RULE_SETS) {
    it(`agrees on a sample fight under ${name}, with refusals and entered dice`, () => {
      const fight = playFight(sample, rules, { seed: 5, maxTurns: 4, keepCommands: true });
      const commands = fight.commands ?? [];
      expect(commands.length).toBeGreaterThan(20);
      const dice = createSeededDice(5);
      let state = sample;
      let refusals = 0;
      let entered = 0;
      for (let i = 0; i < commands.length; i++) {
        const command = commands[i]!;
        const at = dice.saveState();
        // Commands the rules refuse here: the one before again, and ending the phase without override.
        const tries: Command[] = [{ type: 'advancePhase' }];
        if (i > 0) tries.push(commands[i - 1]!);
        for (const c of tries) {
          const r = bothWays(state, c, at, rules);
          expect(r.lean).toEqual(r.full);
          expect(r.leanDice).toEqual(r.fullDice);
          if ('refused' in r.full) refusals++;
        }
        const faces = facesFor(state, command, at, rules);
        if (faces.length > 0 && i % 3 === 0) {
          // Typed at the table: all the faces, then one list short (refused: dice missing).
          const whole = enteredBothWays(state, command, faces, rules);
          expect(whole.lean).toEqual(whole.full);
          expect(whole.leanLeft).toBe(whole.fullLeft);
          expect('state' in whole.full).toBe(true);
          const short = enteredBothWays(state, command, faces.slice(0, -1), rules);
          expect(short.lean).toEqual(short.full);
          expect(short.leanLeft).toBe(short.fullLeft);
          expect('refused' in short.full).toBe(true);
          entered++;
        }
        const r = bothWays(state, command, at, rules);
        expect(r.lean).toEqual(r.full);
        expect(r.leanDice).toEqual(r.fullDice);
        state = applyQuietly(state, command, dice, rules);
      }
      expect(refusals).toBeGreaterThan(10);
      expect(entered).toBeGreaterThan(3);
    }, 120_000);
  }
});
