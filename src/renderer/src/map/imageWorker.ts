import { fetchAsset } from './assetFetch';

/**
 * Fetches and decodes a map image on a thread of its own (mapImage.ts). On the page the fetch, its
 * body and the decode each wait for the main thread between steps, and at load it is busy
 * building the map: the picture was decoded ~450 ms after its bytes had arrived. Here the steps
 * follow each other, and the page hears once, with the picture and the file (kept for a sharper
 * decode later). The page starts the worker as it loads: a worker started when the view names the
 * image waited ~330 ms for the busy page to start it.
 */
export interface DecodeRequest {
  readonly id: number;
  readonly url: string;
  /** The size to decode at, or null for the file's own. */
  readonly size: { readonly width: number; readonly height: number } | null;
}

/** `superseded`: the host had nothing to serve, the page's frame having moved on to another image (204). */
export type DecodeReply = { readonly id: number } & (
  { readonly bitmap: ImageBitmap; readonly blob: Blob } | { readonly failed: true; readonly superseded: boolean }
);

addEventListener('message', async (event: MessageEvent<DecodeRequest>) => {
  const { id, url, size } = event.data;
  try {
    const response = await fetchAsset(url);
    if (response.status === 204) return postMessage({ id, failed: true, superseded: true } satisfies DecodeReply);
    if (!response.ok) throw new Error(response.statusText);
    const blob = await response.blob();
    const bitmap = await (size
      ? createImageBitmap(blob, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' })
      : createImageBitmap(blob));
    postMessage({ id, bitmap, blob } satisfies DecodeReply, { transfer: [bitmap] });
  } catch {
    postMessage({ id, failed: true, superseded: false } satisfies DecodeReply);
  }
});
