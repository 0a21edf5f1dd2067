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

const loaded = new Map<string, Promise<HTMLImageElement>>();

function loadImage(asset: string): Promise<HTMLImageElement> {
  let p = loaded.get(asset);
  if (!p) {
    p = new Promise<HTMLImageElement>((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error(`The map image ${asset} could not be loaded.`));
      img.src = assetUrl(asset);
    });
    p.catch(() => loaded.delete(asset));
    loaded.set(asset, p);
  }
  return p;
}

/** The image's world rectangle in battlemap pixels (the view's placement is in hex-size units). */
export function imageRect(image: MapImage): MapBackground['rect'] {
  const s = HEX_SIZE;
  return { x0: image.x * s, y0: image.y * s, x1: (image.x + image.width * image.scale) * s, y1: (image.y + image.height * image.scale) * s };
}

/** The background for a view's map image (null without one); resolves once the image has loaded. */
export async function backgroundFor(image: MapImage | undefined | null): Promise<MapBackground | null> {
  if (!image) return null;
  return { image: await loadImage(image.asset), rect: imageRect(image) };
}

/** An image point (pixels) under a world point (hex-size units), for calibration pins. */
export function imagePointAt(image: MapImage, world: { x: number; y: number }): { x: number; y: number } {
  return { x: (world.x - image.x) / image.scale, y: (world.y - image.y) / image.scale };
}

/** A stable key of the image placement, to reload only when it changed. */
export const imageKey = (image: MapImage | undefined | null): string =>
  image ? `${image.asset}:${image.x}:${image.y}:${image.scale}` : '';
