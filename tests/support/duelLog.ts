/**
 * A fight played by the engine for the benchmarks: pairs of foes face to face, and a log of
 * commands made by playing it, every one of which applies cleanly (real play, not a synthetic
 * repeat of one command).
 */
import { apply } from '../../src/main/engine/encounter/apply';
import { enemiesInFront } from '../../src/main/engine/encounter/turn/options';
import { phaseStatus } from '../../src/main/engine/encounter/turn/turn';
import { EncounterStateSchema, FigureStateSchema, type EncounterState } from '../../src/main/engine/encounter/schema';
import { createSeededDice } from '../../src/main/engine/dice/seeded';
import type { Command } from '../../src/shared/contract/commands';
import { AppError } from '../../src/shared/errors';

export function figure(id: string, sideId: string, col: number, row: number, facing: number) {
  return FigureStateSchema.parse({
    id,
    name: id,
    sideId,
    position: { q: col, r: row - Math.floor(col / 2) },
    facing,
    size: 1,
    posture: 'standing',
    hidden: false,
    gmNotes: '',
    attributes: { STR: 12, DEX: 11 + (col % 4), INT: 10, WIS: 10, CON: 12, CHR: 10 },
    fatigue: { starting: 60, current: 60 },
    body: { starting: 40, current: 40 },
    mana: null,
    equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword', armorId: null, shieldId: null },
  });
}

/** Pairs of foes face to face: a fight that goes on for many turns. */
export function duel(): EncounterState {
  const figures = [];
  for (let i = 0; i < 10; i++) {
    figures.push(figure(`a${i}`, 'a', 2 + i * 2, 10, 0));
    figures.push(figure(`b${i}`, 'b', 3 + i * 2, 10 - 0, 3));
  }
  for (const f of figures) f.position = { q: f.position.q, r: 10 - Math.floor(2 / 2) };
  return EncounterStateSchema.parse({
    id: 'duel',
    name: 'Duel',
    map: { cols: 30, rows: 30, orientation: 'flat', terrain: {}, hidden: [] },
    sides: [
      { id: 'a', name: 'A', color: '#000000' },
      { id: 'b', name: 'B', color: '#ffffff' },
    ],
    figures,
    spells: [],
    turn: 1,
    phase: 'initiative',
  });
}

/** A 5,000-command log made by playing the duel: every command in it applies cleanly. */
export function makeLog(count: number): { start: EncounterState; log: Command[] } {
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
    else if (s.phase === 'initialMovement' || s.phase === 'finalMovement')
      tryApply({ type: 'move', figureId: id, mode: 'stand-still', to: s.figures.find((f) => f.id === id)!.position });
    else if (s.phase === 'actions') {
      const f = s.figures.find((x) => x.id === id)!;
      const foe = enemiesInFront(s, f).find((x) => x.posture !== 'dead');
      if (!(foe && f.equipment.readyWeaponId && tryApply({ type: 'attack', figureId: id, targetId: foe.id, weaponId: f.equipment.readyWeaponId })))
        tryApply({ type: 'pass', figureId: id });
    } else tryApply({ type: 'declineRetreat', figureId: id });
  }
  return { start, log };
}
