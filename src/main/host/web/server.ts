import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { WebSocketServer, type WebSocket } from 'ws';
import { EVENTS, type EventName, type PageRole, type Role } from '../../../shared/contract';
import { SEAT_LINK_ENDED } from '../../../shared/seatLink';
import { WsCallSchema, type WsPush, type WsReply } from '../../../shared/contract/wsProtocol';
import type { Dispatcher } from '../dispatch';
import { CONTENT_SECURITY_POLICY, ISOLATION_HEADERS } from '../security';
import { readStatic } from './staticFiles';
import { newTokens } from './tokens';
import { callerIdentity, type Caller } from './callers';
import { declaredLength, EXPORT_ROUTE, isUploadRoute, runExport, runUpload, type ExportTarget, type UploadRoute, type UploadTarget } from '../uploads';
import { callIdOf, MessageGate, sendUnlessStalled } from './messageGate';
import { MaskingBusy } from '../../store/maskImage';

/** What the web host's campaign routes need from the core (assets, uploads, imports, exports). */
export interface CampaignHttp {
  /** `forbidden` when `role` may not have it (services/assetAccess.ts); null when there is no such asset. */
  readAsset(name: string, role: Role | null): Promise<{ body: Buffer; type: string } | null | 'forbidden' | 'superseded'>;
  /** Uploads, imports and exports (services/campaigns/campaignTransfers.ts). */
  readonly transfers: UploadTarget & ExportTarget;
}

export interface WebHostOptions {
  readonly rendererDir: string;
  readonly dispatcher: Dispatcher;
  /** The open campaign's assets and uploads; without it those routes answer 404. */
  readonly campaign?: CampaignHttp;
  readonly port?: number;
  /** 127.0.0.1 unless the GM explicitly opens the console to the local network. */
  readonly host?: string;
  readonly log?: (message: string) => void;
  /** The pages' tokens (web/tokens.ts keeps them across restarts); new random ones without. */
  readonly tokens?: Record<PageRole, string>;
  /** The seat a token is, when it is one (services/seats); without it no seat is served. */
  readonly seatForToken?: (token: string) => string | null;
}

