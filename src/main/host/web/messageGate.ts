import type { Role } from '../../../shared/contract';

/** A token bucket: up to `capacity` messages at once, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = capacity;
    this.at = now();
  }

  /** How many could be taken now, taking none. */
  peek(): number {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((t - this.at) / 1000) * this.perSecond);
    this.at = t;
    return this.tokens;
  }

  take(): boolean {
    if (this.peek() < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * What a player page may send (the console's choice). A player page calls three channels: its
 * view and the projector when it opens or missed a push, and its display's size after a resize has
 * settled, so a few calls a second at most; these limits are ten times that. Together, all player
 * sockets get three sockets' worth, so opening many sockets gains nothing. The GM's sockets have no
 * limit: the GM is never refused for being quick.
 */
export const PLAYER_SOCKET_LIMIT = { capacity: 40, perSecond: 20 } as const;
export const PLAYER_ROLE_LIMIT = { capacity: 120, perSecond: 60 } as const;
/**
 * A socket refused this many messages in a row is not a page that listens to its answers: it is
 * closed. Kept small: each refusal is an answer written to the socket, the costliest part of a flood.
 */
export const REFUSALS_BEFORE_CLOSE = 20;
/**
 * Player sockets that may be opened (a page reconnects once a second after a lost connection), so
 * that closing a flooding socket is not undone by opening another at once; and how many may be
 * open at once (a projector and a table's phones are a handful), since every player push goes to
 * each of them.
 */
export const PLAYER_CONNECT_LIMIT = { capacity: 10, perSecond: 2 } as const;
export const MAX_PLAYER_SOCKETS = 32;
/**
 * Wrong tokens an address may present (a page with an old link, a typo) before it is refused
 * without a look at what it sends: a few at once, then one every six seconds, so guessing a
 * seat's token from the network takes longer than the universe has.
 */
export const WRONG_TOKEN_LIMIT = { capacity: 10, perSecond: 1 / 6 } as const;
/** Addresses remembered for their wrong tokens; the oldest is forgotten past this. */
const MAX_ADDRESSES = 1024;

export type Verdict = 'answer' | 'refuse' | 'close';

/**
 * Decides, message by message, what the web host does with what a socket sends: answer it, refuse
 * it with a typed error (`rate-limited`, costing the host no parsing beyond the call's id), or close
 * the socket. `admit(role)` gives one socket's judge.
 */
export class MessageGate {
  private readonly players: TokenBucket;
  private readonly playerConnections: TokenBucket;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.players = new TokenBucket(PLAYER_ROLE_LIMIT.capacity, PLAYER_ROLE_LIMIT.perSecond, now);
    this.playerConnections = new TokenBucket(PLAYER_CONNECT_LIMIT.capacity, PLAYER_CONNECT_LIMIT.perSecond, now);
  }

  private readonly wrongTokens = new Map<string, TokenBucket>();

  /** Whether `address` may present a token now: false once it has shown too many wrong ones. */
  mayTryToken(address: string): boolean {
    const bucket = this.wrongTokens.get(address);
    return bucket === undefined || bucket.peek() >= 1;
  }

  /** `address` presented a token that is no page's or seat's. */
  wrongToken(address: string): void {
    let bucket = this.wrongTokens.get(address);
    if (bucket === undefined) {
      if (this.wrongTokens.size >= MAX_ADDRESSES) this.wrongTokens.delete(this.wrongTokens.keys().next().value!);
      this.wrongTokens.set(address, (bucket = new TokenBucket(WRONG_TOKEN_LIMIT.capacity, WRONG_TOKEN_LIMIT.perSecond, this.now)));
    }
    bucket.take();
  }

  /** Whether a socket of `role` may be opened now, with `openPlayers` player and seat sockets open; the GM always may. */
  mayConnect(role: Role, openPlayers: number): boolean {
    return role === 'gm' || (openPlayers < MAX_PLAYER_SOCKETS && this.playerConnections.take());
  }

  admit(role: Role): () => Verdict {
    if (role === 'gm') return () => 'answer';
    const own = new TokenBucket(PLAYER_SOCKET_LIMIT.capacity, PLAYER_SOCKET_LIMIT.perSecond, this.now);
    let refusedInARow = 0;
    return () => {
      if (own.take() && this.players.take()) {
        refusedInARow = 0;
        return 'answer';
      }
      return ++refusedInARow >= REFUSALS_BEFORE_CLOSE ? 'close' : 'refuse';
    };
  }
}

/** The id of a call as a page's client writes it (`{"id":12,…`), read from its first bytes only; null otherwise. */
export function callIdOf(message: Buffer): number | null {
  const id = /^\{\s*"id"\s*:\s*(\d{1,15})\s*,/.exec(message.subarray(0, 32).toString('latin1'))?.[1];
  return id === undefined ? null : Number(id);
}

/** A player socket holding more than this unsent is not reading what it is sent (it reconnects and asks afresh). */
export const MAX_PLAYER_BACKLOG_BYTES = 8 * 1024 * 1024;

/** What of a socket sending needs: `ws`'s WebSocket. */
export interface Outlet {
  readonly readyState: number;
  readonly OPEN: number;
  readonly bufferedAmount: number;
  send(text: string): void;
  terminate(): void;
}

/**
 * Sends `text` on an open socket, unless it is a player socket that has left more than
 * `MAX_PLAYER_BACKLOG_BYTES` unread: that one is closed instead, so a page that stops reading
 * cannot make the host hold an ever-growing backlog for it. The GM's sockets are always sent to.
 */
export function sendUnlessStalled(ws: Outlet, role: Role, text: string, log: (m: string) => void): void {
  if (ws.readyState !== ws.OPEN) return;
  if (role !== 'gm' && ws.bufferedAmount > MAX_PLAYER_BACKLOG_BYTES) {
    log(`${role} socket closed: it does not read what it is sent`);
    ws.terminate();
    return;
  }
  ws.send(text);
}
