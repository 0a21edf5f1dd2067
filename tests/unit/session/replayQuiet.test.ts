/**
 * The session's replays step with the engine's quiet apply (docs/design-notes.md §A quiet replay):
 * they must reach the state and the dice position the full apply reaches, and refuse what it refuses.
 */
import { describe, expect, it } from 'vitest';
import { createSeededDice } from '../../../src/main/engine/dice/seeded';
import type { Dice } from '../../../src/main/engine/dice/types';
import { apply } from '../../../src/main/engine/encounter/apply';
import { enemiesInFront } from '../../../src/main/engine/encounter/turn/options';
import type { EncounterState } from '../../../src/main/engine/encounter/schema';
import { figureById } from '../../../src/main/engine/encounter/state';
import { phaseStatus } from '../../../src/main/engine/encounter/turn/turn';
import { replayForOpen } from '../../../src/main/session/openReplay';
import { diceFor, engineApply, replay, type EngineApply } from '../../../src/main/session/replay';
import type { EncounterFile, LogEntry } from '../../../src/main/store/schema';
import type { Command } from '../../../src/shared/contract/commands';
import { AppError } from '../../../src/shared/errors';
import { duel } from '../../support/duelLog';

/** The engine's full apply under another name: the session steps with it as it is. */
const fullApply: EngineApply = (state, command, dice, rules) => apply(state, command, dice, rules);

const entry = (seq: number, state: EncounterState, command: Command, entered?: number[][]): LogEntry => ({
  seq,
  at: '2026-01-01T00:00:00.000Z',
  turn: state.turn,
  phase: state.phase,
  command,
  ...(entered ? { entered } : {}),
  events: [],
  rolls: [],
});

/**
 * The benchmark duel played as tests/support/duelLog.ts plays it (the one due stands still,
 * strikes a foe in front or passes), with every fifth command that rolls given dice typed in at
 * the table (faces from another seed), and only the commands the rules accept logged.
 */
function duelWithEnteredDice(count: number): { start: EncounterState; entries: LogEntry[] } {
  const start = duel();
  const seeded = createSeededDice(11);
  const table = createSeededDice(99);
  const entries: LogEntry[] = [];
  let s = start;
  let rolling = 0;
  const tryApply = (command: Command): boolean => {
    try {
      // The faces a player rolls at the table, as many as the command asks for.
      const typed: number[][] = [];
      const atTable: Dice = {
        kind: 'entered',
        roll: (notation, label) => {
          const r = table.roll(notation, label);
          typed.push(r.faces.slice());
          return r;
        },
      };
      const rolls = apply(s, command, createSeededDice(seeded.saveState())).rolls.length;
      const entered = rolls > 0 && rolling++ % 5 === 0 ? (apply(s, command, atTable), typed) : undefined;
      const before = s;
      s = apply(s, command, diceFor(entered, seeded)).state;
      entries.push(entry(entries.length + 1, before, command, entered));
      return true;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return false;
    }
  };
  while (entries.length < count) {
    const id = phaseStatus(s).due[0];
    const initiative = s.turnState?.initiative;
    if (s.phase === 'initiative') {
      if (!initiative) tryApply({ type: 'rollInitiative' });
      else if (!initiative.chosen) tryApply({ type: 'chooseInitiative', sideId: id!, moveFirst: true });
      else tryApply({ type: 'advancePhase' });
    } else if (id === undefined) tryApply({ type: 'advancePhase' });
    else if (s.phase === 'initialMovement' || s.phase === 'finalMovement')
      tryApply({ type: 'move', figureId: id, mode: 'stand-still', to: figureById(s, id).position });
    else if (s.phase === 'actions') {
      const f = figureById(s, id);
      const foe = enemiesInFront(s, f).find((x) => x.posture !== 'dead');
      const weaponId = f.equipment.readyWeaponId;
      if (!(foe && weaponId && tryApply({ type: 'attack', figureId: id, targetId: foe.id, weaponId }))) tryApply({ type: 'pass', figureId: id });
    } else tryApply({ type: 'declineRetreat', figureId: id });
  }
  return { start, entries };
}

describe('replay steps quietly and ends where the full apply ends', () => {
  const { start, entries } = duelWithEnteredDice(2000);
  const file = { initial: start, seed: 11 } as const;

  it('plays a log with typed-in dice to the same state and dice position', () => {
    expect(entries.filter((e) => e.entered !== undefined).length).toBeGreaterThan(50);
    const quiet = replay(file, entries);
    const full = replay(file, entries, undefined, fullApply);
    expect(JSON.stringify(quiet.state)).toBe(JSON.stringify(full.state));
    expect(quiet.dice.saveState()).toEqual(full.dice.saveState());
  }, 60_000);

  it('opens the log (checkpoints and turns too) as the full apply does', () => {
    const encounter = { initial: start, seed: 11, rules: undefined } as unknown as EncounterFile;
    const quiet = replayForOpen(encounter, entries, null, engineApply);
    const full = replayForOpen(encounter, entries, null, fullApply);
    expect(JSON.stringify(quiet.state)).toBe(JSON.stringify(full.state));
    expect(quiet.dice.saveState()).toEqual(full.dice.saveState());
    expect(quiet.turns).toEqual(full.turns);
    expect(JSON.stringify([...quiet.checkpoints])).toBe(JSON.stringify([...full.checkpoints]));
  }, 60_000);

  it('refuses a logged command the rules refuse, with the same words', () => {
    // An attack logged in the Initiative phase, before anyone may act.
    const bad = entries.slice(0, 1);
    const at = replay(file, bad, undefined, fullApply).state;
    const attacker = at.figures.find((f) => f.posture !== 'dead')!;
    const target = at.figures.find((f) => f.sideId !== attacker.sideId)!;
    bad.push(entry(2, at, { type: 'attack', figureId: attacker.id, targetId: target.id } as Command));
    const refusal = (engine?: EngineApply): string => {
      try {
        replay(file, bad, undefined, engine);
      } catch (e) {
        if (e instanceof Error) return e.message;
      }
      return 'accepted';
    };
    expect(refusal(fullApply)).not.toBe('accepted');
    expect(refusal()).toBe(refusal(fullApply));
  });
});
