/**
 * Simulation runs for the open encounter: each plays the encounter from where it
 * stands many times on the worker pool and reports the odds as the fights come back. One run at a
 * time; the last few are kept per encounter so the GM can compare ("with a shield"). Every run
 * plays seeds 1…N, so two runs differ only by what the GM changed, not by luck.
 */
import { AppError } from '../../../shared/errors';
import type { SimulationStatus } from '../../../shared/contract/tacticsViews';
import type { EncounterState } from '../../engine/encounter/schema';
import { rulesFor, type Rules } from '../../engine/rules';
import { oddsOf } from '../../engine/tactics/odds';
import { DEFAULT_MAX_TURNS } from '../../engine/tactics/playFight';
import type { Session } from '../../session/session';
import { ReplayCursor } from '../../simulation/fightReplay';
import { SimulationPool, type SimulationRun, type WarmUpRequest } from '../../simulation/pool';

const KEPT_RUNS = 8;

interface RunInputs {
  readonly state: EncounterState;
  readonly rules: Rules;
  readonly maxTurns: number;
  readonly morale: Record<string, number>;
}

/** A simulated fight played again with its commands kept: any state along it, and why each step was taken. */
export interface ReplayedFight {
  readonly runId: number;
  readonly seed: number;
  readonly cursor: ReplayCursor;
  readonly rules: Rules;
}

export interface SimulateArgs {
  readonly fights: number;
  readonly maxTurns: number;
  readonly label?: string;
  readonly morale?: Record<string, number>;
}

const warmUpOf = (state: EncounterState, rules: Rules): WarmUpRequest => ({ state, rules, maxTurns: DEFAULT_MAX_TURNS, settings: {} });

export class Simulations {
  private pool: SimulationPool | null = null;
  private runs: SimulationStatus[] = [];
  private active: { status: SimulationStatus; run: SimulationRun } | null = null;
  private nextId = 1;
  private warmUps = 0;
  private readonly inputs = new Map<number, RunInputs>();
  /** The fight last asked to be replayed, made or being made on the pool: asked again, it is not played again. */
  private replayed: { runId: number; seed: number; fight: Promise<ReplayedFight> } | null = null;

  constructor(
    private readonly workerPath: string | null,
    private readonly onStatus: (status: SimulationStatus) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  list(encounterId: string): SimulationStatus[] {
    return this.runs.filter((r) => r.encounterId === encounterId).reverse();
  }

  start(session: Session, args: SimulateArgs): SimulationStatus {
    if (this.workerPath === null) throw new AppError('rule', 'Simulation is not available in this build of the console (no simulation worker).');
    if (this.active !== null)
      throw new AppError(
        'rule',
        `A simulation is already running (${this.active.status.done} of ${this.active.status.total} fights): cancel it or wait for it first.`,
      );
    const state = session.currentState;
    const sides = state.sides.map((s) => ({ id: s.id, name: s.name }));
    const started = this.now();
    let status: SimulationStatus = {
      runId: this.nextId++,
      encounterId: session.encounterId,
      label: args.label?.trim() || `Run ${this.nextId - 1}`,
      total: args.fights,
      done: 0,
      maxTurns: args.maxTurns,
      state: 'running',
      error: null,
      elapsedMs: 0,
      report: null,
    };
    const update = (next: Partial<SimulationStatus>): void => {
      status = { ...status, ...next, elapsedMs: this.now() - started };
      this.runs = [...this.runs.filter((r) => r.runId !== status.runId), status].slice(-KEPT_RUNS);
      if (this.active !== null) this.active.status = status;
      this.onStatus(status);
    };
    this.inputs.set(status.runId, { state, rules: session.rules, maxTurns: args.maxTurns, morale: { ...(args.morale ?? {}) } });
    for (const id of this.inputs.keys()) if (id <= status.runId - KEPT_RUNS) this.inputs.delete(id);
    this.pool ??= new SimulationPool(this.workerPath);
    const run = this.pool.run(
      { state, rules: session.rules, fights: args.fights, maxTurns: args.maxTurns, settings: { morale: args.morale ?? {} }, firstSeed: 1 },
      (results) => update({ done: results.length, report: oddsOf(results, sides) }),
    );
    this.active = { status, run };
    update({});
    run.done.then(
      ({ results, cancelled }) => {
        update({ done: results.length, state: cancelled ? 'cancelled' : 'finished', report: oddsOf(results, sides) });
        this.active = null;
        // A cancel stopped the run's workers; the GM is on the Odds tab, so its fresh ones warm up.
        if (cancelled) void this.warmAfterCancel(warmUpOf(state, session.rules));
      },
      (e: unknown) => {
        update({ state: 'failed', error: e instanceof Error ? e.message : String(e) });
        this.active = null;
      },
    );
    return status;
  }

  /**
   * The GM opened the Odds tab: the workers get ready on the open encounter while the GM reads it,
   * so the first run does not pay for their start (the console's choice; see `SimulationPool.warm`).
   * Nothing to do while a run is going, a replay holds a worker, or without a worker. True when the
   * workers are warming up (from this call or an earlier one).
   */
  prepare(session: Session): boolean {
    if (this.workerPath === null || this.active !== null) return false;
    if (this.warming) return true;
    this.pool ??= new SimulationPool(this.workerPath);
    if (this.pool.busy > 0) return false;
    this.warm(warmUpOf(session.currentState, session.rules));
    return true;
  }

  /** Whether the workers are playing warm-up fights now. */
  get warming(): boolean {
    return this.warmUps > 0;
  }

  private warm(request: WarmUpRequest): void {
    const pool = this.pool;
    if (pool === null) return;
    this.warmUps++;
    void pool.warm(request).finally(() => this.warmUps--);
  }

  private async warmAfterCancel(request: WarmUpRequest): Promise<void> {
    await this.pool?.whenStopped();
    if (this.active === null && !this.warming) this.warm(request);
  }

  cancel(runId: number): SimulationStatus {
    const found = this.runs.find((r) => r.runId === runId);
    if (found === undefined) throw new AppError('not-found', 'There is no such simulation run.');
    if (this.active?.status.runId === runId) this.active.run.cancel();
    return found;
  }

  /**
   * One fight of a run, played again from its seed with every step kept: the
   * same fight the pool played, never mixed into the encounter's log. It is played on the pool
   * (a fight of many figures takes seconds), and the last one is kept.
   */
  replay(runId: number, seed: number): Promise<ReplayedFight> {
    if (this.replayed?.runId === runId && this.replayed.seed === seed) return this.replayed.fight;
    const input = this.inputs.get(runId);
    if (input === undefined) throw new AppError('not-found', 'That simulation run is no longer kept: simulate again to replay its fights.');
    if (this.workerPath === null) throw new AppError('rule', 'Simulation is not available in this build of the console (no simulation worker).');
    this.pool ??= new SimulationPool(this.workerPath);
    const fight = this.pool
      .replay({ state: input.state, rules: input.rules, seed, maxTurns: input.maxTurns, settings: { morale: input.morale } })
      .then((replay) => ({ runId, seed, cursor: new ReplayCursor(replay, rulesFor(input.rules)), rules: input.rules }));
    const asked = { runId, seed, fight };
    this.replayed = asked;
    // A replay that failed is not kept: asked again, it is tried again.
    fight.catch(() => this.replayed === asked && (this.replayed = null));
    return fight;
  }

  async close(): Promise<void> {
    this.active?.run.cancel();
    await this.pool?.close();
    this.pool = null;
  }
}
