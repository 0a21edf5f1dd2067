/**
 * Plays many fights on worker threads, so the GM's console stays responsive: a fixed pool of
 * workers, each fed batches of seeds in turn; progress after every batch. A cancelled run feeds no
 * more batches and stops the workers playing its batches at once (a fight of many figures can take
 * seconds, so waiting for the batch to end would keep cores busy long after the GM said stop); the
 * pool starts fresh workers when next needed. A fight replayed step by step runs here too, ahead of
 * any batch still waiting for a worker.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EncounterState } from '../engine/encounter/schema';
import type { Rules } from '../engine/rules';
import type { FightResult } from '../engine/tactics/playFight';
import type { TacticsSettings } from '../engine/tactics/types';
import type { FightReplay, ReplayInputs } from './fightReplay';
import type { WorkerJob, WorkerReply, WorkerSetup } from './protocol';

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

/** What a warm-up plays: fights of the open encounter, as a run would play them. */
export type WarmUpRequest = Omit<SimulationRequest, 'fights' | 'firstSeed'>;

/**
 * How long each worker warms up in all (the console's choice, from this machine: a fresh worker's
 * first ~150 fights of the sample encounter take ~5 s; by then it plays them ~4 times faster), and
 * in one job: a run that wants the worker waits at most one job.
 */
export const WARM_UP_MS = 5000;
const WARM_UP_JOB_MS = 250;

/** A job handed to a worker: who it is for (a run, or a replay) and where its reply goes. */
interface Handed {
  readonly batchId: number;
  readonly owner: object;
  readonly answer: (reply: WorkerReply) => void;
}

interface Waiter {
  readonly owner: object;
  /** A worker for the taker, or null when its run was cancelled while it waited. */
  readonly give: (worker: Worker | null) => void;
  readonly refuse: (e: Error) => void;
}

export class SimulationPool {
  private readonly workers = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly waiting: Waiter[] = [];
  private readonly handed = new Map<Worker, Handed>();
  private nextBatch = 1;
  private closed = false;
  private readonly played = new Int32Array(new SharedArrayBuffer(4));
  private readonly ending = new Set<Promise<unknown>>();
  /** How long each live worker has warmed up for. */
  private readonly warmedMs = new WeakMap<Worker, number>();

  constructor(
    private readonly workerPath: string,
    readonly size = Math.max(1, Math.min(4, availableParallelism())),
  ) {}

  /** Fights the workers have finished since the pool began, counted as each ends (also those of a run cancelled since). */
  get fightsPlayed(): number {
    return Atomics.load(this.played, 0);
  }

  /** Workers started and not stopped. */
  get alive(): number {
    return this.workers.size;
  }

  /** Workers with a job in hand now. */
  get busy(): number {
    return this.handed.size;
  }

  /** Resolves once every worker the pool has stopped (a cancel, a failure) has ended. */
  async whenStopped(): Promise<void> {
    while (this.ending.size > 0) await Promise.all([...this.ending]);
  }

