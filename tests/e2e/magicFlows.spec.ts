import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, figureOnMap, placeByClick, test } from './fixtures';
import { standStillToIlsasAction, toRenewSpells } from './sampleTurn';

/**
 * Mages the GM makes and magic flows that finish, through the GM page, in the sample encounter:
 * - a Quick NPC mage made in the form (spells picked by school with mastery, a typed mana pool),
 *   its mastery raised in Edit;
 * - Ilsa pushes Detect Magic 1 and the push control's natural 18 starts a runaway (RULINGS S3);
 *   the tracker prompts her anchor roll, typed 17 against WIS 14 (RULINGS S6); Wren is left out
 *   of the helpers with the reason until he is due, then intervenes with typed faces, 17 against
 *   WIS 12, fails and runs away too (RULINGS S7); the turn will not end before Wren's anchor; the
 *   end-of-turn summary lists both anchors and both drains of level 1 + push 1 (RULINGS S6);
 * - a counterspell duel with typed faces, a tie that goes to the defender (RULINGS S8).
 * The player page shows the mage and never mana, runaway or anchors.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

async function shoot(gmPage: Page, playerPage: Page, name: string): Promise<void> {
  await gmPage.screenshot({ path: `${SCREENS}/${name}-gm.png` });
  await playerPage.screenshot({ path: `${SCREENS}/${name}-player.png` });
}

/** Quick NPC "Wren" of the party: WIS 12, INT 12, DEX 8; Light (mastery 2) and Blur; a typed pool of 8. */
async function makeWren(gmPage: Page): Promise<void> {
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('new-npc').click();
  await gmPage.getByTestId('figure-name').fill('Wren');
  await gmPage.getByTestId('figure-side').selectOption('party');
  await gmPage.getByTestId('npc-DEX').fill('8');
  await gmPage.getByTestId('npc-INT').fill('12');
  await gmPage.getByTestId('npc-WIS').fill('12');
  const spells = gmPage.getByTestId('new-spells');
  await spells.getByTestId('new-spells-school').selectOption('passage');
  await spells.getByTestId('new-spells-spell').selectOption('passage-light');
  await spells.getByTestId('new-spells-add').click();
  await spells.getByTestId('new-spells-mastery-passage-light').fill('2');
  await spells.getByTestId('new-spells-spell').selectOption('passage-blur');
  await spells.getByTestId('new-spells-add').click();
  await expect(spells.getByTestId('new-spells-known-passage-blur')).toContainText('Passage, level 2');
  await gmPage.getByTestId('figure-caster').selectOption('typed');
  await gmPage.getByTestId('figure-mana').fill('8');
  await expect(gmPage.getByTestId('figure-problems')).toHaveCount(0);
  await gmPage.getByTestId('figure-place').click();
  await placeByClick(gmPage);
  const sheet = gmPage.getByTestId('figure-sheet');
  await expect(sheet).toContainText('Wren');
  await expect(sheet).toContainText('Light');
  await expect(sheet).toContainText('mastery 2');
  await expect(gmPage.getByTestId('mana')).toHaveText('8 of 8');
}

