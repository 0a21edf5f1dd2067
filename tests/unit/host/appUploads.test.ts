/**
 * The Electron console's uploads (token art and handout images, also map images and export files
 * dropped on the GM page) go over app://console on the same routes as the web host, to a real Core
 * on a temp data folder. Only Electron's protocol registration is stood in for: there is no
 * Electron binary on the test machine; the handler is the real one.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (request: Request) => Promise<Response>;
const electron = vi.hoisted(() => ({ handlers: new Map<string, unknown>() }));
vi.mock('electron', () => ({
  protocol: { handle: (scheme: string, handler: unknown) => void electron.handlers.set(scheme, handler), registerSchemesAsPrivileged: () => {} },
}));

import { serveRenderer } from '../../../src/main/host/electron/appProtocol';
import { pageToken } from '../../../src/main/host/electron/pageTokens';
import { Core } from '../../../src/main/host/core';
import { realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
let core: Core;
let handler: Handler;
const logged: string[] = [];

beforeEach(async () => {
  const root = await dirs.make();
  core = await Core.start({ dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
  serveRenderer(
    join(root, 'renderer'),
    (name, role) => core.readAsset(name, role),
    () => core.transfers,
    (m) => logged.push(m),
  );
  handler = electron.handlers.get('app') as Handler;
});
afterEach(async () => {
  await core.close();
  await dirs.cleanup();
});

const post = (route: string, body: Uint8Array, token: string | null) =>
  handler(
    new Request(`app://console${route}${token === null ? '' : `?token=${token}`}`, {
      method: 'POST',
      body,
      headers: { 'content-length': String(body.length) },
    }),
  );
const assets = () => readdir(join(core.campaigns.campaignDir, 'assets'));

describe('uploads over app://console', () => {
  it('token art from the GM window lands in the campaign’s assets under its content hash, and can be set on a figure', async () => {
    const png = await realImage('png', 64, 64);
    const res = await post('/campaign/upload-art', png, pageToken('gm'));
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ok: true; value: { asset: string } };
    expect(answer.value.asset).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(await assets()).toContain(answer.value.asset);
    const r = await core.dispatcher.dispatch('gm', 'sendCommand', {
      command: { type: 'updateFigure', figureId: 'grak', changes: { art: answer.value.asset } },
    });
    expect(r.ok).toBe(true);
  });

  it('a map image, an export and an import take the same routes as on the web host', async () => {
    const jpeg = await realImage('jpeg', 300, 200);
    const image = (await (await post('/campaign/upload-image', jpeg, pageToken('gm'))).json()) as { ok: boolean; value: { width: number } };
    expect(image).toMatchObject({ ok: true, value: { width: 300 } });
    const exported = await handler(new Request(`app://console/campaign/export?token=${pageToken('gm')}`));
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    const zip = new Uint8Array(await exported.arrayBuffer());
    expect(zip.length).toBe(Number(exported.headers.get('content-length')));
    const imported = await post('/campaign/import', zip, pageToken('gm'));
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ ok: true, value: { kind: 'campaign', renamed: true } });
    const refused = await handler(new Request(`app://console/campaign/export?token=${pageToken('player')}`));
    expect(refused.status).toBe(403);
  });

  it('the player window and a page without a token are refused, and nothing is written', async () => {
    const before = await assets();
    const png = await realImage('png', 32, 32);
    for (const token of [pageToken('player'), null, 'not-a-token']) {
      const res = await post('/campaign/upload-art', png, token);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await assets()).toEqual(before);
  });

  it('a PNG cut short is refused with the reason; nothing is written and the console logs no crash', async () => {
    const before = await assets();
    const cut = (await realImage('png', 400, 400)).subarray(0, 3000);
    const res = await post('/campaign/upload-art', cut, pageToken('gm'));
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { ok: false; error: { code: string; message: string } };
    expect(answer.error.code).toBe('invalid-args');
    expect(answer.error.message.length).toBeGreaterThan(10);
    expect(await assets()).toEqual(before);
    expect(logged).toEqual([]);
  });
});
