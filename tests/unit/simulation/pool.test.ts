/**
 * The simulation pool on real worker threads: the fights it plays are the ones
 * the engine plays in-process for the same seeds, progress comes after each batch, a cancelled
 * run stops early and its workers play nothing more, and a fight replayed on a worker steps through
 * the states the engine gives in-process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EncounterStateSchema } from '../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES, rulesFor } from '../../../src/main/engine/rules';
import { apply } from '../../../src/main/engine/encounter/apply';
import { createSeededDice } from '../../../src/main/engine/dice/seeded';
import type { EncounterState } from '../../../src/main/engine/encounter/schema';
import { playFight } from '../../../src/main/engine/tactics/playFight';
import { ReplayCursor, SEGMENT_STEPS } from '../../../src/main/simulation/fightReplay';
import { MAX_BATCH, nextBatchSize, SimulationPool } from '../../../src/main/simulation/pool';
import { buildSimulationWorker } from '../../support/simulationWorker';
import { skirmish } from '../../support/skirmish';

const sample = EncounterStateSchema.parse(JSON.parse(readFileSync('resources/sample-campaign/encounters/ford-ambush.json', 'utf8')).initial);
let pool: SimulationPool;

beforeAll(async () => {
  pool = new SimulationPool(await buildSimulationWorker(), 2);
}, 120_000);
afterAll(() => pool.close());

describe('simulation pool', () => {
  it('plays the same fights as the engine in-process, with progress after each batch', async () => {
    const progress: number[] = [];
    const run = pool.run({ state: sample, rules: DEFAULT_RULES, fights: 50, maxTurns: 12, settings: {}, firstSeed: 500 }, (r) => progress.push(r.length));
    const { results, cancelled } = await run.done;
    expect(cancelled).toBe(false);
    expect(results.map((r) => r.seed)).toEqual(Array.from({ length: 50 }, (_, i) => 500 + i));
    expect(progress.at(-1)).toBe(50);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    const rules = rulesFor(DEFAULT_RULES);
    for (const seed of [500, 523, 549]) expect(results.find((r) => r.seed === seed)).toEqual(playFight(sample, rules, { seed, maxTurns: 12 }));
  }, 120_000);

  it('a cancelled run stops feeding fights and says so', async () => {
    const run: ReturnType<SimulationPool['run']> = pool.run(
      { state: sample, rules: DEFAULT_RULES, fights: 400, maxTurns: 12, settings: {}, firstSeed: 1 },
      (r) => {
        if (r.length >= 20) run.cancel();
      },
    );
    const { results, cancelled } = await run.done;
    expect(cancelled).toBe(true);
    expect(results.length).toBeLessThan(400);
  }, 120_000);

  it('a cancel stops the batches the workers have in hand: no fight is played after it, and the pool plays on afterwards', async () => {
    // Twelve figures: a batch of 20 of these fights keeps a worker busy for seconds.
    const crowd = skirmish(12, 30, 20);
    const before = pool.fightsPlayed;
    const run = pool.run({ state: crowd, rules: DEFAULT_RULES, fights: 400, maxTurns: 30, settings: {}, firstSeed: 1 }, () => undefined);
    while (pool.fightsPlayed === before) await new Promise((r) => setTimeout(r, 5));
    run.cancel();
    const atCancel = pool.fightsPlayed;
    const { cancelled } = await run.done;
    expect(cancelled).toBe(true);
    await pool.whenStopped();
    // Nothing is left running, and no batch waiting for a worker is started later.
    await new Promise((r) => setTimeout(r, 300));
    expect(pool.busy).toBe(0);
    // At most the fight a worker was ending at the very moment of the cancel.
    expect(pool.fightsPlayed - atCancel).toBeLessThanOrEqual(pool.size);
    const again = await pool.run({ state: sample, rules: DEFAULT_RULES, fights: 6, maxTurns: 12, settings: {}, firstSeed: 900 }, () => undefined).done;
    expect(again.results.map((r) => r.seed)).toEqual([900, 901, 902, 903, 904, 905]);
    expect(again.results[3]).toEqual(playFight(sample, rulesFor(DEFAULT_RULES), { seed: 903, maxTurns: 12 }));
  }, 120_000);

  it('a cancel starts no worker for the run’s batches still waiting for one, and leaves a replay on the pool alone', async () => {
    const fresh = new SimulationPool(await buildSimulationWorker(), 2);
    try {
      const crowd = skirmish(12, 30, 20);
      // The replay holds one worker, the run's first batch the other; its second batch waits.
      const replayed = fresh.replay({ state: crowd, rules: DEFAULT_RULES, seed: 3, maxTurns: 30, settings: {} });
      const run = fresh.run({ state: crowd, rules: DEFAULT_RULES, fights: 100, maxTurns: 30, settings: {}, firstSeed: 1 }, () => undefined);
      await new Promise((r) => setTimeout(r, 0));
      expect([fresh.alive, fresh.busy]).toEqual([2, 2]);
      run.cancel();
      expect((await run.done).cancelled).toBe(true);
      await fresh.whenStopped();
      expect([fresh.alive, fresh.busy]).toEqual([1, 1]);
      expect((await replayed).steps).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  }, 180_000);

  it('warms its workers up on an encounter without counting those fights, and gives them up to a run at once', async () => {
    const fresh = new SimulationPool(await buildSimulationWorker(), 2);
    try {
      const request = { state: sample, rules: DEFAULT_RULES, maxTurns: 30, settings: {} };
      let warmedUp = false;
      const warming = fresh.warm(request, 600).then((n) => ((warmedUp = true), n));
      expect([fresh.alive, fresh.busy]).toEqual([2, 2]);
      // A run asked for during the warm-up waits only for the warm-up's current job, and plays its own fights.
      const run = await fresh.run({ state: sample, rules: DEFAULT_RULES, fights: 6, maxTurns: 12, settings: {}, firstSeed: 70 }, () => undefined).done;
      expect(warmedUp).toBe(true);
      expect(await warming).toBe(2);
      expect(run.results.map((r) => r.seed)).toEqual([70, 71, 72, 73, 74, 75]);
      expect(run.results[4]).toEqual(playFight(sample, rulesFor(DEFAULT_RULES), { seed: 74, maxTurns: 12 }));
      expect(fresh.fightsPlayed).toBe(6);
      // Warmed up to the asked time, the workers warm up no more.
      expect(await fresh.warm(request, 600)).toBe(2);
      expect(await fresh.warm(request, 600)).toBe(0);
      expect([fresh.alive, fresh.busy, fresh.fightsPlayed]).toEqual([2, 0, 6]);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('replays a fight on a worker: every step is the state the engine reaches in-process, with its reason, back and forth', async () => {
    const rules = rulesFor(DEFAULT_RULES);
    const seed = 42;
    const replay = await pool.replay({ state: sample, rules: DEFAULT_RULES, seed, maxTurns: 12, settings: {} });
    const fight = playFight(sample, rules, { seed, maxTurns: 12, keepCommands: true });
    const dice = createSeededDice(seed);
    const states: EncounterState[] = [sample];
    for (const c of fight.commands!) states.push(apply(states.at(-1)!, c, dice, rules).state);
    expect(states.length).toBeGreaterThan(3 * SEGMENT_STEPS);
    const cursor = new ReplayCursor(replay, rules);
    expect(cursor.steps).toBe(fight.commands!.length);
    const last = states.length - 1;
    const steps = [0, 1, 2, SEGMENT_STEPS - 1, SEGMENT_STEPS, SEGMENT_STEPS + 3, SEGMENT_STEPS + 1, last, last - 1, 5, 2 * SEGMENT_STEPS, 0, last + 10];
    for (const step of steps) {
      const { state, reason } = await cursor.at(step);
      expect(state, `step ${step}`).toEqual(states[Math.min(step, last)]);
      expect(reason, `reason ${step}`).toBe(step === 0 ? null : fight.reasons![Math.min(step, last) - 1]);
    }
    // Steps asked at once, made in slices that let each other in after every command, are each right.
    const sliced = new ReplayCursor(replay, rules, 0);
    const together = await Promise.all([last, 3, SEGMENT_STEPS + 2, 3, last - 2].map((step) => sliced.at(step)));
    expect(together.map((t) => t.state)).toEqual([states[last], states[3], states[SEGMENT_STEPS + 2], states[3], states[last - 2]]);
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'plays its fights on threads niced below the console, which keeps its own priority',
    async () => {
      // /proc/<pid>/task/<tid>/stat: the nice value is the 19th field (after the command in parentheses).
      const niceOf = (task: string) => Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
      const nice = () => readdirSync('/proc/self/task').map(niceOf);
      // The shared pool's workers stopped by a cancel above must have ended before they are counted.
      await pool.whenStopped();
      const before = nice().filter((n) => n === 10).length;
      const fresh = new SimulationPool(await buildSimulationWorker(), 2);
      try {
        await fresh.run({ state: sample, rules: DEFAULT_RULES, fights: 40, maxTurns: 1, settings: {}, firstSeed: 1 }, () => undefined).done; // several batches: two workers
        const after = nice();
        expect(after.filter((n) => n === 10).length - before).toBe(2);
        // The main thread's id is the process's (not always the lowest listed: ids wrap around).
        expect(niceOf(String(process.pid))).toBe(0);
      } finally {
        await fresh.close();
      }
    },
    120_000,
  );
});

describe('batch sizes', () => {
  it('take a share of what is left per worker, at most MAX_BATCH and at least one, and cover the run exactly', () => {
    expect(nextBatchSize(1000, 2)).toBe(MAX_BATCH);
    expect(nextBatchSize(80, 2)).toBe(10);
    expect(nextBatchSize(7, 2)).toBe(1);
    expect(nextBatchSize(1, 4)).toBe(1);
    for (const [fights, workers] of [
      [1000, 2],
      [200, 2],
      [37, 3],
      [1, 1],
    ] as const) {
      const sizes: number[] = [];
      for (let left = fights; left > 0; left -= sizes.at(-1)!) sizes.push(Math.min(left, nextBatchSize(left, workers)));
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(fights);
      expect(sizes.every((s, i) => i === 0 || s <= sizes[i - 1]!)).toBe(true);
      expect(sizes.at(-1)).toBe(1);
    }
  });
});
