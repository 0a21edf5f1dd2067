/**
 * Pieces of one large picture decode it once (src/main/store/fogPainter.ts): the painter keeps
 * the last source decoded up to the largest importable picture, where it used to keep only 64 MiB
 * of pixels — so a 4800² picture was decoded again for every piece a page asked for.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { MapImage } from '../../../src/shared/contract/views';
import { paintFog } from '../../../src/main/store/fogPainter';
import { realImage } from '../../support/images';
import { tempDirs } from '../../support/tempCampaign';

const calls = vi.hoisted(() => ({ fromPath: 0, fromPixels: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<typeof import('sharp')>()).default;
  const counted = new Proxy(real, {
    apply(target, self, args: unknown[]) {
      if (typeof args[0] === 'string') calls.fromPath++;
      else calls.fromPixels++;
      return Reflect.apply(target, self, args);
    },
  });
  return { default: counted };
});

const SIDE = 4800;
const dirs = tempDirs();
let source: string;
const image: MapImage = { asset: 'big.png', width: SIDE, height: SIDE, x: 0, y: 0, scale: 0.03 };

beforeAll(async () => {
  source = join(await dirs.make(), 'big.png');
  await writeFile(source, await realImage('png', SIDE, SIDE, { fill: [120, 130, 90] }));
}, 120_000);
afterAll(() => dirs.cleanup());

it('three pieces of a picture of 69 MB of pixels decode it once', async () => {
  // 4800² × 3 channels is past the 64 MiB the painter used to keep.
  expect(SIDE * SIDE * 3).toBeGreaterThan(64 * 1024 * 1024);
  calls.fromPath = 0;
  calls.fromPixels = 0;
  for (const x0 of [0, 1024, 2048]) {
    const piece = await paintFog(source, 'png', { image, orientation: 'flat', fogged: ['30,10'], crop: { x0, y0: 0, x1: x0 + 1040, y1: 1040 } });
    expect(piece.type).toBe('image/png');
  }
  expect(calls.fromPath, 'decodes of the source').toBe(1);
  expect(calls.fromPixels, 'encodes of a piece').toBe(3);
}, 120_000);
