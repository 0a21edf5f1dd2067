import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, figureOnMap, hexOnScreen, test } from './fixtures';

/**
 * The GM page's popups and keys as a first-time GM meets them at 1366×768: one popup at a time
 * (opening one closes the one before) and Escape closes it; the projector's turn order is a band
 * above the map on the player page, never over it; H only hides or reveals the selected figure, and
 * the projector holds with L, so a GM who meant "hold" never reveals a hidden figure to the table.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const hiddenOnGmMap = (page: Page, id: string) =>
  page.evaluate((figureId) => window.__battleMap.stage.findOne<Konva.Group>(`#${figureId}`)?.findOne<Konva.Text>('.veil')?.text() === '⊘', id);

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

test('popups: one at a time, Escape closes the open one; the turn order does not cover the projected map', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  const scaleButton = gmPage.getByRole('button', { name: /^Scale:/ });
  const handouts = gmPage.getByTestId('handouts-toggle');
  const scalePanel = gmPage.getByTestId('turn-strip-toggle');

  // The scale panel, then the handouts panel: the scale panel closes.
  await scaleButton.click();
  await expect(scalePanel).toBeVisible();
  await handouts.click();
  await expect(handouts).toHaveAttribute('aria-expanded', 'true');
  await expect(scaleButton).toHaveAttribute('aria-expanded', 'false');
  await expect(scalePanel).toBeHidden();
  await gmPage.screenshot({ path: `${SCREENS}/popups-one-at-a-time-gm-1366x768.png` });
  // Escape closes it.
  await gmPage.keyboard.press('Escape');
  await expect(handouts).toHaveAttribute('aria-expanded', 'false');

  // A figure's menu, then the shortcuts with ?: the menu closes; Escape closes the shortcuts.
  const bram = (await figureOnMap(gmPage, 'bram'))!;
  const bramAt = await hexOnScreen(gmPage, bram);
  await gmPage.mouse.click(bramAt.x, bramAt.y, { button: 'right' });
  await expect(gmPage.getByTestId('figure-menu')).toBeVisible();
  await gmPage.keyboard.press('?');
  await expect(gmPage.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(gmPage.getByTestId('figure-menu')).toBeHidden();
  await gmPage.keyboard.press('Escape');
  await expect(gmPage.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  // A figure's menu alone closes with Escape too; the campaign menu likewise.
  await gmPage.mouse.click(bramAt.x, bramAt.y, { button: 'right' });
  await expect(gmPage.getByTestId('figure-menu')).toBeVisible();
  await gmPage.keyboard.press('Escape');
  await expect(gmPage.getByTestId('figure-menu')).toBeHidden();
  await gmPage.getByTestId('campaign-menu').click();
  await expect(gmPage.getByTestId('menu-campaigns')).toBeVisible();
  await gmPage.keyboard.press('Escape');
  await expect(gmPage.getByTestId('menu-campaigns')).toBeHidden();

  // The turn order on the projector: a band above the map, the map framed below it.
  await scaleButton.click();
  await scalePanel.check();
  await gmPage.keyboard.press('Escape');
  await expect(scalePanel).toBeHidden();
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  const strip = playerPage.getByTestId('turn-strip');
  await expect(strip).toBeVisible();
  const stripBox = await box(strip);
  const mapBox = await box(playerPage.getByTestId('player-map'));
  expect(stripBox.y + stripBox.height, 'the turn order ends where the map begins').toBeLessThanOrEqual(mapBox.y + 0.5);
  const canvasTop = await playerPage.evaluate(() => document.querySelector('[data-testid="player-map"] canvas')!.getBoundingClientRect().top);
  expect(canvasTop).toBeGreaterThanOrEqual(stripBox.y + stripBox.height - 0.5);
  // The player page still shows the encounter's figures below the band, and no handout was shown.
  await expect.poll(() => figureOnMap(playerPage, 'bram')).not.toBeNull();
  await expect(playerPage.getByTestId('handout')).toHaveCount(0);
  await playerPage.bringToFront();
  await playerPage.screenshot({ path: `${SCREENS}/popups-turn-strip-player-1920x1080.png` });
});

test('H hides or reveals the selected figure and nothing else; L holds the projector and never reveals', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  const bram = (await figureOnMap(gmPage, 'bram'))!;
  const bramAt = await hexOnScreen(gmPage, bram);
  // Hide Bram from his menu; he stays selected.
  await gmPage.mouse.click(bramAt.x, bramAt.y);
  await gmPage.mouse.click(bramAt.x, bramAt.y, { button: 'right' });
  await gmPage.getByTestId('menu-toggle-hidden').click();
  await expect.poll(() => hiddenOnGmMap(gmPage, 'bram')).toBe(true);
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toBeNull();

  // The GM means "hold the projector here": L. Bram stays hidden on both pages.
  const hold = gmPage.getByRole('button', { name: 'Hold here' });
  await expect(hold).toHaveAttribute('aria-pressed', 'false');
  await gmPage.keyboard.press('l');
  await expect(hold).toHaveAttribute('aria-pressed', 'true');
  await expect(playerPage.getByTestId('player-stage')).toHaveAttribute('data-projector', /^hold:/);
  expect(await hiddenOnGmMap(gmPage, 'bram')).toBe(true);
  expect(await figureOnMap(playerPage, 'bram')).toBeNull();
  expect(await playerPage.content()).not.toContain('Bram');
  await gmPage.screenshot({ path: `${SCREENS}/keys-hold-with-l-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/keys-hold-with-l-player-1366x768.png` });

  // The shortcuts say both keys.
  await gmPage.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const help = gmPage.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Hide the selected figure from the players, or reveal it (nothing else)');
  await expect(help).toContainText('Projector holds (locks on) the current framing');
  await expect(help.locator('kbd').filter({ hasText: /^L$/ }).first()).toBeVisible();
  await gmPage.screenshot({ path: `${SCREENS}/keys-shortcut-help-gm-1366x768.png` });
  await gmPage.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // H on the selected hidden figure reveals him: that is H's one meaning.
  await gmPage.mouse.click(bramAt.x, bramAt.y);
  await gmPage.keyboard.press('h');
  await expect.poll(() => hiddenOnGmMap(gmPage, 'bram')).toBe(false);
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: bram.q, r: bram.r });
  // H left the projector as it was: still holding.
  await expect(hold).toHaveAttribute('aria-pressed', 'true');
  await playerPage.screenshot({ path: `${SCREENS}/keys-reveal-with-h-player-1366x768.png` });
});
