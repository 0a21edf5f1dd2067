import { assetUrl, fetchAsset } from './assetFetch';
import { MapPicture } from './mapPicture';
import type { DecodeReply, DecodeRequest } from './imageWorker';

/** The host served nothing for a name the page's frame has since moved on from: no failure, the next frame names the new image. */
class Superseded extends Error {}

/**
 * Decodes a picture (a map image, or a piece of the players' copy) into ImageBitmaps that stay
 * decoded (an <img> alone may be dropped and decoded again on the main thread mid-gesture). The
 * bytes are decoded from the fetched file (`createImageBitmap(blob)`), wholly off the main thread:
 * a bitmap made from a decoded <img> copies its pixels on the main thread (a 4096² image held the
 * page's load for ~130 ms). `own`: the file's size; `kept`: the size it is kept at; `first`: a
 * smaller size to decode at first for the fitted zoom (mapPicture.ts), or null. The file is kept
 * for the decode at the kept size, made only when a closer zoom needs it.
 */
export async function loadPicture(
  asset: string,
  own: { readonly width: number; readonly height: number },
  kept: { readonly width: number; readonly height: number },
  first: { readonly width: number; readonly height: number } | null,
): Promise<MapPicture> {
  const url = new URL(assetUrl(asset), location.href).href;
  if (typeof createImageBitmap !== 'function') {
    const img = new Image();
    img.src = url;
    await img.decode();
    return new MapPicture(img, img.naturalWidth, null);
  }
  const size = first ?? kept;
  const request = { url, size: size.width === own.width && size.height === own.height ? null : size };
  const { bitmap, blob } = await (decoder ? decoder(request) : Promise.reject(new Error('no decoder'))).catch((e: unknown) =>
    e instanceof Superseded ? Promise.reject(e) : decodeOnPage(request),
  );
  performance.mark('map image decoded');
  const decodeKept = async () => {
    const full = await createImageBitmap(blob);
    if (full.width === kept.width && full.height === kept.height) return full;
    const smaller = await createImageBitmap(full, { resizeWidth: kept.width, resizeHeight: kept.height, resizeQuality: 'high' });
    full.close();
    return smaller;
  };
  return new MapPicture(bitmap, size.width, first ? decodeKept : null);
}

type Decoded = { bitmap: ImageBitmap; blob: Blob };

/** The page's decoder (imageWorker.ts), started with the page; null where a worker cannot start. */
const decoder = startDecoder();

function startDecoder(): ((request: Omit<DecodeRequest, 'id'>) => Promise<Decoded>) | null {
  if (typeof Worker !== 'function') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./imageWorker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const waiting = new Map<number, { resolve: (d: Decoded) => void; reject: (e: Error) => void }>();
  let next = 0;
  let broken = false;
  worker.onmessage = ({ data }: MessageEvent<DecodeReply>) => {
    const w = waiting.get(data.id);
    waiting.delete(data.id);
    if ('failed' in data) w?.reject(data.superseded ? new Superseded() : new Error('not decoded'));
    else w?.resolve(data);
  };
  worker.onerror = () => {
    broken = true;
    for (const w of waiting.values()) w.reject(new Error('no decoder'));
    waiting.clear();
  };
  return (request) => {
    if (broken) return Promise.reject(new Error('no decoder'));
    const id = next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies DecodeRequest);
    });
  };
}

async function decodeOnPage({ url, size }: Omit<DecodeRequest, 'id'>): Promise<Decoded> {
  const response = await fetchAsset(url);
  if (response.status === 204) throw new Superseded();
  if (!response.ok) throw new Error(response.statusText);
  const blob = await response.blob();
  const options: ImageBitmapOptions | undefined = size ? { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' } : undefined;
  return { bitmap: await createImageBitmap(blob, options), blob };
}
