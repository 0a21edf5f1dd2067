import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, hexOnScreen, npcFighter, socketCall, test } from './fixtures';
import { notchOf, rightDragPan, settle, turnSelected } from './mapProbes';
import { framesUntilSettled, watchFromCameraMove } from './cameraFrames';

/**
 * Figure tokens drawn from a bitmap each (src/renderer/src/map/tokenBitmap.ts): a pan
 * draws the tokens' bitmaps as they are, a zoom paints them again only for a new octave and finds
 * them again zoomed back, and a turned figure paints its own token's bitmap, not the others'.
 * Tokens a zoom repaints a budget at a time keep the map unsettled until their layer has drawn
 * them (73a8be3: `settled` turned true one frame early without it, 3 of 3 runs).
 */

// Sample campaign: Bram stands at axial (9, 5).
const BRAM = { q: 9, r: 5 };

const paints = (page: Page) => page.evaluate(() => window.__battleMap.tokens.bitmapPaints);
const camera = (page: Page) => page.evaluate(() => window.__battleMap.cameraState);
const scale = async (page: Page) => (await camera(page)).scale;

/** Zooms the map by `factor` about its middle in one step (wheel notches would let a busy machine rest between them). */
const zoom = (page: Page, factor: number) =>
  page.evaluate((k) => {
    const map = window.__battleMap;
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
  await expect.poll(() => gmPage.evaluate(() => window.__battleMap.stage.findOne<Konva.Group>('#bram')?.findOne('.halo')?.visible())).toBe(true);
  await settle(gmPage);
  await settle(playerPage);
  const gm = await paints(gmPage);
  const player = await paints(playerPage);
  await turnSelected(gmPage, playerPage, 'Bram');
  expect(await paints(gmPage), 'bitmaps painted on the GM page for one turn').toBe(gm + 1);
  expect(await paints(playerPage), 'bitmaps painted on the player page for one turn').toBe(player + 1);
});

test('tokens repainted a budget at a time keep the map unsettled until their layer has drawn them', async ({ gmPage }) => {
  test.setTimeout(90_000);
  // Enough tokens in view that a zoom past an octave repaints them over several frames (tokenBitmap.ts's queue).
  let added = 0;
  for (let col = 1; col < 29 && added < 120; col++) {
    for (let row = 1; row < 19 && added < 120; row += 2) {
      const position = { q: col, r: row - Math.floor(col / 2) };
      const result = await socketCall(gmPage, 'sendCommand', {
        command: { type: 'addFigure', figure: npcFighter(`Crowd ${col}-${row}`, 'foes', { STR: 10, DEX: 10 }, 'club'), position },
      });
      if (result.ok) added++;
    }
  }
  expect(added).toBe(120);
  await gmPage.bringToFront();
  await settle(gmPage);
  const before = await paints(gmPage);
  await watchFromCameraMove(gmPage);
  await zoom(gmPage, 2.5);
  const frames = await framesUntilSettled(gmPage);
  const log = frames.map((f, i) => `${i}: draws ${f.figureDraws} bitmaps ${f.bitmaps}${f.settled ? ' settled' : ''}`).join('\n');
  const painted = (await paints(gmPage)) - before;
  expect(painted, `bitmaps painted for the zoom:\n${log}`).toBeGreaterThan(30);
  // A budget at a time: no one frame paints them all (how many frames it takes is the machine's).
  expect(Math.max(...frames.map((f) => f.bitmaps)), `the most bitmaps one frame painted, of ${painted}:\n${log}`).toBeLessThan(painted);
  // Once the map says it has settled, its figure layer draws nothing more and paints no bitmap.
  const first = frames.findIndex((f) => f.settled);
  expect(first, `the map settled:\n${log}`).toBeGreaterThan(0);
  const later = frames.slice(first + 1);
  expect(
    later.every((f) => f.figureDraws === 0 && f.bitmaps === 0 && f.settled),
    `frames after the map first said it had settled:\n${log}`,
  ).toBe(true);
  await mkdir('test-results/screens', { recursive: true });
  await gmPage.screenshot({ path: 'test-results/screens/tokens-crowd-zoomed-1366x768.png' });
});
