import { readFile } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../shared/errors';
import { wholeImageProblem } from './imageWhole';

/**
 * The most pixels an imported image may decode to: 8192 × 8192, 256 MiB as RGBA in
 * each window that draws it. The console's choice is to refuse a larger image with its size and
 * the limit, rather than downscale it silently: the GM calibrates the grid in the image's own
 * pixels, and a smaller copy made here would not be the file the GM knows.
 */
export const MAX_IMAGE_PIXELS = 8192 * 8192;

/**
 * Decodes an image file completely (every row of pixel data, not just the header) and returns
 * its size (from a path, or bytes already in memory); a file that does not decode, or decodes to more than `MAX_IMAGE_PIXELS`, is refused
 * with the reason. Its structure is checked whole first (`imageWhole.ts`); libvips then streams the decode.
 */
export async function decodeFully(path: string | Buffer, label: string): Promise<{ width: number; height: number }> {
  const problem = await wholeImageProblem(typeof path === 'string' ? await readFile(path) : path);
  if (problem) throw damaged(label, problem);
  let meta: Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw new AppError('invalid-args', `${label} could not be read as an image (${reason(e)}).`);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new AppError('invalid-args', `${label} does not say its width and height.`);
  checkPixelCount({ width, height }, label);
  try {
    // `failOn: 'truncated'` and a full pass over the pixels: a file cut short fails here.
    await sharp(path, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS }).stats();
  } catch (e) {
    throw damaged(label, reason(e));
  }
  return { width, height };
}

function damaged(label: string, why: string): AppError {
  return new AppError('invalid-args', `${label} is damaged: its pixel data does not decode (${why}). The file may have been cut short; export it again.`);
}

/** Refuses a picture of more than `MAX_IMAGE_PIXELS`, with its size and the limit. */
export function checkPixelCount(size: { width: number; height: number }, label: string): void {
  const pixels = size.width * size.height;
  if (pixels <= MAX_IMAGE_PIXELS) return;
  throw new AppError(
    'invalid-args',
    `${label} is ${size.width}×${size.height} pixels (${megapixels(pixels)}); images up to ${megapixels(MAX_IMAGE_PIXELS)} (8192×8192) can be imported. Scale it down in an image editor first.`,
  );
}

function reason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0]!.slice(0, 160);
}

function megapixels(pixels: number): string {
  return `${Math.round(pixels / 1e5) / 10} megapixels`;
}
