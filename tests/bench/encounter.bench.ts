/**
 * Budgets of the encounter engine (benchmarks, not timed tests):
 * - `reachable` for a Sprint on a 100 × 100 map with 200 figures: under 1 ms median;
 * - `apply` for an attack: under 0.2 ms median;
 * - replaying a 5,000-command encounter from its log: under 100 ms median.
 */
import { bench, describe } from 'vitest';
import { apply } from '../../src/main/engine/encounter/apply';
import { reachable } from '../../src/main/engine/encounter/movement/reachable';
import { enemiesInFront } from '../../src/main/engine/encounter/options';
import { phaseStatus } from '../../src/main/engine/encounter/turn';
import { EncounterStateSchema, FigureStateSchema, type EncounterState } from '../../src/main/engine/encounter/schema';
import { createSeededDice } from '../../src/main/engine/dice/seeded';
import type { Command } from '../../src/shared/commands';
import { AppError } from '../../src/shared/errors';

function figure(id: string, sideId: string, col: number, row: number, facing: number) {
  return FigureStateSchema.parse({
    id, name: id, sideId, position: { q: col, r: row - Math.floor(col / 2) }, facing, size: 1, posture: 'standing', hidden: false, gmNotes: '',
    attributes: { STR: 12, DEX: 11 + (col % 4), INT: 10, WIS: 10, CON: 12, CHR: 10 },
    fatigue: { starting: 60, current: 60 }, body: { starting: 40, current: 40 }, mana: null,
    equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword', armorId: null, shieldId: null },
  });
}

function big(): EncounterState {
  const terrain: Record<string, string> = {};
  for (let col = 0; col < 100; col += 7) for (let row = 10; row < 90; row += 3) terrain[`${col},${row - Math.floor(col / 2)}`] = row % 2 ? 'wall' : 'broken';
  const figures = [];
  for (let i = 0; i < 200; i++) figures.push(figure(`f${i}`, i % 2 ? 'b' : 'a', (i * 37) % 100, (i * 53) % 100, i % 6));
  figures[0] = figure('f0', 'a', 50, 50, 0);
  return EncounterStateSchema.parse({
    id: 'big', name: 'Big', map: { cols: 100, rows: 100, orientation: 'flat', terrain, hidden: [] },
    sides: [{ id: 'a', name: 'A', color: '#000000' }, { id: 'b', name: 'B', color: '#ffffff' }],
    figures, spells: [], turn: 1, phase: 'initialMovement',
  });
}

/** Pairs of foes face to face: a fight that goes on for many turns. */
function duel(): EncounterState {
  const figures = [];
  for (let i = 0; i < 10; i++) {
    figures.push(figure(`a${i}`, 'a', 2 + i * 2, 10, 0));
    figures.push(figure(`b${i}`, 'b', 3 + i * 2, 10 - 0, 3));
  }
  for (const f of figures) f.position = { q: f.position.q, r: 10 - Math.floor(2 / 2) };
  return EncounterStateSchema.parse({
    id: 'duel', name: 'Duel', map: { cols: 30, rows: 30, orientation: 'flat', terrain: {}, hidden: [] },
    sides: [{ id: 'a', name: 'A', color: '#000000' }, { id: 'b', name: 'B', color: '#ffffff' }],
    figures, spells: [], turn: 1, phase: 'initiative',
  });
}

/** A 5,000-command log made by playing the duel: every command in it applies cleanly. */
function makeLog(count: number): { start: EncounterState; log: Command[] } {
  const start = duel();
  const dice = createSeededDice(11);
  let s = start;
  const log: Command[] = [];
  const tryApply = (c: Command): boolean => {
    const saved = dice.saveState();
    try {
      s = apply(s, c, dice).state;
      log.push(c);
      return true;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      Object.assign(dice, createSeededDice(saved));
      return false;
    }
  };
  while (log.length < count) {
    const st = phaseStatus(s);
    const id = st.due[0];
    if (s.phase === 'initiative') {
      if (!s.turnState?.initiative) tryApply({ type: 'rollInitiative' });
      else if (!s.turnState.initiative.chosen) tryApply({ type: 'chooseInitiative', sideId: st.due[0]!, moveFirst: true });
      else tryApply({ type: 'advancePhase' });
    } else if (id === undefined) tryApply({ type: 'advancePhase' });
    else if (s.phase === 'initialMovement' || s.phase === 'finalMovement') tryApply({ type: 'move', figureId: id, mode: 'stand-still', to: s.figures.find((f) => f.id === id)!.position });
    else if (s.phase === 'actions') {
      const f = s.figures.find((x) => x.id === id)!;
      const foe = enemiesInFront(s, f).find((x) => x.posture !== 'dead');
      if (!(foe && f.equipment.readyWeaponId && tryApply({ type: 'attack', figureId: id, targetId: foe.id, weaponId: f.equipment.readyWeaponId }))) tryApply({ type: 'pass', figureId: id });
    } else tryApply({ type: 'declineRetreat', figureId: id });
  }
  return { start, log };
}

const BIG = big();
const ATTACK_STATE = (() => {
  let s = duel();
  s = { ...s, phase: 'actions', turnState: { initiative: null, renewOrder: [], renewDone: [], moveOrder: [], moveDone: [], actionOrder: ['a0'], actionDone: [], retreatOffers: [], retreatDone: [] } };
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

  bench('replay a 5,000-command log (budget 100 ms)', () => {
    const dice = createSeededDice(11);
    let s = LOG_START;
    for (const c of LOG) s = apply(s, c, dice).state;
    sink += s.turn;
  }, { iterations: 10 });
});
