/**
 * The engine's tactics through the real dispatcher and Core on a temp data folder: a suggestion for
 * the step the sample encounter waits on, the autopilot playing a side as normal logged commands,
 * and a simulation on real worker threads reporting the odds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import type { AutopilotStatus, SimulationStatus } from '../../../src/shared/contract/tacticsViews';
import { buildSimulationWorker } from '../../support/simulationWorker';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';
import { until } from '../../support/until';

const dirs = tempDirs();
let core: Core;
const simulations: SimulationStatus[] = [];
const autopilots: AutopilotStatus[] = [];

beforeAll(async () => {
  core = await Core.start(
    { dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, simulationWorker: await buildSimulationWorker() },
    recordingSink(),
  );
  core.tactics.onSimulation((s) => simulations.push(s));
  core.tactics.onAutopilot((s) => autopilots.push(s));
}, 120_000);
afterAll(async () => {
  await core.close();
  await dirs.cleanup();
});

async function ok<T>(channel: string, args: unknown): Promise<T> {
  const r = await core.dispatcher.dispatch('gm', channel, args);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

describe('tactics channels', () => {
  it('suggests the step the encounter waits on, with the reason; players may not ask', async () => {
    const r = await ok<{ proposal: { command: { type: string }; reason: string } | null }>('suggestStep', {});
    expect(r.proposal?.command.type).toBe('rollInitiative');
    expect(r.proposal?.reason).toContain('RULINGS T2');
    const refused = await core.dispatcher.dispatch('player', 'suggestStep', {});
    expect(refused.ok).toBe(false);
  });

  it('the autopilot plays its side as normal logged commands, and only its side', async () => {
    await ok('sendCommand', { command: { type: 'rollInitiative' } });
    const init = core.session.currentState.turnState!.initiative!;
    await ok('sendCommand', { command: { type: 'chooseInitiative', sideId: init.rollOrder[0], moveFirst: true } });
    await ok('sendCommand', { command: { type: 'advancePhase' } });
    await ok('sendCommand', { command: { type: 'advancePhase', override: true } });
    expect(core.session.currentState.phase).toBe('initialMovement');
    const before = core.session.entries.length;
    await ok('setAutopilot', { sideId: 'foes', on: true });
    // Whenever a Ford Raider is due, the autopilot moves it; party figures wait for the GM.
    const foes = core.session.currentState.figures.filter((f) => f.sideId === 'foes').map((f) => f.id);
    const party = core.session.currentState.figures.filter((f) => f.sideId === 'party');
    for (let i = 0; i < 6 && core.session.currentState.phase === 'initialMovement'; i++) {
      const due = core.session.currentState.turnState!.moveOrder.find((id) => !core.session.currentState.turnState!.moveDone.includes(id));
      if (due === undefined) break;
      if (foes.includes(due)) await until(`${due} to move`, () => core.session.currentState.turnState!.moveDone.includes(due), 20_000);
      else {
        const f = party.find((x) => x.id === due)!;
        await ok('sendCommand', { command: { type: 'move', figureId: f.id, mode: 'stand-still', to: f.position } });
      }
    }
    const made = core.session.entries
      .slice(before)
      .filter((e) => e.command.type === 'move')
      .map((e) => (e.command as { figureId: string }).figureId);
    expect(made.filter((id) => foes.includes(id)).sort()).toEqual([...foes].sort());
    expect(autopilots.some((a) => a.sides.includes('foes') && a.last !== null)).toBe(true);
    await ok('setAutopilot', { sideId: 'foes', on: false });
    // Each autopilot step is one undoable command.
    const length = core.session.entries.length;
    await ok('undo', {});
    expect(core.session.entries.length).toBe(length - 1);
  }, 90_000);

  it('simulates the encounter on worker threads, reporting progress and the odds', async () => {
    const logBefore = core.session.entries.length;
    const stateBefore = core.session.currentState;
    // The Odds tab opened: the workers warm up on the encounter (players may not ask); a run asked at once still runs.
    expect(await ok('prepareSimulation', {})).toEqual({ warming: true });
    expect((await core.dispatcher.dispatch('player', 'prepareSimulation', {})).ok).toBe(false);
    const started = await ok<SimulationStatus>('simulate', { fights: 60, maxTurns: 6, label: 'short' });
    expect(started.state).toBe('running');
    expect(await ok('prepareSimulation', {})).toEqual({ warming: false });
    await until('the run to finish', () => simulations.some((s) => s.runId === started.runId && s.state === 'finished'), 120_000);
    const done = simulations.filter((s) => s.runId === started.runId);
    expect(done.length).toBeGreaterThan(2);
    const last = done.at(-1)!;
    expect(last.done).toBe(60);
    expect(last.report!.fights).toBe(60);
    expect(last.report!.sides.map((s) => s.sideId).sort()).toEqual(['foes', 'party']);
    expect(last.report!.stalemates + last.report!.sides.reduce((n, s) => n + s.wins, 0)).toBeLessThanOrEqual(60);
    const listed = await ok<SimulationStatus[]>('listSimulations', {});
    expect(listed[0]!.label).toBe('short');
    // The simulation never touched the real encounter's log.
    expect(core.session.entries.length).toBe(logBefore);
    expect(core.session.currentState).toBe(stateBefore);

    // Replay: a fight of the run, read only, ends as the run reported it.
    const ending = last.report!.endings[0]!;
    const first = await ok<{ step: number; total: number; reason: string }>('replaySimulatedFight', { runId: started.runId, seed: ending.seed, step: 0 });
    expect(first.step).toBe(0);
    expect(first.total).toBeGreaterThan(5);
    const end = await ok<{ step: number; reason: string; view: { encounter: { figures: { name: string; posture: string }[] } } }>('replaySimulatedFight', {
      runId: started.runId,
      seed: ending.seed,
      step: first.total,
    });
    expect(end.reason.length).toBeGreaterThan(5);
    const down = end.view.encounter.figures.filter((f) => f.posture === 'unconscious' || f.posture === 'dead').map((f) => f.name);
    for (const fallen of ending.text.matchAll(/(\w+) (?:down|dead)/g)) expect(down).toContain(fallen[1]);
    expect(core.session.entries.length).toBe(logBefore);

    // A fight not replayed yet is played on a worker: the GM's calls are answered meanwhile.
    const answered: string[] = [];
    const replayed = core.dispatcher.dispatch('gm', 'replaySimulatedFight', { runId: started.runId, seed: 777, step: 3 }).then((r) => {
      expect(r.ok).toBe(true);
      answered.push('replay');
    });
    const gmView = core.dispatcher.dispatch('gm', 'getGmView', {}).then((r) => {
      expect(r.ok).toBe(true);
      answered.push('GM view');
    });
    await Promise.all([replayed, gmView]);
    expect(answered).toEqual(['GM view', 'replay']);
  }, 150_000);
});
