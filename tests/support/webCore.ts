import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { pushProjector } from '../../src/main/host/blackout';
import { Core } from '../../src/main/host/core';
import { startWebHost, type WebHost } from '../../src/main/host/web/server';
import type { Envelope } from '../../src/shared/contract';
import { SAMPLE_CAMPAIGN_DIR, tempDirs } from './tempCampaign';
import { connectWs, type WsClient } from './wsClient';

export interface WebCoreOptions {
  /** The host's log lines (the host's own log otherwise). */
  readonly log?: (line: string) => void;
  /** Views and projector states pushed to the pages, as the web host's entry wires them (true by default). */
  readonly pushes?: boolean;
}

export interface WebCoreForTests {
  /** The real Core on a temp data folder holding the sample campaign, started before each test. */
  readonly core: Core;
  /** The real web host on 127.0.0.1, serving that Core on a free port. */
  readonly host: WebHost;
  /** A page's socket with the role's token, closed after the test. */
  socket(role: 'gm' | 'player'): Promise<WsClient>;
  /** A phone's socket on a seat's link, closed after the test. */
  seatSocket(link: string): Promise<WsClient>;
  /** Remembers a socket the test opened itself (a `ws` client or a raw TCP socket), to be closed after the test. */
  keep(socket: WebSocket | Socket): void;
}

/**
 * Registers beforeEach/afterEach that start a real Core, the web host on 127.0.0.1 and (unless
 * `pushes` is false) its pushes to the pages, for each test of the file, and close it all after.
 */
export function webCoreForTests(options: WebCoreOptions = {}): WebCoreForTests {
  const dirs = tempDirs();
  const opened: WebSocket[] = [];
  const raw: Socket[] = [];
  let running: { core: Core; host: WebHost } | undefined;

  beforeEach(async () => {
    const root = await dirs.make();
    const rendererDir = join(root, 'renderer');
    await mkdir(rendererDir, { recursive: true });
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>GM</title>');
    let pushTo: WebHost | undefined;
    const views =
      options.pushes === false
        ? { gm: () => {}, player: () => {} }
        : { gm: (v: unknown) => pushTo?.push('gmView', v), player: (v: unknown) => pushTo?.push('playerView', v) };
    const core = await Core.start({ dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, views);
    const host = await startWebHost({
      rendererDir,
      dispatcher: core.dispatcher,
      port: 0,
      seatForToken: (token) => core.seats.seatForToken(token),
      ...(options.log ? { log: options.log } : {}),
    });
    core.seats.serveThrough({ base: host.base, push: (seat, view) => host.pushToSeat(seat, 'seatView', view), close: (seat) => host.closeSeat(seat) });
    core.seats.watchRolls((rolls) => host.push('seatRolls', rolls));
    if (options.pushes !== false) pushTo = host;
    core.projector.subscribe(pushProjector(host, core.table));
    running = { core, host };
  });

  afterEach(async () => {
    for (const ws of opened.splice(0)) ws.terminate();
    for (const socket of raw.splice(0)) socket.destroy();
    await running?.host.close();
    await running?.core.close();
    running = undefined;
    await dirs.cleanup();
  });

  const started = () => {
    if (!running) throw new Error('the Core and web host start in beforeEach');
    return running;
  };
  return {
    get core() {
      return started().core;
    },
    get host() {
      return started().host;
    },
    socket: (role) => {
      const { host } = started();
      return connectWs(`ws://127.0.0.1:${host.port}/ws?token=${new URL(host.urls[role]).searchParams.get('token')}`, opened);
    },
    seatSocket: (link) => {
      const { host } = started();
      return connectWs(`ws://127.0.0.1:${host.port}/ws?token=${new URL(link).searchParams.get('token')}`, opened);
    },
    keep: (socket) => {
      if ('terminate' in socket) opened.push(socket);
      else raw.push(socket);
    },
  };
}

/** The value of a successful envelope; a refusal fails the test with its code and message. */
export function valueOf<T>(r: Envelope<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
}
