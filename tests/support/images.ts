/** Image headers made by hand for the asset import tests: just enough bytes to be each format. */
export function pngHeader(width: number, height: number, extra = 0): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr[16] = 8; // bit depth
  ihdr[17] = 6; // RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(extra, 7)]);
}

/** A JPEG whose frame header comes after an APP1 block of `exifBytes`. */
export function jpegHeader(width: number, height: number, exifBytes = 0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const app1 = Buffer.alloc(4 + exifBytes);
  app1[0] = 0xff;
  app1[1] = 0xe1;
  app1.writeUInt16BE(2 + exifBytes, 2);
  const sof = Buffer.alloc(19);
  sof[0] = 0xff;
  sof[1] = 0xc0;
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, exifBytes > 0 ? app1 : Buffer.alloc(0), sof, Buffer.from([0xff, 0xd9])]);
}

export function webpHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(22, 4);
  b.write('WEBP', 8, 'latin1');
  b.write('VP8X', 12, 'latin1');
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

export async function* chunksOf(buf: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

/**
 * A real image whose every pixel decodes (the import decodes it fully): noise, so a
 * PNG or WebP of it does not compress to nothing, or `fill` for one flat colour. A JPEG may carry
 * an APP1 block of `appBytes` before its frame header, as EXIF data does.
 */
export async function realImage(
  format: 'png' | 'jpeg' | 'webp',
  width: number,
  height: number,
  options: { fill?: [number, number, number]; appBytes?: number } = {},
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    pixels[i] = options.fill ? options.fill[i % 3]! : seed >>> 24;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  const out = await (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg({ quality: 90 }) : image.webp({ lossless: true })).toBuffer();
  if (format !== 'jpeg' || !options.appBytes) return out;
  const app1 = Buffer.alloc(4 + options.appBytes);
  app1[0] = 0xff;
  app1[1] = 0xe1;
  app1.writeUInt16BE(2 + options.appBytes, 2);
  return Buffer.concat([out.subarray(0, 2), app1, out.subarray(2)]);
}
