import { WebSocket } from 'ws';
import type { Envelope } from '../../src/shared/contract';
import type { WsPush, WsReply } from '../../src/shared/contract/wsProtocol';

/** Any frame the host sends: a reply (`id`, `result`) or a push (`event`, `payload`). */
export type WsMessage = { readonly id?: number | null; readonly result?: Envelope<unknown>; readonly event?: string; readonly payload?: unknown };

/** A real client socket of the web host: keeps every frame it receives, calls channels, waits for pushes. */
export class WsClient {
  readonly messages: unknown[] = [];
  /** Every frame as the bytes arrived, for "nothing of X in any frame" checks. */
  readonly frames: string[] = [];
  private waiters: { match: (m: unknown) => boolean; resolve: (m: unknown) => void }[] = [];
  private nextId = 1;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.frames.push(text);
      const msg: unknown = JSON.parse(text);
      this.messages.push(msg);
      this.waiters = this.waiters.filter((w) => (w.match(msg) ? (w.resolve(msg), false) : true));
    });
  }
  /** The first frame `match` accepts, read as the `T` the caller waits for (a reply, or a push with its payload's type). */
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
  pushes(event: string): unknown[] {
    return this.messages.filter((m) => (m as WsPush).event === event).map((m) => (m as WsPush).payload);
  }
}

export function connectWs(url: string, opened: WebSocket[]): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    opened.push(ws);
    const client = new WsClient(ws);
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
  });
}
