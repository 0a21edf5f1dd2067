import { randomBytes } from 'node:crypto';
import type { PageRole } from '../../../shared/contract';
import { roleForToken } from '../web/callers';

/**
 * A token per window role for this run, in each window's URL (`?token=`), as the web host puts
 * one in its page URLs: the app protocol's asset route knows by it which role asks,
 * since a protocol handler is not told which window a request came from.
 */
const TOKENS: Record<PageRole, string> = { gm: randomBytes(18).toString('base64url'), player: randomBytes(18).toString('base64url') };

export function pageToken(role: PageRole): string {
  return TOKENS[role];
}

export function roleOfPageToken(token: string | null): PageRole | null {
  return roleForToken(TOKENS, token);
}
