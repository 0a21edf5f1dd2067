import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, figureOnMap, test } from './fixtures';
import { SCREENS } from './setupSteps';

/**
 * A staged scene: the GM stages, then moves Bram and makes and opens a new encounter;
 * the TV — and the GM's mirror of it — keeps the ford, even reloaded, until K shows what the GM has
 * open, whole and framed as the GM frames it.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const shownOn = (page: Page, stage: 'player' | 'mirror') => page.getByTestId(`${stage}-stage`).getAttribute('data-figures');
const shownName = (page: Page, stage: 'player' | 'mirror') => page.getByTestId(`${stage}-status`).locator('.name');

test('the TV keeps its scene while the GM prepares another; K shows the prepared one whole', async ({ gmPage, playerPage }) => {
  test.setTimeout(120_000);
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  await gmPage.keyboard.press('i');
  const ford = await shownOn(playerPage, 'player');
  expect(ford).toContain('Bram');
  await expect.poll(() => shownOn(gmPage, 'mirror')).toBe(ford);

  await gmPage.getByTestId('stage-toggle').click();
  await expect(gmPage.getByTestId('staged-note')).toBeVisible();
  await expect(gmPage.getByTestId('stage-toggle')).toHaveText('Show staged');

  // The GM moves Bram: their map shows it, the TV does not.
  await dragHex(gmPage, { q: 9, r: 5 }, { q: 10, r: 5 });
  await expect.poll(() => figureOnMap(gmPage, 'bram')).toMatchObject({ q: 10, r: 5 });
  expect(await figureOnMap(playerPage, 'bram')).toMatchObject({ q: 9, r: 5 });

  // A new encounter, made and opened from the Encounters screen: the TV keeps the ford.
  await gmPage.getByTestId('campaign-menu').click();
  await gmPage.getByTestId('menu-encounters').click();
  await gmPage.getByTestId('new-encounter-name').fill('Bridge at night');
  await gmPage.getByTestId('new-encounter-create').click();
  await expect(gmPage.getByTestId('campaign-screen')).toBeHidden();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Bridge at night');
  await expect(gmPage.getByTestId('staged-note')).toBeVisible();
  await expect(shownName(playerPage, 'player')).toHaveText('Ambush at the Ford');
  expect(await shownOn(playerPage, 'player')).toBe(ford);
  await expect(shownName(gmPage, 'mirror')).toHaveText('Ambush at the Ford');
  // A player page opened now is given the ford too.
  await playerPage.reload();
  await expect(shownName(playerPage, 'player')).toHaveText('Ambush at the Ford');
  expect(await shownOn(playerPage, 'player')).toBe(ford);
  expect(await figureOnMap(playerPage, 'bram')).toMatchObject({ q: 9, r: 5 });
  await gmPage.screenshot({ path: `${SCREENS}/staged-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/staged-player-1920x1080.png` });

  // K shows the staged scene: the new encounter, whole.
  await gmPage.keyboard.press('k');
  await expect(shownName(playerPage, 'player')).toHaveText('Bridge at night');
  expect(await shownOn(playerPage, 'player')).toBe('');
  await expect(shownName(gmPage, 'mirror')).toHaveText('Bridge at night');
  await expect(gmPage.getByTestId('staged-note')).toHaveCount(0);
  await expect(gmPage.getByTestId('stage-toggle')).toHaveText('Stage');
  await gmPage.screenshot({ path: `${SCREENS}/staged-shown-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/staged-shown-player-1920x1080.png` });

  // Shift+K: the TV back on the ford as it last showed it; the GM keeps the bridge open.
  await gmPage.keyboard.press('Shift+K');
  await expect(shownName(playerPage, 'player')).toHaveText('Ambush at the Ford');
  expect(await shownOn(playerPage, 'player')).toBe(ford);
  await expect(gmPage.getByTestId('staged-note')).toBeVisible();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Bridge at night');
  // K again: the bridge.
  await gmPage.getByTestId('stage-toggle').click();
  await expect(shownName(playerPage, 'player')).toHaveText('Bridge at night');
});
