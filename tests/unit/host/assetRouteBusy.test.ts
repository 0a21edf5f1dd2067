/**
 * The web host's asset route when the masking queue has dropped a request for newer ones
 * (`store/maskQueue.ts`): the page is told to ask again (503 with Retry-After), not sent an
 * internal error. The campaign here answers every asset as the masking queue answers a dropped
 * request; the queue's own dropping is tested with the real worker in tests/unit/store/maskImage.test.ts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { startWebHost, type WebHost } from '../../../src/main/host/web/server';
import { MaskingBusy } from '../../../src/main/store/maskImage';
import { SAMPLE_CAMPAIGN_DIR, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
let host: WebHost;
const logged: string[] = [];

beforeEach(async () => {
  const root = await dirs.make();
  const rendererDir = join(root, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html>');
  const core = await Core.start({ dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, { gm: () => {}, player: () => {} });
  host = await startWebHost({
    rendererDir,
    dispatcher: core.dispatcher,
    port: 0,
    log: (m) => logged.push(m),
    campaign: {
      readAsset: () => Promise.reject(new MaskingBusy()),
      transfers: core.transfers,
    },
  });
});
afterEach(async () => {
  await host.close();
  await dirs.cleanup();
});

it('a masked map image dropped for newer requests answers 503 with Retry-After, and nothing is logged as a failure', async () => {
  const token = new URL(host.urls.player).searchParams.get('token');
  const res = await fetch(`http://127.0.0.1:${host.port}/campaign-assets/${'a'.repeat(64)}.png?token=${token}`);
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('1');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(logged.filter((m) => m.includes('failed'))).toEqual([]);
});
