/** Saves what the console produced (an export, a combat log) as a file the GM downloads. */
export function download(fileName: string, content: string | Blob, type = 'application/json'): void {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const pageToken = () => new URLSearchParams(location.search).get('token') ?? '';

/**
 * Web host and Electron alike: posts a file to one of the GM upload routes with the page's token
 * (the answer is the contract's envelope); `onProgress` sees the bytes sent, `query` adds the
 * transfer's id and the file's name for an export file.
 */
export function postFile<T>(
  route: '/campaign/upload-image' | '/campaign/upload-art' | '/campaign/import',
  file: File,
  onProgress?: (sent: number, total: number) => void,
  query: Record<string, string> = {},
): Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }> {
  const params = new URLSearchParams({ token: pageToken(), ...query });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${route}?${params.toString()}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      const body = xhr.response as { ok: boolean; value?: T; error?: { message: string } } | null;
      if (body?.ok) resolve({ ok: true, value: body.value as T });
      else resolve({ ok: false, error: { message: body?.error?.message ?? `The upload failed (${xhr.status}).` } });
    };
    xhr.onerror = () => resolve({ ok: false, error: { message: 'The upload failed: the console did not answer.' } });
    xhr.onabort = () => resolve({ ok: false, error: { message: 'The upload was cancelled.' } });
    xhr.send(file);
  });
}

/** The file name a `Content-Disposition` header gives (its UTF-8 form first). */
function fileNameOf(header: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!);
    } catch {
      // fall through to the plain form
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/** Parts of the archive are kept as Blobs of this size, so the page never holds the whole file in one piece of memory. */
const PART_BYTES = 16 * 1024 * 1024;

export type FetchedExport = { ok: true; fileName: string; file: Blob } | { ok: false; message: string };

/**
 * Fetches an export file from `/campaign/export` (the campaign, or `encounter`), reading it as it
 * streams; `onProgress` sees the bytes read and the archive's length. A refusal before the
 * archive starts comes back as the console's message.
 */
export async function fetchExport(
  encounter: string | null,
  transfer: string,
  onProgress: (done: number, total: number | null) => void,
): Promise<FetchedExport> {
  const params = new URLSearchParams({ token: pageToken(), transfer, ...(encounter === null ? {} : { encounter }) });
  let res: Response;
  try {
    res = await fetch(`/campaign/export?${params.toString()}`);
  } catch {
    return { ok: false, message: 'The export failed: the console did not answer.' };
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { ok: false, message: body?.error?.message ?? `The export failed (${res.status}).` };
  }
  const total = Number(res.headers.get('content-length')) || null;
  const reader = res.body.getReader();
  const parts: Blob[] = [];
  let chunks: Uint8Array<ArrayBuffer>[] = [];
  let pending = 0;
  let done = 0;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value as Uint8Array<ArrayBuffer>);
      pending += next.value.length;
      done += next.value.length;
      onProgress(done, total);
      if (pending >= PART_BYTES) {
        parts.push(new Blob(chunks));
        chunks = [];
        pending = 0;
      }
    }
  } catch {
    return { ok: false, message: 'The export broke off before it was complete; nothing was saved.' };
  }
  if (total !== null && done !== total) return { ok: false, message: 'The export broke off before it was complete; nothing was saved.' };
  parts.push(new Blob(chunks));
  return { ok: true, fileName: fileNameOf(res.headers.get('content-disposition'), 'export.pillars.zip'), file: new Blob(parts, { type: 'application/zip' }) };
}
