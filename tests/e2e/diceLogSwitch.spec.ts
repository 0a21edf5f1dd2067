/**
 * The dice log belongs to the encounter on screen: after the GM switches to another encounter and
 * back, the first encounter's rolls are in the log at once (no reload), and the other encounter's
 * log shows only its own. Both pages follow each switch.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, mustCall, test } from './fixtures';

const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

async function openEncounter(gm: Page, player: Page, name: string): Promise<void> {
  await gm.getByTestId('campaign-menu').click();
  await gm.getByTestId('menu-encounters').click();
  await expect(gm.getByTestId('campaign-screen')).toBeVisible();
  await gm.getByTestId('encounter-row').filter({ hasText: name }).getByTestId('encounter-open').click();
  await expect(gm.getByTestId('campaign-screen')).toBeHidden();
  await expect(gm.getByTestId('encounter-name')).toHaveText(name);
  await expect(player.getByTestId('player-status')).toContainText(name);
}

test('the dice log is there after switching to another encounter and back', async ({ gmPage: gm, playerPage: player }) => {
  test.setTimeout(90_000);
  await gm.getByTestId('roll-initiative').click();
  await gm.getByRole('tab', { name: 'Dice log' }).click();
  const entries = gm.getByTestId('dice-log').getByTestId('log-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(/initiative/i);
  await mustCall(gm, 'createEncounter', { name: 'Bridge Toll', map: { cols: 12, rows: 10, orientation: 'flat' } });

  await openEncounter(gm, player, 'Bridge Toll');
  await expect(entries).toHaveCount(0);
  await expect(gm.getByTestId('dice-log')).toContainText('Nothing has been rolled yet.');
  await gm.screenshot({ path: `${SCREENS}/dice-log-other-encounter-1366x768.png` });

  await openEncounter(gm, player, 'Ambush at the Ford');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(/initiative/i);
  await expect(player.getByTestId('player-status')).toContainText('Initiative');
  await gm.screenshot({ path: `${SCREENS}/dice-log-back-1366x768.png` });
  await player.screenshot({ path: `${SCREENS}/dice-log-back-player-1366x768.png` });
});
