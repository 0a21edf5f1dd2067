import type { EncounterState } from '../engine/encounter/schema';
import type { FightResult } from '../engine/tactics/playFight';
import type { Rules } from '../engine/rules';
import type { TacticsSettings } from '../engine/tactics/types';

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

export type WorkerReply =
  | { readonly type: 'fights'; readonly batchId: number; readonly results: readonly FightResult[] }
  | { readonly type: 'failed'; readonly batchId: number; readonly message: string };
