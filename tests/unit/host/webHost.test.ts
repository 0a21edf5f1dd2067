/**
 * The web host (DESIGN §Two hosts) for real: a Core on a temp data dir with the sample campaign,
 * an HTTP + WebSocket server on 127.0.0.1 port 0, and `ws` clients speaking the wire protocol.
 */
import { request } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Core } from '../../../src/main/host/core';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/host/security';
import { roleForToken } from '../../../src/main/host/web/callers';
import { startWebHost, type WebHost } from '../../../src/main/host/web/server';
import type { Envelope } from '../../../src/shared/contract';
import { GmViewSchema, PlayerViewSchema, type GmView } from '../../../src/shared/contract/views';
import type { WsPush, WsReply } from '../../../src/shared/contract/wsProtocol';
import { SAMPLE_CAMPAIGN_DIR, readEncounterFile, samplePlayerId, tempDirs } from '../../support/tempCampaign';
import type { WsMessage } from '../../support/wsClient';

const SECRET = 'SECRET-FROM-OUTSIDE-THE-RENDERER';
const dirs = tempDirs();
let host: WebHost;
let core: Core;
const open: WebSocket[] = [];

beforeEach(async () => {
  const root = await dirs.make();
  const rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>GM console</title>');
  await writeFile(join(rendererDir, 'player.html'), '<!doctype html><title>Player view</title>');
  await writeFile(join(rendererDir, 'assets', 'app.css'), 'body{}');
  await writeFile(join(root, 'package.json'), JSON.stringify({ secret: SECRET }));
  let pushTo: WebHost | undefined;
  core = await Core.start(
    { dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR },
    { gm: (v) => pushTo?.push('gmView', v), player: (v) => pushTo?.push('playerView', v) },
  );
  host = await startWebHost({ rendererDir, dispatcher: core.dispatcher, port: 0 });
  pushTo = host;
});

