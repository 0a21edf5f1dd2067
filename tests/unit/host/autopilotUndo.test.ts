/**
 * Undo is the GM's, under the autopilot too (the console's choice): through the real dispatcher
 * and Core, an undo of the autopilot's own step pauses it, it does not play that step again over
 * the redo history, Redo brings the step back, and Resume lets it play on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import type { AutopilotStatus } from '../../../src/shared/contract/tacticsViews';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';
import { until } from '../../support/until';

const dirs = tempDirs();
let core: Core;
const statuses: AutopilotStatus[] = [];

beforeAll(async () => {
  core = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
  core.tactics.onAutopilot((s) => statuses.push(s));
}, 60_000);
afterAll(async () => {
  await core.close();
  await dirs.cleanup();
});

async function ok<T>(channel: string, args: unknown): Promise<T> {
  const r = await core.dispatcher.dispatch('gm', channel, args);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

/** Long enough for an autopilot that did not pause to show its step (0.8 s) and send it, twice over. */
const settle = () => new Promise((r) => setTimeout(r, 2500));

describe('the autopilot and undo', () => {
  it('pauses after an undo, keeps the redo history, and plays on when resumed', async () => {
    await ok('sendCommand', { command: { type: 'rollInitiative' } });
    const init = core.session.currentState.turnState!.initiative!;
    await ok('sendCommand', { command: { type: 'chooseInitiative', sideId: init.rollOrder[0], moveFirst: true } });
    await ok('sendCommand', { command: { type: 'advancePhase' } });
    await ok('sendCommand', { command: { type: 'advancePhase', override: true } });
    expect(core.session.currentState.phase).toBe('initialMovement');
    const due = core.session.currentState.turnState!.moveOrder[0]!;
    const side = core.session.currentState.figures.find((f) => f.id === due)!.sideId;
    const before = core.session.entries.length;
    await ok('setAutopilot', { sideId: side, on: true });
    await until('the autopilot to move the figure due', () => core.session.entries.length > before, 20_000);
    const played = core.session.entries.at(-1)!.command;
    expect(played).toMatchObject({ figureId: due });

    await ok('undo', {});
    expect(core.session.entries.length).toBe(before);
    const paused = await ok<AutopilotStatus>('getAutopilot', {});
    expect(paused.paused).toMatch(/undid a step/);
    await settle();
    // The figure is due again, yet the autopilot waits: the step is still there to redo.
    expect(core.session.entries.length).toBe(before);
    expect(core.session.gmView().history.canRedo).toBe(true);

    await ok('redo', {});
    expect(core.session.entries.at(-1)!.command).toEqual(played);
    await settle();
    expect((await ok<AutopilotStatus>('getAutopilot', {})).paused).not.toBeNull();

    const moved = core.session.entries.length;
    await ok('undo', {});
    const resumed = await ok<AutopilotStatus>('resumeAutopilot', {});
    expect(resumed.paused).toBeNull();
    await until('the autopilot to play again', () => core.session.entries.length >= moved, 20_000);
    expect(core.session.gmView().history.canRedo).toBe(false);
    await ok('setAutopilot', { sideId: side, on: false });
  }, 60_000);

  it('never plays over a redo history it was not resumed over', async () => {
    const status = core.session.currentState;
    expect(status.phase).not.toBe('initiative');
    // The GM undoes with the autopilot off, then turns it on: it waits for Redo or Resume.
    const length = core.session.entries.length;
    await ok('undo', {});
    const due = core.session.currentState.turnState!.moveOrder.find((id) => !core.session.currentState.turnState!.moveDone.includes(id));
    const side = core.session.currentState.figures.find((f) => f.id === due)!.sideId;
    const on = await ok<AutopilotStatus>('setAutopilot', { sideId: side, on: true });
    expect(on.sides).toContain(side);
    await settle();
    expect(core.session.entries.length).toBe(length - 1);
    expect((await ok<AutopilotStatus>('getAutopilot', {})).paused).toMatch(/steps to redo/);
    await ok('setAutopilot', { sideId: side, on: false });
  }, 30_000);
});
