/**
 * The GM pointing things out to the table: the ping, a GM-only channel that points at a hex of
 * the open map (the projector's ping count grows with each, any other change the GM makes ends it),
 * and the ruler shown on the TV; under blackout the players' copy carries neither.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { Projector } from '../../../src/main/services/projector';
import { projectorForPlayers } from '../../../src/main/projection/screen';
import type { ProjectorState } from '../../../src/shared/contract/channels/display';
import { CHANNELS, type Envelope } from '../../../src/shared/contract';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

const valueOf = <T>(result: Envelope<unknown>): T => {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value as T;
};

describe('pingHex', () => {
  it('pings a hex of the open map for both roles to see, counting up; a player may not ping; a hex off the map is refused', async () => {
    const c = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    const first = valueOf<ProjectorState>(await c.dispatcher.dispatch('gm', 'pingHex', { hex: { q: 12, r: 6 } }));
    expect(first.ping).toEqual({ hex: { q: 12, r: 6 }, seq: 1 });
    expect(CHANNELS.pingHex.result.parse(first)).toEqual(first);
    const second = valueOf<ProjectorState>(await c.dispatcher.dispatch('gm', 'pingHex', { hex: { q: 13, r: 6 } }));
    expect(second.ping).toEqual({ hex: { q: 13, r: 6 }, seq: 2 });
    expect(valueOf<ProjectorState>(await c.dispatcher.dispatch('player', 'getProjector', {})).ping).toEqual(second.ping);
    expect(await c.dispatcher.dispatch('player', 'pingHex', { hex: { q: 12, r: 6 } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await c.dispatcher.dispatch('gm', 'pingHex', { hex: { q: 400, r: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'rule', message: 'Hex 400,0 is not on this map.' },
    });
    expect(await c.dispatcher.dispatch('gm', 'pingHex', { hex: { q: 1.5, r: 0 } })).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
  });

  it('is a moment: a later change of the projector ends it, and the next ping still counts up', () => {
    const projector = new Projector();
    projector.ping({ q: 1, r: 1 });
    expect(projector.set({ blackout: true }).ping).toBeNull();
    expect(projector.ping({ q: 2, r: 1 }).ping).toEqual({ hex: { q: 2, r: 1 }, seq: 2 });
  });

  it('never reaches the players under blackout', () => {
    const projector = new Projector();
    projector.set({ blackout: true });
    const pinged = projector.ping({ q: 3, r: 3 });
    expect(pinged.ping).not.toBeNull();
    expect(projectorForPlayers(pinged).ping).toBeNull();
  });
});

describe('showRuler', () => {
  it("puts the GM's ruler on the TV in main's words (RULINGS A2), takes it down, refuses an end off the map, and shows none under blackout", async () => {
    const c = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    const ends = { from: { q: 9, r: 5 }, to: { q: 16, r: 1 } };
    const shown = valueOf<ProjectorState>(await c.dispatcher.dispatch('gm', 'showRuler', { ends }));
    expect(shown.ruler).toEqual({ ...ends, label: '7 hexes · 2 MH · missiles ±0' });
    expect(valueOf<ProjectorState>(await c.dispatcher.dispatch('player', 'getProjector', {})).ruler).toEqual(shown.ruler);
    expect(await c.dispatcher.dispatch('player', 'showRuler', { ends })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await c.dispatcher.dispatch('gm', 'showRuler', { ends: { ...ends, to: { q: 90, r: 1 } } })).toMatchObject({ ok: false, error: { code: 'rule' } });
    valueOf(await c.dispatcher.dispatch('gm', 'setProjector', { blackout: true }));
    expect(valueOf<ProjectorState>(await c.dispatcher.dispatch('player', 'getProjector', {})).ruler).toBeNull();
    valueOf(await c.dispatcher.dispatch('gm', 'setProjector', { blackout: false }));
    expect(valueOf<ProjectorState>(await c.dispatcher.dispatch('gm', 'showRuler', { ends: null })).ruler).toBeNull();
  });
});