afterEach(async () => {
  for (const ws of open.splice(0)) ws.terminate();
  await host.close();
  await core.close();
  await dirs.cleanup();
});

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
const wsUrl = (token: string | null, path = '/ws') => `ws://127.0.0.1:${host.port}${path}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;

/** A client socket that keeps every message it receives and can wait for the next match. */
class Client {
  readonly messages: unknown[] = [];
  private waiters: { match: (m: unknown) => boolean; resolve: (m: unknown) => void }[] = [];
  private nextId = 1;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg: unknown = JSON.parse(data.toString());
      this.messages.push(msg);
      this.waiters = this.waiters.filter((w) => (w.match(msg) ? (w.resolve(msg), false) : true));
    });
  }
  waitFor<T = WsMessage>(match: (m: WsMessage & T) => boolean, timeoutMs = 5000): Promise<T> {
    const seen = this.messages.find((m) => match(m as WsMessage & T));
    if (seen) return Promise.resolve(seen as T);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a message')), timeoutMs);
      this.waiters.push({ match: (m) => match(m as WsMessage & T), resolve: (m) => (clearTimeout(timer), resolve(m as T)) });
    });
  }
  async call(channel: string, args: unknown): Promise<Envelope<unknown>> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ id, channel, args }));
    return (await this.waitFor<WsReply>((m) => m.id === id)).result;
  }
  sendRaw(text: string): void {
    this.ws.send(text);
  }
  pushes(event: string): unknown[] {
    return this.messages.filter((m) => (m as WsPush).event === event).map((m) => (m as WsPush).payload);
  }
}

function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    open.push(ws);
    const client = new Client(ws);
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
  });
}

/** The HTTP status the server answered an upgrade with, when it refused it. */
function refusedStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    open.push(ws);
    ws.once('open', () => reject(new Error('the upgrade was accepted')));
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? -1);
      ws.terminate();
    });
    ws.once('error', (e) => {
      const m = /Unexpected server response: (\d+)/.exec(e.message);
      if (m) resolve(Number(m[1]));
      else reject(e);
    });
  });
}

function httpGet(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const gmClient = () => connect(wsUrl(tokenOf(host.urls.gm)));
const playerClient = () => connect(wsUrl(tokenOf(host.urls.player)));
const bramAt = (figures: readonly { id: string; position: { q: number; r: number } }[]) => figures.find((f) => f.id === 'bram')?.position;

describe('web host: listening', () => {
  it('listens on 127.0.0.1 only, and its URLs carry two different random tokens', () => {
    const address = host.server.address();
    expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
    expect(host.port).toBeGreaterThan(0);
    expect(host.urls.gm).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?token=[A-Za-z0-9_-]{20,}$`));
    expect(host.urls.player).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/player\\.html\\?token=[A-Za-z0-9_-]{20,}$`));
    expect(tokenOf(host.urls.gm)).not.toBe(tokenOf(host.urls.player));
  });

  it('roleForToken maps exactly the two tokens', () => {
    const tokens = { gm: 'gm-token-aaaa', player: 'player-token' };
    expect(roleForToken(tokens, 'gm-token-aaaa')).toBe('gm');
    expect(roleForToken(tokens, 'player-token')).toBe('player');
    expect(roleForToken(tokens, 'gm-token-aaa')).toBeNull();
    expect(roleForToken(tokens, '')).toBeNull();
    expect(roleForToken(tokens, null)).toBeNull();
  });
});

describe('web host: the contract over the socket', () => {
  it('a GM socket gets the GM view', async () => {
    const gm = await gmClient();
    const result = await gm.call('getGmView', {});
    expect(result.ok).toBe(true);
    const view = GmViewSchema.parse(result.ok && result.value);
    expect(view.campaign.name).toBe('Sample Campaign');
    expect(bramAt(view.encounter.figures)).toEqual({ q: 9, r: 5 });
  });

  it('a GM move changes the view, is persisted, and reaches a connected player as a playerView push', async () => {
    const gm = await gmClient();
    const player = await playerClient();
    const result = await gm.call('sendCommand', { command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } } });
    if (!result.ok) throw new Error(result.error.message);
    expect(bramAt((result.value as GmView).encounter.figures)).toEqual({ q: 10, r: 5 });

    const push = await player.waitFor<WsPush>((m) => m.event === 'playerView');
    const pv = PlayerViewSchema.parse(push.payload);
    expect(pv.encounter.figures.find((f) => f.id === samplePlayerId('bram'))?.position).toEqual({ q: 10, r: 5 });
    // The table's own count of frames: the opening's frame was its first, this move its second.
    expect(pv.revision).toBe(2);
    // The player never receives the GM's push.
    expect(player.pushes('gmView')).toEqual([]);
    expect(JSON.stringify(player.messages)).not.toContain('Sella');
    expect(JSON.stringify(player.messages)).not.toContain('mana');
    // The GM receives its own push, and the table's very push for its mirror of the TV.
    const gmPush = await gm.waitFor<WsPush>((m) => m.event === 'gmView');
    expect(bramAt(GmViewSchema.parse(gmPush.payload).encounter.figures)).toEqual({ q: 10, r: 5 });
    const mirrored = await gm.waitFor<WsPush>((m) => m.event === 'playerView');
    expect(mirrored.payload).toEqual(push.payload);

    expect((await readEncounterFile(core.campaigns.campaignDir)).log.map((e) => e.command)).toEqual([
      { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } },
    ]);
  });

  it('a player socket may read the player view but not send a command; nothing changes', async () => {
    const player = await playerClient();
    const view = await player.call('getPlayerView', {});
    expect(view.ok).toBe(true);
    expect(PlayerViewSchema.parse(view.ok && view.value).encounter.figures.map((f) => f.id)).toEqual(['bram', 'ilsa', 'grak'].map(samplePlayerId));

    const result = await player.call('sendCommand', { command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } } });
    expect(result).toEqual({ ok: false, error: { code: 'forbidden', message: 'A player window may not call sendCommand.' } });
    for (const ch of ['getGmView', 'undo', 'redo']) {
      expect(await player.call(ch, {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(bramAt(core.session.gmView().encounter.figures)).toEqual({ q: 9, r: 5 });
    expect(core.session.gmView().revision).toBe(0);
    expect((await readEncounterFile(core.campaigns.campaignDir)).log).toEqual([]);
    expect(player.pushes('playerView')).toEqual([]);
  });

  it('a rule refusal comes back with its code and leaves the state alone', async () => {
    const gm = await gmClient();
    const result = await gm.call('sendCommand', { command: { type: 'moveFigure', figureId: 'bram', to: { q: 8, r: 6 } } });
    expect(result).toEqual({ ok: false, error: { code: 'rule', message: 'Ilsa is already in that hex.' } });
    expect((await readEncounterFile(core.campaigns.campaignDir)).log).toEqual([]);
  });

  it('a message that is not JSON gets invalid-args with id null', async () => {
    const gm = await gmClient();
    gm.sendRaw('{not json');
    const reply = await gm.waitFor<WsReply>((m) => 'result' in m);
    expect(reply).toEqual({ id: null, result: { ok: false, error: { code: 'invalid-args', message: 'The message was not JSON.' } } });
  });

  it('a call without an id gets invalid-args with id null; a bad call with an id keeps its id', async () => {
    const gm = await gmClient();
    gm.sendRaw(JSON.stringify({ channel: 'getGmView', args: {} }));
    const reply = await gm.waitFor<WsReply>((m) => 'result' in m);
    expect(reply.id).toBeNull();
    expect(reply.result).toMatchObject({ ok: false, error: { code: 'invalid-args' } });

    gm.sendRaw(JSON.stringify({ id: 41, channel: 'getGmView', args: {}, extra: 1 }));
    const second = await gm.waitFor<WsReply>((m) => m.id === 41);
    expect(second.result).toMatchObject({ ok: false, error: { code: 'invalid-args' } });

    for (const raw of ['null', '42', '"text"', '[]', JSON.stringify({ id: -1, channel: 'getGmView', args: {} })]) {
      gm.messages.length = 0;
      gm.sendRaw(raw);
      const r = await gm.waitFor<WsReply>((m) => 'result' in m);
      expect(r.result).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    }
  });

  it('args: null is malformed: an undo sent with null after a move leaves the move in place', async () => {
    const gm = await gmClient();
    const moved = await gm.call('sendCommand', { command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } } });
    expect(moved.ok).toBe(true);
    expect(await gm.call('undo', null)).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(bramAt(core.session.gmView().encounter.figures)).toEqual({ q: 10, r: 5 });
    expect((await readEncounterFile(core.campaigns.campaignDir)).log).toHaveLength(1);
  });

  it('an unknown channel over the socket is unknown-channel', async () => {
    const gm = await gmClient();
    expect(await gm.call('shutdown', {})).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });
});

describe('web host: who may connect', () => {
  it('refuses an upgrade without a token, with a wrong token, or on another path', async () => {
    expect(await refusedStatus(wsUrl(null))).toBe(403);
    expect(await refusedStatus(wsUrl('wrong-token'))).toBe(403);
    expect(await refusedStatus(wsUrl(''))).toBe(403);
    expect(await refusedStatus(wsUrl(tokenOf(host.urls.gm).slice(0, -1)))).toBe(403);
    expect(await refusedStatus(wsUrl(tokenOf(host.urls.gm), '/other'))).toBe(403);
  });

  it('refuses a foreign Origin even with the right token', async () => {
    expect(await refusedStatus(wsUrl(tokenOf(host.urls.gm)), { Origin: 'http://evil.example' })).toBe(403);
    expect(await refusedStatus(wsUrl(tokenOf(host.urls.player)), { Origin: 'null' })).toBe(403);
    expect(await refusedStatus(wsUrl(tokenOf(host.urls.gm)), { Origin: `https://127.0.0.1:${host.port}` })).toBe(403);
  });

  it('refuses a request addressed to another host name (DNS rebinding), even with the right token', async () => {
    const evil = `evil.example:${host.port}`;
    expect(await refusedStatus(wsUrl(tokenOf(host.urls.gm)), { Host: evil, Origin: `http://${evil}` })).toBe(403);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: host.port, path: '/', headers: { Host: evil } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(421);
  });

  it('accepts the page’s own origin', async () => {
    const gm = await connect(wsUrl(tokenOf(host.urls.gm)), { Origin: `http://127.0.0.1:${host.port}` });
    expect((await gm.call('getGmView', {})).ok).toBe(true);
  });
});