export interface WebHost {
  readonly server: Server;
  readonly port: number;
  readonly urls: { readonly gm: string; readonly player: string };
  /** Where pages reach this host: the machine's LAN address with LAN on, else 127.0.0.1. */
  readonly base: string;
  /** Pushes an event to every connected window of the roles the contract names (or of `only`). */
  push<E extends EventName>(event: E, payload: unknown, only?: Role): void;
  /** Pushes an event to the sockets of one seat only. */
  pushToSeat<E extends EventName>(seat: string, event: E, payload: unknown): void;
  /** Closes the sockets of a seat whose token was revoked or issued anew. */
  closeSeat(seat: string): void;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 256 * 1024;
/** How long a socket closed for flooding has for the close frame to leave before it is ended. */
const CLOSE_GRACE_MS = 250;
const RATE_LIMITED = {
  code: 'rate-limited',
  message: 'This page is sending more messages than a page needs; nothing was done. Reload the page if it keeps happening.',
} as const;
/** Asset URLs: the same path as `app://console/campaign-assets/<hash>.<ext>` in Electron. */
const ASSET_PREFIX = '/campaign-assets/';

async function readOrBusy(campaign: CampaignHttp, name: string, role: Role): Promise<Awaited<ReturnType<CampaignHttp['readAsset']>> | 'busy'> {
  try {
    return await campaign.readAsset(name, role);
  } catch (e) {
    if (e instanceof MaskingBusy) return 'busy';
    throw e;
  }
}

/**
 * The web host (DESIGN §Two hosts): the built renderer over HTTP and the contract over a
 * WebSocket, each socket bound to the role of the token in its URL.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const tokens: Record<PageRole, string> = options.tokens ?? newTokens();
  const log = options.log ?? (() => {});
  const sockets = new Map<WebSocket, Caller>();
  const gate = new MessageGate();
  const identify = callerIdentity(tokens, options.seatForToken, gate);
  const HELD = { ok: false, error: { code: 'rate-limited', message: 'Too many wrong links from this address: wait a few seconds.' } } as const;

  // Only requests addressed to this host by name are served: a page on another site that
  // rebinds its DNS name to 127.0.0.1 still sends its own name in Host and is refused.
  const allowedHosts = new Set<string>();
  const hostAllowed = (req: IncomingMessage) => allowedHosts.has(req.headers.host ?? '');

  const server = createServer((req, res) => {
    // A request that fails in an unexpected way answers 500 and is logged; the host keeps serving.
    req.on('error', (e) => log(`request ${req.url ?? ''} failed: ${e.message}`));
    res.on('error', (e) => log(`response to ${req.url ?? ''} failed: ${e.message}`));
    serve(req, res).catch((e: unknown) => {
      log(`request ${req.url ?? ''} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end();
    });
  });
  // A malformed HTTP request from any client closes that connection only.
  server.on('clientError', (e: Error, socket) => {
    log(`bad HTTP request: ${e.message}`);
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req)) {
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end('Misdirected request');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && isUploadRoute(url.pathname)) {
      await campaignUpload(req, res, url);
      return;
    }
    if (req.method === 'GET' && url.pathname === EXPORT_ROUTE) {
      await campaignExport(req, res, url);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    if (url.pathname.startsWith(ASSET_PREFIX)) {
      // Content-hashed names inside the open campaign's assets/ only (store/assets.ts readAsset), and
      // only with the page's token: a player page gets only its own masked map.
      const who = identify(req, url.searchParams.get('token'));
      if (who === 'held') {
        res.writeHead(429, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '6' }).end('Too many wrong tokens');
        return;
      }
      const role = who?.role ?? null;
      const asset = role === null ? 'forbidden' : options.campaign ? await readOrBusy(options.campaign, url.pathname.slice(ASSET_PREFIX.length), role) : null;
      if (asset === 'busy') {
        // Only a few different masked images wait to be made; the oldest request gave way to newer ones.
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1', 'cache-control': 'no-store' }).end('Busy: ask again');
        return;
      }
      if (asset === 'forbidden') {
        res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Forbidden');
        return;
      }
      if (asset === 'superseded') {
        // The page asked for what its frame named a moment ago: nothing to serve, and no failure (the next frame names the new copy).
        res.writeHead(204, { 'cache-control': 'no-store' }).end();
        return;
      }
      if (!asset) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      res.writeHead(200, {
        'content-type': asset.type,
        'content-security-policy': CONTENT_SECURITY_POLICY,
        ...ISOLATION_HEADERS,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=31536000, immutable',
      });
      res.end(req.method === 'HEAD' ? undefined : asset.body);
      return;
    }
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    const file = await readStatic(options.rendererDir, path);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': file.type,
      'content-security-policy': CONTENT_SECURITY_POLICY,
      ...ISOLATION_HEADERS,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  /**
   * Uploads from the GM page: a map image streamed in chunks into the campaign's
   * assets, or an export file to import. Only with the GM token, only from this origin; the
   * answer is the same envelope a channel gives.
   */
  async function campaignUpload(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
    const origin = req.headers.origin;
    const token = url.searchParams.get('token') ?? (req.headers['x-pillars-token'] as string | undefined) ?? null;
    const who = identify(req, token);
    if (who === 'held') {
      req.resume();
      send(429, HELD);
      return;
    }
    if (who?.role !== 'gm' || (origin !== undefined && origin !== `http://${req.headers.host}`)) {
      req.resume();
      send(403, { ok: false, error: { code: 'forbidden', message: 'Only the GM page may upload to the campaign.' } });
      return;
    }
    const answer = await runUpload(
      url.pathname as UploadRoute,
      req,
      declaredLength(req.headers['content-length']),
      options.campaign?.transfers,
      log,
      url.searchParams,
    );
    if (!answer.body.ok) req.resume();
    send(answer.status, answer.body);
  }

