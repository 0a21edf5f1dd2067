import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The sample encounter from Renew Spells to Ilsa's action: on to movement, everyone stands still,
 * on to Actions, where Sella (adjDEX 14) passes and Ilsa is due (RULINGS T4, T5).
 */
export async function standStillToIlsasAction(gmPage: Page): Promise<void> {
  await gmPage.getByTestId('next-phase').click();
  for (let i = 0; i < 4; i++) await gmPage.getByTestId('stand-still').click();
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
}
