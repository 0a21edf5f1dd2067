/**
 * A map image is decoded completely before it is accepted: a file cut short after its header, or
 * one that decodes to more pixels than a window should hold, is refused with the reason, and
 * nothing is left in the campaign's assets/.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { importImage } from '../../../src/main/store/assets';
import { chunksOf, pngHeader, realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterAll(() => dirs.cleanup());

/** A PNG signature and a well-formed IHDR (its CRC right) saying `width`×`height`, and no pixels. */
function pngClaiming(width: number, height: number): Buffer {
  const body = Buffer.alloc(17);
  body.write('IHDR', 0, 'latin1');
  body.writeUInt32BE(width, 4);
  body.writeUInt32BE(height, 8);
  body[12] = 8; // bit depth
  body[13] = 2; // RGB
  const chunk = Buffer.alloc(25);
  chunk.writeUInt32BE(13, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), 21);
  return Buffer.concat([pngHeader(1, 1).subarray(0, 8), chunk, Buffer.alloc(64)]);
}

const assetsIn = async (dir: string) => (await readdir(join(dir, 'assets'))).filter((n) => !n.startsWith('.'));

describe('decoding an imported image fully', () => {
  it.each([
    ['png', /pixel data does not decode/],
    ['jpeg', /pixel data does not decode/],
    ['webp', /could not be read as an image|pixel data does not decode/],
  ] as const)('refuses the first 3,000 bytes of a valid %s, naming the damage', async (format, why) => {
    const whole = await realImage(format, 300, 250);
    expect(whole.length).toBeGreaterThan(6000);
    const dir = await dirs.make();
    await expect(importImage(dir, chunksOf(whole.subarray(0, 3000), 1000), { label: 'The map image' })).rejects.toMatchObject({
      code: 'invalid-args',
      message: expect.stringMatching(why),
    });
    expect(await assetsIn(dir)).toEqual([]);
    // The whole file is accepted with its decoded size.
    expect(await importImage(dir, chunksOf(whole, 1 << 16))).toMatchObject({ width: 300, height: 250 });
  });

  it('refuses four truncated PNGs imported at once, each of them', async () => {
    // libvips alone let about half of these through when they decoded side by side.
    const cut = (await realImage('png', 300, 250)).subarray(0, 3000);
    const dir = await dirs.make();
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => importImage(dir, chunksOf(cut, 1000), { label: 'The map image' })));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(await assetsIn(dir)).toEqual([]);
  });

  it('refuses a picture over 8192×8192 pixels (64 megapixels), saying its size and the limit', async () => {
    const dir = await dirs.make();
    await expect(importImage(dir, chunksOf(pngClaiming(9000, 8000), 64), { label: 'The map image' })).rejects.toMatchObject({
      code: 'invalid-args',
      message: expect.stringMatching(/9000×8000 pixels \(72 megapixels\); images up to 67\.1 megapixels \(8192×8192\)/),
    });
    expect(await assetsIn(dir)).toEqual([]);
  });

  it('the open campaign refuses a truncated map image and keeps its assets as they were', async () => {
    const core = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    const before = await assetsIn(core.campaigns.campaignDir).catch(() => []);
    const cut = (await realImage('png', 300, 250)).subarray(0, 3000);
    await expect(core.importImageStream(chunksOf(cut, 512), cut.length)).rejects.toMatchObject({ code: 'invalid-args' });
    expect(await assetsIn(core.campaigns.campaignDir).catch(() => [])).toEqual(before);
  });
});
