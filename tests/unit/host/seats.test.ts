/**
 * The table's phones over the real web host: the GM keeps seats, each seat's link opens a socket
 * that reads its own view and hears only its own pushes, and calls nothing else; a new link or a
 * removed seat disconnects the phone; seats outlive a restart.
 */
import { stat } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { Core } from '../../../src/main/host/core';
import { SEATS_FILE } from '../../../src/main/services/seats/seatBook';
import type { ProjectorState } from '../../../src/shared/contract/channels/display';
import type { SeatInfo, SeatList, SeatView } from '../../../src/shared/contract/channels/seats';
import { channelNamesFor, CHANNELS } from '../../../src/shared/contract';
import { SEAT_LINK_ENDED } from '../../../src/shared/seatLink';
import type { WsClient } from '../../support/wsClient';
import { recordingSink, SAMPLE_CAMPAIGN_DIR } from '../../support/tempCampaign';
import { valueOf, webCoreForTests } from '../../support/webCore';

const web = webCoreForTests();

/** Whether the host refuses a socket with this token, and with which status. */
function refusal(token: string, localAddress?: string): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${web.host.port}/ws?token=${token}`, localAddress ? { localAddress } : {});
    web.keep(ws);
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => {});
  });
}

/** The status of a GET from `localAddress`. */
function httpStatus(path: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port: web.host.port, path, localAddress, headers: { host: `127.0.0.1:${web.host.port}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
}

async function twoSeats(gm: WsClient): Promise<{ bram: SeatInfo; ilsa: SeatInfo }> {
  const bram = valueOf<SeatInfo>(await gm.call('saveSeat', { id: null, name: 'Anna', figureIds: ['bram'] }));
  const ilsa = valueOf<SeatInfo>(await gm.call('saveSeat', { id: null, name: 'Ben', figureIds: ['ilsa'] }));
  return { bram, ilsa };
}

