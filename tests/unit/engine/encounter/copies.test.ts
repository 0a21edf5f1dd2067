/**
 * The engine's shallow copies (encounter/copies.ts) write object literals instead of spreads so V8
 * keeps one hidden class per kind (for the replay's and the simulated fights' time budgets). Each
 * must be exactly the spread it replaces: the same keys in the same order with the same values,
 * whatever keys the object has. The general code (the spread) stands beside each copy here,
 * compared over every state of seeded fights and the benchmark's replay, and over objects with
 * keys added, dropped and reordered.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import { apply } from '../../../../src/main/engine/encounter/apply';
import {
  copyFigure,
  copyState,
  copyTurn,
  copyTurnState,
  hasKeysInOrder,
  setTurnState,
  withTurn,
  withTurnChange,
} from '../../../../src/main/engine/encounter/copies';
import { EncounterStateSchema, turnStateOf, type EncounterState, type TurnState } from '../../../../src/main/engine/encounter/schema';
import { updateFigure } from '../../../../src/main/engine/encounter/state';
import { DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import { playFight } from '../../../../src/main/engine/tactics/playFight';
import { makeLog } from '../../../support/duelLog';

/** The same object as the spread gives: equal values, the same keys in the same order, a new object. */
function expectSpreadCopy(copy: object, original: object, spread: object, newValues: readonly string[] = []): void {
  const keys = Object.keys(spread);
  const same =
    copy !== original &&
    Object.keys(copy).join() === keys.join() &&
    JSON.stringify(copy) === JSON.stringify(spread) &&
    keys.every((k) => newValues.includes(k) || (copy as Record<string, unknown>)[k] === (spread as Record<string, unknown>)[k]);
  checked++;
  if (same) return;
  expect(copy).not.toBe(original);
  expect({ keys: Object.keys(copy), copy }).toEqual({ keys, copy: spread }); // shows the difference
  expect.unreachable('a value of the copy is not the one the spread holds');
}
let checked = 0;

function playedStates(): EncounterState[] {
  const rules = rulesFor(DEFAULT_RULES);
  const sample = EncounterStateSchema.parse(JSON.parse(readFileSync('resources/sample-campaign/encounters/ford-ambush.json', 'utf8')).initial);
  const states: EncounterState[] = [];
  for (const seed of [2, 7]) {
    const fight = playFight(sample, rules, { seed, maxTurns: 10, keepCommands: true });
    const dice = createSeededDice(seed);
    let s = sample;
    for (const c of fight.commands ?? []) states.push((s = apply(s, c, dice, rules).state));
  }
  const { start, log } = makeLog(600);
  const dice = createSeededDice(11);
  let s = start;
  for (const c of log) states.push((s = apply(s, c, dice).state));
  return states;
}

describe('shallow copies of the encounter objects', () => {
  const states = playedStates();

  it('are the spread of every state, turn state, figure and figure turn of seeded play', () => {
    for (const s of states.filter((_, i) => i % 2 === 0)) {
      expectSpreadCopy(copyState(s), s, { ...s });
      const ts = turnStateOf(s);
      expectSpreadCopy(copyTurnState(ts), ts, { ...ts });
      for (const f of s.figures) {
        expectSpreadCopy(copyFigure(f), f, { ...f });
        expectSpreadCopy(copyTurn(f.turn), f.turn, { ...f.turn });
        const turn = { ...f.turn, shots: 3 };
        expectSpreadCopy(withTurn(f, turn), f, { ...f, turn });
        const changed = withTurnChange(f, { option: 'c', stride: 2 });
        expectSpreadCopy(changed, f, { ...f, turn: { ...f.turn, option: 'c', stride: 2 } }, ['turn']);
        expectSpreadCopy(changed.turn, f.turn, { ...f.turn, option: 'c', stride: 2 });
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  }, 60_000);

  it('change the turn state as the spread of the change over it does, new keys last', () => {
    const changes: Partial<TurnState>[] = [
      { actionDone: ['x'] },
      { moveGroups: [] },
      { opportunities: [], moveDone: [] },
      { retreatOffers: [], retreatDone: ['y'] },
      {},
    ];
    for (const s of states.filter((_, i) => i % 7 === 0)) {
      for (const change of changes) {
        const general = { ...s, turnState: { ...turnStateOf(s), ...change } };
        const fast = setTurnState(s, change);
        expect(Object.keys(fast)).toEqual(Object.keys(general));
        expect(Object.keys(fast.turnState!)).toEqual(Object.keys(general.turnState));
        expect(JSON.stringify(fast)).toBe(JSON.stringify(general));
      }
    }
  });

  it('are the spread of objects whose keys were dropped, added or reordered', () => {
    const s = states.at(-1)!;
    const f = s.figures[0]!;
    const cases: [object, (o: never) => object][] = [
      [s, copyState],
      [turnStateOf(s), copyTurnState],
      [f, copyFigure],
      [f.turn, copyTurn],
    ];
    for (const [original, copy] of cases) {
      const keys = Object.keys(original);
      fc.assert(
        fc.property(
          fc.shuffledSubarray(keys),
          fc.array(fc.constantFrom('art', 'magic', 'extra', 'nextId', 'moveGroups', 'stride'), { maxLength: 3 }),
          fc.boolean(),
          (kept, added, undefinedValue) => {
            const o: Record<string, unknown> = {};
            for (const k of kept) o[k] = undefinedValue && k === kept[0] ? undefined : (original as Record<string, unknown>)[k];
            for (const k of added) o[k] = k.length;
            expectSpreadCopy(copy(o as never), o, { ...o });
          },
        ),
      );
    }
  });

  it('are not made when a figure update changes nothing: the state is kept', () => {
    const s = states.at(-1)!;
    const f = s.figures[3]!;
    expect(updateFigure(s, f.id, (x) => x)).toBe(s);
    const changed = updateFigure(s, f.id, (x) => withTurnChange(x, { shots: x.turn.shots + 1 }));
    expect(changed).not.toBe(s);
    expect(Object.keys(changed)).toEqual(Object.keys(s));
    expect(changed.figures.filter((x, i) => x !== s.figures[i])).toHaveLength(1);
  });

  it('know an object by its keys in order, not by their number', () => {
    expect(hasKeysInOrder({ a: 1, b: 2 }, ['a', 'b'])).toBe(true);
    expect(hasKeysInOrder({ b: 2, a: 1 }, ['a', 'b'])).toBe(false);
    expect(hasKeysInOrder({ a: 1 }, ['a', 'b'])).toBe(false);
    expect(hasKeysInOrder({ a: 1, b: 2, c: 3 }, ['a', 'b'])).toBe(false);
    expect(hasKeysInOrder({ a: undefined, b: 2 }, ['a', 'b'])).toBe(true);
  });
});
