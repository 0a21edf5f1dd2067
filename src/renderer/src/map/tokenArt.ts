import { assetUrl } from './mapImage';

/**
 * Token art, drawn cheaply: each art asset is decoded once, and each shape it is
 * cut to (a disc, or a 3- or 7-hex footprint) at each texture size is drawn once into its own
 * canvas, clipped there. A token then draws that canvas as a plain image: no clipping and no
 * scaling of the full picture on any frame, however many figures share the art.
 */

/** An outline in the token's own world units, relative to the point the art is centred on. */
export type ArtShape = { readonly kind: 'disc'; readonly radius: number } | { readonly kind: 'outline'; readonly points: readonly number[] };

const decoded = new Map<string, Promise<ImageBitmap | HTMLImageElement>>();
const ready = new Map<string, ImageBitmap | HTMLImageElement>();
const cut = new Map<string, HTMLCanvasElement>();
/** Cut canvases kept; past this the oldest go (a GM may zoom through every size of many arts). */
const KEEP_CUT = 256;

/** Starts decoding an art asset once; resolves when `artCut` can draw it. A failed load may be tried again. */
export function loadArt(asset: string): Promise<void> {
  let p = decoded.get(asset);
  if (!p) {
    p = (async () => {
      const img = new Image();
      img.src = assetUrl(asset);
      await img.decode();
      const source = typeof createImageBitmap === 'function' ? await createImageBitmap(img) : img;
      ready.set(asset, source);
      return source;
    })();
    p.catch(() => decoded.delete(asset));
    decoded.set(asset, p);
  }
  return p.then(() => undefined);
}

export function artReady(asset: string): boolean {
  return ready.has(asset);
}

/**
 * The texture size (px across) for a token `worldSize` wide drawn at `pixelsPerUnit` device pixels
 * per world unit: a power of two from 16 to 256, so zooming changes the texture only at a few steps.
 */
export function artTextureSize(worldSize: number, pixelsPerUnit: number): number {
  const pixels = worldSize * pixelsPerUnit;
  return Math.min(256, Math.max(16, 2 ** Math.ceil(Math.log2(Math.max(1, pixels)))));
}

/** The art cut to `shape`, `texture` px across its bounding box, or null until it is decoded. */
export function artCut(
  asset: string,
  shape: ArtShape,
  texture: number,
): { canvas: HTMLCanvasElement; box: { x: number; y: number; width: number; height: number } } | null {
  const source = ready.get(asset);
  if (!source) return null;
  const box = boxOf(shape);
  const key = `${asset}|${texture}|${shape.kind === 'disc' ? `d${shape.radius.toFixed(2)}` : shape.points.map((v) => v.toFixed(1)).join(',')}`;
  let canvas = cut.get(key);
  if (!canvas) {
    canvas = drawCut(source, shape, box, texture);
    cut.set(key, canvas);
    if (cut.size > KEEP_CUT) cut.delete(cut.keys().next().value!);
  }
  return { canvas, box };
}

function boxOf(shape: ArtShape): { x: number; y: number; width: number; height: number } {
  if (shape.kind === 'disc') return { x: -shape.radius, y: -shape.radius, width: shape.radius * 2, height: shape.radius * 2 };
  const xs = shape.points.filter((_, i) => i % 2 === 0);
  const ys = shape.points.filter((_, i) => i % 2 === 1);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function drawCut(
  source: ImageBitmap | HTMLImageElement,
  shape: ArtShape,
  box: { x: number; y: number; width: number; height: number },
  texture: number,
): HTMLCanvasElement {
  const k = texture / Math.max(box.width, box.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(box.width * k));
  canvas.height = Math.max(1, Math.round(box.height * k));
  const ctx = canvas.getContext('2d')!;
  ctx.beginPath();
  if (shape.kind === 'disc') ctx.arc(canvas.width / 2, canvas.height / 2, Math.min(canvas.width, canvas.height) / 2, 0, Math.PI * 2);
  else for (let i = 0; i < shape.points.length; i += 2) ctx.lineTo((shape.points[i]! - box.x) * k, (shape.points[i + 1]! - box.y) * k);
  ctx.closePath();
  ctx.clip();
  // Cover the box: the picture's middle fills it, its longer side cut off.
  const w = source.width;
  const h = source.height;
  const scale = Math.max(canvas.width / w, canvas.height / h);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, (canvas.width - w * scale) / 2, (canvas.height - h * scale) / 2, w * scale, h * scale);
  return canvas;
}