  run(request: SimulationRequest, onProgress: (results: readonly FightResult[]) => void): SimulationRun {
    const owner = {};
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
        const worker = await this.take(owner, false);
        if (worker === null) break;
        // Sized when a worker is free, from what is left then.
        const seedsOfBatch = cancelled ? [] : takeSeeds();
        if (seedsOfBatch.length === 0) {
          this.give(worker);
          break;
        }
        const reply = await this.send(worker, owner, {
          type: 'fights',
          batchId: 0,
          state: request.state,
          rules: request.rules,
          seeds: seedsOfBatch,
          maxTurns: request.maxTurns,
          settings: request.settings,
        });
        if (reply.type === 'stopped' || cancelled) break;
        if (reply.type === 'failed') throw new Error(`A simulated fight failed: ${reply.message}`);
        if (reply.type !== 'fights') throw new Error(`A simulation worker answered a batch with a ${reply.type}.`);
        results.push(...reply.results);
        onProgress(results);
      }
    };
    const feeders = Array.from({ length: Math.min(this.size, request.fights) }, () => feed());
    let stop: () => void = () => undefined;
    // A cancel answers at once with the fights played so far.
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const done = Promise.race([Promise.all(feeders), stopped]).then(() => ({ results: [...results].sort((a, b) => a.seed - b.seed), cancelled }));
    return {
      done,
      cancel: () => {
        cancelled = true;
        stop();
        // Its feeders waiting for a worker go without one (so none is started for them), then its batches stop.
        for (const waiter of this.waiting.filter((w) => w.owner === owner)) {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          waiter.give(null);
        }
        for (const [worker, job] of this.handed) if (job.owner === owner) this.stop(worker);
      },
    };
  }

  /**
   * Gets the workers ready before a run needs them (the GM has the Odds tab open): each free
   * worker, started if need be, plays fights of `request` until it has warmed up for `totalMs` in
   * all, in short jobs, and stops as soon as a run or a replay waits for a worker. Resolves with how
   * many workers played warm-up fights.
   */
  async warm(request: WarmUpRequest, totalMs = WARM_UP_MS): Promise<number> {
    const owner = {};
    const ready: Worker[] = [];
    while (!this.closed && this.waiting.length === 0) {
      const worker = this.idle.pop() ?? (this.workers.size < this.size ? this.spawn() : undefined);
      if (worker === undefined) break;
      ready.push(worker);
    }
    const warmed = await Promise.all(ready.map((worker) => this.warmUp(worker, owner, request, totalMs)));
    return warmed.filter(Boolean).length;
  }

  private async warmUp(worker: Worker, owner: object, request: WarmUpRequest, totalMs: number): Promise<boolean> {
    let firstSeed = 1;
    let played = false;
    while (!this.closed && this.waiting.length === 0 && (this.warmedMs.get(worker) ?? 0) < totalMs) {
      const reply = await this.send(worker, owner, { type: 'warmUp', batchId: 0, ...request, firstSeed, forMs: WARM_UP_JOB_MS });
      if (reply.type !== 'warmedUp') return played;
      played = true;
      this.warmedMs.set(worker, (this.warmedMs.get(worker) ?? 0) + reply.ms);
      firstSeed += reply.fights;
      // Answered, the worker went back to the pool: warm it on only if nobody took it meanwhile.
      const free = this.idle.indexOf(worker);
      if (free < 0) return played;
      this.idle.splice(free, 1);
    }
    this.give(worker);
    return played;
  }

  /** Plays one fight again with what a step-by-step replay needs, on the first free worker. */
  async replay(inputs: ReplayInputs): Promise<FightReplay> {
    const owner = {};
    const worker = (await this.take(owner, true))!;
    const reply = await this.send(worker, owner, { type: 'replay', batchId: 0, ...inputs });
    if (reply.type === 'replay') return reply.replay;
    throw new Error(reply.type === 'failed' ? `The replayed fight failed: ${reply.message}` : 'The replay was stopped.');
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.refuse(new Error('The simulation pool is closed.'));
    for (const worker of [...this.workers]) this.stop(worker);
    await this.whenStopped();
  }

  /** A free worker, or a new one while the pool has room; else the next one freed (a replay waits ahead of batches). */
  private take(owner: object, first: boolean): Promise<Worker | null> {
    if (this.closed) return Promise.reject(new Error('The simulation pool is closed.'));
    const free = this.idle.pop();
    if (free !== undefined) return Promise.resolve(free);
    if (this.workers.size < this.size) return Promise.resolve(this.spawn());
    return new Promise((give, refuse) => (first ? this.waiting.unshift({ owner, give, refuse }) : this.waiting.push({ owner, give, refuse })));
  }

  private give(worker: Worker): void {
    if (!this.workers.has(worker)) return;
    const waiter = this.waiting.shift();
    if (waiter !== undefined) waiter.give(worker);
    else this.idle.push(worker);
  }

  /** Ends a worker now, whatever it is doing; its job is answered `why`, and a waiting taker gets a new worker. */
  private stop(worker: Worker, why: WorkerReply = { type: 'stopped', batchId: 0 }): void {
    if (!this.workers.delete(worker)) return;
    const i = this.idle.indexOf(worker);
    if (i >= 0) this.idle.splice(i, 1);
    const ended = worker.terminate().finally(() => this.ending.delete(ended));
    this.ending.add(ended);
    this.answer(worker, why);
    const waiter = this.closed ? undefined : this.waiting.shift();
    waiter?.give(this.spawn());
  }

  private answer(worker: Worker, reply: WorkerReply): void {
    const job = this.handed.get(worker);
    if (job === undefined) return;
    this.handed.delete(worker);
    job.answer({ ...reply, batchId: job.batchId });
  }

  private spawn(): Worker {
    const worker = new Worker(this.workerPath, { workerData: { played: this.played.buffer as SharedArrayBuffer } satisfies WorkerSetup });
    // Idle workers never keep the console's process alive.
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.answer(worker, reply));
    let failure = 'The simulation worker stopped.';
    worker.on('error', (e) => (failure = e.message));
    // A worker that died takes only its own job with it; the pool makes a new one when needed.
    worker.on('exit', () => this.stop(worker, { type: 'failed', batchId: 0, message: failure }));
    this.workers.add(worker);
    return worker;
  }

  private send(worker: Worker, owner: object, job: WorkerJob): Promise<WorkerReply> {
    const batchId = this.nextBatch++;
    return new Promise<WorkerReply>((resolve) => {
      this.handed.set(worker, {
        batchId,
        owner,
        answer: (reply) => {
          this.give(worker);
          resolve(reply);
        },
      });
      worker.postMessage({ ...job, batchId });
    });
  }
}
