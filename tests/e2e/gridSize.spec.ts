/**
 * The grid fits the map: the GM resizes the sample encounter's grid from the map image menu
 * (refused with the reason when a figure would fall off, grown past the picture), then, while
 * calibrating, fits it to the image in one click; the projector then frames the picture, not a
 * field of empty hexes.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { settle } from './mapProbes';

const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** The whole map (hexes and picture) in world units, and what the camera shows. */
const wholeMap = (page: Page) => page.evaluate(() => window.__battleMap.wholeMapFrame());
const shown = (page: Page) => page.evaluate(() => window.__battleMap.getFrame());

async function typeSize(gm: Page, cols: number, rows: number): Promise<void> {
  await gm.getByTestId('map-image-menu').click();
  await gm.getByTestId('map-grid-size').click();
  await gm.getByTestId('grid-cols').fill(String(cols));
  await gm.getByTestId('grid-rows').fill(String(rows));
  await gm.getByTestId('grid-size-apply').click();
}

test('the grid is resized from the map menu and fitted to the calibrated image in one click', async ({ gmPage: gm, playerPage: player }) => {
  test.setTimeout(90_000);
  // The sample's picture is drawn on the players' map before its extent is read.
  await expect.poll(() => player.evaluate(() => window.__battleMap.hasBackground)).toBe(true);
  await settle(player);
  const start = await wholeMap(player);

  // Too small: Grak stands in column 16. Refused by main, with the reason; nothing changes.
  await gm.getByTestId('map-image-menu').click();
  await expect(gm.getByTestId('map-grid-size')).toHaveText('Grid size… (30 × 20)');
  await gm.getByTestId('map-image-menu').click();
  await typeSize(gm, 12, 20);
  await expect(gm.getByTestId('grid-size-refused')).toHaveText('The grid cannot be 12 × 20: Grak stands outside it.');
  await gm.screenshot({ path: `${SCREENS}/grid-size-refused-1366x768.png` });
  await gm.getByRole('button', { name: 'Cancel' }).click();
  await settle(player);
  expect(await wholeMap(player)).toEqual(start);

  // Grown past the picture: the players see empty grid around it.
  await typeSize(gm, 50, 40);
  await expect(gm.getByTestId('grid-size')).toHaveCount(0);
  await expect.poll(async () => (await wholeMap(player)).height).toBeGreaterThan(60);
  await settle(player);
  expect((await shown(player)).height).toBeGreaterThan(60);
  await player.screenshot({ path: `${SCREENS}/grid-grown-player-1366x768.png` });

  // Calibrating, one click fits the grid to the image: 1104 × 864 px at 1/24 hex a pixel is 46 × 36
  // hex sizes, which the centres of 30 columns and 21 rows fall inside.
  await gm.getByTestId('map-image-menu').click();
  await gm.getByTestId('map-image-calibrate').click();
  await gm.getByTestId('calibrate-fit').click();
  await gm.getByTestId('map-image-calibrate').click();
  await gm.getByTestId('map-image-menu').click();
  await expect(gm.getByTestId('map-grid-size')).toHaveText('Grid size… (30 × 21)');
  await gm.getByTestId('map-image-menu').click();
  // The projector frames the picture: no more than a hex of grid past it top and bottom.
  await expect.poll(async () => (await shown(player)).height).toBeLessThan(38.5);
  await settle(player);
  const framed = await shown(player);
  expect(framed.height).toBeGreaterThan(35);
  await expect(player.getByTestId('player-map')).toHaveAttribute('data-map-image', /\.png$/);
  await settle(gm);
  await gm.screenshot({ path: `${SCREENS}/grid-fitted-gm-1366x768.png` });
  await player.screenshot({ path: `${SCREENS}/grid-fitted-player-1366x768.png` });

  // Undo gives the grown grid back, on both pages.
  await gm.getByRole('button', { name: 'Undo' }).click();
  await gm.getByTestId('map-image-menu').click();
  await expect(gm.getByTestId('map-grid-size')).toHaveText('Grid size… (50 × 40)');
  await expect.poll(async () => (await wholeMap(player)).height).toBeGreaterThan(60);
});
