import type { Writable } from 'node:stream';
import { TransferIdSchema } from '../../shared/contract/channels/campaign';
import { AppError, isAppError } from '../../shared/errors';
import type { ExportJob } from '../store/bundleExport';
import { IdSchema } from '../../shared/contract/schemas';

/**
 * The GM page's file routes, the same paths on both hosts (web: http://127.0.0.1, Electron:
 * app://console), each only with the GM page's token: uploads (map images, token art, handout
 * images, export files to import) are POSTed, exports are fetched with GET. Export files are
 * streamed both ways (store/bundleExport.ts, store/bundleImport.ts), never held whole.
 */
export const UPLOAD_ROUTES = ['/campaign/upload-image', '/campaign/upload-art', '/campaign/import'] as const;
export type UploadRoute = (typeof UPLOAD_ROUTES)[number];
export const EXPORT_ROUTE = '/campaign/export';

export const isUploadRoute = (path: string): path is UploadRoute => (UPLOAD_ROUTES as readonly string[]).includes(path);

/** What an upload needs from the core (services/campaigns/campaignTransfers.ts). */
export interface UploadTarget {
  importImageStream(source: AsyncIterable<Uint8Array>, total: number | null, what?: string): Promise<unknown>;
  importBundleUpload(source: AsyncIterable<Uint8Array>, total: number | null, options: { transfer?: string | null; name?: string | null }): Promise<unknown>;
}

/** What an export needs from the core (services/campaigns/campaignTransfers.ts). */
export interface ExportTarget {
  prepareExport(encounterId: string | null): Promise<ExportJob>;
  writeExport(job: ExportJob, out: Writable, transfer: string | null): Promise<void>;
}

type Envelope = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

/** An upload's answer: the contract's envelope and its HTTP status. */
export interface UploadAnswer {
  readonly status: number;
  readonly body: Envelope;
}

/** A transfer id the page chose for its progress events (`?transfer=`), when it is one. */
const transferOf = (params: URLSearchParams | undefined) => {
  const parsed = TransferIdSchema.safeParse(params?.get('transfer'));
  return parsed.success ? parsed.data : null;
};

/** The file's name as the page knows it (`?name=`), for the messages the GM reads. */
const fileNameOf = (params: URLSearchParams | undefined) => {
  const name = params
    ?.get('name')
    ?.replace(/\p{Cc}/gu, '')
    .slice(0, 255);
  return name ? name : null;
};

function refusal(e: unknown, what: string, log: (message: string) => void): UploadAnswer {
  if (isAppError(e))
    return { status: e.code === 'not-found' ? 404 : e.code === 'forbidden' ? 403 : 400, body: { ok: false, error: { code: e.code, message: e.message } } };
  log(`${what} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  return { status: 500, body: { ok: false, error: { code: 'internal', message: 'The transfer failed. Details are in the console log.' } } };
}

/**
 * Runs one upload from the GM page: a map image, token art or handout image
 * streamed into the campaign's content-hashed assets, or an export file to import (its first
 * bytes decide at once whether it is one; `?transfer=` names its progress events, `?name=` the
 * file). The caller has checked that the GM page asks; a refusal is the envelope with the reason,
 * never a thrown error.
 */
export async function runUpload(
  route: UploadRoute,
  body: AsyncIterable<Uint8Array>,
  total: number | null,
  target: UploadTarget | undefined,
  log: (message: string) => void,
  params?: URLSearchParams,
): Promise<UploadAnswer> {
  if (!target) return { status: 404, body: { ok: false, error: { code: 'not-found', message: 'No campaign is open.' } } };
  try {
    if (route === '/campaign/import') {
      const value = await target.importBundleUpload(body, total, { transfer: transferOf(params), name: fileNameOf(params) });
      return { status: 200, body: { ok: true, value } };
    }
    // Token art goes into the same content-hashed assets as a map image; only the wording differs.
    const value = await target.importImageStream(body, total, route === '/campaign/upload-art' ? 'token art' : undefined);
    return { status: 200, body: { ok: true, value } };
  } catch (e) {
    return refusal(e, `upload ${route}`, log);
  }
}

/** An export's answer: a refusal before anything is sent, or the archive's headers and a way to stream it. */
export type ExportAnswer = UploadAnswer | { readonly status: 200; readonly headers: Record<string, string>; write(out: Writable): Promise<void> };

/** `Content-Disposition` for a file name of any characters (RFC 6266: an ASCII fallback and the UTF-8 name). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * GET `/campaign/export` (the campaign) or `/campaign/export?encounter=<id>` (one encounter):
 * prepared first, so a refusal (too large for an import, an image missing) is an envelope with
 * its reason; then the zip archive with its exact length, streamed at the pace the page reads it.
 */
export async function runExport(target: ExportTarget | undefined, params: URLSearchParams, log: (message: string) => void): Promise<ExportAnswer> {
  if (!target) return { status: 404, body: { ok: false, error: { code: 'not-found', message: 'No campaign is open.' } } };
  const encounter = params.get('encounter');
  try {
    if (encounter !== null && !IdSchema.safeParse(encounter).success)
      throw new AppError('invalid-args', `"${encounter.slice(0, 80)}" is not a valid encounter id.`);
    const job = await target.prepareExport(encounter);
    const transfer = transferOf(params);
    return {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-length': String(job.bytes),
        'content-disposition': attachment(job.fileName),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
      write: async (out) => {
        try {
          await target.writeExport(job, out, transfer);
        } catch (e) {
          // The page sees the stream break; the GM reads the reason in the transfer's last event.
          if (!isAppError(e)) log(`export failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
          out.destroy(e instanceof Error ? e : new Error(String(e)));
        }
      },
    };
  } catch (e) {
    return refusal(e, 'export', log);
  }
}

/** A declared Content-Length as a byte count, or null when absent or not a count. */
export function declaredLength(header: string | null | undefined): number | null {
  if (header === null || header === undefined || header === '') return null;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}
