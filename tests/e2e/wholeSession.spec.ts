import { mkdir } from 'node:fs/promises';
import { expect, figureOnMap, mustCall, test } from './fixtures';
import { newCampaign, SCREENS } from './setupSteps';
import { importMapImage, quickNpc, rolledCharacter, shootBoth, typedCharacter } from './sessionSteps';

/**
 * Issue 12 "Checked by", first bullet: a whole session played through the UI from a fresh data
 * folder (the fixture's console starts on an empty temp folder, which it seeds with the sample
 * campaign). The socket is used only to read state for asserts. Both pages are asserted and shot
 * after each step.
 */
test.use({ actionTimeout: 20_000 });
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

test('a whole session through the UI: campaign, party, foes, map, placing', async ({ gmPage, playerPage }) => {
  test.setTimeout(600_000);
  await gmPage.bringToFront();

  // 1. A new campaign: its blank first encounter opens on both pages.
  await newCampaign(gmPage, playerPage, 'Session at the Mill');
  await shootBoth(gmPage, playerPage, '01-campaign');

  // 2. A map image imported from the map bar: both pages draw it.
  await importMapImage(gmPage, playerPage);
  await shootBoth(gmPage, playerPage, '02-map-image');

  // 3. Sides: the foes renamed; a third side added (RULINGS T2).
  await gmPage.getByTestId('side-edit-foes').click();
  await gmPage.getByTestId('side-name-foes').fill('Mill Bandits');
  await gmPage.getByTestId('side-save-foes').click();
  await expect(gmPage.getByTestId('side-foes')).toHaveText(/Mill Bandits/);
  await gmPage.getByTestId('add-side').click();
  await gmPage.getByTestId('add-side-name').fill('Crows');
  await gmPage.getByTestId('add-side-color').fill('#333344');
  await gmPage.getByTestId('add-side-save').click();
  await expect(gmPage.getByTestId('side-side-3')).toHaveText(/Crows/);
  await expect(playerPage.getByTestId('player-status')).toContainText('First encounter');
  await shootBoth(gmPage, playerPage, '03-sides');

  // 4. The party: Mira, a mage with Light and Blur and a typed pool of 10; Tomas rolled on 3d6, re-rolled once.
  const mira = await typedCharacter(
    gmPage,
    { name: 'Mira', side: 'party', weapons: ['dagger'], spells: { school: 'passage', ids: ['passage-light', 'passage-blur'], mana: 10 } },
    { STR: 9, DEX: 11, INT: 14, WIS: 13, CON: 9, CHR: 9 },
  );
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('Light');
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('Blur');
  await expect(gmPage.getByTestId('mana')).toHaveText('10 of 10');
  await expect.poll(() => figureOnMap(playerPage, 'mira')).toMatchObject(mira);
  const tomas = await rolledCharacter(gmPage, { name: 'Tomas', side: 'party', weapons: ['small-bow', 'shortsword'] });
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('Tomas');
  await expect.poll(() => figureOnMap(playerPage, 'tomas')).toMatchObject(tomas.hex);
  await shootBoth(gmPage, playerPage, '04-party');

  // 5. The bandits, three Quick NPCs; a crow on the third side.
  for (const name of ['Brute', 'Cutter', 'Sneak']) {
    const at = await quickNpc(gmPage, { name, side: 'foes', weapons: ['club'] }, { STR: 12, DEX: 10 });
    await expect.poll(() => figureOnMap(playerPage, name.toLowerCase())).toMatchObject(at);
  }
  const crow = await quickNpc(gmPage, { name: 'Crow', side: 'side-3', weapons: [] }, { STR: 4, DEX: 13 });
  await expect.poll(() => figureOnMap(playerPage, 'crow')).toMatchObject(crow);
  const gm = await mustCall(gmPage, 'getGmView', {});
  expect(gm.encounter.figures.map((f: { name: string; sideId: string }) => [f.name, f.sideId])).toEqual([
    ['Mira', 'party'], ['Tomas', 'party'], ['Brute', 'foes'], ['Cutter', 'foes'], ['Sneak', 'foes'], ['Crow', 'side-3'],
  ]);
  await expect(playerPage.locator('body')).not.toContainText('mana');
  await shootBoth(gmPage, playerPage, '05-placed');
});
