import type { Page } from '@playwright/test';
import { expect, hexOnScreen, test } from './fixtures';
import { notchOf, rightDragPan, settle, turnSelected } from './mapProbes';

/**
 * Figure tokens drawn from a bitmap each (issue 18, src/renderer/src/map/tokenBitmap.ts): a pan
 * draws the tokens' bitmaps as they are, a zoom paints them again only for a new octave and finds
 * them again zoomed back, and a turned figure paints its own token's bitmap, not the others'.
 */

// Sample campaign: Bram stands at axial (9, 5).
const BRAM = { q: 9, r: 5 };

type Tokens = { bitmapPaints: number; all: readonly unknown[] };
const paints = (page: Page) => page.evaluate(() => (window as unknown as { __battleMap: { tokens: Tokens } }).__battleMap.tokens.bitmapPaints);
type Camera = { scale: number; x: number; y: number };
const camera = (page: Page) => page.evaluate(() => (window as unknown as { __battleMap: { cameraState: Camera } }).__battleMap.cameraState);
const scale = async (page: Page) => (await camera(page)).scale;

/** Zooms the map by `factor` about its middle in one step (wheel notches would let a busy machine rest between them). */
const zoom = (page: Page, factor: number) =>
  page.evaluate((k) => {
    const map = (window as unknown as { __battleMap: { stage: { width(): number; height(): number }; zoomAt(at: { x: number; y: number }, k: number): void } }).__battleMap;
    map.zoomAt({ x: map.stage.width() / 2, y: map.stage.height() / 2 }, k);
  }, factor);

test('a pan paints no token bitmap; a zoom paints them for a new octave only, and zoomed back finds them', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await expect.poll(() => notchOf(playerPage, 'Bram')).toContain('[');
  await settle(gmPage);
  await settle(playerPage);
  const loaded = await paints(gmPage);
  expect(loaded, 'bitmaps painted as the GM page loaded').toBeGreaterThan(0);

  const box = (await gmPage.getByRole('application', { name: 'Battlemap' }).boundingBox())!;
  const at = { x: box.x + box.width * 0.5, y: box.y + box.height * 0.5 };
  const unpanned = await camera(gmPage);
  await rightDragPan(gmPage, at, { x: -12, y: -6 }, 10);
  await settle(gmPage);
  await settle(playerPage);
  const panned = await camera(gmPage);
  expect([panned.x - unpanned.x, panned.y - unpanned.y], 'the map followed the drag').toEqual([-120, -60]);
  expect(await paints(gmPage), 'bitmaps painted for a pan').toBe(loaded);

  // 2.5× in reaches another octave: the visible tokens are painted for it.
  const before = await scale(gmPage);
  await zoom(gmPage, 2.5);
  await expect.poll(() => scale(gmPage)).toBeCloseTo(before * 2.5, 5);
  await settle(gmPage);
  const zoomedIn = await paints(gmPage);
  expect(zoomedIn, 'bitmaps painted for a zoom past an octave').toBeGreaterThan(loaded);
  // And back out: each token still has the bitmap of the octave it was drawn at first.
  await zoom(gmPage, 1 / 2.5);
  await expect.poll(() => scale(gmPage)).toBeCloseTo(before, 5);
  await settle(gmPage);
  await settle(playerPage);
  expect(await paints(gmPage), 'bitmaps painted zooming back to where the page was').toBe(zoomedIn);
});

test('a turned figure paints its own token again on each page, and no other', async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await expect.poll(() => notchOf(playerPage, 'Bram')).toContain('[');
  const hex = await hexOnScreen(gmPage, BRAM);
  await gmPage.mouse.click(hex.x, hex.y);
  await expect.poll(() => gmPage.evaluate(() => (window as unknown as { __battleMap: any }).__battleMap.stage.findOne('#bram')?.findOne('.halo').visible())).toBe(true);
  await settle(gmPage);
  await settle(playerPage);
  const gm = await paints(gmPage);
  const player = await paints(playerPage);
  await turnSelected(gmPage, playerPage, 'Bram');
  expect(await paints(gmPage), 'bitmaps painted on the GM page for one turn').toBe(gm + 1);
  expect(await paints(playerPage), 'bitmaps painted on the player page for one turn').toBe(player + 1);
});
