import { createHash } from 'node:crypto';
import { mkdir, open, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { AppError } from '../../shared/errors';
import { fsyncDir } from './durable';
import { checkPixelCount, decodeFully } from './imageDecode';
import { assertNoLinks } from './linkGuard';
import { claimTemp, releaseTemp } from './tempFiles';

/**
 * Imported map and token images (DESIGN §Persistence: `assets/` under content-hashed names).
 * The type is read from the file's first bytes, never from its name; the pixel size from its
 * header. Served to the renderer only from inside the open campaign's `assets/`.
 */
export const MAX_IMAGE_BYTES = 64 * 1024 * 1024;
/** Larger than any GPU texture a laptop draws; also bounds the memory a decoded image takes. */
export const MAX_IMAGE_SIDE = 16384;

export type ImageType = 'png' | 'jpeg' | 'webp';
const EXT: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** An asset's name: the SHA-256 of its bytes and its type's extension. */
export const ASSET_NAME = /^[0-9a-f]{64}\.(png|jpg|webp)$/;

export function sniffImage(head: Uint8Array): ImageType | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Width and height from the header, or null when the header does not say (within `head`). */
export function imageSize(type: ImageType, head: Uint8Array): { width: number; height: number } | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (type === 'png') {
    // IHDR is the first chunk: length(4) "IHDR"(4) width(4) height(4).
    if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (type === 'webp') {
    if (b.length < 30) return null;
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
    return null;
  }
  // JPEG: walk the segments to the first start-of-frame marker.
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
    i += 2 + length;
  }
  return null;
}

export interface ImportProgress {
  readonly received: number;
  /** Bytes expected, when the source said. */
  readonly total: number | null;
}

export interface ImportedImage {
  readonly asset: string;
  readonly type: ImageType;
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
}

/** Bytes kept from the start of the file to find the JPEG frame header behind EXIF blocks. */
const HEAD_BYTES = 1024 * 1024;

/**
 * Streams an image into `assets/` chunk by chunk: checks its type by magic bytes on the first
 * chunk, stops as soon as it passes the size cap, hashes as it goes and reports progress after
 * every chunk. The file appears under its hash name only when complete and valid.
 */
export async function importImage(
  campaignDir: string,
  source: AsyncIterable<Uint8Array>,
  options: { total?: number | null; label?: string; onProgress?: (p: ImportProgress) => void } = {},
): Promise<ImportedImage> {
  const label = options.label ?? 'The image';
  const total = options.total ?? null;
  if (total !== null && total > MAX_IMAGE_BYTES) {
    throw new AppError('invalid-args', `${label} is ${mib(total)}; images up to ${mib(MAX_IMAGE_BYTES)} can be imported.`);
  }
  const dir = join(campaignDir, 'assets');
  // An assets/ that is a link out of the campaign would take the upload elsewhere (linkGuard.ts).
  await assertNoLinks(campaignDir, dir);
  await mkdir(dir, { recursive: true });
  const temp = claimTemp(dir, 'image');
  const handle = await open(temp, 'wx').catch((e: unknown) => {
    releaseTemp(temp);
    throw e;
  });
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let received = 0;
  let type: ImageType | null = null;
  try {
    for await (const chunk of source) {
      received += chunk.byteLength;
      if (received > MAX_IMAGE_BYTES) {
        throw new AppError('invalid-args', `${label} is larger than ${mib(MAX_IMAGE_BYTES)}; images up to that size can be imported.`);
      }
      if (headBytes < HEAD_BYTES) {
        head.push(Buffer.from(chunk));
        headBytes += chunk.byteLength;
      }
      if (type === null && headBytes >= 12) {
        type = sniffImage(Buffer.concat(head));
        if (!type) throw new AppError('invalid-args', `${label} is not a PNG, JPEG or WebP image (its first bytes say otherwise).`);
      }
      hash.update(chunk);
      await handle.write(chunk);
      options.onProgress?.({ received, total });
    }
    if (type === null) {
      type = sniffImage(Buffer.concat(head));
      if (!type) throw new AppError('invalid-args', `${label} is not a PNG, JPEG or WebP image (its first bytes say otherwise).`);
    }
    const size = imageSize(type, Buffer.concat(head));
    if (!size || size.width < 1 || size.height < 1) throw new AppError('invalid-args', `${label}: its header does not give a picture size.`);
    if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) {
      throw new AppError('invalid-args', `${label} is ${size.width}×${size.height} pixels; images up to ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE} can be imported.`);
    }
    checkPixelCount(size, label);
    await handle.sync();
    await handle.close();
    // The header is not enough: a file cut short after it would be accepted and draw nothing.
    const decoded = await decodeFully(temp, label);
    const asset = `${hash.digest('hex')}.${EXT[type]}`;
    await rename(temp, join(dir, asset)); // same bytes under the same name: replacing it changes nothing
    await fsyncDir(dir);
    return { asset, type, bytes: received, ...decoded };
  } catch (e) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw e;
  } finally {
    releaseTemp(temp);
  }
}

function mib(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

/** Reads a file in chunks (Electron: the path the GM chose in the open dialog). */
export async function* fileChunks(path: string, chunkBytes = 1024 * 1024): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(chunkBytes);
      const { bytesRead } = await handle.read(buf, 0, chunkBytes, null);
      if (bytesRead === 0) return;
      yield buf.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

export async function fileSize(path: string): Promise<number> {
  return (await stat(path)).size;
}

/**
 * An asset of the open campaign by its name in a URL, or null: only a content-hash name, only a
 * regular file inside `assets/` (no `..`, no absolute path, no symlink leading out).
 */
export async function readAsset(campaignDir: string, urlName: string): Promise<{ body: Buffer; type: string } | null> {
  const file = await assetPath(campaignDir, urlName);
  if (file === null) return null;
  try {
    return { body: await readFile(file), type: MIME[file.slice(file.lastIndexOf('.') + 1)]! };
  } catch {
    return null;
  }
}

/** The real path of an asset named in a URL, with the same checks as `readAsset`, or null. */
export async function assetPath(campaignDir: string, urlName: string): Promise<string | null> {
  let name: string;
  try {
    name = decodeURIComponent(urlName);
  } catch {
    return null;
  }
  if (!ASSET_NAME.test(name)) return null;
  try {
    // The name has no separators; the real path must still be inside assets/ (a symlink may not lead out).
    const root = await realpath(join(campaignDir, 'assets'));
    const file = await realpath(join(root, name));
    if (!file.startsWith(root + sep)) return null;
    const s = await stat(file);
    return s.isFile() ? file : null;
  } catch {
    return null;
  }
}
