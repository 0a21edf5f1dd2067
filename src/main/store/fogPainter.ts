import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { hexCorners, type HexLayout } from '../../shared/hex/layout';
import type { MapImage } from '../../shared/contract/views';
import { MAX_IMAGE_PIXELS } from './imageDecode';

/**
 * What to paint out of a map image: its placement, the grid's orientation and the fogged hexes
 * ("q,r"); and for a piece of it, the part it shows, in the picture's own pixels.
 */
export interface HexMask {
  readonly image: MapImage;
  readonly orientation: 'flat' | 'pointy';
  readonly fogged: readonly string[];
  readonly crop?: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
}

/** Image pixels past a hex's edge that are painted out too, so smoothing never lets a fogged pixel show. */
const MARGIN_PX = 2;
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * The image at `sourcePath` with every fogged hex filled black, encoded as its own
 * type: the work itself, run on the masking worker (`maskWorker.ts`) one image at a time. World
 * units are a hex's size with hex (0, 0) at (1, 1), as the grid draws them; an image pixel
 * (px, py) lies at (x + px·scale, y + py·scale), the picture stretched over `width` × `height` as
 * the pages draw it. With nothing fogged on it the bytes are the source's own. A piece (`crop`) is
 * the pixels of its part alone, painted the same.
 */
export async function paintFog(sourcePath: string, ext: string, mask: HexMask): Promise<{ body: Buffer; type: string }> {
  const type = TYPES[ext] ?? 'application/octet-stream';
  const source = await decodedSource(sourcePath);
  const { width, height, channels } = source.info;
  const polygons = fogPolygons(mask, width, height);
  if (polygons.length === 0 && !mask.crop) return { body: await readFile(sourcePath), type };
  const part = mask.crop ? cropOf(source, mask) : { pixels: Buffer.from(source.data), info: source.info, left: 0, top: 0 };
  const moved = part.left === 0 && part.top === 0 ? polygons : polygons.map((p) => p.map(([x, y]) => [x - part.left, y - part.top] as const));
  fillBlack(part.pixels, part.info, moved);
  const masked = sharp(part.pixels, { raw: { width: part.info.width, height: part.info.height, channels } });
  // Made for a page on this machine or its LAN, a step of the fog at a time: encoded fast, a little
  // larger (optimised Huffman tables took a 528² JPEG piece from 2.5 to 6.7 ms, zlib's level 6 a
  // PNG one from 2.2 to 3.5 ms).
  const encoded =
    ext === 'jpg' ? masked.jpeg({ quality: 90, optimiseCoding: false }) : ext === 'webp' ? masked.webp({ quality: 90 }) : masked.png({ compressionLevel: 1 });
  const body = await encoded.toBuffer();
  return { body, type };
}

interface Decoded {
  readonly data: Buffer;
  readonly info: { readonly width: number; readonly height: number; readonly channels: 1 | 2 | 3 | 4 };
}

/**
 * The last source's decoded pixels, kept: the fog of a walk under sight changes at every step, and
 * a step masks a few pieces of the copy, each of which would otherwise decode the whole picture
 * again (a 4096² picture takes ~100 ms, the largest importable, 8192², ~0.5 s, and a page asks for
 * up to 64 pieces at once). At most `KEEP_BYTES`, the largest importable picture with an alpha
 * channel (store/imageDecode.ts), no more than a whole copy of it held while it was made; the
 * worker gives it back when it ends, idle (`maskImage.ts`). Assets are named by their content, so
 * a path's pixels never change.
 */
let kept: { readonly path: string; readonly decoded: Decoded } | null = null;
const KEEP_BYTES = MAX_IMAGE_PIXELS * 4;

async function decodedSource(path: string): Promise<Decoded> {
  if (kept?.path === path) return kept.decoded;
  const { data, info } = await sharp(path, { autoOrient: true, limitInputPixels: false }).raw().toBuffer({ resolveWithObject: true });
  const decoded: Decoded = { data, info: { width: info.width, height: info.height, channels: info.channels } };
  kept = data.length <= KEEP_BYTES ? { path, decoded } : null;
  return decoded;
}

