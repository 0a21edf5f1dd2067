import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';

// Renderer code is outside tsconfig.node.json's file list: imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'assetFetch'].join('/');
const { fetchAsset } = (await import(/* @vite-ignore */ modulePath)) as { fetchAsset: (url: string) => Promise<Response> };

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A host answering the statuses in turn (the last one from then on); returns its URL and how often it was asked. */
async function host(statuses: number[]): Promise<{ url: string; asked: () => number }> {
  let asked = 0;
  server = createServer((_req, res) => {
    const status = statuses[Math.min(asked++, statuses.length - 1)]!;
    if (status === 503) res.writeHead(503, { 'retry-after': '1' }).end('Busy: ask again');
    else res.writeHead(status).end(status === 200 ? 'picture' : '');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/campaign-assets/a.png`, asked: () => asked };
}

test('a busy host is asked again after its Retry-After until it serves the asset', async () => {
  const { url, asked } = await host([503, 503, 200]);
  const response = await fetchAsset(url);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('picture');
  expect(asked()).toBe(3);
}, 10_000);

test('any other answer is the answer at once: not found, forbidden, superseded', async () => {
  for (const status of [404, 403, 204]) {
    const { url, asked } = await host([status, 200]);
    expect((await fetchAsset(url)).status).toBe(status);
    expect(asked()).toBe(1);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
  }
});
