import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, hexOnScreen, mustCall, test } from './fixtures';
import { colourPixels, type InkColour } from './mapProbes';
import { SCREENS } from './setupSteps';

/**
 * The GM's ping, with the mouse and one key: the pointer rests on a hex by the ford and G pings it;
 * the GM map and the projector both pulse there in the ping's magenta, and the pulse is over after
 * about two seconds. A ping into Sella's fogged corner pulses there for the players as a hex only
 * (nothing under the fog is sent), and under blackout the players get no ping at all.
 */
const FORD = { q: 12, r: 6 };
const FOGGED = { q: 22, r: -6 };

/** The ping's magenta (#ff4fd8). */
const MAGENTA: InkColour = { alpha: 150, r: [225, 256], g: [50, 110], b: [185, 245] };
const pulsing = (page: Page) => page.evaluate(() => window.__battleMap.marks.pulsing);
const ringPixels = (page: Page, hex: { q: number; r: number }) => colourPixels(page, hex, { world: 40, minScreen: 40 }, MAGENTA);

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

test('G pings the hex under the pointer on both maps for a moment; fogged hexes show only the pulse; blackout shows none', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  const at = await hexOnScreen(gmPage, FORD);
  await gmPage.mouse.move(at.x, at.y, { steps: 3 });
  await gmPage.keyboard.press('g');
  for (const page of [gmPage, playerPage]) {
    await expect.poll(() => pulsing(page)).toEqual(FORD);
    await expect.poll(() => ringPixels(page, FORD)).toBeGreaterThan(20);
  }
  await gmPage.screenshot({ path: `${SCREENS}/ping-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/ping-player.png` });
  // Over after about two seconds, on both maps.
  for (const page of [gmPage, playerPage]) await expect.poll(() => pulsing(page), { timeout: 6_000 }).toBeNull();
  expect(await ringPixels(playerPage, FORD)).toBe(0);

  // Into the fog: the players' map pulses at the hex; the frame still holds nothing of what is there.
  await gmPage.bringToFront();
  const fogged = await hexOnScreen(gmPage, FOGGED);
  await gmPage.mouse.move(fogged.x, fogged.y, { steps: 3 });
  await gmPage.keyboard.press('g');
  await expect.poll(() => pulsing(playerPage)).toEqual(FOGGED);
  const view = await mustCall(playerPage, 'getPlayerView', {});
  expect(view.encounter.map.fogged).toContain(`${FOGGED.q},${FOGGED.r}`);
  expect(JSON.stringify(view)).not.toContain('Sella');

  // Under blackout: the GM's map pulses, the players' does not.
  await expect.poll(() => pulsing(playerPage), { timeout: 6_000 }).toBeNull();
  await gmPage.keyboard.press('b');
  await expect(playerPage.getByTestId('blackout')).toBeVisible();
  await gmPage.mouse.move(at.x, at.y, { steps: 3 });
  await gmPage.keyboard.press('g');
  await expect.poll(() => pulsing(gmPage)).toEqual(FORD);
  expect((await mustCall(playerPage, 'getProjector', {})).ping).toBeNull();
  expect(await pulsing(playerPage)).toBeNull();
  // Off the map: the GM is told what to do.
  await gmPage.keyboard.press('b');
  await gmPage.mouse.move(5, 300);
  await gmPage.keyboard.press('g');
  await expect(gmPage.getByText('Point at a hex on the map, then press G to ping it for the table.')).toBeVisible();
});
