/**
 * The Odds tab's simulations on a real Core session and real worker threads: opening the tab warms
 * the workers up, a run asked meanwhile takes them over, and after a cancel (which stops the run's
 * workers) the fresh ones warm up again by themselves, the GM being on that tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../../../src/main/host/core';
import { Simulations } from '../../../../src/main/services/tactics/simulations';
import type { SimulationStatus } from '../../../../src/shared/contract/tacticsViews';
import { buildSimulationWorker } from '../../../support/simulationWorker';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../../support/tempCampaign';
import { until } from '../../../support/until';

const dirs = tempDirs();
let core: Core;
let simulations: Simulations;
const statuses: SimulationStatus[] = [];

beforeAll(async () => {
  core = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
  simulations = new Simulations(await buildSimulationWorker(), (s) => statuses.push(s));
}, 120_000);
afterAll(async () => {
  await simulations.close();
  await dirs.cleanup();
});

describe('simulations and their warm-up', () => {
  it('warm up when the tab opens, give way to a run, and warm up again after a cancel', async () => {
    expect(simulations.warming).toBe(false);
    expect(simulations.prepare(core.session)).toBe(true);
    expect(simulations.warming).toBe(true);
    // Opened again while warming: still warming, nothing more started.
    expect(simulations.prepare(core.session)).toBe(true);

    const run = simulations.start(core.session, { fights: 1000, maxTurns: 30 });
    // While a run goes there is nothing to prepare.
    expect(simulations.prepare(core.session)).toBe(false);
    await until('fights to come back', () => statuses.some((s) => s.runId === run.runId && s.done > 0));
    // The warm-up gave its workers to the run.
    await until('the warm-up to give way', () => !simulations.warming);

    simulations.cancel(run.runId);
    await until('the run to stop', () => statuses.some((s) => s.runId === run.runId && s.state === 'cancelled'));
    // The cancel stopped the run's workers; their fresh ones warm up with no call from the tab.
    await until('the fresh workers to warm up', () => simulations.warming);
    expect(statuses.filter((s) => s.runId === run.runId).at(-1)!.done).toBeLessThan(1000);
  }, 120_000);
});
