import { mkdir, readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, figureOnMap, test } from './fixtures';

/**
 * The recap through the GM page: a turn of the sample encounter is played (typed initiative,
 * Bram steps forward, Ilsa casts Light with typed faces), then both recaps are downloaded from
 * Export, import, recap…: the GM's names hidden Sella and Ilsa's mana; the players' one is
 * written as the player page sees the fight, without Sella (hidden in the sample), mana or pools.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

async function downloadText(page: Page, testid: string): Promise<{ name: string; text: string }> {
  const waiting = page.waitForEvent('download');
  await page.getByTestId(testid).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test('both recaps are exported from the UI: the GM’s with secrets, the players’ without', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await gmPage.getByTestId('initiative-entry-input').fill('5 / 2');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await gmPage.getByTestId('move-first').click();
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  // Initial movement: everyone stands still; on to Actions, Sella passes, Ilsa casts Light (9 ≤ 15).
  const moved: string[] = [];
  for (let i = 0; i < 4; i++) {
    const due = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('stand-still').click();
    moved.push(due);
    if (i < 3) await expect(gmPage.getByTestId('due-name')).not.toHaveText(due);
  }
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const flowBox = gmPage.getByTestId('cast-flow');
  await flowBox.getByTestId('cast-caster').selectOption('ilsa');
  await flowBox.getByTestId('cast-spell').selectOption('passage-light');
  await flowBox.getByTestId('cast-dice-input').fill('3 3 3');
  await flowBox.getByTestId('cast-dice-input').press('Enter');
  await expect(flowBox.getByTestId('cast-result')).toContainText('succeeded');

  await gmPage.getByTestId('campaign-menu').click();
  await gmPage.getByTestId('menu-files').click();
  await expect(gmPage.getByTestId('campaign-screen')).toBeVisible();
  await gmPage.screenshot({ path: `${SCREENS}/recap-export-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/recap-export-player.png` });

  const gm = await downloadText(gmPage, 'combat-log');
  expect(gm.name).toBe('Ambush at the Ford recap (GM).md');
  expect(gm.text).toContain('# Combat recap (GM): Ambush at the Ford');
  expect(gm.text).toContain('Initiative: The Party 5, Ford Raiders 2.');
  expect(gm.text).toContain('Sella held back.');
  expect(gm.text).toContain("Ilsa spent 1 mana casting Light. Ilsa's casting roll [3d6: 9 against 15]: success. Ilsa cast Light: succeeded.");

  const players = await downloadText(gmPage, 'combat-log-players');
  expect(players.name).toBe('Ambush at the Ford recap for players.md');
  expect(players.text).toContain('# Combat recap: Ambush at the Ford');
  expect(players.text).toContain('Initiative: The Party 5, Ford Raiders 2.');
  expect(players.text).toContain('Ilsa cast Light.');
  expect(players.text).not.toMatch(/Sella|mana|Debt|Fatigue|Body|casting roll|hidden/i);

  // The player page, meanwhile, shows the same world: Ilsa on the map, Sella nowhere.
  await playerPage.bringToFront();
  await expect.poll(() => figureOnMap(playerPage, 'ilsa')).not.toBeNull();
  expect(await figureOnMap(playerPage, 'sella')).toBeNull();
});