describe('web host: static files', () => {
  it.each([
    ['/', 'GM console'],
    ['/index.html', 'GM console'],
    ['/player.html', 'Player view'],
    [`/player.html?token=abc`, 'Player view'],
  ])('GET %s serves HTML with the CSP', async (path, title) => {
    const res = await httpGet(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(res.body).toContain(`<title>${title}</title>`);
  });

  it('serves assets with their type', async () => {
    const res = await httpGet('/assets/app.css');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/%2e%2e%2fpackage.json',
    '/assets/..%2f..%2fpackage.json',
    '/..%5cpackage.json',
    '/index.html%00',
    '/%ff',
    '/missing.html',
    '/assets',
  ])('GET %s is 404 and leaks nothing', async (path) => {
    const res = await httpGet(path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain(SECRET);
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('refuses other methods with 405', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: host.port, path: '/index.html', method: 'POST' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('x');
    });
    expect(status).toBe(405);
  });
});

describe('web host: close', () => {
  it('closes open sockets and stops listening', async () => {
    const gm = await gmClient();
    const closed = new Promise<void>((r) => gm.ws.once('close', () => r()));
    await host.close();
    await closed;
    expect(host.server.listening).toBe(false);
    // afterEach closes again: a second close must not throw or hang.
    host = { ...host, close: async () => {} };
  });
});