  /** An export file for the GM page (host/uploads.ts): a refusal as the envelope, else the archive streamed. */
  async function campaignExport(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
    const who = identify(req, url.searchParams.get('token'));
    if (who === 'held') {
      send(429, HELD);
      return;
    }
    if (who?.role !== 'gm') {
      send(403, { ok: false, error: { code: 'forbidden', message: 'Only the GM page may export the campaign.' } });
      return;
    }
    const answer = await runExport(options.campaign?.transfers, url.searchParams, log);
    if ('body' in answer) {
      send(answer.status, answer.body);
      return;
    }
    res.writeHead(200, answer.headers);
    await answer.write(res);
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  // ws closes a socket that broke the protocol itself (1009 for a frame over maxPayload, 1007 for
  // text that is not UTF-8, 1002 for an unmasked frame or a reserved opcode) and then emits
  // 'error': without a listener that error would end the whole process.
  wss.on('error', (e) => log(`websocket server: ${e.message}`));
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    socket.on('error', (e) => log(`upgrade socket: ${e.message}`));
    const url = new URL(req.url ?? '/', 'http://localhost');
    const caller = url.pathname === '/ws' ? identify(req, url.searchParams.get('token')) : null;
    if (caller === 'held') {
      socket.write('HTTP/1.1 429 Too Many Requests\r\nRetry-After: 6\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    const origin = req.headers.origin;
    const expectedOrigin = `http://${req.headers.host}`;
    if (!caller || !hostAllowed(req) || (origin !== undefined && origin !== expectedOrigin)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    const { role } = caller;
    if (!gate.mayConnect(role, [...sockets.values()].filter((c) => c.role !== 'gm').length)) {
      socket.write('HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(ws, caller);
      ws.on('error', (e: Error & { code?: string }) => log(`${role} socket closed after a bad frame: ${e.code ?? ''} ${e.message}`));
      ws.on('close', () => sockets.delete(ws));
      const admit = gate.admit(role);
      ws.on('message', (data: Buffer) => {
        // A socket being closed (it kept on after its refusals) is not answered any more.
        if (ws.readyState !== ws.OPEN) return;
        const verdict = admit();
        if (verdict === 'answer') void answer(ws, caller, data.toString()).catch((e: unknown) => log(`answer failed: ${String(e)}`));
        else if (verdict === 'refuse') reply(ws, { id: callIdOf(data), result: { ok: false, error: RATE_LIMITED } });
        else {
          log(`${role} socket closed: it kept sending after its messages were refused`);
          // Said with a close frame; nothing more is read from it, and it is ended without waiting for the page's answer.
          ws.close(1008, 'Too many messages');
          ws.pause();
          setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
        }
      });
    });
  });

  async function answer(ws: WebSocket, caller: Caller, text: string): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return reply(ws, { id: null, result: { ok: false, error: { code: 'invalid-args', message: 'The message was not JSON.' } } });
    }
    const call = WsCallSchema.safeParse(raw);
    if (!call.success) {
      const id = typeof (raw as { id?: unknown })?.id === 'number' ? (raw as { id: number }).id : null;
      return reply(ws, {
        id,
        result: { ok: false, error: { code: 'invalid-args', message: 'A call needs a numeric id, a channel and its args.' } },
      });
    }
    const result = await options.dispatcher.dispatch(caller.role, call.data.channel, call.data.args, caller.seat);
    reply(ws, { id: call.data.id, result });
  }

  function reply(ws: WebSocket, message: WsReply): void {
    send(ws, JSON.stringify(message));
  }

  function send(ws: WebSocket, text: string): void {
    sendUnlessStalled(ws, sockets.get(ws)?.role ?? 'player', text, log);
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  server.on('error', (e) => log(`web host: ${e.message}`));
  const port = (server.address() as AddressInfo).port;
  for (const name of ['127.0.0.1', 'localhost', '[::1]']) allowedHosts.add(`${name}:${port}`);
  if (host === '0.0.0.0') {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const a of addresses ?? []) allowedHosts.add(a.family === 'IPv6' ? `[${a.address}]:${port}` : `${a.address}:${port}`);
    }
  }
  const local = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const lan = host === '0.0.0.0' ? lanAddress() : null;
  const base = lan === null ? local : `http://${lan}:${port}`;
  log(`web host listening on ${host}:${port}`);

  return {
    server,
    port,
    // The GM's page stays on this machine's own address; the links handed to the table are the LAN's.
    urls: { gm: `${local}/?token=${tokens.gm}`, player: `${base}/player.html?token=${tokens.player}` },
    base,
    push(event, payload, only) {
      const def: { roles: readonly Role[]; toOneSeat?: true } = EVENTS[event];
      const roles = def.roles.filter((r) => (r !== 'seat' || !def.toOneSeat) && (only === undefined || r === only));
      const message = JSON.stringify({ event, payload } satisfies WsPush);
      for (const [ws, c] of sockets) if (roles.includes(c.role)) send(ws, message);
    },
    pushToSeat(seat, event, payload) {
      const message = JSON.stringify({ event, payload } satisfies WsPush);
      for (const [ws, c] of sockets) if (c.seat === seat && (EVENTS[event].roles as readonly Role[]).includes('seat')) send(ws, message);
    },
    closeSeat(seat) {
      for (const [ws, c] of sockets) if (c.seat === seat) ws.close(1008, SEAT_LINK_ENDED);
    },
    async close() {
      for (const ws of sockets.keys()) ws.terminate();
      wss.close();
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The machine's first IPv4 address on a network (not the loopback), or 127.0.0.1 without one. */
function lanAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return '127.0.0.1';
}
