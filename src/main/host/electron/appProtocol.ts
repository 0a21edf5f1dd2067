import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME, CONTENT_SECURITY_POLICY } from '../security';
import { readStatic } from '../web/staticFiles';
import type { Role } from '../../../shared/contract';
import { roleOfPageToken } from './pageTokens';

/** Must run before `app` is ready: the app scheme behaves like a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Where campaign assets are served: `app://console/campaign-assets/<hash>.<ext>` (same origin, CSP 'self'). */
export const ASSET_PREFIX = '/campaign-assets/';

/** `forbidden` when the asking page's role may not have it (host/assetAccess.ts). */
export type AssetReader = (name: string, role: Role | null) => Promise<{ body: Buffer; type: string } | null | 'forbidden'>;

/**
 * Serves the built renderer from `app://console/…`, only files inside `rendererDir`; and, under
 * `/campaign-assets/`, only the open campaign's assets (content-hashed names inside its assets/),
 * each only to a page whose URL token gives a role allowed to have it.
 */
export function serveRenderer(rendererDir: string, assets?: AssetReader): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    if (url.pathname.startsWith(ASSET_PREFIX)) {
      const role = roleOfPageToken(url.searchParams.get('token'));
      const asset = role === null ? 'forbidden' : assets ? await assets(url.pathname.slice(ASSET_PREFIX.length), role) : null;
      if (asset === 'forbidden') return new Response('Forbidden', { status: 403 });
      if (!asset) return new Response('Not found', { status: 404 });
      return new Response(new Uint8Array(asset.body), {
        headers: { 'content-type': asset.type, 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' },
      });
    }
    const file = await readStatic(rendererDir, url.pathname);
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.body), {
      headers: {
        'content-type': file.type,
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
      },
    });
  });
}
