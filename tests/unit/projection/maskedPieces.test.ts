/**
 * The players' map image in pieces (src/main/projection/mapImage.ts): each piece's name takes in
 * every fogged hex that paints on it, so a piece made from its own list is, pixel for pixel, the
 * whole masked copy over its part (with fog anywhere, the image placed anyhow); a change of fog
 * renames only the pieces the hex reaches; piece sizes keep a copy to at most 8 × 8 pieces.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piecesOf, tileSize, TILE_OVERLAP, type MaskedImageRecipe } from '../../../src/main/projection/mapImage';
import { paintFog } from '../../../src/main/store/fogPainter';
import { realImage } from '../../support/images';
import { tempDirs } from '../../support/tempCampaign';

const WIDTH = 1100;
const HEIGHT = 700;
const dirs = tempDirs();
let source: string;

beforeAll(async () => {
  source = join(await dirs.make(), 'map.png');
  await writeFile(source, await realImage('png', WIDTH, HEIGHT));
}, 60_000);
afterAll(() => dirs.cleanup());

const raw = async (body: Buffer) => sharp(body).raw().toBuffer({ resolveWithObject: true });

describe('the masked map image in pieces', () => {
  it('a piece made from its own fog list is the whole copy over its part, wherever the fog and the image lie', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(fc.integer({ min: -2, max: 30 }), fc.integer({ min: -16, max: 20 })), { minLength: 1, maxLength: 40 }),
        fc.record({
          x: fc.double({ min: -3, max: 3, noNaN: true }),
          y: fc.double({ min: -3, max: 3, noNaN: true }),
          scale: fc.double({ min: 0.02, max: 0.06, noNaN: true }),
        }),
        fc.constantFrom<'flat' | 'pointy'>('flat', 'pointy'),
        async (hexes, placement, orientation) => {
          const recipe: MaskedImageRecipe = {
            source: 'map.png',
            image: { asset: 'map.png', width: WIDTH, height: HEIGHT, ...placement },
            orientation,
            fogged: hexes.map(([q, r]) => `${q},${r}`).sort(),
          };
          const whole = await raw((await paintFog(source, 'png', recipe)).body);
          for (const { crop, fogged } of piecesOf(recipe, 512)) {
            const piece = await raw((await paintFog(source, 'png', { ...recipe, fogged, crop })).body);
            const w = crop.x1 - crop.x0;
            const h = crop.y1 - crop.y0;
            expect([piece.info.width, piece.info.height]).toEqual([w, h]);
            const c = whole.info.channels;
            for (let y = 0; y < h; y++) {
              const from = ((crop.y0 + y) * WIDTH + crop.x0) * c;
              if (!piece.data.subarray(y * w * c, (y + 1) * w * c).equals(whole.data.subarray(from, from + w * c))) {
                throw new Error(`piece at (${crop.x0}, ${crop.y0}) differs from the whole copy in its row ${y}`);
              }
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('a hex fogged or cleared renames only the pieces it reaches', () => {
    const base: MaskedImageRecipe = {
      source: 'map.png',
      image: { asset: 'map.png', width: 4096, height: 4096, x: 0, y: 0, scale: 0.04 },
      orientation: 'flat',
      fogged: [],
    };
    const before = piecesOf(base, 512);
    // Hex (20, 10) lies at world (31, 35.6): pixels (775, 891), inside piece (1, 1) alone.
    const after = piecesOf({ ...base, fogged: ['20,10'] }, 512);
    const changed = after.flatMap((p, i) => (p.fogged.join() !== before[i]!.fogged.join() ? [i] : []));
    expect(changed).toEqual([1 * 8 + 1]);
    // One at a piece's corner reaches the pieces whose squares and overlaps it touches.
    const corner = piecesOf({ ...base, fogged: ['13,7'] }, 512).flatMap((p, i) => (p.fogged.length ? [i] : []));
    expect(corner.length).toBeGreaterThan(1);
    expect(before).toHaveLength(64);
    expect(before[0]!.crop).toEqual({ x0: 0, y0: 0, x1: 512 + TILE_OVERLAP, y1: 512 + TILE_OVERLAP });
    expect(before[63]!.crop).toEqual({ x0: 3584, y0: 3584, x1: 4096, y1: 4096 });
  });

  it('pieces are 512 pixels, larger for a picture over 4096 a side: at most 8 a side', () => {
    expect(tileSize(300, 200)).toBe(512);
    expect(tileSize(4096, 4096)).toBe(512);
    expect(tileSize(4097, 100)).toBe(1024);
    expect(tileSize(16384, 8000)).toBe(2048);
  });
});
