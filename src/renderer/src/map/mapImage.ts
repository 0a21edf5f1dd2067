import { pieceCrop } from '../../../shared/mapPieces';
import type { MapImage, PlayerMapImage } from '../../../shared/contract/views';
import type { MapBackground } from './gridShape';
import { HEX_SIZE } from './mapModel';
import { fittedSize, type MapPicture } from './mapPicture';
import { loadPicture } from './pictureLoad';
import { RecentCache } from './recentCache';

export { assetUrl } from './assetFetch';

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

/** The picture's scale at the fitted zoom, against its own size (1: decoded whole from the start). */
function fittedScale(image: MapImage): number {
  const kept = keptSize(image.width, image.height);
  const fitted = fittedSize(kept.width, kept.height, screen, devicePixelRatio || 1);
  return (fitted ?? kept).width / image.width;
}

/** Decodes a map image once (pictureLoad.ts): first at the size the fitted zoom draws, at its kept size when a closer zoom needs it. */
function decodeImage(image: MapImage): Promise<MapPicture> {
  let p = decoded.get(image.asset);
  if (!p) {
    const kept = keptSize(image.width, image.height);
    const fitted = fittedSize(kept.width, kept.height, screen, devicePixelRatio || 1);
    p = loadPicture(image.asset, image, kept, fitted).catch(() => Promise.reject(new Error(`The map image ${image.asset} could not be loaded.`)));
    p.catch(() => decoded.delete(image.asset));
    decoded.set(image.asset, p);
  }
  return p;
}

/**
 * The players' copy as the page holds it: a whole copy decoded once (`base`), and over it the
 * pieces a later copy changed, decoded by name. `pieces` keeps those of the last two copies.
 */
let base: { readonly key: string; readonly names: readonly string[]; readonly picture: Promise<MapPicture> } | null = null;
const pieces = new Map<string, Promise<MapPicture>>();
let piecesKept: (readonly string[])[] = [];

/**
 * The players' copy (projection/mapImage.ts in main): a whole copy first, one file to fetch and
 * decode; after it, only the pieces whose names differ from that copy's, drawn over it, so a step
 * of the fog fetches only the pieces it changed. A copy of which more than half the pieces differ
 * (sight switched on, another picture) is fetched whole again. Pieces are decoded first at the
 * whole picture's fitted scale.
 */
function piecedBackground(image: PlayerMapImage, tiles: NonNullable<PlayerMapImage['tiles']>, again = false): Promise<MapBackground> {
  const key = `${image.x}:${image.y}:${image.scale}:${image.width}:${image.height}:${tiles.size}:${tiles.overlap}:${tiles.names.length}`;
  const differing = base?.key === key ? tiles.names.filter((name, i) => name !== base!.names[i]).length : Infinity;
  if (!base || differing > tiles.names.length / 2) {
    const made = { key, names: tiles.names, picture: decodeImage(image) };
    // A whole copy the frame moved on from before it came (the host answers "moved on"): the next copy brings its own.
    made.picture.catch(() => base === made && (base = null));
    base = made;
  }
  const from = base;
  const over = tiles.names.flatMap((name, i) => (name === from.names[i] ? [] : [i]));
  piecesKept = [over.map((i) => tiles.names[i]!), ...piecesKept].slice(0, 2);
  const keep = new Set(piecesKept.flat());
  for (const name of pieces.keys()) if (!keep.has(name)) pieces.delete(name);
  const k = fittedScale(image);
  const s = HEX_SIZE * image.scale;
  const o = { x: image.x * HEX_SIZE, y: image.y * HEX_SIZE };
  const squares = tiles.names.map((_, i) => {
    const crop = pieceCrop(i, image, tiles.size, tiles.overlap);
    const own = { width: crop.x1 - crop.x0, height: crop.y1 - crop.y0 };
    return { own, rect: { x0: o.x + crop.x0 * s, y0: o.y + crop.y0 * s, x1: o.x + crop.x1 * s, y1: o.y + crop.y1 * s } };
  });
  const piece = (i: number): Promise<MapPicture> => {
    const name = tiles.names[i]!;
    let picture = pieces.get(name);
    if (!picture) {
      const { own } = squares[i]!;
      const first = k < 1 ? { width: Math.max(1, Math.round(own.width * k)), height: Math.max(1, Math.round(own.height * k)) } : null;
      picture = loadPicture(name, own, own, first).catch(() => Promise.reject(new Error('A piece of the map image could not be loaded.')));
      picture.catch(() => pieces.get(name) === picture && pieces.delete(name));
      pieces.set(name, picture);
    }
    return picture;
  };
  const build = ([whole, ...drawn]: MapPicture[]): MapBackground => {
    const sources: MapPicture[] = squares.map(() => whole!);
    over.forEach((i, j) => (sources[i] = drawn[j]!));
    return {
      rect: imageRect(image),
      pieces: [{ picture: whole!, rect: imageRect(image) }, ...over.map((i, j) => ({ picture: drawn[j]!, rect: squares[i]!.rect }))],
      squares: { key: `${from.key}:${from.names.join()}`, sources, rects: squares.map((q) => q.rect) },
    };
  };
  const parts = [from.picture, ...over.map(piece)];
  return Promise.all(parts).then(build, async (e: unknown) => {
    if (again) throw e;
    // A part that did not come (its frame moved on first, the host answering "moved on") is asked for
    // once more, on this copy's own whole copy if that was the part: once every part has settled, so
    // that none still on its way is counted twice.
    await Promise.allSettled(parts);
    return piecedBackground(image, tiles, true);
  });
}

/** The image's world rectangle in battlemap pixels (the view's placement is in hex-size units). */
export function imageRect(image: MapImage): MapBackground['rect'] {
  const s = HEX_SIZE;
  return { x0: image.x * s, y0: image.y * s, x1: (image.x + image.width * image.scale) * s, y1: (image.y + image.height * image.scale) * s };
}

/** As many placements as pictures: each holds its picture. */
const backgrounds = new RecentCache<string, Promise<MapBackground>>(KEPT_PICTURES);

/** For the e2e tests (`?e2e`): how many pictures and pieces the page keeps decoded. */
if (new URLSearchParams(globalThis.location?.search ?? '').has('e2e')) {
  (globalThis as unknown as { __mapPictures?: () => { pictures: number; pieces: number } }).__mapPictures = () => ({
    pictures: decoded.size,
    pieces: pieces.size,
  });
}

/**
 * The background for a view's map image (null without one); resolves once the image is decoded.
 * The same placement always gives the same object, so a view push that left the image alone
 * hands the map what it already has and nothing is repainted. The players' copy comes in pieces
 * where their view names them.
 */
export function backgroundFor(image: PlayerMapImage | undefined | null): Promise<MapBackground | null> {
  if (!image) return Promise.resolve(null);
  const key = imageKey(image);
  let p = backgrounds.get(key);
  if (!p) {
    const rect = imageRect(image);
    p = image.tiles ? piecedBackground(image, image.tiles) : decodeImage(image).then((picture) => ({ pieces: [{ picture, rect }], rect }));
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
