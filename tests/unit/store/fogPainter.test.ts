/**
 * The fog painter fills each fogged hex itself (fogPainter.ts): every pixel whose centre lies in
 * the hex grown by its margin is opaque black, every pixel clear of it keeps its colour, in an
 * RGB and in an RGBA picture.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { hexCorners } from '../../../src/shared/hex/layout';
import type { MapImage } from '../../../src/shared/contract/views';
import { paintFog } from '../../../src/main/store/fogPainter';
import { tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterAll(() => dirs.cleanup());

/** 10 image pixels a world unit: a hex is 20 pixels from corner to corner. */
const image: MapImage = { asset: 'map.png', width: 200, height: 160, x: 0, y: 0, scale: 0.1 };
const MARGIN_WORLD = 2 * image.scale;

/** Which side of each edge (x, y) lies on, for the hex (q, r) grown by `grow` world units at each corner's distance. */
function insideHex(q: number, r: number, grow: number, x: number, y: number): boolean {
  const corners = hexCorners({ orientation: 'flat', size: 1, origin: { x: 1, y: 1 } }, { q, r });
  const cx = corners.reduce((s, p) => s + p.x, 0) / 6;
  const cy = corners.reduce((s, p) => s + p.y, 0) / 6;
  const k = 1 + grow;
  const p = corners.map((c) => ({ x: cx + (c.x - cx) * k, y: cy + (c.y - cy) * k }));
  const sides = p.map((a, i) => {
    const b = p[(i + 1) % 6]!;
    return Math.sign((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x));
  });
  return sides.every((s) => s >= 0) || sides.every((s) => s <= 0);
}

describe('paintFog', () => {
  it.each([3, 4] as const)('paints a fogged hex out pixel by pixel, and nothing beside it (%i channels)', async (channels) => {
    const source = join(await dirs.make(), 'map.png');
    const pixels = Buffer.alloc(image.width * image.height * channels, 200);
    await writeFile(
      source,
      await sharp(pixels, { raw: { width: image.width, height: image.height, channels } })
        .png()
        .toBuffer(),
    );
    const { body } = await paintFog(source, 'png', { image, orientation: 'flat', fogged: ['4,2', 'not,a-hex'] });
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(channels);
    let black = 0;
    for (let py = 0; py < info.height; py++) {
      for (let px = 0; px < info.width; px++) {
        const x = (px + 0.5) * image.scale;
        const y = (py + 0.5) * image.scale;
        const at = (py * info.width + px) * channels;
        const value = [...data.subarray(at, at + channels)];
        if (insideHex(4, 2, MARGIN_WORLD - 0.01, x, y)) {
          expect(value, `pixel ${px},${py}`).toEqual(channels === 4 ? [0, 0, 0, 255] : [0, 0, 0]);
          black++;
        } else if (!insideHex(4, 2, MARGIN_WORLD + 0.15, x, y)) {
          expect(value, `pixel ${px},${py}`).toEqual(Array(channels).fill(200));
        }
      }
    }
    // A hex of size 1 is 2.6 square world units, 260 pixels; grown by its margin, about 320.
    expect(black).toBeGreaterThan(280);
  });
});
