import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, figureHeldAt, figureOnMap, mustCall, test } from './fixtures';
import { groundDifference, type GroundDifference } from './groundPixels';
import { frameOf, settle } from './mapProbes';
import { SCREENS } from './setupSteps';

/**
 * When only a few hexes' fog changes (the party's sight as Bram walks), each page paints its map
 * again only over those hexes (map/mapChanges.ts, map/tilePatches.ts), and what it shows is
 * what a page painting the whole map shows: after the walk, each page's ground layer has the
 * pixels of a freshly loaded page at the same frame, up to anti-aliasing on edges
 * (groundPixels.ts) — the GM's over the sample's map image, the players' over their masked copy of
 * it (a step fetches and paints again only the pieces of it the fog changed) and once the GM has
 * taken the image away.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const playerMapImage = async (page: Page) => (await mustCall(page, 'getPlayerView', {})).encounter.map.image!;

/** Map tiles painted again only where hexes changed, and ground redrawn over those parts alone in the push's own task. */
const patchesOf = (page: Page) => page.evaluate(() => ({ tiles: window.__battleMap.gridPatches, inPlace: window.__battleMap.frames.patchedInPlace }));

/** How `page`'s ground differs from a freshly loaded page's at the same frame (groundPixels.ts). */
async function groundAgainstFresh(page: Page, url: string, name: string): Promise<GroundDifference> {
  await page.bringToFront();
  await settle(page, name);
  const frame = JSON.stringify(await frameOf(page));
  const fresh = await page.context().newPage();
  await fresh.goto(url);
  await fresh.bringToFront();
  await fresh.waitForFunction(() => window.__battleMap !== undefined);
  await expect.poll(async () => JSON.stringify(await frameOf(fresh)), { message: `a fresh ${name} frames what the walked one does` }).toBe(frame);
  await settle(fresh, `fresh ${name}`);
  const difference = await groundDifference(page, fresh);
  await fresh.close();
  return difference;
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
  // What the player page fetches of the map image at each step: only pieces of it the step changed
  // (or the whole copy again, when the step changed most of them).
  const fetched: string[][] = [];
  playerPage.on('request', (r) => r.url().includes('/campaign-assets/') && fetched.at(-1)?.push(new URL(r.url()).pathname.split('/').pop()!));
  const held: string[][] = [];
  for (let i = 1; i < walk.length; i++) {
    held.push((await playerMapImage(playerPage)).tiles!.names);
    fetched.push([]);
    const shown = await playerPage.getByTestId('player-map').getAttribute('data-map-image');
    await expect.poll(() => figureHeldAt(gmPage, 'bram')).toEqual(walk[i - 1]);
    await dragHex(gmPage, walk[i - 1]!, walk[i]!);
    await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject(walk[i]!);
    await expect(playerPage.getByTestId('player-map')).not.toHaveAttribute('data-map-image', shown!);
  }
  const pieces = (await playerMapImage(playerPage)).tiles!.names;
  fetched.forEach((step, i) => {
    expect(step.length, `step ${i + 1} fetched pieces`).toBeGreaterThan(0);
    // None it held already: a piece the step left alone keeps its name and is not fetched again.
    for (const name of step) expect(held[i], `step ${i + 1} fetched a piece it held`).not.toContain(name);
  });
  // The last step's are the current copy's: its pieces, or the whole copy when most pieces changed.
  const current = await playerMapImage(playerPage);
  for (const name of fetched.at(-1)!) expect([current.asset, ...pieces]).toContain(name);
  // The player page keeps only its latest pictures decoded, not one a step: the players' copy in
  // pieces, those of the copy shown and of the one before.
  const kept = await playerPage.evaluate(() => (window as unknown as { __mapPictures: () => { pictures: number; pieces: number } }).__mapPictures());
  expect(kept.pictures).toBeLessThanOrEqual(4);
  expect(kept.pieces).toBeLessThanOrEqual(2 * pieces.length);

  const gm = await groundAgainstFresh(gmPage, `${consoleServer.gm}&e2e=1`, 'GM page');
  const gmPatches = await patchesOf(gmPage);
  expect(gmPatches.tiles, "the GM page patched its map tiles as the party's sight moved").toBeGreaterThan(before.gm.tiles);
  expect(gmPatches.inPlace, "the GM page redrew its ground where the party's sight moved, as each push came").toBeGreaterThan(before.gm.inPlace);
  expect(gm.size).toBe(gm.otherSize);
  expect(gm.area, `the GM page's ground against a fresh page's, pixels inside areas that differ (${gm.edge} on edges)`).toBe(0);
  await gmPage.screenshot({ path: `${SCREENS}/fog-patches-gm-1366x768.png` });

  const pictured = await groundAgainstFresh(playerPage, `${consoleServer.player}&e2e=1`, 'player page');
  expect(pictured.size).toBe(pictured.otherSize);
  expect(pictured.area, `the player page's ground over the image against a fresh page's, pixels inside areas that differ (${pictured.edge} on edges)`).toBe(0);
  await playerPage.screenshot({ path: `${SCREENS}/fog-patches-player-image-1366x768.png` });

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
  const playerPatches = await patchesOf(playerPage);
  expect(playerPatches.tiles, 'the player page patched its map tiles as the fog moved').toBeGreaterThan(bare.tiles);
  expect(playerPatches.inPlace, 'the player page redrew its ground where the fog moved, as the push came').toBeGreaterThan(bare.inPlace);
  expect(player.size).toBe(player.otherSize);
  expect(player.area, `the player page's ground against a fresh page's, pixels inside areas that differ (${player.edge} on edges)`).toBe(0);
  await playerPage.screenshot({ path: `${SCREENS}/fog-patches-player-1366x768.png` });
});

test('a piece or copy the host answers "moved on" is asked for once more, and the projector shows the current copy', async ({
  gmPage,
  playerPage,
  consoleServer,
}) => {
  test.setTimeout(120_000);
  await settle(playerPage, 'player page');
  // From now on, the first request for each asset is answered as the host answers a name the frame moved on from.
  const answered = new Set<string>();
  let movedOn = 0;
  await playerPage.route('**/campaign-assets/**', async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    if (answered.has(name)) return route.continue();
    answered.add(name);
    movedOn++;
    return route.fulfill({ status: 204, headers: { 'cache-control': 'no-store' } });
  });
  const before = (await playerMapImage(playerPage)).asset;
  await gmPage.bringToFront();
  const range = gmPage.getByTestId('sight-range');
  await range.fill('5');
  await range.press('Enter');
  await gmPage.getByTestId('sight-side').selectOption({ label: 'The Party' });
  await expect.poll(async () => (await playerMapImage(playerPage)).asset).not.toBe(before);
  await dragHex(gmPage, { q: 9, r: 5 }, { q: 10, r: 4 });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: 10, r: 4 });
  const current = (await playerMapImage(playerPage)).asset;
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', current);
  expect(movedOn, 'requests answered "moved on"').toBeGreaterThan(0);
  await playerPage.unroute('**/campaign-assets/**');
  const ground = await groundAgainstFresh(playerPage, `${consoleServer.player}&e2e=1`, 'player page');
  expect(ground.size).toBe(ground.otherSize);
  expect(ground.area, `the player page's ground against a fresh page's, pixels inside areas that differ (${ground.edge} on edges)`).toBe(0);
});
