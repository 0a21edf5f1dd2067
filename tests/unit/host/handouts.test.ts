/**
 * Handouts over real sockets and real HTTP: a Core on a temp data folder with the sample
 * campaign, the web host on 127.0.0.1, `ws` clients for the GM and the player page. A handout not
 * shown is never in a player frame and its image is refused to a player token; once shown the
 * players get it, under blackout and after it is taken down they lose it again.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Core } from '../../../src/main/host/core';
import { pushProjector } from '../../../src/main/host/blackout';
import { startWebHost, type WebHost } from '../../../src/main/host/web/server';
import { DEFAULT_LEGIBILITY, type ProjectorState } from '../../../src/shared/contract/channels/display';
import type { Handout } from '../../../src/shared/contract/channels/handouts';
import type { Envelope } from '../../../src/shared/contract';
import { chunksOf, realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, tempDirs } from '../../support/tempCampaign';
import { connectWs, type WsClient } from '../../support/wsClient';

const dirs = tempDirs();
let root: string;
let host: WebHost;
let core: Core;
let portrait: { asset: string; width: number; height: number };
const opened: WebSocket[] = [];

beforeEach(async () => {
  root = await dirs.make();
  const rendererDir = join(root, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>GM</title>');
  let pushTo: WebHost | undefined;
  core = await Core.start(
    { dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR },
    { gm: (v) => pushTo?.push('gmView', v), player: (v) => pushTo?.push('playerView', v) },
  );
  host = await startWebHost({ rendererDir, dispatcher: core.dispatcher, campaign: core, port: 0 });
  pushTo = host;
  core.projector.subscribe(pushProjector(host, core.table));
  const imported = await core.importImageStream(chunksOf(await realImage('png', 300, 400, { fill: [120, 40, 40] }), 1 << 16), null);
  portrait = { asset: imported.asset, width: imported.width, height: imported.height };
});

afterEach(async () => {
  for (const ws of opened.splice(0)) ws.terminate();
  await host.close();
  await dirs.cleanup();
});

const tokenOf = (role: 'gm' | 'player') => new URL(host.urls[role]).searchParams.get('token') ?? '';
const client = (role: 'gm' | 'player') => connectWs(`ws://127.0.0.1:${host.port}/ws?token=${tokenOf(role)}`, opened);
const fetchAsset = (name: string, role: 'gm' | 'player') => fetch(`http://127.0.0.1:${host.port}/campaign-assets/${name}?token=${tokenOf(role)}`);
const valueOf = <T>(e: Envelope<unknown>): T => {
  if (!e.ok) throw new Error(e.error.message);
  return e.value as T;
};
const add = async (gm: WsClient, h: { title: string; text: string; image: typeof portrait | null }) => valueOf<Handout>(await gm.call('addHandout', h));

describe('handouts on the player display', () => {
  it('a handout not shown never reaches a player page, nor its image a player token; shown, taken down, blacked out', async () => {
    const gm = await client('gm');
    const player = await client('player');
    const letter = await add(gm, { title: 'The smuggler’s letter', text: 'Meet at the old mill when the moon is dark.', image: null });
    const hidden = await add(gm, { title: 'Duke Orlan', text: '', image: portrait });
    expect(valueOf<Handout[]>(await gm.call('listHandouts', {})).map((h) => h.title)).toEqual(['The smuggler’s letter', 'Duke Orlan']);

    // Kept, not shown: the player token is refused the image and the player's projector has no handout.
    expect((await fetchAsset(portrait.asset, 'player')).status).toBe(403);
    expect((await fetchAsset(portrait.asset, 'gm')).status).toBe(200);
    expect(valueOf<ProjectorState>(await player.call('getProjector', {})).handout).toBeNull();

    valueOf(await gm.call('showHandout', { id: letter.id }));
    const shown = await player.waitFor<{ payload: ProjectorState }>((m) => m.event === 'projector' && m.payload.handout?.id === letter.id);
    expect(shown.payload.handout!.text).toBe('Meet at the old mill when the moon is dark.');
    // The letter shown is not the portrait: still refused.
    expect((await fetchAsset(portrait.asset, 'player')).status).toBe(403);

    valueOf(await gm.call('showHandout', { id: hidden.id }));
    await player.waitFor((m) => m.event === 'projector' && (m.payload as ProjectorState).handout?.id === hidden.id);
    const res = await fetchAsset(portrait.asset, 'player');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');

    // Blackout hides the handout too, and lifting it brings the same handout back.
    valueOf(await gm.call('setProjector', { blackout: true }));
    const dark = await player.waitFor<{ payload: ProjectorState }>((m) => m.event === 'projector' && m.payload.blackout === true);
    expect(dark.payload.handout).toBeNull();
    expect((await fetchAsset(portrait.asset, 'player')).status).toBe(403);
    valueOf(await gm.call('setProjector', { blackout: false }));
    await player.waitFor(
      (m) => m.event === 'projector' && (m.payload as ProjectorState).blackout === false && (m.payload as ProjectorState).handout?.id === hidden.id,
    );

    valueOf(await gm.call('showHandout', { id: null }));
    await player.waitFor((m) => m.event === 'projector' && (m.payload as ProjectorState).handout === null && (m.payload as ProjectorState).blackout === false);
    expect((await fetchAsset(portrait.asset, 'player')).status).toBe(403);
  });

  it('before it is shown, no frame a player page gets names the handout, its words or its image', async () => {
    const gm = await client('gm');
    const player = await client('player');
    await add(gm, { title: 'Riddle of the ford', text: 'What crosses water yet never wets its feet?', image: portrait });
    valueOf(await gm.call('setProjector', { mode: 'hold', frame: { x: 3, y: 4, width: 20, height: 12 } }));
    await player.waitFor((m) => m.event === 'projector' && (m.payload as ProjectorState).frame?.x === 3);
    valueOf(await player.call('getProjector', {}));
    valueOf(await player.call('getPlayerView', {}));
    expect(player.frames.length).toBeGreaterThanOrEqual(3);
    for (const frame of player.frames) expect(frame).not.toMatch(/Riddle|never wets|h-[0-9a-f]{12}/);
    for (const frame of player.frames) expect(frame).not.toContain(portrait.asset);
  });

  it('a player page may not list, add or show handouts', async () => {
    const player = await client('player');
    for (const [channel, args] of [
      ['listHandouts', {}],
      ['addHandout', { title: 'x', text: 'y', image: null }],
      ['showHandout', { id: null }],
    ] as const) {
      const r = await player.call(channel, args);
      expect(r.ok, channel).toBe(false);
    }
  });

  it('bad input is refused with a reason and loses nothing; handouts and legibility are kept in campaign.json', async () => {
    const gm = await client('gm');
    const kept = await add(gm, { title: 'Map fragment', text: '', image: portrait });
    const empty = await gm.call('addHandout', { title: 'Nothing', text: '   ', image: null });
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.error.message).toMatch(/image or some words/);
    const missing = await gm.call('addHandout', { title: 'Gone', text: '', image: { ...portrait, asset: `${'0'.repeat(64)}.png` } });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.message).toMatch(/not among the campaign’s imported images/);
    const unknown = await gm.call('showHandout', { id: 'h-000000000000' });
    expect(unknown.ok).toBe(false);
    const sent = { tokenScale: 1.5, labelScale: 2, highContrastGrid: true, turnOrder: true } as const;
    for (const [key, value] of Object.entries(sent)) expect(value, key).not.toEqual(DEFAULT_LEGIBILITY[key as keyof typeof sent]);
    valueOf(await gm.call('setProjector', { legibility: sent }));

    const file = JSON.parse(await readFile(join(core.campaigns.campaignDir, 'campaign.json'), 'utf8'));
    expect(file.handouts.map((h: Handout) => h.id)).toEqual([kept.id]);
    // A setting the GM's page did not send is stored as its declared default (latestLine: off); the ones it sent are kept.
    expect(file.playerDisplay).toEqual({ ...DEFAULT_LEGIBILITY, ...sent });

    // A new start on the same data folder opens the same campaign with its handouts and legibility, nothing shown.
    const again = await Core.start({ dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, { gm: () => {}, player: () => {} });
    expect(valueOf<Handout[]>(await again.dispatcher.dispatch('gm', 'listHandouts', {})).map((h) => h.title)).toEqual(['Map fragment']);
    expect(again.projector.get().legibility.labelScale).toBe(2);
    expect(again.projector.get().handout).toBeNull();
    await again.session.close();
  });

  it('deleting the handout on show takes it down', async () => {
    const gm = await client('gm');
    const h = await add(gm, { title: 'Portrait', text: '', image: portrait });
    valueOf(await gm.call('showHandout', { id: h.id }));
    expect(valueOf<Handout[]>(await gm.call('deleteHandout', { id: h.id }))).toEqual([]);
    expect(core.projector.get().handout).toBeNull();
    expect((await fetchAsset(portrait.asset, 'player')).status).toBe(403);
  });
});
