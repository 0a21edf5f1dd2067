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
 * The sample encounter from Renew Spells to Ilsa's action: on to movement, everyone stands still,
 * on to Actions, where Sella (adjDEX 14) passes and Ilsa is due (RULINGS T4, T5).
 */
export async function standStillToIlsasAction(gmPage: Page): Promise<void> {
  await gmPage.getByTestId('next-phase').click();
  // Each click waits for main's answer (the next figure due): a click landing before the view
  // moved on would stand the same figure still twice.
  for (let i = 0; i < 4; i++) {
    const who = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('stand-still').click();
    if (i < 3) await expect(gmPage.getByTestId('due-name')).not.toHaveText(who);
  }
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
}