/** The pixels of a piece's part of the picture (its crop scaled to the file's pixels), copied out, and where it starts. */
function cropOf(source: Decoded, mask: HexMask): { pixels: Buffer; info: Decoded['info']; left: number; top: number } {
  const { width, height, channels } = source.info;
  const crop = mask.crop!;
  const sx = width / mask.image.width;
  const sy = height / mask.image.height;
  const left = Math.max(0, Math.min(width - 1, Math.floor(crop.x0 * sx)));
  const top = Math.max(0, Math.min(height - 1, Math.floor(crop.y0 * sy)));
  const right = Math.max(left + 1, Math.min(width, Math.ceil(crop.x1 * sx)));
  const bottom = Math.max(top + 1, Math.min(height, Math.ceil(crop.y1 * sy)));
  const row = (right - left) * channels;
  const pixels = Buffer.allocUnsafe(row * (bottom - top));
  for (let y = top; y < bottom; y++) source.data.copy(pixels, (y - top) * row, (y * width + left) * channels, (y * width + right) * channels);
  return { pixels, info: { width: right - left, height: bottom - top, channels }, left, top };
}

/** Each fogged hex on the picture as its corners in image pixels, grown by `MARGIN_PX`. */
function fogPolygons(mask: HexMask, width: number, height: number): (readonly [number, number])[][] {
  const { image } = mask;
  const layout: HexLayout = { orientation: mask.orientation, size: 1, origin: { x: 1, y: 1 } };
  const sx = width / image.width;
  const sy = height / image.height;
  const toPx = (wx: number, wy: number) => [((wx - image.x) / image.scale) * sx, ((wy - image.y) / image.scale) * sy] as const;
  // A hex is 1 world unit from centre to corner; MARGIN_PX image pixels are MARGIN_PX·scale of it.
  const grow = 1 + MARGIN_PX * image.scale * Math.max(1 / sx, 1 / sy);
  const polygons: (readonly [number, number])[][] = [];
  for (const key of mask.fogged) {
    const [q, r] = key.split(',').map(Number);
    if (!Number.isInteger(q) || !Number.isInteger(r)) continue;
    const corners = hexCorners(layout, { q: q!, r: r! });
    const cx = corners.reduce((s, p) => s + p.x, 0) / 6;
    const cy = corners.reduce((s, p) => s + p.y, 0) / 6;
    const points = corners.map((p) => toPx(cx + (p.x - cx) * grow, cy + (p.y - cy) * grow));
    if (points.every(([x]) => x < 0) || points.every(([x]) => x > width) || points.every(([, y]) => y < 0) || points.every(([, y]) => y > height)) continue;
    polygons.push(points);
  }
  return polygons;
}

/**
 * Paints the polygons (convex) opaque black: every pixel whose centre lies inside one, as SVG's
 * crispEdges would. Each polygon gives a span per row between the two edges the row's centre line
 * crosses; a row's spans are merged before they are painted, so fogged ground is a few long fills.
 */
function fillBlack(pixels: Buffer, { width, height, channels }: Decoded['info'], polygons: readonly (readonly (readonly [number, number])[])[]): void {
  const spans: number[][] = Array.from({ length: height }, () => []);
  for (const polygon of polygons) {
    let lowest = Infinity;
    let highest = -Infinity;
    for (const [, y] of polygon) {
      lowest = Math.min(lowest, y);
      highest = Math.max(highest, y);
    }
    const top = Math.max(0, Math.ceil(lowest - 0.5));
    const bottom = Math.min(height - 1, Math.floor(highest - 0.5));
    for (let row = top; row <= bottom; row++) {
      const y = row + 0.5;
      let left = Infinity;
      let right = -Infinity;
      for (let i = 0; i < polygon.length; i++) {
        const [x0, y0] = polygon[i]!;
        const [x1, y1] = polygon[(i + 1) % polygon.length]!;
        if ((y0 <= y && y < y1) || (y1 <= y && y < y0)) {
          const x = x0 + ((y - y0) / (y1 - y0)) * (x1 - x0);
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
      const from = Math.max(0, Math.ceil(left - 0.5));
      const to = Math.min(width - 1, Math.floor(right - 0.5));
      if (to >= from) spans[row]!.push(from * SPAN + to);
    }
  }
  const colour = channels === 2 || channels === 4 ? channels - 1 : channels;
  const paint = (row: number, from: number, to: number) => {
    const start = (row * width + from) * channels;
    const end = (row * width + to + 1) * channels;
    pixels.fill(0, start, end);
    if (colour < channels) for (let at = start + colour; at < end; at += channels) pixels[at] = 255;
  };
  spans.forEach((list, row) => {
    list.sort((a, b) => a - b);
    let from = -1;
    let to = -2;
    for (const span of list) {
      const start = Math.floor(span / SPAN);
      const end = span % SPAN;
      if (start > to + 1) {
        if (from >= 0) paint(row, from, to);
        from = start;
      }
      to = Math.max(to, end);
    }
    if (from >= 0) paint(row, from, to);
  });
}

/** A span is packed as from·SPAN + to, pixel columns below 16384 (`MAX_IMAGE_SIDE`). */
const SPAN = 1 << 15;
