import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The sample encounter's turn 1 to Renew Spells: the party rolls 5, the raiders 2; the party moves first (RULINGS T2). */
export async function toRenewSpells(gmPage: Page): Promise<void> {
  await gmPage.getByTestId('initiative-entry-input').fill('5 / 2');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await gmPage.getByTestId('move-first').click();
  await gmPage.getByTestId('next-phase').click();
}

/**
 * The sample encounter (and `figures` in all) from Renew Spells to Ilsa's action: on to movement, everyone stands still,
 * on to Actions, where Sella (adjDEX 14) passes and Ilsa is due (RULINGS T4, T5).
 */
export async function standStillToIlsasAction(gmPage: Page, figures = 4): Promise<void> {
  await gmPage.getByTestId('next-phase').click();
  // Each click waits for the next figure to be due, so no click lands on a button being redrawn.
  for (let i = 0; i < figures; i++) {
    const due = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('stand-still').click();
    if (i < figures - 1) await expect(gmPage.getByTestId('due-name')).not.toHaveText(due);
  }
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
}
