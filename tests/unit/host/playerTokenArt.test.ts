/**
 * Token art never gives a hidden figure away, over real HTTP: a Core on a temp data folder with
 * the sample campaign and the web host serving it. The player view names the art of the figures
 * it shows and no other; the asset route gives a player token exactly that art, and refuses a
 * hidden figure's art, a fogged figure's art and every art under blackout; art a recent frame
 * showed and the current one does not (blacked out too) is answered "moved on" (204), with
 * nothing in it.
 */
import { join } from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { startWebHost, type WebHost } from '../../../src/main/host/web/server';
import type { Command } from '../../../src/shared/contract/commands';
import type { RosterItem } from '../../../src/shared/contract/channels/figure';
import { chunksOf, realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
let core: Core;
let host: WebHost;
let bramArt: string;
let sellaArt: string;

beforeEach(async () => {
  const root = await dirs.make();
  await mkdir(join(root, 'renderer'), { recursive: true });
  await writeFile(join(root, 'renderer', 'index.html'), '<!doctype html>');
  core = await Core.start({ dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
  host = await startWebHost({ rendererDir: join(root, 'renderer'), dispatcher: core.dispatcher, campaign: core, port: 0 });
  bramArt = (await core.importImageStream(chunksOf(await realImage('png', 64, 64, { fill: [40, 90, 200] }), 1 << 12), null, 'token art')).asset;
  sellaArt = (await core.importImageStream(chunksOf(await realImage('webp', 64, 64, { fill: [200, 40, 40] }), 1 << 12), null, 'token art')).asset;
  await send({ type: 'updateFigure', figureId: 'bram', changes: { art: bramArt } });
  // Sella waits hidden, on a fogged hex (the sample's ambush corner).
  await send({ type: 'updateFigure', figureId: 'sella', changes: { art: sellaArt } });
});

afterEach(async () => {
  await host.close();
  await core.close();
  await dirs.cleanup();
});

async function send(command: Command): Promise<void> {
  const r = await core.dispatcher.dispatch('gm', 'sendCommand', { command });
  if (!r.ok) throw new Error(r.error.message);
}
const token = (role: 'gm' | 'player') => new URL(host.urls[role]).searchParams.get('token')!;
const get = (name: string, t: string) => fetch(`http://127.0.0.1:${host.port}/campaign-assets/${name}?token=${t}`);
const playerJson = () => JSON.stringify(core.session.playerView());

describe('token art and the players', () => {
  it('the player view names a visible figure’s art and never a hidden one’s', () => {
    const bram = core.session.playerView().encounter.figures.find((f) => f.name === 'Bram')!;
    expect(bram.art).toBe(bramArt);
    expect(playerJson()).not.toContain(sellaArt);
    expect(playerJson()).not.toContain(sellaArt.slice(0, 64));
    // The GM sees both.
    const gm = core.session.gmView().encounter.figures;
    expect(gm.find((f) => f.id === 'sella')!.art).toBe(sellaArt);
  });

  it('the asset route gives a player token exactly the art its view shows', async () => {
    const shown = await get(bramArt, token('player'));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect((await get(sellaArt, token('player'))).status).toBe(403);
    expect((await get(sellaArt, token('gm'))).status).toBe(200);
  });

  it('follows the figure: revealed and out of the fog it is served, hidden again it is refused', async () => {
    await send({ type: 'setFigureHidden', figureId: 'sella', hidden: false });
    // Still on a fogged hex: the players do not see her, so neither her art.
    expect((await get(sellaArt, token('player'))).status).toBe(403);
    await send({ type: 'setHexesHidden', hexes: [{ q: 22, r: -6 }], hidden: false });
    expect(playerJson()).toContain(sellaArt);
    expect((await get(sellaArt, token('player'))).status).toBe(200);
    await send({ type: 'setFigureHidden', figureId: 'sella', hidden: true });
    expect(playerJson()).not.toContain(sellaArt);
    // Art a recent frame showed is answered "moved on": nothing served, and no error on a page still loading it.
    const gone = await get(sellaArt, token('player'));
    expect(gone.status).toBe(204);
    expect((await gone.arrayBuffer()).byteLength).toBe(0);
  });

  it('under blackout no art reaches the projector', async () => {
    const r = await core.dispatcher.dispatch('gm', 'setProjector', { blackout: true });
    expect(r.ok).toBe(true);
    // Nothing served: the page, whose frame named it, is told its frame moved on.
    const dark = await get(bramArt, token('player'));
    expect(dark.status).toBe(204);
    expect((await dark.arrayBuffer()).byteLength).toBe(0);
    // A name no frame named is refused.
    expect((await get(sellaArt, token('player'))).status).toBe(403);
    await core.dispatcher.dispatch('gm', 'setProjector', { blackout: false });
    expect((await get(bramArt, token('player'))).status).toBe(200);
  });

  it('art taken off a figure is no longer served to players', async () => {
    await send({ type: 'updateFigure', figureId: 'bram', changes: { art: null } });
    expect(core.session.gmView().encounter.figures.find((f) => f.id === 'bram')!.art).toBeUndefined();
    const gone = await get(bramArt, token('player'));
    expect(gone.status).toBe(204);
    expect((await gone.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses art that is not an asset name, and loses nothing', async () => {
    const r = await core.dispatcher.dispatch('gm', 'sendCommand', {
      command: { type: 'updateFigure', figureId: 'bram', changes: { art: '../campaign.json' } },
    });
    expect(r.ok).toBe(false);
    expect(core.session.gmView().encounter.figures.find((f) => f.id === 'bram')!.art).toBe(bramArt);
  });

  it('a roster character keeps its art when saved and placed again', async () => {
    const saved = await core.dispatcher.dispatch('gm', 'saveToRoster', { figureId: 'bram', kind: 'character' });
    if (!saved.ok) throw new Error(saved.error.message);
    const entry = (saved.value as RosterItem[]).find((e) => e.name === 'Bram')!;
    expect(entry.sheet?.art).toBe(bramArt);
    await send({ type: 'addFigure', figure: { ...entry.sheet!, name: 'Bram Again' }, position: { q: 5, r: 5 } });
    expect(core.session.gmView().encounter.figures.find((f) => f.name === 'Bram Again')!.art).toBe(bramArt);
  });
});
