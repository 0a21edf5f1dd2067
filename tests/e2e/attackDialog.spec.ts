import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, figureOnMap, hexOnScreen, test } from './fixtures';
import { toRenewSpells } from './sampleTurn';

/**
 * The attack as a GM used to Foundry VTT meets it at 1366×768: the figure due is selected when its
 * turn comes; the attack dialog opens with the one foe it may strike already the target; and the
 * dialog never covers that target on the map. The player page is asserted alongside.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

type Hex = { q: number; r: number };

const sheetName = (page: Page) => page.getByTestId('figure-sheet').locator('h2');

/** True when the dialog's box lies over the figure's hex centre or within half a hex of it. */
async function dialogCovers(page: Page, figureId: string): Promise<boolean> {
  const spot = (await figureOnMap(page, figureId))!;
  const at = await hexOnScreen(page, spot);
  const box = (await page.getByTestId('attack-flow').boundingBox())!;
  const half = 20;
  return at.x + half > box.x && at.x - half < box.x + box.width && at.y + half > box.y && at.y - half < box.y + box.height;
}

test('the due figure is selected, its one foe is the target, and the attack dialog leaves the target in view', async ({ gmPage, playerPage }) => {
  test.setTimeout(120_000);
  await gmPage.bringToFront();
  // Before the fight, the GM drags Grak across the ford, two hexes from Bram at (9,5).
  let at: Hex = { q: 16, r: 1 };
  for (const step of [
    { q: 15, r: 2 },
    { q: 14, r: 3 },
    { q: 13, r: 4 },
    { q: 12, r: 4 },
    { q: 11, r: 4 },
  ]) {
    await dragHex(gmPage, at, step);
    await expect.poll(() => figureOnMap(playerPage, 'grak')).toMatchObject(step);
    await expect.poll(() => figureOnMap(gmPage, 'grak')).toMatchObject(step);
    at = step;
  }
  await toRenewSpells(gmPage);
  await gmPage.getByTestId('next-phase').click();
  // Initial movement: each figure is selected as its move comes, without a click.
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  await expect(sheetName(gmPage)).toHaveText('Ilsa');
  await gmPage.getByTestId('stand-still').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Bram');
  await expect(sheetName(gmPage)).toHaveText('Bram');
  // Bram walks into Grak's front (RULINGS M5); the raiders stand still.
  await gmPage.getByTestId('gait-walk').click();
  await dragHex(gmPage, { q: 9, r: 5 }, { q: 10, r: 5 });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: 10, r: 5 });
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
  await expect(sheetName(gmPage)).toHaveText('Sella');
  await gmPage.getByTestId('stand-still').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Grak');
  await gmPage.getByTestId('stand-still').click();
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  // Actions: Sella, then Ilsa pass; Bram is due and selected.
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  await expect(sheetName(gmPage)).toHaveText('Ilsa');
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Bram');
  await expect(sheetName(gmPage)).toHaveText('Bram');
  await expect(playerPage.getByTestId('player-acting')).toHaveText('Bram to act');

  // The GM pans the map (arrow keys) so the fight is on the right of the map, where the dialog opens.
  for (let i = 0; i < 3; i++) await gmPage.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await hexOnScreen(gmPage, (await figureOnMap(gmPage, 'grak'))!)).x).toBeGreaterThan(720);

  // Attack (b): Grak is the one foe Bram may strike, so he is the target already, with the odds.
  await gmPage.getByTestId('option-b').click();
  await expect(gmPage.getByTestId('attack-flow')).toBeVisible();
  await expect(gmPage.getByTestId('attack-target')).toHaveValue('grak');
  await expect(gmPage.getByTestId('preview-adjdex')).toHaveText('10');
  // The dialog does not lie over Grak.
  await expect.poll(() => dialogCovers(gmPage, 'grak')).toBe(false);
  await expect.poll(() => dialogCovers(gmPage, 'bram')).toBe(false);
  await gmPage.screenshot({ path: `${SCREENS}/attack-dialog-beside-target-gm-1366x768.png` });
  // The players see the same two figures, where the GM's map has them.
  const grak = (await figureOnMap(gmPage, 'grak'))!;
  await expect.poll(() => figureOnMap(playerPage, 'grak')).toMatchObject({ q: grak.q, r: grak.r });
  await playerPage.screenshot({ path: `${SCREENS}/attack-dialog-player-1366x768.png` });

  // Rolled: the result stays open for the GM to read, the dialog still off the target.
  await gmPage.getByTestId('attack-entry-input').fill('3 3 2 / 4 5');
  await gmPage.getByTestId('attack-entry-input').press('Enter');
  await expect(gmPage.getByTestId('attack-verdict')).toContainText('Hit');
  await expect(gmPage.getByTestId('attack-target')).toHaveValue('grak');
  expect(await dialogCovers(gmPage, 'grak')).toBe(false);
  // Grak is due next, and selected.
  await expect(gmPage.getByTestId('due-name')).toHaveText('Grak');
  await expect(sheetName(gmPage)).toHaveText('Grak');
  await gmPage.screenshot({ path: `${SCREENS}/attack-dialog-result-gm-1366x768.png` });
});
