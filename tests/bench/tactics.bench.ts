/**
 * Budgets of the tactics (benchmarks, not timed tests):
 * - one proposal for a figure on a 30 × 20 map with 10 figures: median ≤ 2 ms;
 * - 1,000 simulated fights of the sample encounter (to the end or 30 turns) on the worker pool,
 *   both cores: ≤ 10 s; 200 fights of a 12-figure encounter: ≤ 10 s.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { EncounterStateSchema, type EncounterState } from '../../src/main/engine/encounter/schema';
import { apply } from '../../src/main/engine/encounter/apply';
import { phaseStatus, isMovementPhase } from '../../src/main/engine/encounter/turn/turn';
import { createSeededDice } from '../../src/main/engine/dice/seeded';
import { DEFAULT_RULES, rulesFor } from '../../src/main/engine/rules';
import { propose } from '../../src/main/engine/tactics/propose';
import { SimulationPool } from '../../src/main/simulation/pool';
import { buildSimulationWorker } from '../support/simulationWorker';
import { skirmish } from '../support/skirmish';

const rules = rulesFor(DEFAULT_RULES);
/** States a figure is due in, across the turn (movement and actions), made by plain commands. */
function dueStates(start: EncounterState): EncounterState[] {
  const dice = createSeededDice(3);
  const out: EncounterState[] = [];
  let s = start;
  for (let i = 0; i < 400 && out.length < 40; i++) {
    const status = phaseStatus(s, rules);
    const due = status.due[0];
    const f = s.figures.find((x) => x.id === due);
    if (f !== undefined && (isMovementPhase(s.phase) || s.phase === 'actions')) out.push(s);
    const p = propose(s, rules);
    s = apply(s, p?.command ?? { type: 'advancePhase', override: true }, dice, rules).state;
  }
  return out;
}

const sample = EncounterStateSchema.parse(JSON.parse(readFileSync('resources/sample-campaign/encounters/ford-ambush.json', 'utf8')).initial);
const states = dueStates(skirmish(10, 30, 20));
let k = 0;
let pool: SimulationPool;

beforeAll(async () => {
  pool = new SimulationPool(await buildSimulationWorker(), 2);
});
afterAll(() => pool.close());

describe('tactics', () => {
  bench('one proposal, 30 × 20 map, 10 figures (budget: median ≤ 2 ms)', () => {
    propose(states[k++ % states.length]!, rules);
  });
});

describe('simulated fights on the worker pool (both cores)', () => {
  const run = (state: EncounterState, fights: number) => () =>
    pool.run({ state, rules: DEFAULT_RULES, fights, maxTurns: 30, settings: {}, firstSeed: 1 }, () => undefined).done.then(() => undefined);
  bench('1,000 fights of the sample encounter (budget ≤ 10 s)', run(sample, 1000), { iterations: 2, warmupIterations: 0, time: 0 });
  bench('200 fights of a 12-figure encounter (budget ≤ 10 s)', run(skirmish(12, 30, 20), 200), { iterations: 2, warmupIterations: 0, time: 0 });
});
