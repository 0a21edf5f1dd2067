/**
 * Pixels under fog never reach a player page (design-notes §Secrecy at the player boundary), over
 * real HTTP: a Core on a temp data folder with the sample campaign and the web host serving it.
 * The player page's map image is its own copy with fogged hexes painted black; asset routes need
 * the page's token; a player token gets only that copy, never the GM's image.
 */
import { join } from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { startWebHost, type WebHost } from '../../../src/main/host/web/server';
import { hexCorner, hexToPixel, pixelToHex } from '../../../src/shared/hex/layout';
import { isOnMap } from '../../../src/shared/mapGrid';
import type { Command } from '../../../src/shared/contract/commands';
import type { MapImage, PlayerMapImage } from '../../../src/shared/contract/views';
import { chunksOf, realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
let core: Core;
let host: WebHost;
let source: string;

const WHITE: [number, number, number] = [250, 250, 250];

beforeEach(async () => {
  const root = await dirs.make();
  await mkdir(join(root, 'renderer'), { recursive: true });
  await writeFile(join(root, 'renderer', 'index.html'), '<!doctype html>');
  core = await Core.start({ dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
  host = await startWebHost({ rendererDir: join(root, 'renderer'), dispatcher: core.dispatcher, campaign: core, port: 0 });
  const imported = await core.importImageStream(chunksOf(await realImage('png', 900, 600, { fill: WHITE }), 1 << 16), null);
  source = imported.asset;
  await send({ type: 'setMapImage', image: { asset: imported.asset, width: imported.width, height: imported.height } });
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
const get = (name: string, t: string | null) => fetch(`http://127.0.0.1:${host.port}/campaign-assets/${name}${t === null ? '' : `?token=${t}`}`);
const playerImage = (): PlayerMapImage => core.session.playerView().encounter.map.image!;

/** The RGB at the centre of hex (q, r) in an image placed as `image` (world: hex size 1, hex 0,0 at 1,1). */
async function pixelAtHex(bytes: Buffer, image: MapImage, q: number, r: number, towardCorner?: number): Promise<number[]> {
  const layout = { orientation: 'flat', size: 1, origin: { x: 1, y: 1 } } as const;
  const centre = hexToPixel(layout, { q, r });
  const corner = towardCorner === undefined ? centre : hexCorner(layout, { q, r }, towardCorner);
  // 95% of the way from the centre to the corner: the hex's very edge.
  const c = { x: centre.x + (corner.x - centre.x) * 0.95, y: centre.y + (corner.y - centre.y) * 0.95 };
  const x = Math.round((c.x - image.x) / image.scale);
  const y = Math.round((c.y - image.y) / image.scale);
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x).toBeLessThan(info.width);
  expect(y).toBeGreaterThanOrEqual(0);
  expect(y).toBeLessThan(info.height);
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

describe('the players’ map image', () => {
  it('has every fogged hex painted black and the open hexes as they are, read back pixel by pixel', async () => {
    const image = playerImage();
    expect(image.asset).not.toBe(source);
    const res = await get(image.asset, token('player'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // Only the console's own pages may embed it (security.ts ISOLATION_HEADERS).
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const bytes = Buffer.from(await res.arrayBuffer());
    // The sample fogs Sella's corner (22,-6 among others); Bram stands in the open at 9,5.
    expect(core.session.map.hidden).toContain('22,-6');
    expect(await pixelAtHex(bytes, image, 22, -6)).toEqual([0, 0, 0]);
    expect(await pixelAtHex(bytes, image, 21, -5)).toEqual([0, 0, 0]);
    for (const k of [0, 1, 2, 3, 4, 5]) expect(await pixelAtHex(bytes, image, 22, -6, k), `corner ${k}`).toEqual([0, 0, 0]);
    expect(await pixelAtHex(bytes, image, 9, 5)).toEqual(WHITE);
    // The GM's own image has the pixels there.
    const gm = Buffer.from(await (await get(source, token('gm'))).arrayBuffer());
    expect(await pixelAtHex(gm, image, 22, -6)).toEqual(WHITE);
  });

  it('is made again when the GM fogs more; only the current name is served, an older one gets nothing', async () => {
    const before = playerImage().asset;
    const old = Buffer.from(await (await get(before, token('player'))).arrayBuffer());
    expect(await pixelAtHex(old, playerImage(), 9, 5)).toEqual(WHITE);
    await send({ type: 'setHexesHidden', hexes: [{ q: 9, r: 5 }], hidden: true });
    const after = playerImage();
    expect(after.asset).not.toBe(before);
    const bytes = Buffer.from(await (await get(after.asset, token('player'))).arrayBuffer());
    expect(await pixelAtHex(bytes, after, 9, 5)).toEqual([0, 0, 0]);
    expect(await pixelAtHex(bytes, after, 8, 6)).toEqual(WHITE);
    // An older view's name is no longer an asset a player may fetch: asking it makes no new mask.
    // A frame named it a moment ago, so a page still loading it is told it is superseded (204, nothing), not refused.
    const stale = await get(before, token('player'));
    expect(stale.status).toBe(204);
    expect((await stale.arrayBuffer()).byteLength).toBe(0);
    // Lifting the fog again names the first copy once more: it is current again, so it is served.
    await send({ type: 'setHexesHidden', hexes: [{ q: 9, r: 5 }], hidden: false });
    expect(playerImage().asset).toBe(before);
    expect((await get(before, token('player'))).status).toBe(200);
    expect((await get(after.asset, token('player'))).status).toBe(204);
    // The GM page's mirror loads the table's copy with the GM's token: an older one is "moved on" there too, the current one served.
    const gmStale = await get(after.asset, token('gm'));
    expect(gmStale.status).toBe(204);
    expect((await gmStale.arrayBuffer()).byteLength).toBe(0);
    expect((await get(before, token('gm'))).status).toBe(200);
    // And each current piece is served to both.
    for (const piece of playerImage().tiles!.names) {
      expect((await get(piece, token('player'))).status).toBe(200);
      expect((await get(piece, token('gm'))).status).toBe(200);
    }
  });

  it('many fog edits leave exactly one name a player is served: the frame’s own; the older ones get nothing', async () => {
    const names: string[] = [playerImage().asset];
    for (let q = 2; q < 9; q++) {
      await send({ type: 'setHexesHidden', hexes: [{ q, r: 1 }], hidden: true });
      names.push(playerImage().asset);
    }
    expect(new Set(names).size).toBe(8);
    const answers = await Promise.all(names.map(async (n) => get(n, token('player'))));
    expect(answers.map((r) => r.status)).toEqual([...Array(7).fill(204), 200]);
    expect(await Promise.all(answers.slice(0, 7).map(async (r) => (await r.arrayBuffer()).byteLength))).toEqual(Array(7).fill(0));
  });

  it('under blackout the players’ copy is not served at all; it is again once the projector is lit', async () => {
    const name = playerImage().asset;
    expect((await get(name, token('player'))).status).toBe(200);
    core.projector.set({ blackout: true });
    await new Promise((resolve) => queueMicrotask(() => resolve(null)));
    // Nothing served: a page still loading it is told its frame moved on, without an error.
    const dark = await get(name, token('player'));
    expect(dark.status).toBe(204);
    expect((await dark.arrayBuffer()).byteLength).toBe(0);
    // The GM's page still has it (the GM sees everything).
    expect((await get(name, token('gm'))).status).toBe(200);
    core.projector.set({ blackout: false });
    expect((await get(name, token('player'))).status).toBe(200);
  });

  it('asset routes need the page’s token; a player token never gets the GM’s image', async () => {
    const image = playerImage();
    for (const name of [source, image.asset]) {
      expect((await get(name, null)).status).toBe(403);
      expect((await get(name, 'not-a-token')).status).toBe(403);
    }
    expect((await get(source, token('player'))).status).toBe(403);
    expect((await get(source, token('gm'))).status).toBe(200);
    expect((await get(image.asset, token('player'))).status).toBe(200);
    // Another asset of the campaign, never on the map: the GM's, not the players'.
    const other = await core.importImageStream(chunksOf(await realImage('jpeg', 64, 64), 4096), null);
    expect((await get(other.asset, token('player'))).status).toBe(403);
    expect((await get(other.asset, token('gm'))).status).toBe(200);
  });

  it("under the party's sight the picture beyond the hexes is black in the players' copy, as a hex never seen is; without it, as it is", async () => {
    // The picture placed to reach three hexes past the map's top-left: its corner pixel is beyond every hex.
    const placed = playerImage();
    await send({ type: 'calibrateMap', placement: { x: -3, y: -3, scale: placed.scale } });
    const image = playerImage();
    const world = { x: image.x + 0.5 * image.scale, y: image.y + 0.5 * image.scale };
    const layout = { orientation: 'flat', size: 1, origin: { x: 1, y: 1 } } as const;
    expect(isOnMap(core.session.map, pixelToHex(layout, world))).toBe(false);
    const cornerOf = async (asset: string) => {
      const { data, info } = await sharp(Buffer.from(await (await get(asset, token('player'))).arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.width).toBeGreaterThan(0);
      return [data[0]!, data[1]!, data[2]!];
    };
    expect(await cornerOf(image.asset)).toEqual(WHITE);
    await send({ type: 'setPartySight', sideId: 'party', range: 20 });
    const sighted = playerImage();
    expect(sighted.asset).not.toBe(image.asset);
    expect(await cornerOf(sighted.asset)).toEqual([0, 0, 0]);
  });
});
