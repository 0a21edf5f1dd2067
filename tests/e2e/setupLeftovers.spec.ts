import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { startConsole } from '../support/consoleServer';
import { expect, mustCall, npcFighter, test } from './fixtures';
import { toRenewSpells } from './sampleTurn';
import { newCampaign, openMenu, SCREENS, shoot, stepNow } from './setupSteps';

/**
 * Two things a try-out of the console found wrong: the declarations form leaves the screen when
 * Declarations are over (RULINGS O4: only the initiative scores stay until the roll), and the
 * action order's tied adjDEX scores with their roll-offs (RULINGS T5, G4) are still in the tracker
 * after a restart of the console.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});
test.describe.configure({ timeout: 120_000 });

test('the declarations form leaves when Declarations are over; the scores stay until the roll', async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await newCampaign(gmPage, playerPage, 'Stated aims again');
  await mustCall(gmPage, 'sendCommand', {
    command: { type: 'addFigure', figure: npcFighter('Aldo', 'party', { STR: 12, DEX: 12 }, 'shortsword'), position: { q: 5, r: 5 } },
  });
  await mustCall(gmPage, 'sendCommand', {
    command: { type: 'addFigure', figure: npcFighter('Vex', 'foes', { STR: 12, DEX: 11 }, 'shortsword'), position: { q: 9, r: 5 } },
  });
  await openMenu(gmPage, 'menu-encounter-rules');
  await gmPage.locator('#opt-declaredIntent').check();
  await gmPage.getByTestId('rules-save').click();
  await gmPage.getByTestId('campaign-close').click();
  await expect(stepNow(gmPage)).toHaveText(/Declarations/);

  for (const who of ['Aldo', 'Vex']) {
    await expect(gmPage.getByTestId('declare-figure')).toHaveText(who);
    await gmPage.getByTestId('declare-range').fill('1');
    await gmPage.getByTestId('declare-send').click();
  }
  await expect(gmPage.getByTestId('declare-pending')).toHaveText('Everyone has declared.');
  await gmPage.getByTestId('next-phase').click();
  await expect(stepNow(gmPage)).toHaveText(/Initiative/);
  await expect(playerPage.getByTestId('player-status')).toContainText('Initiative');
  // The declaration's fields are gone; the initiative score can still be typed before the roll (RULINGS O4).
  await expect(gmPage.getByTestId('declare-title')).toHaveText('Initiative scores · RULINGS O4 (003)');
  await expect(gmPage.getByTestId('declare-action')).toHaveCount(0);
  await expect(gmPage.getByTestId('declare-send')).toHaveCount(0);
  await expect(gmPage.getByTestId('declare-score')).toBeVisible();
  await shoot(gmPage, 'declare-scores-only');
  await gmPage.getByTestId('initiative-entry-input').fill('4 / 9');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await expect(gmPage.getByTestId('initiative-rolls').locator('li')).toHaveCount(2);
  await expect(gmPage.getByTestId('declare')).toHaveCount(0);
  await expect(playerPage.getByTestId('player-status')).toContainText('Initiative');
});

async function standStillToActions(gmPage: Page, figures: number): Promise<void> {
  await gmPage.getByTestId('next-phase').click();
  await expect(stepNow(gmPage)).toHaveText(/Initial movement/);
  for (let i = 0; i < figures; i++) {
    const who = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('stand-still').click();
    if (i < figures - 1) await expect(gmPage.getByTestId('due-name')).not.toHaveText(who);
  }
  await gmPage.getByTestId('next-phase').click();
  await expect(stepNow(gmPage)).toHaveText(/Final movement/);
  await gmPage.getByTestId('next-phase').click();
  await expect(stepNow(gmPage)).toHaveText(/Actions/);
}

test('tied adjDEX scores and their roll-offs are still in the action order after a restart', async ({ context, consoleServer }) => {
  let page = await context.newPage();
  await page.goto(`${consoleServer.gm}&e2e=1`);
  await expect(page.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
  // Twin: DEX 10, no armour: adjDEX 10, as Bram's (RULINGS A1), so the two roll off (RULINGS G4).
  await mustCall(page, 'sendCommand', { command: { type: 'addFigure', figure: npcFighter('Twin', 'foes', { STR: 12, DEX: 10 }, 'dagger') } });
  await toRenewSpells(page);
  await standStillToActions(page, 5);
  await expect(page.getByTestId('action-score-bram')).toHaveText('10');
  await expect(page.getByTestId('action-score-twin')).toHaveText('10');
  await expect(page.getByTestId('action-tie-bram')).toHaveText(/^tie \d/);
  await expect(page.getByTestId('action-tie-twin')).toHaveText(/^tie \d/);
  const order = await page.getByTestId('action-order').locator('li').allInnerTexts();
  const ties = [await page.getByTestId('action-tie-bram').innerText(), await page.getByTestId('action-tie-twin').innerText()];

  await page.close();
  await consoleServer.stopProcess();
  const again = await startConsole({ dataDir: consoleServer.dataDir, port: consoleServer.port });
  try {
    page = await context.newPage();
    await page.goto(`${again.gm}&e2e=1`);
    await expect(page.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
    await expect(page.getByTestId('action-order').locator('li')).toHaveText(order);
    await expect(page.getByTestId('action-tie-bram')).toHaveText(ties[0]!);
    await expect(page.getByTestId('action-tie-twin')).toHaveText(ties[1]!);
    await page.getByTestId('action-order').scrollIntoViewIfNeeded();
    await shoot(page, 'action-ties-after-restart');
  } finally {
    await again.stopProcess();
  }
});
