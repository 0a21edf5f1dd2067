/** Saves text the console produced (an export, a combat log) as a file the GM downloads. */
export function download(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Web host: posts a file to one of the GM upload routes with the page's token (the answer is the
 * contract's envelope); `onProgress` sees the bytes sent.
 */
export function postFile<T>(
  route: '/campaign/upload-image' | '/campaign/upload-art' | '/campaign/import',
  file: File,
  onProgress?: (sent: number, total: number) => void,
): Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }> {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${route}?token=${encodeURIComponent(token)}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      const body = xhr.response as { ok: boolean; value?: T; error?: { message: string } } | null;
      if (body?.ok) resolve({ ok: true, value: body.value as T });
      else resolve({ ok: false, error: { message: body?.error?.message ?? `The upload failed (${xhr.status}).` } });
    };
    xhr.onerror = () => resolve({ ok: false, error: { message: 'The upload failed: the console did not answer.' } });
    xhr.send(file);
  });
}
