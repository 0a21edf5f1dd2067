import type { MapImage } from '../../../shared/views';
import type { MapBackground } from './gridShape';
import { HEX_SIZE } from './mapModel';

/**
 * Where a page loads a campaign asset: the same path on both hosts (docs/design-notes.md), with
 * the page's own token, which the asset route requires (issue 13 §5).
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

const decoded = new Map<string, Promise<CanvasImageSource>>();

/**
 * Decodes an asset once into an ImageBitmap that stays decoded (an <img> alone may be dropped
 * and decoded again on the main thread mid-gesture). The bytes are decoded from the fetched file
 * (`createImageBitmap(blob)`), wholly off the main thread: a bitmap made from a decoded <img>
 * copies its pixels on the main thread (a 4096² image held the page's load for ~130 ms).
 */
function decodeImage(image: MapImage): Promise<CanvasImageSource> {
  let p = decoded.get(image.asset);
  if (!p) {
    p = (async () => {
      const failed = new Error(`The map image ${image.asset} could not be loaded.`);
      if (typeof createImageBitmap !== 'function') {
        const img = new Image();
        img.src = assetUrl(image.asset);
        await img.decode().catch(() => Promise.reject(failed));
        return img;
      }
      const response = await fetch(assetUrl(image.asset)).catch(() => Promise.reject(failed));
      if (!response.ok) throw failed;
      const bitmap = await createImageBitmap(await response.blob()).catch(() => Promise.reject(failed));
      const kept = keptSize(bitmap.width, bitmap.height);
      if (kept.width === bitmap.width && kept.height === bitmap.height) return bitmap;
      const smaller = await createImageBitmap(bitmap, { resizeWidth: kept.width, resizeHeight: kept.height, resizeQuality: 'high' });
      bitmap.close();
      return smaller;
    })();
    p.catch(() => decoded.delete(image.asset));
    decoded.set(image.asset, p);
  }
  return p;
}

/** The image's world rectangle in battlemap pixels (the view's placement is in hex-size units). */
export function imageRect(image: MapImage): MapBackground['rect'] {
  const s = HEX_SIZE;
  return { x0: image.x * s, y0: image.y * s, x1: (image.x + image.width * image.scale) * s, y1: (image.y + image.height * image.scale) * s };
}

const backgrounds = new Map<string, Promise<MapBackground>>();

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
    p = decodeImage(image).then((source) => ({ image: source, rect: imageRect(image) }));
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
export const imageKey = (image: MapImage | undefined | null): string =>
  image ? `${image.asset}:${image.x}:${image.y}:${image.scale}` : '';
