import { mkdir } from 'node:fs/promises';
import { expect, figureOnMap, mustCall, npcFighter, placeByClick, socketCall, test } from './fixtures';
import { initials, newCampaign, openMenu, SCREENS, shoot, stepNow } from './setupSteps';

/**
 * Setting up an encounter through the GM page (design-notes §Setting an encounter up): the rule
 * options of the open encounter changed at its start and refused with the reason once play began; a
 * new encounter that starts with a side of another and a roster character; a roster character
 * placed twice keeps its Fatigue and is told apart ("Bram 2", token "B2"); the cast form as the GM
 * left it after a look at another tab. Both pages are checked after each step.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});
test.describe.configure({ timeout: 120_000 });

test('the open encounter’s rules change at its start and are refused with the reason once play began', async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await newCampaign(gmPage, playerPage, 'Rules at the start');
  // Setting up the table is not play (the console's choice: figures, sides, terrain, fog).
  await mustCall(gmPage, 'sendCommand', {
    command: { type: 'addFigure', figure: npcFighter('Ann', 'party', { STR: 12, DEX: 12 }, 'shortsword'), position: { q: 4, r: 5 } },
  });
  await mustCall(gmPage, 'sendCommand', {
    command: { type: 'addFigure', figure: npcFighter('Grak', 'foes', { STR: 13, DEX: 10 }, 'club'), position: { q: 10, r: 5 } },
  });
  await expect(stepNow(gmPage)).toHaveText(/Initiative/);

  await openMenu(gmPage, 'menu-encounter-rules');
  await expect(gmPage.getByTestId('encounter-rules-title')).toHaveText('Rules of “First encounter”');
  await expect(gmPage.getByTestId('encounter-rules-locked')).toHaveCount(0);
  await gmPage.locator('#opt-declaredIntent').check();
  await gmPage.getByTestId('rules-save').click();
  // RULINGS O4: declared intent begins each turn with Declarations; the figures stay where they were.
  await gmPage.getByTestId('campaign-close').click();
  await expect(stepNow(gmPage)).toHaveText(/Declarations/);
  await expect(playerPage.getByTestId('player-status')).toContainText('Declarations');
  await expect.poll(() => figureOnMap(gmPage, 'ann')).toMatchObject({ q: 4, r: 5 });
  await expect.poll(() => figureOnMap(playerPage, 'grak')).toMatchObject({ q: 10, r: 5 });
  await shoot(gmPage, 'encounter-rules-declared');

  // Back to Pillars' turn (RULINGS T1), then the initiative is rolled: the rules are fixed now.
  await openMenu(gmPage, 'menu-encounter-rules');
  await gmPage.locator('#opt-declaredIntent').uncheck();
  await gmPage.getByTestId('rules-save').click();
  await gmPage.getByTestId('campaign-close').click();
  await expect(stepNow(gmPage)).toHaveText(/Initiative/);
  await expect(playerPage.getByTestId('player-status')).toContainText('Initiative');
  await gmPage.getByTestId('roll-initiative').click();
  await expect(gmPage.getByTestId('initiative-rolls')).toBeVisible();

  await openMenu(gmPage, 'menu-encounter-rules');
  await expect(gmPage.getByTestId('encounter-rules-locked')).toContainText('This encounter has begun: the initiative was rolled.');
  await expect(gmPage.locator('#opt-declaredIntent')).toBeDisabled();
  await expect(gmPage.getByTestId('rules-save')).toBeDisabled();
  await shoot(gmPage, 'encounter-rules-locked');
  // Main refuses it too, whatever a page sends, and nothing changes.
  const info = await mustCall(gmPage, 'describeEncounterRules', {});
  const answer = await socketCall(gmPage, 'setEncounterRules', { rules: { ...info.rules, options: { ...info.rules.options, declaredIntent: true } } });
  expect(answer).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('the initiative was rolled') } });
  await gmPage.getByTestId('campaign-close').click();
  await expect(stepNow(gmPage)).toHaveText(/Initiative/);
});

test('a new encounter starts with a side copied from another and a character from the roster', async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await newCampaign(gmPage, playerPage, 'Second fight');
  await mustCall(gmPage, 'sendCommand', { command: { type: 'updateSide', sideId: 'foes', name: 'Orcs', color: '#2e8b57' } });
  await mustCall(gmPage, 'sendCommand', {
    command: { type: 'addFigure', figure: npcFighter('Grak', 'foes', { STR: 13, DEX: 10 }, 'club'), position: { q: 12, r: 4 }, facing: 3 },
  });
  await mustCall(gmPage, 'sendCommand', {
    command: { type: 'addFigure', figure: npcFighter('Urk', 'foes', { STR: 12, DEX: 11 }, 'club'), position: { q: 13, r: 6 } },
  });
  await mustCall(gmPage, 'sendCommand', {
    command: { type: 'addFigure', figure: { ...npcFighter('Ann', 'party', { STR: 12, DEX: 12 }, 'shortsword'), kind: 'character' }, position: { q: 4, r: 5 } },
  });
  // Ann goes to the roster from her sheet.
  await gmPage.getByTestId('figure-ann').click();
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('figure-keep').click();
  await expect(gmPage.getByTestId('toast').last()).toContainText('Ann is in the campaign roster as a character.');

  await openMenu(gmPage, 'menu-encounters');
  await gmPage.getByTestId('new-encounter-name').fill('The ravine');
  await gmPage.getByTestId('new-encounter-with-figures').check();
  await gmPage.getByTestId('new-encounter-copy-from').selectOption({ label: 'First encounter' });
  await expect(gmPage.getByTestId('new-encounter-side-foes')).toContainText('Orcs: Grak, Urk');
  await gmPage.getByTestId('new-encounter-side-foes').getByRole('checkbox').check();
  await gmPage.getByTestId('new-encounter-roster-pc-ann').getByRole('checkbox').check();
  await shoot(gmPage, 'new-encounter-with-figures');
  // Making it opens it.
  await gmPage.getByTestId('new-encounter-create').click();
  await expect(gmPage.getByTestId('campaign-screen')).toBeHidden();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('The ravine');
  await expect(playerPage.getByTestId('player-status')).toContainText('The ravine');

  // The orcs stand where they stood, Grak still facing 3; Ann is on the map; both pages.
  for (const page of [gmPage, playerPage]) {
    await expect.poll(() => figureOnMap(page, 'grak')).toMatchObject({ q: 12, r: 4 });
    await expect.poll(() => figureOnMap(page, 'urk')).toMatchObject({ q: 13, r: 6 });
    await expect.poll(() => figureOnMap(page, 'ann')).not.toBeNull();
  }
  await expect(gmPage.getByTestId('figure-grak')).toContainText('Grak');
  // Ann's kept 2d6 (3, 3): CON 12 + WIS 10 + INT 10 + 12 + 6 = Fatigue 50, Body 34 (RULINGS C3).
  await expect(gmPage.getByTestId('pools-ann')).toContainText('50/34');
  await shoot(gmPage, 'new-encounter-opened');
  await shoot(playerPage, 'new-encounter-opened-player');
});

test('a roster character placed twice keeps its Fatigue and is told apart: “Bram 2”, token B2', async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await expect(gmPage.getByTestId('pools-bram')).toContainText('53/36');
  await gmPage.getByTestId('figure-bram').click();
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('figure-keep').click();
  await expect(gmPage.getByTestId('toast').last()).toContainText('Bram is in the campaign roster');
  await gmPage.getByTestId('new-character').click();
  await gmPage.locator('.roster li').filter({ hasText: 'Bram' }).getByRole('button', { name: 'Place' }).click();
  await placeByClick(gmPage);
  // RULINGS C3: the creation 2d6 is not rolled again: the copy starts with Bram's 53/36.
  await expect(gmPage.getByTestId('figure-bram-2')).toContainText('Bram 2');
  await expect(gmPage.getByTestId('pools-bram-2')).toContainText('53/36');
  await expect.poll(() => initials(gmPage, 'bram-2')).toBe('B2');
  await expect.poll(() => initials(playerPage, 'bram-2')).toBe('B2');
  // Both maps hold initials in the disc, the name being written under it.
  await expect.poll(() => initials(gmPage, 'bram')).toBe('Br');
  await expect.poll(() => initials(playerPage, 'bram')).toBe('Br');
  await shoot(gmPage, 'roster-copy-named');
  await shoot(playerPage, 'roster-copy-named-player');
});

test('the cast form is as the GM left it after a look at another tab', async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const flow = gmPage.getByTestId('cast-flow');
  await flow.getByTestId('cast-caster').selectOption('ilsa');
  await flow.getByTestId('cast-spell').selectOption('passage-detect-magic');
  await flow.getByTestId('cast-push').fill('2');
  await flow.getByTestId('cast-target').selectOption('grak');
  await expect(flow.getByTestId('cast-cost')).toContainText('Cost3');
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await expect(gmPage.getByTestId('cast-flow')).toHaveCount(0);
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  await expect(flow.getByTestId('cast-caster')).toHaveValue('ilsa');
  await expect(flow.getByTestId('cast-spell')).toHaveValue('passage-detect-magic');
  await expect(flow.getByTestId('cast-push')).toHaveValue('2');
  await expect(flow.getByTestId('cast-target')).toHaveValue('grak');
  await expect(flow.getByTestId('cast-cost')).toContainText('Cost3');
  await shoot(gmPage, 'cast-form-kept');
  // Nothing was cast: the player page shows the turn as it was, and never mana.
  await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
  expect(await playerPage.evaluate(() => document.body.innerText)).not.toMatch(/mana/i);
});

test('Ilsa casts Detect Magic with WIS when the GM chooses it on her sheet (RULINGS S1)', async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await gmPage.getByTestId('figure-ilsa').click();
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('figure-edit').click();
  const choice = gmPage.getByTestId('edit-spells-attribute-passage-detect-magic');
  await expect(choice.locator('option').first()).toHaveText('INT (usual)');
  await choice.selectOption('WIS');
  await shoot(gmPage, 'spell-attribute-chosen');
  await gmPage.getByTestId('edit-save').click();
  await expect(gmPage.getByTestId('figure-editor')).toHaveCount(0);

  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const flow = gmPage.getByTestId('cast-flow');
  await flow.getByTestId('cast-caster').selectOption('ilsa');
  await flow.getByTestId('cast-spell').selectOption('passage-detect-magic');
  // WIS 14 instead of INT 15; Knock keeps the catalogue's INT.
  await expect(flow.getByTestId('cast-target-value')).toContainText('14');
  await expect(flow.getByTestId('cast-target-value')).toContainText('WIS');
  await flow.getByTestId('cast-spell').selectOption('passage-knock');
  await expect(flow.getByTestId('cast-target-value')).toContainText('15');
  await shoot(gmPage, 'spell-attribute-preview');
  await expect(playerPage.getByTestId('player-status')).toContainText('Turn 1');
  expect(await playerPage.evaluate(() => document.body.innerText)).not.toMatch(/WIS|mana/);
});
