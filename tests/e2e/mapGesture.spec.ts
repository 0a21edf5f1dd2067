import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { layerDigests, overlayInk, rightDragPan, settle } from './mapProbes';

/**
 * Pan and zoom as the GM's hand does them: mid-gesture the drawn layers are moved
 * by the compositor rather than redrawn, the player page following the GM's camera never draws
 * its tokens anew for a camera frame, and at rest both pages show exactly what freshly loaded
 * pages show at the same camera.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const map = (page: Page) => page.evaluate(() => window.__battleMap.cameraState);
const tokenUpdates = (page: Page) => page.evaluate(() => window.__battleMap.tokens.updates);
const stripsDrawn = (page: Page) => page.evaluate(() => window.__battleMap.frames.stripsDrawn);

/** Counts, in the page, the animation frames in which a map canvas was shown moved by a CSS transform. */
const watchTransforms = (page: Page) =>
  page.evaluate(() => {
    const w = window;
    w.__moved = 0;
    w.__watching = true;
    const tick = () => {
      const moved = [...document.querySelectorAll<HTMLCanvasElement>('[role=application] canvas')].some((c) => c.style.transform !== '');
      if (moved) w.__moved++;
      if (w.__watching) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
const movedFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window;
    w.__watching = false;
    return w.__moved;
  });

test('a wheel-and-drag gesture moves the drawn map; the projector follows without redrawing tokens; at rest both pages match a whole redraw', async ({
  gmPage,
  playerPage,
  context,
  consoleServer,
}) => {
  test.setTimeout(120_000);
  await gmPage.bringToFront();
  await settle(gmPage);
  await settle(playerPage);
  const updatesBefore = await tokenUpdates(playerPage);
  const stripsBefore = await stripsDrawn(playerPage);
  const startScale = (await map(gmPage)).scale;
  await watchTransforms(gmPage);

  const box = (await gmPage.getByRole('application', { name: 'Battlemap' }).boundingBox())!;
  const at = { x: box.x + box.width * 0.55, y: box.y + box.height * 0.5 };
  await gmPage.mouse.move(at.x, at.y);
  for (let i = 0; i < 6; i++) await gmPage.mouse.wheel(0, -100);
  await rightDragPan(gmPage, at, { x: -15, y: -8 }, 10);
  for (let i = 0; i < 2; i++) await gmPage.mouse.wheel(0, 100);

  // The camera went where the hand took it: six notches in, two out (1.1× each).
  await expect.poll(async () => (await map(gmPage)).scale).toBeCloseTo(startScale * 1.1 ** 4, 5);
  await settle(gmPage);
  expect(await movedFrames(gmPage), 'frames shown by moving the drawn canvases').toBeGreaterThan(0);

  // The projector followed: the player page shows the GM's frame, and drew no token anew for it.
  const frame = await gmPage.evaluate(() => window.__battleMap.getFrame());
  await expect
    .poll(async () => {
      const player = await playerPage.evaluate(() => window.__battleMap.getFrame());
      return Math.abs(player.x - frame.x) + Math.abs(player.y - frame.y);
    })
    .toBeLessThan(0.01);
  await settle(playerPage);
  expect(await tokenUpdates(playerPage), 'tokens drawn anew on the player page for camera frames').toBe(updatesBefore);
  // At rest the map was drawn filtered strip by strip (layerStrips.ts), which the whole redraw below must match.
  expect(await stripsDrawn(playerPage), 'map strips drawn filtered at rest').toBeGreaterThan(stripsBefore);
  await gmPage.screenshot({ path: `${SCREENS}/gesture-gm-at-rest-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/gesture-player-following-1366x768.png` });

  // At rest, no canvas is left moved, and each page shows what a fresh page shows at that camera.
  const gm = await layerDigests(gmPage);
  for (const c of gm) expect(c).toContain(':none:');
  // The GM page drawn again whole at its camera shows the same pixels.
  await gmPage.evaluate(() => window.__battleMap.stage.draw());
  await settle(gmPage);
  expect(await layerDigests(gmPage)).toEqual(gm);
  const player = await layerDigests(playerPage);
  for (const c of player) expect(c).toContain(':none:');
  // The followed player page drawn again whole shows the same pixels: no layer kept pixels of another camera.
  await playerPage.evaluate(() => window.__battleMap.stage.draw());
  await settle(playerPage);
  expect(await layerDigests(playerPage)).toEqual(player);
  // A freshly loaded player page takes the same frame (mapRendering.spec compares whole pictures after commands).
  const freshPlayer = await context.newPage();
  await freshPlayer.goto(`${consoleServer.player}&e2e=1`);
  await expect(freshPlayer.getByTestId('player-stage')).toBeVisible();
  await settle(freshPlayer);
  const freshFrame = await freshPlayer.evaluate(() => window.__battleMap.getFrame());
  expect(Math.abs(freshFrame.x - frame.x) + Math.abs(freshFrame.y - frame.y)).toBeLessThan(0.01);
});

/** Each map canvas's CSS visibility ('' shown, 'hidden'), in the layers' order: map, overlays, figures, drag. */
const visibilities = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLCanvasElement>('[role=application] canvas')].map((c) => c.style.visibility));
/** Records, in the page, every CSS transform a map canvas shows in an animation frame. */
const watchTransformValues = (page: Page) =>
  page.evaluate(() => {
    const w = window;
    w.__transforms = new Set();
    w.__watchingValues = true;
    const tick = () => {
      for (const c of document.querySelectorAll<HTMLCanvasElement>('[role=application] canvas')) if (c.style.transform) w.__transforms.add(c.style.transform);
      if (w.__watchingValues) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
const transformValues = (page: Page) =>
  page.evaluate(() => {
    const w = window;
    w.__watchingValues = false;
    return [...w.__transforms];
  });

test('a blank overlay or drag layer is hidden from the compositor until it paints; a pan moves canvases by whole pixels', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await settle(gmPage);
  await settle(playerPage);
  // Nothing on the overlays or the drag layer: both canvases hidden on both pages, map and figures shown.
  for (const page of [gmPage, playerPage]) {
    await expect.poll(() => visibilities(page)).toEqual(['', 'hidden', '', 'hidden']);
  }

  // Megahexes paint on the GM's overlay layer: its canvas is shown, and hidden again when they go.
  const button = gmPage.getByRole('button', { name: 'Megahexes' });
  await gmPage.keyboard.press('m');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => overlayInk(gmPage)).toBeGreaterThan(5000);
  await expect.poll(() => visibilities(gmPage)).toEqual(['', '', '', 'hidden']);
  await gmPage.screenshot({ path: `${SCREENS}/gesture-gm-megahexes-shown-1366x768.png` });

  // A right-drag pan with the megahexes on: every canvas moved mid-gesture is moved by whole pixels.
  await watchTransformValues(gmPage);
  const box = (await gmPage.getByRole('application', { name: 'Battlemap' }).boundingBox())!;
  const at = { x: box.x + box.width * 0.5, y: box.y + box.height * 0.5 };
  await rightDragPan(gmPage, at, { x: -13.3, y: -7.7 }, 12);
  await settle(gmPage);
  const seen = await transformValues(gmPage);
  expect(seen.length, 'frames shown with moved canvases').toBeGreaterThan(0);
  for (const t of seen) {
    const [k, , , , tx, ty] = t
      .replace(/^matrix\(|\)$/g, '')
      .split(',')
      .map(Number);
    expect(k, t).toBe(1);
    expect(Number.isInteger(tx) && Number.isInteger(ty), t).toBe(true);
  }
  // At rest the overlay canvas shows the megahexes where a whole redraw puts them.
  const before = await layerDigests(gmPage);
  await gmPage.evaluate(() => window.__battleMap.stage.draw());
  await settle(gmPage);
  expect(await layerDigests(gmPage)).toEqual(before);

  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => overlayInk(gmPage)).toBe(0);
  await expect.poll(() => visibilities(gmPage)).toEqual(['', 'hidden', '', 'hidden']);
  // The player page's overlay stayed blank and hidden throughout (the megahexes were the GM's own view).
  expect(await visibilities(playerPage)).toEqual(['', 'hidden', '', 'hidden']);
  await playerPage.screenshot({ path: `${SCREENS}/gesture-player-overlays-hidden-1366x768.png` });
});
