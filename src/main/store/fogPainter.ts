import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { hexCorners, type HexLayout } from '../../shared/hex/layout';
import type { MapImage } from '../../shared/views';

/** What to paint out of a map image: its placement, the grid's orientation and the fogged hexes ("q,r"). */
export interface HexMask {
  readonly image: MapImage;
  readonly orientation: 'flat' | 'pointy';
  readonly fogged: readonly string[];
}

/** Image pixels past a hex's edge that are painted out too, so smoothing never lets a fogged pixel show. */
const MARGIN_PX = 2;
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * The image at `sourcePath` with every fogged hex filled black, encoded as its own
 * type: the work itself, run on the masking worker (`maskWorker.ts`) one image at a time. World
 * units are a hex's size with hex (0, 0) at (1, 1), as the grid draws them; an image pixel
 * (px, py) lies at (x + px·scale, y + py·scale), the picture stretched over `width` × `height` as
 * the pages draw it. With nothing fogged on it the bytes are the source's own.
 */
export async function paintFog(sourcePath: string, ext: string, mask: HexMask): Promise<{ body: Buffer; type: string }> {
  const type = TYPES[ext] ?? 'application/octet-stream';
  const { image } = mask;
  const layout: HexLayout = { orientation: mask.orientation, size: 1, origin: { x: 1, y: 1 } };
  const source = sharp(sourcePath, { autoOrient: true, limitInputPixels: false });
  const meta = await source.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? image.width;
  const height = meta.autoOrient?.height ?? meta.height ?? image.height;
  const sx = width / image.width;
  const sy = height / image.height;
  const toPx = (wx: number, wy: number) => [((wx - image.x) / image.scale) * sx, ((wy - image.y) / image.scale) * sy] as const;
  // A hex is 1 world unit from centre to corner; MARGIN_PX image pixels are MARGIN_PX·scale of it.
  const grow = 1 + MARGIN_PX * image.scale * Math.max(1 / sx, 1 / sy);
  const paths: string[] = [];
  for (const key of mask.fogged) {
    const [q, r] = key.split(',').map(Number);
    if (!Number.isInteger(q) || !Number.isInteger(r)) continue;
    const corners = hexCorners(layout, { q: q!, r: r! });
    const cx = corners.reduce((s, p) => s + p.x, 0) / 6;
    const cy = corners.reduce((s, p) => s + p.y, 0) / 6;
    const points = corners.map((p) => toPx(cx + (p.x - cx) * grow, cy + (p.y - cy) * grow));
    if (points.every(([x]) => x < 0) || points.every(([x]) => x > width) || points.every(([, y]) => y < 0) || points.every(([, y]) => y > height)) continue;
    paths.push(`M${points.map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`).join('L')}Z`);
  }
  if (paths.length === 0) return { body: await readFile(sourcePath), type };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path fill="#000" shape-rendering="crispEdges" d="${paths.join('')}"/></svg>`;
  const masked = source.composite([{ input: Buffer.from(svg), top: 0, left: 0 }]);
  const body = await (ext === 'jpg' ? masked.jpeg({ quality: 90 }) : ext === 'webp' ? masked.webp({ quality: 90 }) : masked.png()).toBuffer();
  return { body, type };
}
