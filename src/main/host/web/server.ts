import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { WebSocketServer, type WebSocket } from 'ws';
import { EVENTS, type EventName, type Role } from '../../../shared/contract';
import { WsCallSchema, type WsPush, type WsReply } from '../../../shared/wsProtocol';
import type { Dispatcher } from '../dispatch';
import { CONTENT_SECURITY_POLICY } from '../security';
import { readStatic } from './staticFiles';

export interface WebHostOptions {
  readonly rendererDir: string;
  readonly dispatcher: Dispatcher;
  readonly port?: number;
  /** 127.0.0.1 unless the GM explicitly opens the console to the local network. */
  readonly host?: string;
  readonly log?: (message: string) => void;
}

export interface WebHost {
  readonly server: Server;
  readonly port: number;
  readonly urls: { readonly gm: string; readonly player: string };
  /** Pushes an event to every connected window of the roles the contract names. */
  push<E extends EventName>(event: E, payload: unknown): void;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 256 * 1024;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function roleForToken(tokens: Record<Role, string>, token: string | null): Role | null {
  if (!token) return null;
  if (sameToken(token, tokens.gm)) return 'gm';
  if (sameToken(token, tokens.player)) return 'player';
  return null;
}

/**
 * The web host (DESIGN §Two hosts): the built renderer over HTTP and the contract over a
 * WebSocket, each socket bound to the role of the token in its URL.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const tokens: Record<Role, string> = {
    gm: randomBytes(18).toString('base64url'),
    player: randomBytes(18).toString('base64url'),
  };
  const log = options.log ?? (() => {});
  const sockets = new Map<WebSocket, Role>();

  // Only requests addressed to this host by name are served: a page on another site that
  // rebinds its DNS name to 127.0.0.1 still sends its own name in Host and is refused.
  const allowedHosts = new Set<string>();
  const hostAllowed = (req: IncomingMessage) => allowedHosts.has(req.headers.host ?? '');

  const server = createServer(async (req, res) => {
    if (!hostAllowed(req)) {
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end('Misdirected request');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
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
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const role = url.pathname === '/ws' ? roleForToken(tokens, url.searchParams.get('token')) : null;
    const origin = req.headers.origin;
    const expectedOrigin = `http://${req.headers.host}`;
    if (!role || !hostAllowed(req) || (origin !== undefined && origin !== expectedOrigin)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(ws, role);
      ws.on('close', () => sockets.delete(ws));
      ws.on('message', (data) => void answer(ws, role, data.toString()));
    });
  });

  async function answer(ws: WebSocket, role: Role, text: string): Promise<void> {
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
    const result = await options.dispatcher.dispatch(role, call.data.channel, call.data.args);
    reply(ws, { id: call.data.id, result });
  }

  function reply(ws: WebSocket, message: WsReply): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  const port = (server.address() as AddressInfo).port;
  for (const name of ['127.0.0.1', 'localhost', '[::1]']) allowedHosts.add(`${name}:${port}`);
  if (host === '0.0.0.0') {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const a of addresses ?? []) allowedHosts.add(a.family === 'IPv6' ? `[${a.address}]:${port}` : `${a.address}:${port}`);
    }
  }
  const base = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  log(`web host listening on ${host}:${port}`);

  return {
    server,
    port,
    urls: { gm: `${base}/?token=${tokens.gm}`, player: `${base}/player.html?token=${tokens.player}` },
    push(event, payload) {
      const roles = EVENTS[event].roles as readonly Role[];
      const message = JSON.stringify({ event, payload } satisfies WsPush);
      for (const [ws, role] of sockets) if (roles.includes(role) && ws.readyState === ws.OPEN) ws.send(message);
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
