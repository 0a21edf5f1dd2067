import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { dragHex, expect, figureHeldAt, figureOnMap, test } from './fixtures';
import { frameOf, settle } from './mapProbes';
import { SCREENS } from './setupSteps';

/**
 * When only a few hexes' fog changes (the party's sight as Bram walks), each page paints its map
 * again only over those hexes (map/terrainChanges.ts, map/tilePatches.ts), and what it shows is
 * what a page painting the whole map shows: after the walk, each page's ground layer has the
 * pixels of a freshly loaded page at the same frame — the GM's over the sample's map image, the
 * players' once the GM has taken the image away (with one, the players' copy of it is masked anew
 * at each step and their map painted whole when it comes). Up to anti-aliasing: a patch's paths
 * hold fewer hexes, and Skia may estimate an edge pixel's coverage another way for a smaller path
 * (seen: up to 29 levels in 255 along hex edges, one pixel wide). So where a pixel differs by more
 * than a few levels, some pixel around it must not: no area, however small, is painted otherwise
 * (a hex left stale differs over its whole inside).
 */
/** A difference of one channel that counts (smaller ones are rounding). */
const LEVELS = 8;

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const patchesOf = (page: Page) => page.evaluate(() => window.__battleMap.gridPatches);

/** The page's ground layer (its map's first canvas), as raw RGBA. */
async function groundPixels(page: Page): Promise<{ width: number; height: number; data: Buffer }> {
  const url = await page.evaluate(() => document.querySelector<HTMLCanvasElement>('[role=application] canvas')!.toDataURL('image/png'));
  const { data, info } = await sharp(Buffer.from(url.split(',')[1]!, 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * How `page`'s ground differs from a freshly loaded page's at the same frame: their sizes, and the
 * pixels differing by more than `LEVELS` on an edge (some pixel around does not) and inside an area.
 */
async function groundAgainstFresh(page: Page, url: string, name: string): Promise<{ size: string; freshSize: string; edge: number; area: number }> {
  await page.bringToFront();
  await settle(page, name);
  const frame = JSON.stringify(await frameOf(page));
  const shown = await groundPixels(page);
  const fresh = await page.context().newPage();
  await fresh.goto(url);
  await fresh.bringToFront();
  await fresh.waitForFunction(() => window.__battleMap !== undefined);
  await expect.poll(async () => JSON.stringify(await frameOf(fresh)), { message: `a fresh ${name} frames what the walked one does` }).toBe(frame);
  await settle(fresh, `fresh ${name}`);
  const whole = await groundPixels(fresh);
  await fresh.close();
  if (whole.data.length !== shown.data.length)
    return { size: `${shown.width}x${shown.height}`, freshSize: `${whole.width}x${whole.height}`, edge: 0, area: -1 };
  const { width, height } = shown;
  const differs = (x: number, y: number) => {
    const at = (y * width + x) * 4;
    for (let c = 0; c < 4; c++) if (Math.abs(shown.data[at + c]! - whole.data[at + c]!) > LEVELS) return true;
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
  return { size: `${width}x${height}`, freshSize: `${whole.width}x${whole.height}`, edge, area };
}

test("a walk under the party's sight repaints only the hexes it changes, to the pixels of a whole paint", async ({ gmPage, playerPage, consoleServer }) => {
  test.setTimeout(120_000);
  await gmPage.bringToFront();
  const range = gmPage.getByTestId('sight-range');
  await range.fill('5');
  await range.press('Enter');
  await gmPage.getByTestId('sight-side').selectOption({ label: 'The Party' });
  await settle(gmPage, 'GM page');
  const before = { gm: await patchesOf(gmPage) };

  // Four steps, each waited for on the player page down to its new masked copy of the map image.
  const walk = [
    { q: 9, r: 5 },
    { q: 10, r: 4 },
    { q: 11, r: 4 },
    { q: 12, r: 3 },
    { q: 13, r: 3 },
  ];
  for (let i = 1; i < walk.length; i++) {
    const shown = await playerPage.getByTestId('player-map').getAttribute('data-map-image');
    await expect.poll(() => figureHeldAt(gmPage, 'bram')).toEqual(walk[i - 1]);
    await dragHex(gmPage, walk[i - 1]!, walk[i]!);
    await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject(walk[i]!);
    await expect(playerPage.getByTestId('player-map')).not.toHaveAttribute('data-map-image', shown!);
  }
  // The player page keeps only its latest pictures decoded, not one a step.
  expect(await playerPage.evaluate(() => (window as unknown as { __mapPictures: () => number }).__mapPictures())).toBeLessThanOrEqual(4);

  const gm = await groundAgainstFresh(gmPage, `${consoleServer.gm}&e2e=1`, 'GM page');
  expect(await patchesOf(gmPage), "the GM page patched its map as the party's sight moved").toBeGreaterThan(before.gm);
  expect(gm.size).toBe(gm.freshSize);
  expect(gm.area, `the GM page's ground against a fresh page's, pixels inside areas that differ (${gm.edge} on edges)`).toBe(0);
  await gmPage.screenshot({ path: `${SCREENS}/fog-patches-gm-1366x768.png` });

  // Without a map image, the players' map is patched too.
  await gmPage.getByTestId('map-image-menu').click();
  const bar = gmPage.getByTestId('map-image-bar');
  await bar.getByRole('button', { name: 'Remove', exact: true }).click();
  await bar.getByRole('button', { name: 'Yes, remove' }).click();
  await expect.poll(() => playerPage.evaluate(() => window.__battleMap.hasBackground)).toBe(false);
  await playerPage.bringToFront();
  await settle(playerPage, 'player page');
  const bare = await patchesOf(playerPage);
  await gmPage.bringToFront();
  await expect.poll(() => figureHeldAt(gmPage, 'bram')).toEqual({ q: 13, r: 3 });
  await dragHex(gmPage, { q: 13, r: 3 }, { q: 14, r: 2 });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: 14, r: 2 });
  const player = await groundAgainstFresh(playerPage, `${consoleServer.player}&e2e=1`, 'player page');
  expect(await patchesOf(playerPage), 'the player page patched its map as the fog moved').toBeGreaterThan(bare);
  expect(player.size).toBe(player.freshSize);
  expect(player.area, `the player page's ground against a fresh page's, pixels inside areas that differ (${player.edge} on edges)`).toBe(0);
  await playerPage.screenshot({ path: `${SCREENS}/fog-patches-player-1366x768.png` });
});
