/**
 * Budgets of the encounter engine (benchmarks, not timed tests):
 * - `reachable` for a Sprint on a 100 × 100 map with 200 figures: under 1 ms median;
 * - `apply` for an attack: under 0.2 ms median;
 * - replaying a 5,000-command encounter from its log: under 100 ms median.
 */
import { bench, describe } from 'vitest';
import { apply } from '../../src/main/engine/encounter/apply';
import { reachable } from '../../src/main/engine/encounter/movement/reachable';
import { EncounterStateSchema, type EncounterState } from '../../src/main/engine/encounter/schema';
import { createSeededDice } from '../../src/main/engine/dice/seeded';
import type { Command } from '../../src/shared/contract/commands';
import { duel, figure, makeLog } from '../support/duelLog';

function big(): EncounterState {
  const terrain: Record<string, string> = {};
  for (let col = 0; col < 100; col += 7) for (let row = 10; row < 90; row += 3) terrain[`${col},${row - Math.floor(col / 2)}`] = row % 2 ? 'wall' : 'broken';
  const figures = [];
  for (let i = 0; i < 200; i++) figures.push(figure(`f${i}`, i % 2 ? 'b' : 'a', (i * 37) % 100, (i * 53) % 100, i % 6));
  figures[0] = figure('f0', 'a', 50, 50, 0);
  return EncounterStateSchema.parse({
    id: 'big',
    name: 'Big',
    map: { cols: 100, rows: 100, orientation: 'flat', terrain, hidden: [] },
    sides: [
      { id: 'a', name: 'A', color: '#000000' },
      { id: 'b', name: 'B', color: '#ffffff' },
    ],
    figures,
    spells: [],
    turn: 1,
    phase: 'initialMovement',
  });
}

const BIG = big();
const ATTACK_STATE = (() => {
  let s = duel();
  s = {
    ...s,
    phase: 'actions',
    turnState: {
      initiative: null,
      renewOrder: [],
      renewDone: [],
      moveOrder: [],
      moveDone: [],
      actionOrder: ['a0'],
      actionDone: [],
      retreatOffers: [],
      retreatDone: [],
    },
  };
  return s;
})();
const ATTACK: Command = { type: 'attack', figureId: 'a0', targetId: 'b0', weaponId: 'broadsword' };
const { start: LOG_START, log: LOG } = makeLog(5000);
let sink = 0;

describe('encounter engine budgets', () => {
  bench('reachable: Sprint, 100 × 100 map, 200 figures (budget 1 ms)', () => {
    sink += reachable(BIG, 'f0', 'sprint').hexes.length;
  });

  bench('apply: one attack (budget 0.2 ms)', () => {
    sink += apply(ATTACK_STATE, ATTACK, createSeededDice(sink & 0xffff)).events.length;
  });

  bench(
    'replay a 5,000-command log (budget 100 ms)',
    () => {
      const dice = createSeededDice(11);
      let s = LOG_START;
      for (const c of LOG) s = apply(s, c, dice).state;
      sink += s.turn;
    },
    { iterations: 10 },
  );
});
