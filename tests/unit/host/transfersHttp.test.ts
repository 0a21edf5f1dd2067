/**
 * Export files over the real web host (host/uploads.ts): GET /campaign/export streams the zip
 * archive with its exact length, POST /campaign/import takes it back; a file that is no export is
 * refused by its first bytes while the rest of it is still on its way; the GM page's socket hears
 * each transfer's progress, under the id the page chose, to its end.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Core, type TransferProgress } from '../../../src/main/host/core';
import { startWebHost, type WebHost } from '../../../src/main/host/web/server';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';
import { chunksOf } from '../../support/images';
import { connectWs } from '../../support/wsClient';

const dirs = tempDirs();
let host: WebHost | null = null;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await host?.close();
  host = null;
  await dirs.cleanup();
});

async function serve(maxBundleBytes?: number): Promise<{ core: Core; base: string; gm: string; player: string }> {
  const root = await dirs.make();
  const rendererDir = join(root, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>GM</title>');
  const core = await Core.start({ dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, maxBundleBytes }, recordingSink());
  host = await startWebHost({ rendererDir, dispatcher: core.dispatcher, campaign: core, port: 0 });
  const h = host;
  core.transfers.onTransfer((p) => h.push('transferProgress', p));
  const token = (url: string) => new URL(url).searchParams.get('token')!;
  return { core, base: `http://127.0.0.1:${host.port}`, gm: token(host.urls.gm), player: token(host.urls.player) };
}

const gmSocket = async (base: string, token: string) => connectWs(`${base.replace('http', 'ws')}/ws?token=${token}`, sockets);

describe('exports over HTTP', () => {
  it('GET /campaign/export streams the campaign as a zip of its exact length; it imports back with progress to the end', async () => {
    const { base, gm } = await serve();
    const ws = await gmSocket(base, gm);
    const res = await fetch(`${base}/campaign/export?token=${gm}&transfer=page-export-1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Sample%20Campaign.campaign.pillars.zip");
    const zip = Buffer.from(await res.arrayBuffer());
    expect(zip.length).toBe(Number(res.headers.get('content-length')));
    const exportEnd = await ws.waitFor<{ payload: TransferProgress }>(
      (m) => m.event === 'transferProgress' && m.payload.id === 'page-export-1' && m.payload.outcome !== 'running',
    );
    expect(exportEnd.payload).toMatchObject({ direction: 'export', outcome: 'done' });

    const imported = await fetch(`${base}/campaign/import?token=${gm}&transfer=page-import-1&name=Sample.zip`, { method: 'POST', body: zip });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ ok: true, value: { kind: 'campaign', name: 'Sample Campaign (2)' } });
    const events = ws.pushes('transferProgress') as TransferProgress[];
    const mine = events.filter((p) => p.id === 'page-import-1');
    expect(mine.at(-1)).toMatchObject({ direction: 'import', what: 'Sample.zip', outcome: 'done' });
    expect(mine.some((p) => p.step === 'Receiving the export file')).toBe(true);
  });

  it('a download cancelled half-way ends its transfer as failed; the next export is whole', async () => {
    const { core, base, gm } = await serve();
    // An export larger than the sockets' buffers (a noise image of ~12 MiB), so the download is cut while main still writes.
    const noise = await sharp(randomBytes(2048 * 2048 * 3), { raw: { width: 2048, height: 2048, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await core.importImageStream(chunksOf(noise, 1 << 16), noise.length);
    const ws = await gmSocket(base, gm);
    const cancelled = await fetch(`${base}/campaign/export?token=${gm}&transfer=page-export-2`);
    const reader = cancelled.body!.getReader();
    await reader.read();
    await reader.cancel();
    const end = await ws.waitFor<{ payload: TransferProgress }>(
      (m) => m.event === 'transferProgress' && m.payload.id === 'page-export-2' && m.payload.outcome !== 'running',
    );
    expect(end.payload.outcome).toBe('failed');
    const whole = await fetch(`${base}/campaign/export?token=${gm}`);
    expect((await whole.arrayBuffer()).byteLength).toBe(Number(whole.headers.get('content-length')));
  });

  it('only the GM page exports; an export over the limit is refused with the reason before any byte of it', async () => {
    const { base, gm, player } = await serve(100_000);
    expect((await fetch(`${base}/campaign/export?token=${player}`)).status).toBe(403);
    expect((await fetch(`${base}/campaign/export`)).status).toBe(403);
    const refused = await fetch(`${base}/campaign/export?token=${gm}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      ok: false,
      error: { code: 'invalid-args', message: expect.stringMatching(/more than the 0\.1 MiB an import accepts/) },
    });
    const badId = await fetch(`${base}/campaign/export?token=${gm}&encounter=..%2Fcampaign`);
    expect(badId.status).toBe(400);
  });
});

describe('imports over HTTP', () => {
  /** Starts a POST whose body is `first` then nothing more (the rest "on its way"); resolves to the answer. */
  const startUpload = (base: string, token: string, first: Buffer, declared: number) =>
    new Promise<{ status: number; body: { ok: boolean; error?: { message: string } }; stop: () => void }>((resolve, reject) => {
      const req = request(`${base}/campaign/import?token=${token}&transfer=page-import-2`, {
        method: 'POST',
        headers: { 'content-length': String(declared), 'content-type': 'application/octet-stream' },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { ok: boolean }, stop: () => req.destroy() }));
      });
      req.write(first);
    });

  it('a 200 MiB file that is no export is refused by its first bytes, before the rest arrives', async () => {
    const { base, gm } = await serve();
    const ws = await gmSocket(base, gm);
    const answer = await startUpload(base, gm, randomBytes(64 * 1024), 200 * 1024 * 1024);
    answer.stop();
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(/^The export file is not a console export: an export is a \.zip archive/);
    const end = await ws.waitFor<{ payload: TransferProgress }>(
      (m) => m.event === 'transferProgress' && m.payload.id === 'page-import-2' && m.payload.outcome !== 'running',
    );
    expect(end.payload).toMatchObject({ outcome: 'failed', message: expect.stringMatching(/not a console export/) });
  });

  it('a file declared larger than an import takes is refused before its bytes are read', async () => {
    const { base, gm } = await serve(1024 * 1024);
    const zipStart = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), randomBytes(1024)]);
    const answer = await startUpload(base, gm, zipStart, 5 * 1024 * 1024);
    answer.stop();
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(/is 5 MiB; export files up to 1 MiB can be imported\. Nothing was imported\.$/);
  });
});
