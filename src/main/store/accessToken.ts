import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secrets a page or a seat's phone shows to the web host (kept in the data folder's private
 * files): 18 random bytes, URL-safe, so a link carries one as it is.
 */
export const newAccessToken = (): string => randomBytes(18).toString('base64url');

/** What a kept token must look like to be read back (a file edited by hand or damaged is not). */
export const ACCESS_TOKEN = /^[A-Za-z0-9_-]{24,128}$/;

/** Whether a shown token is a kept one, compared in constant time so the answer's timing tells a guesser nothing. */
export function sameAccessToken(shown: string, kept: string): boolean {
  const x = Buffer.from(shown);
  const y = Buffer.from(kept);
  return x.length === y.length && timingSafeEqual(x, y);
}
