import { createSeededDice } from '../engine/dice/seeded';
import type { SeededDice, SeededDiceState } from '../engine/dice/types';
import type { EncounterState } from '../engine/encounter/schema';
import type { EncounterFile, LogEntry, SnapshotFile } from '../store/schema';
import { diceFor, replayStep, type EngineApply } from './replay';

/** States kept in memory every this many entries, so undo replays at most this many. */
export const CHECKPOINT_EVERY = 64;

export interface Checkpoint {
  readonly state: EncounterState;
  readonly dice: SeededDiceState;
}

export interface OpenedEncounter {
  readonly state: EncounterState;
  readonly dice: SeededDice;
  /** Turn each entry was given in (from the entry, or found by replay for logs older than v2). */
  readonly turns: number[];
  readonly checkpoints: Map<number, Checkpoint>;
  /** How many entries had to be replayed (those after the snapshot, or all without one). */
  readonly replayed: number;
}

/**
 * The state an encounter's log reaches, from its snapshot when one matches the log (the folder
 * checked its hash chain), else from the encounter's initial state (docs/design-notes.md).
 */
export function replayForOpen(file: EncounterFile, entries: readonly LogEntry[], snapshot: SnapshotFile | null, engine: EngineApply): OpenedEncounter {
  const complete = entries.every((e) => e.turn !== undefined);
  const checkpoints = new Map<number, Checkpoint>([[0, { state: file.initial, dice: createSeededDice(file.seed).saveState() }]]);
  let from = 0;
  let state = file.initial;
  let dice = createSeededDice(file.seed);
  if (snapshot && complete) {
    from = snapshot.seq;
    state = snapshot.state;
    dice = createSeededDice(snapshot.dice);
    checkpoints.set(from, { state, dice: dice.saveState() });
  }
  const turns = entries.slice(0, from).map((e) => e.turn!);
  const step = replayStep(engine);
  for (let i = from; i < entries.length; i++) {
    const entry = entries[i]!;
    turns.push(entry.turn ?? state.turn);
    state = step(state, entry.command, diceFor(entry.entered, dice), file.rules);
    if ((i + 1) % CHECKPOINT_EVERY === 0) checkpoints.set(i + 1, { state, dice: dice.saveState() });
  }
  return { state, dice, turns, checkpoints, replayed: entries.length - from };
}
