/**
 * The simulation pool (issue 16 item 3) on real worker threads: the fights it plays are the ones
 * the engine plays in-process for the same seeds, progress comes after each batch, and a
 * cancelled run stops early.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EncounterStateSchema } from '../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES, rulesFor } from '../../../src/main/engine/rules';
import { playFight } from '../../../src/main/engine/tactics/playFight';
import { MAX_BATCH, nextBatchSize, SimulationPool } from '../../../src/main/simulation/pool';
import { buildSimulationWorker } from '../../support/simulationWorker';

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
        if (r.length >= 20) run?.cancel();
      },
    );
    const { results, cancelled } = await run.done;
    expect(cancelled).toBe(true);
    expect(results.length).toBeLessThan(400);
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'plays its fights on threads niced below the console, which keeps its own priority',
    async () => {
      const nice = () =>
        readdirSync('/proc/self/task').map((task) => {
          // /proc/<pid>/task/<tid>/stat: the nice value is the 19th field (after the command in parentheses).
          const fields = readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ');
          return Number(fields[16]);
        });
      const before = nice().filter((n) => n === 10).length;
      const fresh = new SimulationPool(await buildSimulationWorker(), 2);
      try {
        await fresh.run({ state: sample, rules: DEFAULT_RULES, fights: 40, maxTurns: 1, settings: {}, firstSeed: 1 }, () => undefined).done; // several batches: two workers
        const after = nice();
        expect(after.filter((n) => n === 10).length - before).toBe(2);
        expect(after[0]).toBe(0); // the main thread
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
