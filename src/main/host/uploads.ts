import { AppError, isAppError } from '../../shared/errors';

/** The GM page's upload routes, the same path on both hosts (web: http://127.0.0.1, Electron: app://console). */
export const UPLOAD_ROUTES = ['/campaign/upload-image', '/campaign/upload-art', '/campaign/import'] as const;
export type UploadRoute = (typeof UPLOAD_ROUTES)[number];

export const isUploadRoute = (path: string): path is UploadRoute => (UPLOAD_ROUTES as readonly string[]).includes(path);

/** What an upload needs from the core. */
export interface UploadTarget {
  importImageStream(source: AsyncIterable<Uint8Array>, total: number | null, what?: string): Promise<unknown>;
  importBundleText(text: string): Promise<unknown>;
}

const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;

/** An upload's answer: the contract's envelope and its HTTP status. */
export interface UploadAnswer {
  readonly status: number;
  readonly body: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
}

/**
 * Runs one upload from the GM page (issue 6 §5, issue 15): a map image, token art or handout image
 * streamed into the campaign's content-hashed assets, or an export file to import. The caller has
 * checked that the GM page asks; a refusal is the envelope with the reason, never a thrown error.
 */
export async function runUpload(
  route: UploadRoute,
  body: AsyncIterable<Uint8Array>,
  total: number | null,
  target: UploadTarget | undefined,
  log: (message: string) => void,
): Promise<UploadAnswer> {
  if (!target) return { status: 404, body: { ok: false, error: { code: 'not-found', message: 'No campaign is open.' } } };
  try {
    if (route === '/campaign/import') {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of body) {
        size += chunk.length;
        if (size > MAX_BUNDLE_BYTES) throw new AppError('invalid-args', 'The export file is too large to import.');
        chunks.push(chunk);
      }
      return { status: 200, body: { ok: true, value: await target.importBundleText(Buffer.concat(chunks).toString('utf8')) } };
    }
    // Token art goes into the same content-hashed assets as a map image; only the wording differs.
    const value = await target.importImageStream(body, total, route === '/campaign/upload-art' ? 'token art' : undefined);
    return { status: 200, body: { ok: true, value } };
  } catch (e) {
    if (isAppError(e)) return { status: 400, body: { ok: false, error: { code: e.code, message: e.message } } };
    log(`upload ${route} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return { status: 500, body: { ok: false, error: { code: 'internal', message: 'The upload failed. Details are in the console log.' } } };
  }
}

/** A declared Content-Length as a byte count, or null when absent or not a count. */
export function declaredLength(header: string | null | undefined): number | null {
  if (header === null || header === undefined || header === '') return null;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}
