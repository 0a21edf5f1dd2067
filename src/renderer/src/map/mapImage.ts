import { fetchAsset } from './assetFetch';
import type { MapImage } from '../../../shared/views';
import type { MapBackground } from './gridShape';
import { HEX_SIZE } from './mapModel';
import { fittedSize, MapPicture } from './mapPicture';
import type { DecodeReply, DecodeRequest } from './imageWorker';
import { RecentCache } from './recentCache';

/**
 * Where a page loads a campaign asset: the same path on both hosts (docs/design-notes.md), with
 * the page's own token, which the asset route requires.
 */
export const assetUrl = (asset: string): string => {
  const token = new URLSearchParams(location.search).get('token');
  return `/campaign-assets/${asset}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
};

/**
 * The console's choice of the largest picture kept decoded: 8192 px a side and 2 × 4096² pixels
 * (128 MiB). A larger import is scaled down once, when it is decoded; it is stretched over the
 * same world rectangle, so only its sharpness at the closest zooms changes.
 */
export const MAX_IMAGE_SIDE = 8192;
export const MAX_IMAGE_PIXELS = 2 * 4096 * 4096;

/** The size a map image is kept at: its own, or scaled down to fit the caps above. */
export function keptSize(width: number, height: number): { width: number; height: number } {
  const k = Math.min(1, MAX_IMAGE_SIDE / width, MAX_IMAGE_SIDE / height, Math.sqrt(MAX_IMAGE_PIXELS / (width * height)));
  return k >= 1 ? { width, height } : { width: Math.max(1, Math.floor(width * k)), height: Math.max(1, Math.floor(height * k)) };
}

/**
 * The console's choice: pictures kept decoded, most recent first — the GM's image, the players'
 * copy on the mirror, the one being loaded, one spare. A picture still drawn stays alive where it
 * is drawn; forgotten here, it is decoded again if asked for again. Without a bound, a walk under
 * the party's sight kept every masked copy of its steps (one a step, ~9 MiB each at a 1080p
 * projector's fitted zoom, 64 MiB at full size).
 */
const KEPT_PICTURES = 4;
const decoded = new RecentCache<string, Promise<MapPicture>>(KEPT_PICTURES);

/** The host served nothing for a name the page's frame has since moved on from: no failure, the next frame names the new image. */
class Superseded extends Error {}

/**
 * Decodes an asset once into ImageBitmaps that stay decoded (an <img> alone may be dropped and
 * decoded again on the main thread mid-gesture). The bytes are decoded from the fetched file
 * (`createImageBitmap(blob)`), wholly off the main thread: a bitmap made from a decoded <img>
 * copies its pixels on the main thread (a 4096² image held the page's load for ~130 ms). The
 * first decode is at the size the fitted zoom draws (mapPicture.ts); the file is kept for the
 * decode at the kept size, made only when a closer zoom needs it.
 */
function decodeImage(image: MapImage): Promise<MapPicture> {
  let p = decoded.get(image.asset);
  if (!p) {
    p = loadPicture(image).catch(() => Promise.reject(new Error(`The map image ${image.asset} could not be loaded.`)));
    p.catch(() => decoded.delete(image.asset));
    decoded.set(image.asset, p);
  }
  return p;
}

async function loadPicture(image: MapImage): Promise<MapPicture> {
  const url = new URL(assetUrl(image.asset), location.href).href;
  if (typeof createImageBitmap !== 'function') {
    const img = new Image();
    img.src = url;
    await img.decode();
    return new MapPicture(img, img.naturalWidth, null);
  }
  const kept = keptSize(image.width, image.height);
  const fitted = fittedSize(kept.width, kept.height, screen, devicePixelRatio || 1);
  const first = fitted ?? kept;
  const request = { url, size: first.width === image.width && first.height === image.height ? null : first };
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
  return new MapPicture(bitmap, first.width, fitted ? decodeKept : null);
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

/** The image's world rectangle in battlemap pixels (the view's placement is in hex-size units). */
export function imageRect(image: MapImage): MapBackground['rect'] {
  const s = HEX_SIZE;
  return { x0: image.x * s, y0: image.y * s, x1: (image.x + image.width * image.scale) * s, y1: (image.y + image.height * image.scale) * s };
}

/** As many placements as pictures: each holds its picture. */
const backgrounds = new RecentCache<string, Promise<MapBackground>>(KEPT_PICTURES);

/** For the e2e tests (`?e2e`): how many pictures the page keeps decoded. */
if (new URLSearchParams(globalThis.location?.search ?? '').has('e2e')) {
  (globalThis as unknown as { __mapPictures?: () => number }).__mapPictures = () => decoded.size;
}

/**
 * The background for a view's map image (null without one); resolves once the image is decoded.
 * The same placement always gives the same object, so a view push that left the image alone
 * hands the map what it already has and nothing is repainted.
 */
export function backgroundFor(image: MapImage | undefined | null): Promise<MapBackground | null> {
  if (!image) return Promise.resolve(null);
  const key = imageKey(image);
  let p = backgrounds.get(key);
  if (!p) {
    p = decodeImage(image).then((picture) => ({ picture, rect: imageRect(image) }));
    p.catch(() => backgrounds.delete(key));
    backgrounds.set(key, p);
  }
  return p;
}

/** An image point (pixels) under a world point (hex-size units), for calibration pins. */
export function imagePointAt(image: MapImage, world: { x: number; y: number }): { x: number; y: number } {
  return { x: (world.x - image.x) / image.scale, y: (world.y - image.y) / image.scale };
}

/** A stable key of the image placement, to reload only when it changed. */
export const imageKey = (image: MapImage | undefined | null): string => (image ? `${image.asset}:${image.x}:${image.y}:${image.scale}` : '');
