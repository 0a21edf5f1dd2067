/**
 * The players' map image is masked on its worker thread, never on the main one: the copy is the
 * painter's own, byte for byte; the main thread runs no sharp and its timers keep firing while
 * the copy is made; six different copies asked at once are made one at a time (the oldest waiting
 * giving way past four); the same copy asked six times is made once; on Linux the pixel work runs
 * on threads niced below the console.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hexToPixel } from '../../../src/shared/hex/layout';
import type { MapImage } from '../../../src/shared/views';
import { paintFog, type HexMask } from '../../../src/main/store/fogPainter';
import { maskFoggedHexes, MaskingBusy, maskingStats, useMaskWorker } from '../../../src/main/store/maskImage';
import { realImage } from '../../support/images';
import { buildMaskWorker } from '../../support/simulationWorker';
import { tempDirs } from '../../support/tempCampaign';

// Every use of sharp in this thread is counted; the worker thread loads its own, uncounted.
const mainThread = vi.hoisted(() => ({ sharpCalls: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<typeof import('sharp')>()).default;
  const counted = new Proxy(real, {
    apply(target, self, args) {
      mainThread.sharpCalls++;
      return Reflect.apply(target, self, args);
    },
  });
  return { default: counted };
});

const WHITE: [number, number, number] = [250, 250, 250];
const dirs = tempDirs();
let source: string;
const image: MapImage = { asset: 'map.png', width: 2048, height: 1536, x: 0, y: 0, scale: 40 / 2048 };
const mask = (...fogged: string[]): HexMask => ({ image, orientation: 'flat', fogged });

beforeAll(async () => {
  useMaskWorker(await buildMaskWorker());
  source = join(await dirs.make(), 'map.png');
  await writeFile(source, await realImage('png', 2048, 1536, { fill: WHITE }));
}, 120_000);
afterAll(async () => {
  useMaskWorker(null);
  await dirs.cleanup();
});

async function pixelAt(body: Buffer, q: number, r: number): Promise<number[]> {
  const { default: sharp } = await import('sharp');
  const c = hexToPixel({ orientation: 'flat', size: 1, origin: { x: 1, y: 1 } }, { q, r });
  const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  const i = (Math.round((c.y - image.y) / image.scale) * info.width + Math.round((c.x - image.x) / image.scale)) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

describe('the players’ map image, masked on its worker', () => {
  it('is the painter’s own copy, made while the main thread runs no sharp and its timers keep firing', async () => {
    const fog = mask('5,3', '6,3', '7,2', '12,-2');
    mainThread.sharpCalls = 0;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const masked = await maskFoggedHexes(source, 'png', fog);
    clearInterval(timer);
    expect(mainThread.sharpCalls).toBe(0);
    expect(ticks).toBeGreaterThan(0);
    expect(masked.type).toBe('image/png');
    expect(await pixelAt(masked.body, 5, 3)).toEqual([0, 0, 0]);
    expect(await pixelAt(masked.body, 9, 3)).toEqual(WHITE);
    expect(masked.body.equals((await paintFog(source, 'png', fog)).body)).toBe(true);
  });

  it('six different copies asked at once are made one at a time; past four waiting, the oldest waiting gives way', async () => {
    const before = maskingStats();
    const asked = [1, 2, 3, 4, 5, 6].map((q) => maskFoggedHexes(source, 'png', mask(`${q},1`)));
    const answers = await Promise.allSettled(asked);
    const after = maskingStats();
    expect(after.mostAtOnce).toBe(1);
    expect(after.started - before.started).toBe(5);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((answers[1] as PromiseRejectedResult).reason).toBeInstanceOf(MaskingBusy);
    const sixth = (answers[5] as PromiseFulfilledResult<{ body: Buffer }>).value.body;
    expect(await pixelAt(sixth, 6, 1)).toEqual([0, 0, 0]);
    expect(await pixelAt(sixth, 5, 1)).toEqual(WHITE);
  });

  it('the same copy asked six times at once is made once, and asked again it is the one kept', async () => {
    const before = maskingStats().started;
    const fog = mask('3,3', '4,3');
    const six = await Promise.all(Array.from({ length: 6 }, () => maskFoggedHexes(source, 'png', fog)));
    expect(maskingStats().started - before).toBe(1);
    expect(six.every((m) => m === six[0])).toBe(true);
    expect(await maskFoggedHexes(source, 'png', fog)).toBe(six[0]);
    expect(maskingStats().started - before).toBe(1);
  });

  it.runIf(process.platform === 'linux')('does its pixel work on libvips threads niced below the console, which keeps its own priority', async () => {
    // Two jobs: threads libvips starts at any point of either are lowered by the end of each.
    await maskFoggedHexes(source, 'png', mask('8,8'));
    await maskFoggedHexes(source, 'png', mask('8,9'));
    const threads = readdirSync('/proc/self/task').map((task) => ({
      name: readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim(),
      // /proc/<pid>/task/<tid>/stat: the nice value is the 19th field (after the command in parentheses).
      nice: Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
    }));
    const image = threads.filter((t) => t.name.startsWith('libvips worker'));
    expect(image.length).toBeGreaterThan(0);
    expect(image.every((t) => t.nice === 10)).toBe(true);
    expect(threads[0]!.nice).toBe(0); // the main thread
  });

  it('a copy that cannot be made says why, and the next one is made', async () => {
    await expect(maskFoggedHexes(join(source, '..', 'missing.png'), 'png', mask('1,1'))).rejects.toThrow(/missing\.png|no such file|Input file is missing/i);
    const next = await maskFoggedHexes(source, 'png', mask('2,2'));
    expect(await pixelAt(next.body, 2, 2)).toEqual([0, 0, 0]);
  });
});