describe('seats on the web host', () => {
  it('a seat’s link opens its own card; the other seat never sees the first one’s mana', async () => {
    const gm = await web.socket('gm');
    const { bram, ilsa } = await twoSeats(gm);
    expect(bram.link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${web.host.port}/seat\\.html\\?token=[A-Za-z0-9_-]{24,}$`));
    expect(bram.link).not.toBe(ilsa.link);
    const anna = await web.seatSocket(bram.link!);
    const ben = await web.seatSocket(ilsa.link!);
    const annaView = valueOf<SeatView>(await anna.call('getSeatView', {}));
    const benView = valueOf<SeatView>(await ben.call('getSeatView', {}));
    expect(annaView.card.figures.map((f) => f.name)).toEqual(['Bram']);
    expect(benView.card.figures.map((f) => f.name)).toEqual(['Ilsa']);
    expect(benView.card.figures[0]!.mana).not.toBeNull();
    expect(annaView.encounter).toMatchObject({ name: 'Ambush at the Ford', turn: 1 });
    // Ilsa's mana reaches Ben's socket only.
    const ilsaMana = JSON.stringify(benView.card.figures[0]!.mana);
    expect(anna.frames.join('')).not.toContain(ilsaMana);
  });

  it('a phone gets the table’s own frames and projector, as the player display does', async () => {
    const gm = await web.socket('gm');
    const { bram } = await twoSeats(gm);
    const tv = await web.socket('player');
    const anna = await web.seatSocket(bram.link!);
    expect(valueOf(await anna.call('getPlayerView', {}))).toEqual(valueOf(await tv.call('getPlayerView', {})));
    expect(valueOf(await anna.call('getTableProjector', {}))).toEqual(valueOf(await tv.call('getProjector', {})));
    valueOf(await gm.call('sendCommand', { command: { type: 'moveFigure', figureId: 'grak', to: { q: 15, r: 2 } } }));
    valueOf(await gm.call('setProjector', { blackout: true }));
    // The two sockets are sent the same pushes; each arrives in its own time, so they are compared once both have them all.
    const dark = (pushes: unknown[]) => pushes.some((p) => (p as ProjectorState).blackout);
    await vi.waitFor(() => {
      expect(dark(anna.pushes('tableProjector')) && dark(tv.pushes('projector'))).toBe(true);
      expect(anna.pushes('playerView').length).toBeGreaterThan(1);
      expect(anna.pushes('playerView')).toEqual(tv.pushes('playerView'));
      expect(anna.pushes('tableProjector')).toEqual(tv.pushes('projector'));
    });
    // Nor does a seat hear another seat's view, or the GM's own pushes.
    expect(anna.pushes('gmView')).toEqual([]);
    expect(anna.pushes('projector')).toEqual([]);
  });

  it('a change to a seat’s figure is pushed to that seat alone', async () => {
    const gm = await web.socket('gm');
    const { bram, ilsa } = await twoSeats(gm);
    const anna = await web.seatSocket(bram.link!);
    const ben = await web.seatSocket(ilsa.link!);
    await anna.call('getSeatView', {});
    await ben.call('getSeatView', {});
    valueOf(await gm.call('sendCommand', { command: { type: 'setPools', figureId: 'bram', fatigue: 20 } }));
    const pushed = await anna.waitFor<{ event: string; payload: SeatView }>((m) => m.event === 'seatView');
    expect(pushed.payload.card.figures[0]!.pools[0]!.current).toBe(20);
    expect(pushed.payload.revision).toBeGreaterThan(0);
    // Ben's card did not change: nothing was sent to him (his getSeatView answer was his only frame).
    await gm.call('listSeats', {});
    expect(ben.pushes('seatView')).toEqual([]);
  });

  it('a seat’s token calls only its seat’s channels: every other channel is refused', async () => {
    const gm = await web.socket('gm');
    const { bram } = await twoSeats(gm);
    let anna = await web.seatSocket(bram.link!);
    expect(channelNamesFor('seat')).toEqual(['getPlayerView', 'getTableProjector', 'getSeatView', 'offerSeatDice']);
    // A socket in turn for each 30 calls: a page's own message limit is not what is tested here.
    const names = Object.keys(CHANNELS).filter((n) => !channelNamesFor('seat').includes(n as never));
    for (const [i, name] of names.entries()) {
      if (i > 0 && i % 30 === 0) anna = await web.seatSocket(bram.link!);
      const r = await anna.call(name, {});
      expect(r.ok, name).toBe(false);
      if (!r.ok) expect(r.error.code, name).toBe('forbidden');
    }
    // Nor may the GM or the player page read a seat's view.
    const player = await web.socket('player');
    for (const page of [gm, player]) {
      expect(await page.call('getSeatView', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(await page.call('offerSeatDice', { figureId: 'x', faces: [3] })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  it('a new link disconnects the phone on the old one; a removed seat’s link is refused', async () => {
    const gm = await web.socket('gm');
    const { bram, ilsa } = await twoSeats(gm);
    const anna = await web.seatSocket(bram.link!);
    const closed = new Promise<string>((resolve) => anna.ws.once('close', (code, reason) => resolve(`${code} ${reason.toString()}`)));
    const again = valueOf<SeatInfo>(await gm.call('reissueSeat', { id: bram.id }));
    expect(await closed).toBe(`1008 ${SEAT_LINK_ENDED}`);
    expect(again.link).not.toBe(bram.link);
    expect(await refusal(new URL(bram.link!).searchParams.get('token')!)).toBe(403);
    expect(valueOf<SeatView>(await (await web.seatSocket(again.link!)).call('getSeatView', {})).card.figures[0]!.name).toBe('Bram');

    const list = valueOf<SeatList>(await gm.call('revokeSeat', { id: ilsa.id }));
    expect(list.seats.map((s) => s.name)).toEqual(['Anna']);
    expect(await refusal(new URL(ilsa.link!).searchParams.get('token')!)).toBe(403);
  });

  it('a seat’s code shown on the TV reaches the player display, over a blackout too, and comes down once its phone joins', async () => {
    const gm = await web.socket('gm');
    const { bram, ilsa } = await twoSeats(gm);
    const tv = await web.socket('player');
    valueOf(await gm.call('setProjector', { blackout: true }));
    expect(valueOf(await gm.call('showSeatCode', { id: bram.id }))).toEqual({ shown: { seat: 'Anna', link: bram.link } });
    const shown = await tv.waitFor<{ event: string; payload: ProjectorState }>(
      (m) => m.event === 'projector' && (m.payload as ProjectorState).seatCode !== null,
    );
    expect(shown.payload).toMatchObject({ blackout: true, seatCode: { seat: 'Anna', link: bram.link } });
    // The seat's id stays in main: the TV is told the name and the link it shows, nothing else.
    expect(tv.frames.join('')).not.toContain(bram.id);
    // Ben's phone joining leaves Anna's code up; Anna's joining takes it down.
    await (await web.seatSocket(ilsa.link!)).call('getSeatView', {});
    expect(valueOf<ProjectorState>(await gm.call('getProjector', {})).seatCode).not.toBeNull();
    await (await web.seatSocket(bram.link!)).call('getSeatView', {});
    expect(valueOf<ProjectorState>(await gm.call('getProjector', {})).seatCode).toBeNull();
    await tv.waitFor<{ event: string; payload: ProjectorState }>((m) => m.event === 'projector' && (m.payload as ProjectorState).seatCode === null);
    // A code whose link is ended comes down with it.
    valueOf(await gm.call('showSeatCode', { id: ilsa.id }));
    valueOf(await gm.call('reissueSeat', { id: ilsa.id }));
    expect(valueOf<ProjectorState>(await gm.call('getProjector', {})).seatCode).toBeNull();
    expect(await gm.call('showSeatCode', { id: 'seat-99' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('names are checked: empty, too long or taken is refused with the reason, and nothing changes', async () => {
    const gm = await web.socket('gm');
    await twoSeats(gm);
    expect(await gm.call('saveSeat', { id: null, name: '  ', figureIds: [] })).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(await gm.call('saveSeat', { id: null, name: 'ben', figureIds: [] })).toMatchObject({
      ok: false,
      error: { message: 'There is already a seat called “Ben”.' },
    });
    expect(await gm.call('reissueSeat', { id: 'seat-9' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(valueOf<SeatList>(await gm.call('listSeats', {})).seats.map((s) => s.name)).toEqual(['Anna', 'Ben']);
  });

  it('an address that guesses tokens is held back; this machine’s own pages never are', async () => {
    const wrong = 'x'.repeat(24);
    // 127.0.0.2 is another address on the loopback network: to the host, a phone on the LAN.
    const answers: (number | 'open')[] = [];
    for (let i = 0; i < 12; i++) answers.push(await refusal(wrong, '127.0.0.2'));
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(answers.slice(10)).toEqual([429, 429]);
    const gmToken = new URL(web.host.urls.gm).searchParams.get('token')!;
    expect(await refusal(gmToken, '127.0.0.2')).toBe(429);
    // Every route that reads a token is held back alike, and counts the wrong ones it is shown.
    expect(await httpStatus(`/campaign-assets/${'a'.repeat(64)}.png?token=${gmToken}`, '127.0.0.2')).toBe(429);
    expect(await httpStatus(`/campaign/export?token=${gmToken}`, '127.0.0.2')).toBe(429);
    for (let i = 0; i < 10; i++) expect(await httpStatus(`/campaign-assets/${'a'.repeat(64)}.png?token=${wrong}`, '127.0.0.3')).toBe(403);
    expect(await refusal(gmToken, '127.0.0.3')).toBe(429);
    for (let i = 0; i < 12; i++) expect(await refusal(wrong)).toBe(403);
    expect(await refusal(gmToken)).toBe('open');
  });

  it('seats outlive a restart of the console, in a file only the user may read', async () => {
    const gm = await web.socket('gm');
    const { bram } = await twoSeats(gm);
    const dataDir = join(web.core.campaigns.campaignsHome, '..');
    expect((await stat(join(dataDir, SEATS_FILE))).mode & 0o777).toBe(0o600);
    const again = await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    expect(again.seats.list().seats.map((s) => [s.name, s.figureIds])).toEqual([
      ['Anna', ['bram']],
      ['Ben', ['ilsa']],
    ]);
    expect(again.seats.seatForToken(new URL(bram.link!).searchParams.get('token')!)).toBe(bram.id);
  });
});
