/**
 * One bad frame from any client must not end the web host. A real Core on a temp data folder, the
 * real server on 127.0.0.1, a `ws` client for the oversized message and a raw `net` socket for
 * frames no WebSocket library would send. After each, the GM's next command is answered. (Before
 * the fix, ws emitted an unhandled 'error' and the process died.)
 */
import { randomBytes } from 'node:crypto';
import { connect as netConnect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Envelope } from '../../../src/shared/contract';
import type { WsReply } from '../../../src/shared/contract/wsProtocol';
import { webCoreForTests } from '../../support/webCore';

const logged: string[] = [];
const web = webCoreForTests({ log: (m) => logged.push(m) });
afterEach(() => {
  logged.length = 0;
});

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

function wsClient(role: 'gm' | 'player'): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${web.host.port}/ws?token=${tokenOf(web.host.urls[role])}`);
    web.keep(ws);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** The GM moves Bram one hex; resolves to the answer. */
async function gmCommandAnswered(): Promise<Envelope<unknown>> {
  const gm = await wsClient('gm');
  const id = 7;
  const reply = new Promise<WsReply>((resolve) =>
    gm.on('message', (d) => {
      const m = JSON.parse(d.toString()) as WsReply;
      if (m.id === id) resolve(m);
    }),
  );
  gm.send(JSON.stringify({ id, channel: 'sendCommand', args: { command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } } } }));
  return (await reply).result;
}

/** A raw TCP connection that did the WebSocket handshake as the player page. */
async function rawPlayerSocket(): Promise<{ socket: Socket; received: () => Buffer; closed: Promise<void> }> {
  const socket = netConnect(web.host.port, '127.0.0.1');
  web.keep(socket);
  const chunks: Buffer[] = [];
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `GET /ws?token=${tokenOf(web.host.urls.player)} HTTP/1.1\r\nHost: 127.0.0.1:${web.host.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await new Promise<void>((resolve) => {
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      if (Buffer.concat(chunks).includes('\r\n\r\n')) resolve();
    });
  });
  const head = Buffer.concat(chunks);
  expect(head.toString('latin1')).toMatch(/^HTTP\/1\.1 101/);
  const bodyStart = head.indexOf('\r\n\r\n') + 4;
  chunks.splice(0, chunks.length, head.subarray(bodyStart));
  return { socket, received: () => Buffer.concat(chunks), closed };
}

/** A client frame: FIN set, the given first byte's opcode, masked unless told otherwise. */
function frame(firstByte: number, payload: Buffer, masked = true): Buffer {
  if (!masked) return Buffer.concat([Buffer.from([firstByte, payload.length]), payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([firstByte, 0x80 | payload.length]), mask, body]);
}

/** The status code of the close frame the server sent, if any. */
function closeCode(bytes: Buffer): number | null {
  const at = bytes.indexOf(0x88);
  return at >= 0 && bytes.length >= at + 4 ? bytes.readUInt16BE(at + 2) : null;
}

describe('web host under bad frames', () => {
  it('a player message of 300 KiB closes that socket with 1009; the GM is still answered', async () => {
    const player = await wsClient('player');
    const code = new Promise<number>((resolve) => player.on('close', (c) => resolve(c)));
    player.on('error', () => {});
    player.send('x'.repeat(300 * 1024));
    expect(await code).toBe(1009);
    expect(await gmCommandAnswered()).toMatchObject({ ok: true });
    expect(logged.some((m) => /player socket closed after a bad frame/.test(m))).toBe(true);
  });

  it.each([
    { what: 'a text frame holding the bytes C3 28 (not UTF-8)', bytes: () => frame(0x81, Buffer.from([0xc3, 0x28])), code: 1007 },
    { what: 'an unmasked client frame', bytes: () => frame(0x81, Buffer.from('hi'), false), code: 1002 },
    { what: 'a frame with a reserved opcode (0x3)', bytes: () => frame(0x83, Buffer.from('hi')), code: 1002 },
  ])('$what closes that socket with $code; the GM is still answered', async ({ bytes, code }) => {
    const raw = await rawPlayerSocket();
    raw.socket.write(bytes());
    await raw.closed;
    expect(closeCode(raw.received())).toBe(code);
    expect(await gmCommandAnswered()).toMatchObject({ ok: true });
  });

  it('garbage instead of an HTTP request gets 400 on that connection only', async () => {
    const socket = netConnect(web.host.port, '127.0.0.1');
    web.keep(socket);
    socket.on('error', () => {});
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('\u0000\u0001 not http at all\r\n\r\n');
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    expect(Buffer.concat(chunks).toString('latin1')).toMatch(/^HTTP\/1\.1 400/);
    expect(await gmCommandAnswered()).toMatchObject({ ok: true });
  });
});
