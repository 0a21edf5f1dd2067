import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME, CONTENT_SECURITY_POLICY, ISOLATION_HEADERS } from '../security';
import { readStatic } from '../web/staticFiles';
import type { Role } from '../../../shared/contract';
import { roleOfPageToken } from './pageTokens';
import { PassThrough, Readable } from 'node:stream';
import { declaredLength, EXPORT_ROUTE, isUploadRoute, runExport, runUpload, type ExportTarget, type UploadTarget } from '../uploads';

/** Must run before `app` is ready: the app scheme behaves like a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Where campaign assets are served: `app://console/campaign-assets/<hash>.<ext>` (same origin, CSP 'self'). */
export const ASSET_PREFIX = '/campaign-assets/';

/** `forbidden` when the asking page's role may not have it (services/assetAccess.ts). */
export type AssetReader = (name: string, role: Role | null) => Promise<{ body: Buffer; type: string } | null | 'forbidden' | 'superseded'>;

/**
 * Serves the built renderer from `app://console/…`, only files inside `rendererDir`; and, under
 * `/campaign-assets/`, only the open campaign's assets (content-hashed names inside its assets/),
 * each only to a page whose URL token gives a role allowed to have it. The GM page's uploads
 * (map images, token art, handout images, export files) take the same routes as on the web host.
 */
export function serveRenderer(
  rendererDir: string,
  assets?: AssetReader,
  uploads?: () => (UploadTarget & ExportTarget) | undefined,
  log: (m: string) => void = () => {},
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    if (request.method === 'POST' && isUploadRoute(url.pathname)) return uploadResponse(request, url, uploads?.(), log);
    if (request.method === 'GET' && url.pathname === EXPORT_ROUTE) return exportResponse(url, uploads?.(), log);
    if (url.pathname.startsWith(ASSET_PREFIX)) {
      const role = roleOfPageToken(url.searchParams.get('token'));
      const asset = role === null ? 'forbidden' : assets ? await assets(url.pathname.slice(ASSET_PREFIX.length), role) : null;
      if (asset === 'forbidden') return new Response('Forbidden', { status: 403 });
      if (asset === 'superseded') return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
      if (!asset) return new Response('Not found', { status: 404 });
      return new Response(new Uint8Array(asset.body), {
        headers: { 'content-type': asset.type, 'content-security-policy': CONTENT_SECURITY_POLICY, ...ISOLATION_HEADERS, 'x-content-type-options': 'nosniff' },
      });
    }
    const file = await readStatic(rendererDir, url.pathname);
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.body), {
      headers: {
        'content-type': file.type,
        'content-security-policy': CONTENT_SECURITY_POLICY,
        ...ISOLATION_HEADERS,
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

/** A GM upload over the app scheme: the same routes and envelope as the web host's (host/uploads.ts). */
export async function uploadResponse(request: Request, url: URL, target: UploadTarget | undefined, log: (m: string) => void): Promise<Response> {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
  if (roleOfPageToken(url.searchParams.get('token')) !== 'gm' || !isUploadRoute(url.pathname)) {
    return json(403, { ok: false, error: { code: 'forbidden', message: 'Only the GM page may upload to the campaign.' } });
  }
  const body: AsyncIterable<Uint8Array> = request.body ?? (async function* () {})();
  const answer = await runUpload(url.pathname, body, declaredLength(request.headers.get('content-length')), target, log, url.searchParams);
  return json(answer.status, answer.body);
}

/** The GM page's export over the app scheme: the same route and answers as the web host's, the archive streamed. */
export async function exportResponse(url: URL, target: ExportTarget | undefined, log: (m: string) => void): Promise<Response> {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
  if (roleOfPageToken(url.searchParams.get('token')) !== 'gm') {
    return json(403, { ok: false, error: { code: 'forbidden', message: 'Only the GM page may export the campaign.' } });
  }
  const answer = await runExport(target, url.searchParams, log);
  if ('body' in answer) return json(answer.status, answer.body);
  const stream = new PassThrough();
  void answer.write(stream);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status: 200, headers: answer.headers });
}
