import type { ClientApi, Envelope, Role } from '../../../shared/contract';
import { contractNames } from '../../../shared/channelAccess';
import { SEAT_LINK_ENDED } from '../../../shared/seatLink';
import type { WsPush, WsReply } from '../../../shared/contract/wsProtocol';

/** Whether the page's socket to the console is down (after it was once up), for the banner. */
const connectionListeners = new Set<(lost: boolean) => void>();
let connectionLost = false;

function setConnectionLost(lost: boolean): void {
  if (lost === connectionLost) return;
  connectionLost = lost;
  for (const listener of connectionListeners) listener(lost);
}

/** Calls `listener` now and whenever the connection is lost or back; returns the unsubscribe. */
export function onConnectionChange(listener: (lost: boolean) => void): () => void {
  connectionListeners.add(listener);
  listener(connectionLost);
  return () => void connectionListeners.delete(listener);
}

/**
 * Calls `listener` each time the connection comes back after it was lost. A restarted console
 * opens its encounter anew (a new view key), so a page asks for its view again then.
 */
export function onReconnect(listener: () => void): () => void {
  let wasLost = connectionLost;
  return onConnectionChange((lost) => {
    if (wasLost && !lost) listener();
    wasLost = lost;
  });
}

const linkEndedListeners = new Set<() => void>();

/** Calls `listener` when the host closed this page's socket because its seat's link was replaced or removed. */
export function onLinkEnded(listener: () => void): () => void {
  linkEndedListeners.add(listener);
  return () => void linkEndedListeners.delete(listener);
}

export const NOT_SENT_MESSAGE = 'Not sent: the connection to the console is lost. Reconnecting… try again once it is back.';

/**
 * The contract over the web host's WebSocket: the same `ClientApi` the Electron preload gives,
 * so pages cannot tell which host they run in. Calls made while (re)connecting wait for the socket.
 */
export function createWsClient<R extends Role>(role: R, token: string): ClientApi<R> {
  const names = contractNames(role);
  const pending = new Map<number, (result: Envelope<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let socket: WebSocket;
  let ready: Promise<void>;
  let everOpen = false;

  const connect = () => {
    const url = new URL('/ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('token', token);
    socket = new WebSocket(url);
    ready = new Promise((resolve) =>
      socket.addEventListener(
        'open',
        () => {
          everOpen = true;
          setConnectionLost(false);
          resolve();
        },
        { once: true },
      ),
    );
    socket.addEventListener('message', (e) => {
      const message = JSON.parse(String(e.data)) as WsReply | WsPush;
      if ('event' in message) {
        for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
      } else if (message.id !== null) {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      }
    });
    socket.addEventListener('close', (e) => {
      for (const resolve of pending.values()) {
        resolve({ ok: false, error: { code: 'io', message: 'The connection to the console was lost; try again.' } });
      }
      pending.clear();
      // A seat's old link will never be let in again: trying would only hold the phone's address back.
      if (e.code === 1008 && e.reason === SEAT_LINK_ENDED) {
        for (const listener of linkEndedListeners) listener();
        return;
      }
      if (everOpen) setConnectionLost(true);
      setTimeout(connect, 1000);
    });
  };
  connect();

  const call = async (channel: string, args: unknown): Promise<Envelope<unknown>> => {
    // While the page first connects, calls wait; once it was up and is lost, they fail at once
    // with a clear message rather than sitting unsent.
    if (connectionLost) return { ok: false, error: { code: 'io', message: NOT_SENT_MESSAGE } };
    await ready;
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, channel, args }));
    });
  };

  const api: Record<string, unknown> = {};
  for (const name of names.channels) api[name] = (args: unknown) => call(name, args);
  const allowed = new Set<string>(names.events);
  api.on = (event: string, listener: (payload: unknown) => void) => {
    if (!allowed.has(event)) throw new Error(`A ${role} page cannot listen to "${event}".`);
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => void set.delete(listener);
  };
  return api as ClientApi<R>;
}
