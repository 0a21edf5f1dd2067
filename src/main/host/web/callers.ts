import type { IncomingMessage } from 'node:http';
import type { PageRole, Role } from '../../../shared/contract';
import { sameAccessToken } from '../../store/accessToken';
import type { MessageGate } from './messageGate';

/** Who is at the other end of a request or socket: a page's role, and for a seat, which seat. */
export interface Caller {
  readonly role: Role;
  readonly seat: string | null;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function roleForToken(tokens: Record<PageRole, string>, token: string | null): PageRole | null {
  if (!token) return null;
  if (sameAccessToken(token, tokens.gm)) return 'gm';
  if (sameAccessToken(token, tokens.player)) return 'player';
  return null;
}

/**
 * Who shows a token, on any route of the web host: a page's role, a seat (`seatForToken`), nobody;
 * or 'held' while the request's address is held back for the wrong tokens it showed
 * (`MessageGate.mayTryToken`). Tokens are guessed over the network: this machine's own pages (the
 * GM's) are never held back for it.
 */
export function callerIdentity(
  tokens: Record<PageRole, string>,
  seatForToken: ((token: string) => string | null) | undefined,
  gate: MessageGate,
): (req: IncomingMessage, token: string | null) => Caller | null | 'held' {
  const callerFor = (token: string | null): Caller | null => {
    const role = roleForToken(tokens, token);
    if (role !== null) return { role, seat: null };
    const seat = token && seatForToken ? seatForToken(token) : null;
    return seat === null ? null : { role: 'seat', seat };
  };
  return (req, token) => {
    const address = req.socket.remoteAddress ?? '';
    const remote = !LOOPBACK.has(address);
    if (remote && !gate.mayTryToken(address)) return 'held';
    const caller = callerFor(token);
    if (caller === null && remote) gate.wrongToken(address);
    return caller;
  };
}
