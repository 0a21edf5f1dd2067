import { mkdir, readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Text the GM types is the GM's: the damage and healing form's cause reaches the players only when
 * the GM ticks "tell the players". With the players' line switched on from the projector's
 * settings, Bram takes a poisoned dart whose cause names a hidden figure (the player page reads
 * "Bram was hurt.", nothing of the cause), then a fall the GM chooses to tell (the player page reads
 * it). Both pages are checked and photographed after each step; the players' recap says the same.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

async function downloadText(page: Page, testid: string): Promise<string> {
  const waiting = page.waitForEvent('download');
  await page.getByTestId(testid).click();
  return readFile((await (await waiting).path())!, 'utf8');
}

test('the damage form’s cause stays the GM’s unless “tell the players” is ticked, on both pages', async ({ gmPage, playerPage }) => {
  test.setTimeout(60_000);
  await gmPage.bringToFront();
  // The projector's line (off by default) is switched on in the projector's settings.
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
  await gmPage.getByTestId('latest-line-toggle').check();
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();

  await gmPage.getByTestId('figure-bram').click();
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  const tell = gmPage.getByTestId('pools-tell');
  await expect(tell).toBeDisabled();

  // A dart from the hidden Hedge Witch: the cause is typed, "tell the players" left unticked.
  await gmPage.getByTestId('pools-amount').fill('3');
  await gmPage.getByTestId('pools-cause').fill('poisoned dart from the hidden Hedge Witch');
  await expect(tell).toBeEnabled();
  await expect(tell).not.toBeChecked();
  await expect(gmPage.getByTestId('pools-told')).toHaveText('The cause stays yours: the players read only “was hurt” or “was healed”.');
  await gmPage.getByTestId('pools-damage').click();
  await expect(gmPage.getByTestId('pools-bram')).toHaveText('50/36');
  await expect(playerPage.getByTestId('player-latest')).toHaveText('Bram was hurt.');
  await expect(playerPage.locator('body')).not.toContainText(/Hedge Witch|dart/);
  await gmPage.screenshot({ path: `${SCREENS}/tell-players-kept-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/tell-players-kept-player.png` });

  // A fall the GM tells: ticked, the players read the cause.
  await gmPage.getByTestId('pools-amount').fill('2');
  await gmPage.getByTestId('pools-cause').fill('a fall');
  await tell.check();
  await expect(gmPage.getByTestId('pools-told')).toHaveText('The players read the cause too.');
  await gmPage.screenshot({ path: `${SCREENS}/tell-players-ticked-gm.png` });
  await gmPage.getByTestId('pools-damage').click();
  await expect(gmPage.getByTestId('pools-bram')).toHaveText('48/36');
  await expect(playerPage.getByTestId('player-latest')).toHaveText('Bram was hurt (a fall).');
  // The form is ready for the next cause: cleared and unticked.
  await expect(gmPage.getByTestId('pools-cause')).toHaveValue('');
  await expect(tell).not.toBeChecked();
  await gmPage.screenshot({ path: `${SCREENS}/tell-players-told-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/tell-players-told-player.png` });

  // The players' recap to hand out says the same; the GM's keeps both causes and which one was told.
  await gmPage.getByTestId('campaign-menu').click();
  await gmPage.getByTestId('menu-files').click();
  const players = await downloadText(gmPage, 'combat-log-players');
  expect(players).toContain('Bram was hurt.\n');
  expect(players).toContain('Bram was hurt (a fall).');
  expect(players).not.toMatch(/Hedge Witch|dart/);
  const gm = await downloadText(gmPage, 'combat-log');
  expect(gm).toContain('from poisoned dart from the hidden Hedge Witch (Fatigue');
  expect(gm).toContain('from a fall (told to the players)');
});
