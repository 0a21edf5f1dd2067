import { createInflate, crc32 } from 'node:zlib';

/**
 * Whether an image file holds all of its own structure: a PNG every chunk (CRCs right) up to IEND
 * and a compressed stream that inflates to exactly its rows; a JPEG its segments up to EOI; a WebP
 * every chunk its RIFF header counts. libvips reports a file cut short too, but not reliably while
 * another damaged image decodes in the same process (a truncated PNG was once accepted in CI), so
 * the import asks this first. Returns the problem in words, or null. Bytes of another format are
 * left to the decoder (null).
 */
export async function wholeImageProblem(bytes: Buffer): Promise<string | null> {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return pngProblem(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegProblem(bytes);
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return webpProblem(bytes);
  return null;
}

const CUT_SHORT = 'the file ends before the image does';

async function pngProblem(bytes: Buffer): Promise<string | null> {
  const idat: Buffer[] = [];
  let header: PngHeader | null = null;
  for (let at = 8; ;) {
    if (at + 12 > bytes.length) return CUT_SHORT;
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return CUT_SHORT;
    const typeAndData = bytes.subarray(at + 4, at + 8 + length);
    if (crc32(typeAndData) !== bytes.readUInt32BE(at + 8 + length)) return `its ${typeAndData.toString('latin1', 0, 4)} chunk fails its checksum`;
    const type = typeAndData.toString('latin1', 0, 4);
    if (type === 'IHDR') header = readPngHeader(typeAndData.subarray(4));
    if (type === 'IDAT') idat.push(typeAndData.subarray(4));
    if (type === 'IEND') break;
    at = end;
  }
  if (!header) return 'it has no IHDR chunk';
  const inflated = await inflatedLength(idat);
  if (inflated === null) return 'its compressed pixel data stops before its end';
  return inflated === pngRowBytes(header) ? null : `its pixel data is ${inflated} bytes where its size needs ${pngRowBytes(header)}`;
}

interface PngHeader {
  width: number;
  height: number;
  bitsPerPixel: number;
  interlaced: boolean;
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function readPngHeader(data: Buffer): PngHeader | null {
  if (data.length < 13) return null;
  const channels = PNG_CHANNELS[data[9]!];
  if (!channels) return null;
  return { width: data.readUInt32BE(0), height: data.readUInt32BE(4), bitsPerPixel: channels * data[8]!, interlaced: data[12] === 1 };
}

/** Adam7's seven passes: first column and row, then the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The bytes the rows of a PNG inflate to: each row one filter byte plus its pixels. */
function pngRowBytes({ width, height, bitsPerPixel, interlaced }: PngHeader): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce((sum, [x, y, dx, dy]) => sum + rows(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)), 0);
}

/** How many bytes the zlib stream inflates to, counted without keeping them; null when it stops short. */
function inflatedLength(parts: Buffer[]): Promise<number | null> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    inflate.on('data', (chunk: Buffer) => (total += chunk.length));
    inflate.on('end', () => resolve(total));
    inflate.on('error', () => resolve(null));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

const JPEG_STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);

function jpegProblem(bytes: Buffer): string | null {
  let at = 2;
  let inScan = false;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) {
      if (!inScan) return `it has stray bytes where a JPEG segment should start (at byte ${at})`;
      at++;
      continue;
    }
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) return null;
    if (marker === 0xff || (inScan && marker === 0x00) || JPEG_STANDALONE.has(marker)) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    if (at + 4 > bytes.length) break;
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    if (end > bytes.length) break;
    inScan = marker === 0xda;
    at = end;
  }
  return CUT_SHORT;
}

function webpProblem(bytes: Buffer): string | null {
  const end = 8 + bytes.readUInt32LE(4);
  if (end > bytes.length) return CUT_SHORT;
  for (let at = 12; at < end;) {
    if (at + 8 > end) return CUT_SHORT;
    const next = at + 8 + bytes.readUInt32LE(at + 4);
    if (next > end) return CUT_SHORT;
    at = next + (next % 2);
  }
  return null;
}
