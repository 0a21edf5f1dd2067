import type { Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * Whether two pages' ground layers (the map's first canvas: image, terrain, grid, fog) show the
 * same picture. A page that patched its map where a few hexes changed (map/tilePatches.ts) is not
 * bit for bit what a page that painted it whole shows: a patch's paths hold fewer hexes, and Skia
 * may estimate an edge pixel's coverage another way for a smaller path (seen: up to 29 levels in
 * 255 along hex edges, one pixel wide). So a pixel may differ by more than a few levels only on an
 * edge: where it does, some pixel around it must not. No area, however small, may differ (a hex
 * left stale differs over its whole inside).
 */
export interface GroundDifference {
  readonly size: string;
  readonly otherSize: string;
  /** Pixels differing by more than `LEVELS` with some pixel around them that does not. */
  readonly edge: number;
  /** Pixels differing by more than `LEVELS` with all eight around them differing too (-1: the sizes differ). */
  readonly area: number;
}

/** A difference of one channel that counts (smaller ones are rounding). */
const LEVELS = 8;

/** The page's ground layer as raw RGBA. */
async function groundPixels(page: Page): Promise<{ width: number; height: number; data: Buffer }> {
  const url = await page.evaluate(() => document.querySelector<HTMLCanvasElement>('[role=application] canvas')!.toDataURL('image/png'));
  const { data, info } = await sharp(Buffer.from(url.split(',')[1]!, 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

export async function groundDifference(page: Page, other: Page): Promise<GroundDifference> {
  const a = await groundPixels(page);
  const b = await groundPixels(other);
  const size = `${a.width}x${a.height}`;
  const otherSize = `${b.width}x${b.height}`;
  if (a.data.length !== b.data.length) return { size, otherSize, edge: 0, area: -1 };
  const { width, height } = a;
  const differs = (x: number, y: number) => {
    const at = (y * width + x) * 4;
    for (let c = 0; c < 4; c++) if (Math.abs(a.data[at + c]! - b.data[at + c]!) > LEVELS) return true;
    return false;
  };
  let edge = 0;
  let area = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      if (!differs(x, y)) continue;
      let around = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (differs(x + dx, y + dy)) around++;
      if (around === 9) area++;
      else edge++;
    }
  }
  return { size, otherSize, edge, area };
}
