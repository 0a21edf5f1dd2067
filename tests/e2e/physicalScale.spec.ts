import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, hexOnScreen, mustCall, test } from './fixtures';
import { settle } from './mapProbes';
import { SCREENS } from './setupSteps';

/**
 * Physical scale the GM can trust at a table with miniatures on a TV: the hexes on the player page
 * are the typed size across the whole width (read back from the page), panning can move the view
 * in whole hexes so a miniature stays on its hex, and a margin keeps the picture inside a TV that
 * crops its edges.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** Where a hex's centre is on the page, relative to the player map's centre. */
async function offCentre(page: Page, hex: { q: number; r: number }): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('player-map').boundingBox())!;
  const c = await hexOnScreen(page, hex);
  return { x: c.x - (box.x + box.width / 2), y: c.y - (box.y + box.height / 2) };
}

/** The hex nearest the middle of the player map. */
const middleHex = (page: Page) =>
  page.evaluate(() => {
    const map = window.__battleMap;
    const box = document.querySelector('[data-testid=player-map]')!.getBoundingClientRect();
    return map.screenToHex({ x: box.width / 2, y: box.height / 2 });
  });

test('at physical size the hexes are the typed size across the whole width; snap pans in whole hexes; overscan keeps a margin', async ({
  gmPage,
  playerPage,
}) => {
  test.setTimeout(90_000);
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await gmPage.bringToFront();
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
  await gmPage.getByLabel('Physical size').check();
  await gmPage.getByLabel('Hex across flats').fill('1.5');
  await gmPage.getByLabel('Hex across flats').press('Enter');
  await expect.poll(async () => (await mustCall(gmPage, 'getProjector', {})).hexInches).toBe(1.5);
  const dpr = await playerPage.evaluate(() => window.devicePixelRatio || 1);
  // Read back from the player page once it has drawn the new scale: hex centres from its left
  // edge to its right edge along one row, against the size typed for the screen it reported.
  const sizeError = async () => {
    await settle(playerPage, 'player');
    const projector = await mustCall(gmPage, 'getProjector', {});
    const screen = projector.reported!.screen;
    const typedPx = (1.5 * Math.hypot(screen.widthPx, screen.heightPx)) / projector.screen.diagonalInches / dpr;
    const row = await playerPage.evaluate(() => {
      const map = window.__battleMap;
      const box = document.querySelector('[data-testid=player-map]')!.getBoundingClientRect();
      const left = map.screenToHex({ x: 40, y: box.height / 2 });
      const right = map.screenToHex({ x: box.width - 40, y: box.height / 2 });
      const a = map.hexToScreen(left);
      const b = map.hexToScreen({ q: right.q, r: left.r - Math.floor((right.q - left.q) / 2) });
      return { columns: right.q - left.q, dx: b.x - a.x, width: box.width };
    });
    // A row that does not span most of the width would not test the whole width.
    if (row.dx < row.width * 0.8) return Number.POSITIVE_INFINITY;
    // Flat hexes: centres 1.5 sizes apart along a row; a hex is √3 sizes across its flats.
    const flats = (row.dx / row.columns / 1.5) * Math.sqrt(3);
    return Math.abs(flats - typedPx) / typedPx;
  };
  await expect.poll(sizeError).toBeLessThan(0.01);

  // Snap: the view's centre is a hex centre, before and after the GM pans by a part of a hex.
  await gmPage.getByTestId('projector-snap').check();
  await expect.poll(async () => (await mustCall(gmPage, 'getProjector', {})).snap).toBe(true);
  const centred = async () => {
    const off = await offCentre(playerPage, await middleHex(playerPage));
    return Math.hypot(off.x, off.y);
  };
  await expect.poll(centred).toBeLessThan(1);
  const before = await middleHex(playerPage);
  // The settings put away, the GM drags the map by three hexes and a part.
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
  await dragHex(gmPage, { q: 14, r: 8 }, { q: 11, r: 9 });
  await expect.poll(async () => JSON.stringify(await middleHex(playerPage))).not.toBe(JSON.stringify(before));
  await expect.poll(centred).toBeLessThan(1);
  await playerPage.screenshot({ path: `${SCREENS}/physical-snap-player-1920x1080.png` });

  // Overscan: 5 % of each edge kept clear; the map is framed inside it and reported so.
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
  await gmPage.getByLabel('TV overscan margin').fill('5');
  await gmPage.getByLabel('TV overscan margin').press('Enter');
  await expect.poll(async () => (await playerPage.getByTestId('player-map').boundingBox())?.x).toBeCloseTo(1920 * 0.05, 0);
  // The panel shows what main holds: the margin typed and the snap switched on.
  await expect(gmPage.getByLabel('TV overscan margin')).toHaveValue('5');
  await expect(gmPage.getByTestId('projector-snap')).toBeChecked();
  await gmPage.screenshot({ path: `${SCREENS}/physical-scale-panel-gm-1366x768.png` });
  const box = (await playerPage.getByTestId('player-map').boundingBox())!;
  expect(box.x + box.width).toBeCloseTo(1920 * 0.95, 0);
  expect(box.y).toBeCloseTo(1080 * 0.05, 0);
  await expect.poll(async () => (await mustCall(gmPage, 'getProjector', {})).reported?.map.widthPx).toBe(Math.round(1920 * 0.9 * dpr));
  await gmPage.screenshot({ path: `${SCREENS}/physical-settings-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/overscan-player-1920x1080.png` });
});