test('a mage made in the form intervenes; the anchor comes before the drain; the end of turn lists it all', async ({ gmPage, playerPage }) => {
  test.setTimeout(120_000);
  await gmPage.bringToFront();
  await makeWren(gmPage);
  // Edit: Wren's Blur goes to mastery 3, through updateFigure.
  await gmPage.getByTestId('figure-edit').click();
  await gmPage.getByTestId('edit-spells-mastery-passage-blur').fill('3');
  await gmPage.getByTestId('edit-save').click();
  await expect(gmPage.getByTestId('figure-sheet')).toContainText(/Blur.*mastery 3/);
  await expect.poll(() => figureOnMap(playerPage, 'wren')).not.toBeNull();
  await shoot(gmPage, playerPage, 'mage-made');

  await toRenewSpells(gmPage);
  await standStillToIlsasAction(gmPage, 5);

  // Ilsa pushes Detect Magic by 1: control 3d6 ≤ INT 15 − 1 = 14; a natural 18 runs away (RULINGS S3).
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const flowBox = gmPage.getByTestId('cast-flow');
  await flowBox.getByTestId('cast-caster').selectOption('ilsa');
  await flowBox.getByTestId('cast-spell').selectOption('passage-detect-magic');
  await flowBox.getByTestId('cast-push').fill('1');
  await expect(flowBox.getByTestId('cast-control')).toContainText('14');
  await flowBox.getByTestId('cast-dice-input').fill('6 6 6');
  await flowBox.getByTestId('cast-dice-input').press('Enter');
  await expect(flowBox.getByTestId('cast-result')).toContainText('runaway');

  // The tracker prompts the anchor: 3d6 ≤ WIS 14 − 0; typed 6 6 5 = 17 fails (RULINGS S6).
  const prompt = gmPage.getByTestId('anchor-prompt');
  await expect(prompt).toContainText('Ilsa is in runaway');
  await expect(prompt.getByTestId('prompt-anchor-ilsa')).toHaveText('Roll anchor for Ilsa (3d6 ≤ 14)');
  await prompt.getByTestId('prompt-anchor-ilsa-dice-input').fill('6 6 5');
  await prompt.getByTestId('prompt-anchor-ilsa-dice-input').press('Enter');
  await expect(prompt.getByTestId('prompt-anchor-result')).toHaveText(
    "Ilsa's anchor roll: 17 against 3d6 ≤ 14: failed, the runaway goes on (faces entered at the table) (RULINGS S6).",
  );

  // Wren is a mage but not due yet: left out with the reason, no Intervene button.
  const card = gmPage.getByTestId('runaway-ilsa');
  await expect(card.getByTestId('helpers-left-out-ilsa')).toContainText(/Wren: waits for its turn in the action order \(.+ is due\)/);
  await expect(card.getByTestId('intervention-rule-ilsa')).toContainText('Actions phase when it is due');
  await expect(card.getByTestId('intervene-ilsa')).toHaveCount(0);
  await shoot(gmPage, playerPage, 'runaway-anchor-failed');
  // Each pass waits for main's answer (the next figure due), so a click never lands twice on one view.
  for (let due = await gmPage.getByTestId('due-name').textContent(); due !== 'Wren'; due = await gmPage.getByTestId('due-name').textContent()) {
    await gmPage.getByTestId('pass').click();
    await expect(gmPage.getByTestId('due-name')).not.toHaveText(due ?? '');
  }

  // Wren is due: offered at WIS 12 − 0; typed 6 6 5 = 17 fails, and Wren runs away too (RULINGS S7).
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  await expect(card.getByTestId('helper-ilsa')).toContainText('Wren (3d6 ≤ 12)');
  await card.getByTestId('intervene-ilsa-dice-input').fill('6 6 5');
  await card.getByTestId('intervene-ilsa-dice-input').press('Enter');
  await expect(gmPage.getByTestId('magic-result')).toHaveText(
    'Wren intervenes for Ilsa: 17 against 3d6 ≤ 12: failure, Wren runs away too (faces entered at the table) (RULINGS S7).',
  );
  await expect(gmPage.getByTestId('runaway-wren')).toBeVisible();
  await shoot(gmPage, playerPage, 'intervention-failed');

  // On to the end of the turn: main will not end it before Wren's anchor roll.
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('next-phase')).toHaveText('End turn 1');
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('confirm-next')).toContainText("Wren has not made this turn's anchor roll");
  await gmPage.getByTestId('confirm-cancel').click();
  await expect(prompt.getByTestId('prompt-anchor-wren')).toHaveText('Roll anchor for Wren (3d6 ≤ 12)');
  await prompt.getByTestId('prompt-anchor-wren-dice-input').fill('6 6 6');
  await prompt.getByTestId('prompt-anchor-wren-dice-input').press('Enter');
  await expect(prompt.getByTestId('prompt-anchor-result')).toContainText("Wren's anchor roll: 18 against 3d6 ≤ 12: failed");
  await gmPage.getByTestId('next-phase').click();

  // The end-of-turn summary: both anchors, both drains of 2 (level 1 + push 1) from mana.
  const effects = gmPage.getByTestId('turn-effects');
  await expect(effects).toContainText('End of turn 1');
  await expect(effects).toContainText('Ilsa: anchor roll 17 vs 14: failed');
  await expect(effects).toContainText('Wren: anchor roll 18 vs 12: failed');
  await expect(effects).toContainText("Ilsa's runaway drained 2 mana (drain 2)");
  await expect(effects).toContainText("Wren's runaway drained 2 mana (drain 2)");
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  await expect(gmPage.getByTestId('mana-value-ilsa')).toHaveText('8 / 12');
  await expect(gmPage.getByTestId('mana-value-wren')).toHaveText('6 / 8');
  await shoot(gmPage, playerPage, 'end-of-turn-drains');

  // The player page: Wren on the map; no mana, runaway, anchor or drain.
  await playerPage.bringToFront();
  expect(await figureOnMap(playerPage, 'wren')).not.toBeNull();
  const text = (await playerPage.content()) + (await playerPage.evaluate(() => document.body.innerText));
  expect(text).not.toMatch(/mana|runaway|anchor|drain/i);
});

test('a counterspell duel with typed faces: a tie goes to the defender and the casting shows "countered"', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await makeWren(gmPage);
  await toRenewSpells(gmPage);
  await standStillToIlsasAction(gmPage, 5);
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const flowBox = gmPage.getByTestId('cast-flow');
  await flowBox.getByTestId('cast-caster').selectOption('ilsa');
  await flowBox.getByTestId('cast-spell').selectOption('passage-light');
  await flowBox.getByTestId('cast-dice-input').fill('3 3 3');
  await flowBox.getByTestId('cast-dice-input').press('Enter');
  await expect(flowBox.getByTestId('cast-result')).toContainText('succeeded');

  const castings = gmPage.getByTestId('castings');
  const form = castings.locator('[data-testid^="counter-form-"]');
  await expect(form.locator('[data-testid^="counter-defender-"]')).toContainText('Wren (8 mana)');
  await form.locator('[data-testid^="counter-mana-"]').fill('2');
  // Caster: INT 15 + cost 1 − 12 = 4; Wren: INT 12 + 2 − 10 = 4; a tie goes to the defender (RULINGS S8).
  await form.locator('input[data-testid$="-dice-input"]').fill('4 4 4 / 3 3 4');
  await form.locator('input[data-testid$="-dice-input"]').press('Enter');
  await expect(gmPage.getByTestId('magic-result')).toHaveText(
    'Counterspell: Ilsa rolled 12 (margin 4), Wren rolled 10 (margin 4). Wren wins: the spell is countered (faces entered at the table) (RULINGS S8).',
  );
  await expect(castings.locator('[data-testid^="casting-outcome-"]')).toHaveText('countered');
  await expect(castings.locator('[data-testid^="duel-"]')).toContainText('→ Wren wins');
  await expect(gmPage.getByTestId('mana-value-wren')).toHaveText('6 / 8');
  await shoot(gmPage, playerPage, 'counterspell-countered');
  const text = (await playerPage.content()) + (await playerPage.evaluate(() => document.body.innerText));
  expect(text).not.toMatch(/mana|counter/i);
});
