/**
 * An image's own structure is checked whole before libvips decodes it (imageWhole.ts): every
 * cut of a real PNG, JPEG and WebP is refused, a checksum or a stream that stops short is named,
 * and whole files of each kind, interlaced and progressive too, pass.
 */
import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wholeImageProblem } from '../../../src/main/store/imageWhole';
import { realImage } from '../../support/images';

const formats = ['png', 'jpeg', 'webp'] as const;

/** Every cut of `whole` at `step` bytes apart past its signature, and one byte short of whole. */
function cuts(whole: Buffer, step: number): number[] {
  const at: number[] = [];
  for (let n = 12; n < whole.length; n += step) at.push(n);
  return [...at, whole.length - 1];
}

describe('wholeImageProblem', () => {
  it.each(formats)('passes a whole %s, and refuses it cut anywhere', async (format) => {
    const whole = await realImage(format, 120, 90);
    expect(await wholeImageProblem(whole)).toBeNull();
    for (const n of cuts(whole, 37)) {
      expect(await wholeImageProblem(whole.subarray(0, n)), `cut after ${n} of ${whole.length} bytes`).not.toBeNull();
    }
  });

  it('passes an interlaced PNG, a progressive JPEG, a palette PNG and a 16-bit grey PNG', async () => {
    const noise = await realImage('png', 97, 61);
    const made = [
      await sharp(noise).png({ progressive: true }).toBuffer(),
      await sharp(noise).jpeg({ progressive: true }).toBuffer(),
      await sharp(noise).png({ palette: true, colours: 16 }).toBuffer(),
      await sharp(noise).greyscale().toColourspace('grey16').png().toBuffer(),
    ];
    for (const bytes of made) expect(await wholeImageProblem(bytes)).toBeNull();
  });

  it('names a PNG chunk whose checksum fails', async () => {
    const whole = await realImage('png', 40, 30);
    const damaged = Buffer.from(whole);
    const inData = whole.indexOf('IDAT', 0, 'latin1') + 10;
    damaged[inData] = damaged[inData]! ^ 0xff;
    expect(await wholeImageProblem(damaged)).toMatch(/IDAT chunk fails its checksum/);
  });

  it('refuses a PNG whose chunks are whole but whose compressed rows stop before their end', async () => {
    const whole = await realImage('png', 40, 30);
    const idatAt = whole.indexOf('IDAT', 0, 'latin1') - 4;
    const length = whole.readUInt32BE(idatAt);
    const data = whole.subarray(idatAt + 8, idatAt + 8 + length / 2);
    const chunk = Buffer.alloc(12 + data.length);
    chunk.writeUInt32BE(data.length, 0);
    chunk.write('IDAT', 4, 'latin1');
    data.copy(chunk, 8);
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
    const shortened = Buffer.concat([whole.subarray(0, idatAt), chunk, whole.subarray(idatAt + 12 + length)]);
    expect(await wholeImageProblem(shortened)).toMatch(/compressed pixel data stops before its end/);
  });

  it('leaves bytes of another format to the decoder', async () => {
    expect(await wholeImageProblem(Buffer.from('GIF89a not ours'))).toBeNull();
  });
});
