import { mkdir } from 'node:fs/promises';
import { expect, figureOnMap, mustCall, placeByClick, test } from './fixtures';
import { standStillToIlsasAction, toRenewSpells } from './sampleTurn';

/**
 * Typed dice read the same in every dice field (RULINGS G3): spaces, commas, slashes or plus
 * signs between faces. A character's creation dice typed with slashes; all the dice a player
 * rolled for a push typed at once, the push's natural 18 running away before the casting roll,
 * and the casting's faces named as not used rather than refusing the lot; an anchor roll typed
 * with slashes. The players see the new character, and never a roll's mana.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

test('faces typed with spaces, commas, slashes or plus signs; a push typed at once names the faces it did not use', async ({ gmPage, playerPage }) => {
  test.setTimeout(120_000);
  await gmPage.bringToFront();

  // A character from the faces rolled at the table, each field typed its own way.
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('new-character').click();
  await gmPage.getByTestId('figure-name').fill('Tamsin');
  await gmPage.getByTestId('method-entered').check();
  const typed: Record<string, string> = { STR: '4/5/2', DEX: '3,3,4', INT: '5 5 5', WIS: '2+3+4', CON: '6 / 1 / 3', CHR: '2;2;2' };
  for (const [attr, faces] of Object.entries(typed)) await gmPage.getByLabel(`${attr} (3 dice)`).fill(faces);
  await gmPage.getByLabel('Fatigue (2 dice)').fill('3/6');
  await gmPage.getByTestId('figure-place').click();
  await placeByClick(gmPage);
  const view = await mustCall(gmPage, 'getGmView', {});
  const tamsin = view.encounter.figures.find((f) => f.name === 'Tamsin')!;
  expect(tamsin.attributes).toMatchObject({ STR: 11, DEX: 10, INT: 15, WIS: 9, CON: 10, CHR: 6 });
  await expect.poll(() => figureOnMap(playerPage, tamsin.id)).not.toBeNull();

  await toRenewSpells(gmPage);
  await standStillToIlsasAction(gmPage, 5);

  // Ilsa pushes Detect Magic by 1; the player rolled all six dice at once: the control's 18 runs away, the casting's three are not used.
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const flowBox = gmPage.getByTestId('cast-flow');
  await flowBox.getByTestId('cast-caster').selectOption('ilsa');
  await flowBox.getByTestId('cast-spell').selectOption('passage-detect-magic');
  await flowBox.getByTestId('cast-push').fill('1');
  await expect(flowBox.getByTestId('cast-control')).toContainText('14');
  await flowBox.getByTestId('cast-dice-input').fill('6,6,6 / 4,4,4');
  await flowBox.getByTestId('cast-dice-input').press('Enter');
  await expect(flowBox.getByTestId('cast-result')).toContainText('runaway');
  await expect(flowBox.getByTestId('cast-dice-left-over')).toHaveText('Not used: 4 4 4 — the command rolled only the first 3 of the 6 faces typed.');
  await gmPage.screenshot({ path: `${SCREENS}/typed-dice-push-gm.png` });

  // The anchor roll typed with slashes between its three faces: 17 against WIS 14 fails (RULINGS S6).
  const prompt = gmPage.getByTestId('anchor-prompt');
  await prompt.getByTestId('prompt-anchor-ilsa-dice-input').fill('6/6/5');
  await prompt.getByTestId('prompt-anchor-ilsa-dice-input').press('Enter');
  await expect(prompt.getByTestId('prompt-anchor-result')).toContainText("Ilsa's anchor roll: 17 against 3d6 ≤ 14: failed");

  // The dice log keeps the rolls made, entered, and nothing of the faces left over.
  await gmPage.getByRole('tab', { name: 'Dice log' }).click();
  await expect(gmPage.locator('aside.right').getByRole('tabpanel')).toContainText('[6, 6, 6]');
  await expect(gmPage.locator('aside.right').getByRole('tabpanel')).not.toContainText('[4, 4, 4]');
  await gmPage.screenshot({ path: `${SCREENS}/typed-dice-log-gm.png` });

  // The players see Tamsin and Ilsa, and no mana or runaway words.
  await expect.poll(() => figureOnMap(playerPage, 'ilsa')).not.toBeNull();
  await expect(playerPage.locator('body')).not.toContainText('mana');
  await playerPage.screenshot({ path: `${SCREENS}/typed-dice-player.png` });
});
