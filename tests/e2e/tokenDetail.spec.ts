import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, test } from './fixtures';
import { settle } from './mapProbes';

/**
 * A token's level of detail follows the zoom it is drawn at, not the way the page zoomed there
 * (at rest the projector shows what a freshly loaded player page shows). The facing
 * notch shows from 7 px hexes on; a projector that followed the GM out to 4 px hexes and back in
 * to 8 px kept its tokens without notches, as the map set the level of detail again only at
 * 9, 14 and 30 px.
 */

const hook = (page: Page) => page.evaluate(() => window.__battleMap !== undefined);
const hexPx = (page: Page) =>
  page.evaluate(() => {
    const map = window.__battleMap;
    return map.layout.size * map.cameraState.scale;
  });
const frameOf = (page: Page) => page.evaluate(() => window.__battleMap.getFrame());
/** Whether each token's facing notch shows, in the figure layer's order. */
const notches = (page: Page) =>
  page.evaluate(() =>
    window.__battleMap.stage
      .getLayers()[2]!
      .getChildren()
      .map((token) => (token as Konva.Group).findOne('.notch')!.visible()),
  );
/** SHA-256 of the figure layer's pixels. */
const figurePixels = (page: Page) =>
  page.evaluate(async () => {
    const canvas = document.querySelectorAll<HTMLCanvasElement>('[role=application] canvas')[2]!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    return [...new Uint8Array(await crypto.subtle.digest('SHA-256', data))].map((b) => b.toString(16).padStart(2, '0')).join('');
  });

/** The GM zooms about the map's middle so the player page's hexes come to `target` px (or as near as its framing allows); resolves once the player page has settled. */
async function projectorHexesTo(gmPage: Page, playerPage: Page, target: number): Promise<number> {
  await gmPage.bringToFront();
  const from = await hexPx(playerPage);
  await gmPage.evaluate((k) => {
    const map = window.__battleMap;
    map.zoomAt({ x: map.stage.width() / 2, y: map.stage.height() / 2 }, k);
  }, target / from);
  await settle(gmPage);
  // A page not in front is given no frames once it draws nothing.
  await playerPage.bringToFront();
  let last = NaN;
  await expect.poll(async () => last === (last = await hexPx(playerPage)), { intervals: [300] }).toBe(true);
  await settle(playerPage);
  return last;
}

test('a projector that zoomed out past the facing notches and back in shows them as a fresh page does', async ({
  gmPage,
  playerPage,
  context,
  consoleServer,
}) => {
  await settle(gmPage);
  await playerPage.bringToFront();
  await settle(playerPage);

  expect(await projectorHexesTo(gmPage, playerPage, 4), 'the projector zoomed out below notch size').toBeLessThan(7);
  expect(
    (await notches(playerPage)).every((shown) => !shown),
    'no notch on hexes under 7 px',
  ).toBe(true);
  expect(await projectorHexesTo(gmPage, playerPage, 8), 'the projector zoomed back in to 8 px hexes').toBeCloseTo(8, 5);
  const shown = await notches(playerPage);
  expect(shown.length).toBeGreaterThan(0);
  expect(
    shown.every((s) => s),
    'every token shows its notch on 8 px hexes',
  ).toBe(true);
  const gmHexPx = await hexPx(gmPage);
  const gm = await notches(gmPage);
  expect(gm, `the GM page's notches on ${gmHexPx.toFixed(2)} px hexes`).toEqual(gm.map(() => gmHexPx >= 7));

  const frame = await frameOf(playerPage);
  const fresh = await context.newPage();
  await fresh.goto(`${consoleServer.player}&e2e=1`);
  await expect.poll(() => hook(fresh)).toBe(true);
  await fresh.bringToFront();
  await expect
    .poll(async () => {
      const loaded = await frameOf(fresh);
      return Math.abs(loaded.x - frame.x) + Math.abs(loaded.y - frame.y) + Math.abs(loaded.width - frame.width);
    })
    .toBeLessThan(0.01);
  await settle(fresh);
  expect(await notches(fresh)).toEqual(shown);
  expect(await figurePixels(fresh), 'the figure layer of a fresh player page').toBe(await figurePixels(playerPage));
});
