/**
 * Map images: type by magic bytes, size cap and pixel size from the header, progress while
 * streaming, content-hashed names; and the asset routes of both hosts serve only files inside the
 * open campaign's assets/.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES, imageSize, importImage, readAsset, sniffImage } from '../../../src/main/store/assets';
import { chunksOf, jpegHeader, pngHeader, realImage, webpHeader } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

type Handler = (request: { url: string }) => Promise<Response>;
const electron = vi.hoisted(() => ({ handlers: new Map<string, unknown>() }));
vi.mock('electron', () => ({
  protocol: {
    handle: (scheme: string, handler: unknown) => void electron.handlers.set(scheme, handler),
    registerSchemesAsPrivileged: () => undefined,
  },
}));

import { serveRenderer } from '../../../src/main/host/electron/appProtocol';
import { pageToken } from '../../../src/main/host/electron/pageTokens';
import { Core } from '../../../src/main/host/core';
import { startWebHost, type WebHost } from '../../../src/main/host/web/server';

const dirs = tempDirs();
afterAll(() => dirs.cleanup());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('sniffing and sizes', () => {
  it('reads the type from the first bytes and the size from the header', () => {
    expect(sniffImage(pngHeader(1, 1))).toBe('png');
    expect(sniffImage(jpegHeader(1, 1))).toBe('jpeg');
    expect(sniffImage(webpHeader(1, 1))).toBe('webp');
    expect(sniffImage(Buffer.from('GIF89a......'))).toBeNull();
    expect(imageSize('png', pngHeader(4096, 3072))).toEqual({ width: 4096, height: 3072 });
    expect(imageSize('jpeg', jpegHeader(1920, 1080, 5000))).toEqual({ width: 1920, height: 1080 });
    expect(imageSize('webp', webpHeader(2000, 1500))).toEqual({ width: 2000, height: 1500 });
  });
});

describe('importImage', () => {
  it('streams a PNG in chunks under its hash name, reporting progress after each chunk', async () => {
    const dir = await dirs.make();
    const bytes = await realImage('png', 300, 250);
    expect(bytes.length).toBeGreaterThan(196608);
    expect(bytes.length).toBeLessThan(262144);
    const progress: [number, number | null][] = [];
    const out = await importImage(dir, chunksOf(bytes, 65536), { total: bytes.length, onProgress: (p) => progress.push([p.received, p.total]) });
    expect(out).toEqual({ asset: `${sha(bytes)}.png`, type: 'png', bytes: bytes.length, width: 300, height: 250 });
    expect(progress).toEqual([
      [65536, bytes.length],
      [131072, bytes.length],
      [196608, bytes.length],
      [bytes.length, bytes.length],
    ]);
    expect(await readdir(join(dir, 'assets'))).toEqual([out.asset]);
    // The same bytes again: the same name, one file.
    expect((await importImage(dir, chunksOf(bytes, 1 << 20))).asset).toBe(out.asset);
    expect(await readdir(join(dir, 'assets'))).toEqual([out.asset]);
  });

  it('a JPEG labelled map.png is read as a JPEG, its frame found behind a 60 kB EXIF block; a WebP in 7-byte chunks', async () => {
    const dir = await dirs.make();
    const jpeg = await realImage('jpeg', 800, 600, { appBytes: 60_000 });
    expect(await importImage(dir, chunksOf(jpeg, 4096), { label: 'map.png' })).toMatchObject({ type: 'jpeg', width: 800, height: 600 });
    expect(await importImage(dir, chunksOf(await realImage('webp', 64, 48), 7))).toMatchObject({ type: 'webp', width: 64, height: 48 });
  });

  it.each([
    ['a GIF', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]), /not a PNG, JPEG or WebP/],
    ['a text file', Buffer.from('hello, this is not an image at all'), /not a PNG, JPEG or WebP/],
    ['a PNG too wide', pngHeader(20000, 100), /20000×100 pixels; images up to 16384×16384/],
    ['a PNG without IHDR', Buffer.concat([pngHeader(1, 1).subarray(0, 8), Buffer.alloc(40)]), /does not give a picture size/],
    ['a JPEG without a frame header', Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0, 0, 0]), /does not give a picture size/],
  ])('refuses %s and leaves nothing behind', async (_k, bytes, why) => {
    const dir = await dirs.make();
    await expect(importImage(dir, chunksOf(bytes, 5), { label: 'The map image' })).rejects.toMatchObject({
      code: 'invalid-args',
      message: expect.stringMatching(why),
    });
    expect(await readdir(join(dir, 'assets'))).toEqual([]);
  });

  it('stops a file over the cap as soon as it passes it, and refuses a declared size over it at once', async () => {
    const dir = await dirs.make();
    let pulled = 0;
    async function* huge(): AsyncGenerator<Uint8Array> {
      yield pngHeader(100, 100);
      const block = Buffer.alloc(8 * 1024 * 1024);
      for (;;) {
        pulled += block.length;
        yield block;
      }
    }
    await expect(importImage(dir, huge())).rejects.toMatchObject({ message: expect.stringMatching(/larger than 64 MiB/) });
    expect(pulled).toBe(MAX_IMAGE_BYTES);
    await expect(importImage(dir, chunksOf(pngHeader(1, 1), 10), { total: MAX_IMAGE_BYTES + 1 })).rejects.toMatchObject({
      message: expect.stringMatching(/64 MiB/),
    });
    expect(await readdir(join(dir, 'assets'))).toEqual([]);
  });
});

describe('serving assets: only inside the open campaign’s assets/', () => {
  let core: Core;
  let host: WebHost;
  let asset: string;
  let outside: string;
  let appHandler: Handler;
  const SECRET = 'SECRET-OUTSIDE-ASSETS';

  beforeAll(async () => {
    core = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    asset = (await core.importImageStream(chunksOf(await realImage('png', 64, 64), 1024), null)).url.split('/').at(-1)!;
    const away = await dirs.make();
    outside = join(away, `${'a'.repeat(64)}.png`);
    await writeFile(outside, SECRET);
    await symlink(outside, join(core.campaigns.campaignDir, 'assets', `${'b'.repeat(64)}.png`));
    await mkdir(join(core.campaigns.campaignDir, 'assets', `${'c'.repeat(64)}.png`));
    await writeFile(join(core.campaigns.campaignDir, 'campaign-secret.txt'), SECRET);
    host = await startWebHost({ rendererDir: await dirs.make(), dispatcher: core.dispatcher, campaign: core });
    serveRenderer(await dirs.make(), (name, role) => core.readAsset(name, role));
    appHandler = electron.handlers.get('app') as Handler;
  });
  afterAll(() => host.close());

  const gmToken = () => new URL(host.urls.gm).searchParams.get('token')!;
  const refused = [
    `${'b'.repeat(64)}.png`, // a symlink leading out
    `${'c'.repeat(64)}.png`, // a folder
    `..%2f${'a'.repeat(64)}.png`,
    '..%2fcampaign.json',
    '%2e%2e/campaign.json',
    '%2Fetc%2Fpasswd',
    encodeURIComponent(`/tmp/${'a'.repeat(64)}.png`),
    'campaign-secret.txt',
    `${'d'.repeat(64)}.png`, // missing
    `${'e'.repeat(64)}.gif`,
  ];

  it('serves an imported asset on both hosts with its type', async () => {
    const web = await fetch(`http://127.0.0.1:${host.port}/campaign-assets/${asset}?token=${gmToken()}`);
    expect(web.status).toBe(200);
    expect(web.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await web.arrayBuffer()).subarray(0, 8)).toEqual(pngHeader(1, 1).subarray(0, 8));
    const app = await appHandler({ url: `app://console/campaign-assets/${asset}?token=${pageToken('gm')}` });
    expect(app.status).toBe(200);
    expect(app.headers.get('content-type')).toBe('image/png');
  });

  it.each(refused)('refuses %s on the web host, the app protocol and readAsset', async (name) => {
    expect(await readAsset(core.campaigns.campaignDir, name)).toBeNull();
    const web = await fetch(`http://127.0.0.1:${host.port}/campaign-assets/${name}?token=${gmToken()}`);
    expect(web.status).toBe(404);
    expect(await web.text()).not.toContain(SECRET);
    const app = await appHandler({ url: `app://console/campaign-assets/${name}${name.includes('?') ? '&' : '?'}token=${pageToken('gm')}` });
    expect(app.status).toBe(404);
    expect(await app.text()).not.toContain(SECRET);
  });

  it('an upload needs the GM token: the player token and no token are refused', async () => {
    const url = new URL(host.urls.gm);
    const gmToken = url.searchParams.get('token')!;
    const playerToken = new URL(host.urls.player).searchParams.get('token')!;
    const body = await realImage('webp', 320, 200);
    for (const token of [playerToken, 'nope', '']) {
      const res = await fetch(`http://127.0.0.1:${host.port}/campaign/upload-image?token=${token}`, { method: 'POST', body });
      expect(res.status).toBe(403);
    }
    const progress: number[] = [];
    const stop = core.transfers.onProgress((p) => progress.push(p.received));
    const res = await fetch(`http://127.0.0.1:${host.port}/campaign/upload-image?token=${gmToken}`, { method: 'POST', body });
    stop();
    expect(res.status).toBe(200);
    const json = (await res.json()) as { ok: true; value: { asset: string; url: string; width: number; height: number } };
    expect(json.value).toMatchObject({ asset: `${sha(body)}.webp`, url: `/campaign-assets/${sha(body)}.webp`, width: 320, height: 200 });
    expect(progress.at(-1)).toBe(body.length);
    const bad = await fetch(`http://127.0.0.1:${host.port}/campaign/upload-image?token=${gmToken}`, { method: 'POST', body: 'not an image' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
  });
});
