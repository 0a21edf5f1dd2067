/**
 * The players' map image is masked on its worker thread, never on the main one: the copy is the
 * painter's own, byte for byte; the main thread runs no sharp and its timers keep firing while
 * the copy is made; different copies asked at once are made one at a time (the oldest waiting
 * giving way past `MOST_WAITING`); a piece is the whole copy's part; the same copy asked six times is made once; on Linux the pixel work runs
 * on threads niced below the console.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hexToPixel } from '../../../src/shared/hex/layout';
import type { MapImage } from '../../../src/shared/contract/views';
import { paintFog, type HexMask } from '../../../src/main/store/fogPainter';
import { maskFoggedHexes, MaskingBusy, maskingStats, MOST_WAITING, useMaskWorker } from '../../../src/main/store/maskImage';
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

  it(`different copies asked at once are made one at a time; past ${MOST_WAITING} waiting, the oldest waiting gives way`, async () => {
    const before = maskingStats();
    const count = MOST_WAITING + 2;
    // Small pieces, so that many are quick to make; each fog is another copy.
    const piece = { x0: 0, y0: 0, x1: 64, y1: 64 };
    const asked = Array.from({ length: count }, (_, i) => maskFoggedHexes(source, 'png', { ...mask(`${i + 100},1`), crop: piece }));
    const answers = await Promise.allSettled(asked);
    const after = maskingStats();
    expect(after.mostAtOnce).toBe(1);
    expect(after.started - before.started).toBe(count - 1);
    // The first runs at once; the second, the oldest waiting when one more came than may wait, gave way.
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', ...Array.from({ length: count - 2 }, () => 'fulfilled')]);
    expect((answers[1] as PromiseRejectedResult).reason).toBeInstanceOf(MaskingBusy);
  });

  it("a piece is the whole copy's pixels over its part, fog painted the same", async () => {
    const { default: sharp } = await import('sharp');
    const fog = mask('5,3', '6,3', '7,2');
    const crop = { x0: 300, y0: 400, x1: 700, y1: 700 };
    const whole = await maskFoggedHexes(source, 'png', fog);
    const piece = await maskFoggedHexes(source, 'png', { ...fog, crop });
    const part = await sharp(whole.body).extract({ left: 300, top: 400, width: 400, height: 300 }).raw().toBuffer();
    const own = await sharp(piece.body).raw().toBuffer({ resolveWithObject: true });
    expect([own.info.width, own.info.height]).toEqual([400, 300]);
    expect(own.data.equals(part)).toBe(true);
    // The fog is on it: hex (6, 3), at pixel (512, 583), lies inside the part.
    expect(own.data.some((v) => v === 0)).toBe(true);
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
      main: task === String(process.pid),
      name: readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim(),
      // /proc/<pid>/task/<tid>/stat: the nice value is the 19th field (after the command in parentheses).
      nice: Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
    }));
    const image = threads.filter((t) => t.name.startsWith('libvips worker'));
    expect(image.length).toBeGreaterThan(0);
    expect(image.every((t) => t.nice === 10)).toBe(true);
    // The main thread's id is the process's (not always the lowest listed: ids wrap around).
    expect(threads.find((t) => t.main)!.nice).toBe(0);
  });

  it('a copy that cannot be made says why, and the next one is made', async () => {
    await expect(maskFoggedHexes(join(source, '..', 'missing.png'), 'png', mask('1,1'))).rejects.toThrow(/missing\.png|no such file|Input file is missing/i);
    const next = await maskFoggedHexes(source, 'png', mask('2,2'));
    expect(await pixelAt(next.body, 2, 2)).toEqual([0, 0, 0]);
  });
});
