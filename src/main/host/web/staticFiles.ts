import { readFile, realpath } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

/**
 * Resolves a URL path to a file strictly inside `root`, or null. Refuses `..`, encoded
 * separators, NUL bytes and symlinks that lead outside.
 */
export async function resolveInside(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const rootReal = await realpath(root);
  const candidate = resolve(rootReal, '.' + (decoded.startsWith('/') ? decoded : '/' + decoded));
  if (candidate !== rootReal && !candidate.startsWith(rootReal + sep)) return null;
  try {
    const real = await realpath(candidate);
    return real.startsWith(rootReal + sep) ? real : null;
  } catch {
    return null;
  }
}

export async function readStatic(root: string, urlPath: string): Promise<{ body: Buffer; type: string } | null> {
  const file = await resolveInside(root, urlPath);
  if (!file) return null;
  try {
    return { body: await readFile(file), type: TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
