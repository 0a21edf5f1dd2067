import type { EncounterState } from '../engine/encounter/schema';
import type { FightResult } from '../engine/tactics/playFight';
import type { Rules } from '../engine/rules';
import type { TacticsSettings } from '../engine/tactics/types';
import type { FightReplay } from './fightReplay';

/** What the pool asks a simulation worker: play these seeds from this state. */
export interface FightBatch {
  readonly type: 'fights';
  readonly batchId: number;
  readonly state: EncounterState;
  readonly rules: Rules;
  readonly seeds: readonly number[];
  readonly maxTurns: number;
  readonly settings: TacticsSettings;
}

/** What the pool asks a worker to replay one fight step by step (`fightReplay.ts`). */
export interface ReplayJob {
  readonly type: 'replay';
  readonly batchId: number;
  readonly state: EncounterState;
  readonly rules: Rules;
  readonly seed: number;
  readonly maxTurns: number;
  readonly settings: TacticsSettings;
}

/**
 * Fights of the open encounter played only to get the worker's code compiled and tuned before a
 * run needs it (a fresh worker plays its first hundred fights several times slower); nothing of
 * them is kept. Fights follow one another until `forMs` has passed, the last one cut at that time.
 */
export interface WarmUpJob {
  readonly type: 'warmUp';
  readonly batchId: number;
  readonly state: EncounterState;
  readonly rules: Rules;
  readonly maxTurns: number;
  readonly settings: TacticsSettings;
  readonly firstSeed: number;
  readonly forMs: number;
}

export type WorkerJob = FightBatch | ReplayJob | WarmUpJob;

/** What the pool gives a worker when it starts it. */
export interface WorkerSetup {
  /** One Int32 the workers add each fight they finish to, shared with the pool (`SimulationPool.fightsPlayed`). */
  readonly played: SharedArrayBuffer;
}

export type WorkerReply =
  | { readonly type: 'fights'; readonly batchId: number; readonly results: readonly FightResult[] }
  | { readonly type: 'replay'; readonly batchId: number; readonly replay: FightReplay }
  | { readonly type: 'warmedUp'; readonly batchId: number; readonly fights: number; readonly ms: number }
  | { readonly type: 'failed'; readonly batchId: number; readonly message: string }
  /** The pool stopped the worker (its run was cancelled, or the pool closed) before it answered. */
  | { readonly type: 'stopped'; readonly batchId: number };
