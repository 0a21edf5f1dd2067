/** The app:// protocol serves only the built renderer, with the CSP, and nothing outside it. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type Handler = (request: { url: string }) => Promise<Response>;
const electron = vi.hoisted(() => ({ handlers: new Map<string, unknown>(), privileged: [] as unknown[] }));

vi.mock('electron', () => ({
  protocol: {
    handle: (scheme: string, handler: unknown) => void electron.handlers.set(scheme, handler),
    registerSchemesAsPrivileged: (schemes: unknown[]) => void electron.privileged.push(...schemes),
  },
}));

import { registerAppScheme, serveRenderer } from '../../../src/main/host/electron/appProtocol';
import { CONTENT_SECURITY_POLICY, ISOLATION_HEADERS } from '../../../src/main/host/security';
import { tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
let handler: Handler;
const SECRET = 'TOP-SECRET-OUTSIDE-RENDERER';

beforeAll(async () => {
  const root = await dirs.make();
  const renderer = join(root, 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>GM</title>');
  await writeFile(join(renderer, 'player.html'), '<!doctype html><title>Player</title>');
  await writeFile(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(root, 'package.json'), JSON.stringify({ secret: SECRET }));
  serveRenderer(renderer);
  const h = electron.handlers.get('app');
  if (typeof h !== 'function') throw new Error('serveRenderer did not call protocol.handle("app", …)');
  handler = h as Handler;
});
afterAll(() => dirs.cleanup());

describe('registerAppScheme', () => {
  it('registers app:// as a standard, secure scheme', () => {
    registerAppScheme();
    expect(electron.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
  });
});

describe('serveRenderer', () => {
  it.each([
    ['app://console/index.html', 'GM'],
    ['app://console/player.html', 'Player'],
  ])('serves %s with 200, HTML type and the CSP', async (url, title) => {
    const res = await handler({ url });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(await res.text()).toContain(`<title>${title}</title>`);
  });

  it('serves assets with their type', async () => {
    const res = await handler({ url: 'app://console/assets/app.js' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(res.headers.get(name)).toBe(value);
  });

  it.each([
    'app://console/../package.json',
    'app://console/%2e%2e/package.json',
    'app://console/..%2fpackage.json',
    'app://console/assets/..%2f..%2fpackage.json',
    'app://console/%2e%2e%2fpackage.json',
    'app://console/..%5cpackage.json',
    'app://console/index.html%00.png',
    'app://console/missing.html',
    'app://console/assets',
    'app://evil/index.html',
    'app://console.evil/index.html',
  ])('answers %s with 404 and nothing from outside', async (url) => {
    const res = await handler({ url });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(SECRET);
  });
});
