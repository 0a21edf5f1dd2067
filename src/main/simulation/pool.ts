/**
 * Plays many fights on worker threads, so the GM's console stays responsive: a fixed pool of
 * workers, each fed batches of seeds in turn; progress after every batch; a cancelled run stops
 * feeding its batches and ignores any still in flight.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EncounterState } from '../engine/encounter/schema';
import type { Rules } from '../engine/rules';
import type { FightResult } from '../engine/tactics/playFight';
import type { TacticsSettings } from '../engine/tactics/types';
import type { FightBatch, WorkerReply } from './protocol';

export interface SimulationRequest {
  readonly state: EncounterState;
  readonly rules: Rules;
  readonly fights: number;
  readonly maxTurns: number;
  readonly settings: TacticsSettings;
  /** The first seed; fight i plays seed `firstSeed + i`, so any fight can be played again alone. */
  readonly firstSeed: number;
}

export interface SimulationRun {
  /** Every result so far is passed each time a batch comes back. */
  readonly done: Promise<{ readonly results: readonly FightResult[]; readonly cancelled: boolean }>;
  cancel(): void;
}

/** The most fights in one batch: progress comes back at least this often. */
export const MAX_BATCH = 20;
/** Batches shrink as the run nears its end, so that no worker is left alone with a long batch. */
const BATCHES_PER_WORKER_LEFT = 4;

/**
 * How many of the `left` fights the next batch takes (guided scheduling): a share of what is left
 * per worker, at most `MAX_BATCH`, at least one. Fights differ in length (a rout ends in three
 * turns, a stalemate plays thirty), so equal batches to the end left one core idle for the last
 * one; with shrinking batches the workers finish close together.
 */
export function nextBatchSize(left: number, workers: number): number {
  return Math.max(1, Math.min(MAX_BATCH, Math.ceil(left / (workers * BATCHES_PER_WORKER_LEFT))));
}

export class SimulationPool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly waiting: (() => void)[] = [];
  private nextBatch = 1;
  private readonly pending = new Map<number, (reply: WorkerReply) => void>();
  private readonly inFlight = new Map<Worker, number>();
  private closed = false;

  constructor(
    private readonly workerPath: string,
    readonly size = Math.max(1, Math.min(4, availableParallelism())),
  ) {}

  run(request: SimulationRequest, onProgress: (results: readonly FightResult[]) => void): SimulationRun {
    const results: FightResult[] = [];
    let cancelled = false;
    let next = 0;
    const takeSeeds = (): number[] => {
      const size = Math.min(request.fights - next, nextBatchSize(request.fights - next, this.size));
      const seeds = Array.from({ length: size }, (_, i) => request.firstSeed + next + i);
      next += size;
      return seeds;
    };
    const feed = async (): Promise<void> => {
      while (!cancelled && next < request.fights) {
        const worker = await this.take();
        // Sized when a worker is free, from what is left then.
        const seedsOfBatch = cancelled ? [] : takeSeeds();
        if (seedsOfBatch.length === 0) {
          this.give(worker);
          break;
        }
        const reply = await this.send(worker, {
          type: 'fights',
          batchId: 0,
          state: request.state,
          rules: request.rules,
          seeds: seedsOfBatch,
          maxTurns: request.maxTurns,
          settings: request.settings,
        });
        if (this.workers.includes(worker)) this.give(worker);
        else this.waiting.shift()?.();
        if (reply.type === 'failed') throw new Error(`A simulated fight failed: ${reply.message}`);
        if (cancelled) break;
        results.push(...reply.results);
        onProgress(results);
      }
    };
    const feeders = Array.from({ length: Math.min(this.size, request.fights) }, () => feed());
    let stop: () => void = () => undefined;
    // A cancel answers at once with the fights played so far; batches in flight finish unheard.
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const done = Promise.race([Promise.all(feeders), stopped]).then(() => ({ results: [...results].sort((a, b) => a.seed - b.seed), cancelled }));
    return {
      done,
      cancel: () => {
        cancelled = true;
        stop();
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
    this.idle.length = 0;
  }

  private async take(): Promise<Worker> {
    if (this.closed) throw new Error('The simulation pool is closed.');
    const free = this.idle.pop();
    if (free !== undefined) return free;
    if (this.workers.length < this.size) return this.spawn();
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.take();
  }

  private give(worker: Worker): void {
    this.idle.push(worker);
    this.waiting.shift()?.();
  }

  private spawn(): Worker {
    const worker = new Worker(this.workerPath);
    // Idle workers never keep the console's process alive.
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const resolve = this.pending.get(reply.batchId);
      this.pending.delete(reply.batchId);
      this.inFlight.delete(worker);
      resolve?.(reply);
    });
    worker.on('error', (e) => {
      // A worker that died takes only its own batch with it; the pool makes a new one when needed.
      const id = this.inFlight.get(worker);
      this.inFlight.delete(worker);
      this.workers.splice(this.workers.indexOf(worker), 1);
      const resolve = id === undefined ? undefined : this.pending.get(id);
      if (id !== undefined) this.pending.delete(id);
      resolve?.({ type: 'failed', batchId: id ?? 0, message: e.message });
    });
    this.workers.push(worker);
    return worker;
  }

  private send(worker: Worker, batch: FightBatch): Promise<WorkerReply> {
    const batchId = this.nextBatch++;
    return new Promise((resolve) => {
      this.pending.set(batchId, resolve);
      this.inFlight.set(worker, batchId);
      worker.postMessage({ ...batch, batchId });
    });
  }
}
