import { mkdir, readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { startConsole, type RunningConsole } from '../support/consoleServer';
import { expect, figureOnMap, mustCall, STOPPED_SERVER, test } from './fixtures';
import { newCampaign, openMenu, SCREENS } from './setupSteps';
import { importMapImage, onBothMaps, quickNpc, rolledCharacter, shootBoth, typedCharacter } from './sessionSteps';

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

/** In a movement phase, every figure due stands still in turn (each click waits for the next one due). */
async function standStillAll(gmPage: Page, figures: number): Promise<void> {
  for (let i = 0; i < figures; i++) {
    const due = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('stand-still').click();
    if (i < figures - 1) await expect(gmPage.getByTestId('due-name')).not.toHaveText(due);
  }
}

async function downloadText(page: Page, testid: string): Promise<{ name: string; text: string }> {
  const waiting = page.waitForEvent('download');
  await page.getByTestId(testid).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

const poolsOf = async (page: Page, id: string): Promise<[number, number]> => {
  const f = (await mustCall(page, 'getGmView', {})).encounter.figures.find((x: { id: string }) => x.id === id);
  return [f.fatigue.current, f.body.current];
};

test('a whole session through the UI: campaign, party, foes, map, placing, fall, heal, switching, restart, recap', async ({ consoleServer, gmPage, playerPage, problems }) => {
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
  const tomas = await rolledCharacter(gmPage, { name: 'Tomas', side: 'party', weapons: ['sling', 'dagger'] });
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
  // 6. Initiative with typed faces, one per side (RULINGS T2): both pages show the order.
  await gmPage.getByTestId('initiative-entry-input').fill('5 / 2 / 1');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await expect(gmPage.getByTestId('initiative-rolls')).toContainText('Crows');
  await gmPage.getByTestId('move-first').click();
  await expect(gmPage.getByTestId('initiative-order')).toHaveText('Order: Party → Mill Bandits → Crows');
  await gmPage.getByTestId('next-phase').click();
  await expect(playerPage.getByTestId('player-status')).toContainText('Renew spells');
  await shootBoth(gmPage, playerPage, '06-initiative');

  // 7. Manual damage from a fall, 5 to Fatigue and Body without armour, then 5 Fatigue healed (001 §Protection; RULINGS C3).
  const [fatigue, body] = await poolsOf(gmPage, 'tomas');
  await gmPage.getByTestId('figure-tomas').click();
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('pools-amount').fill('5');
  await gmPage.getByTestId('pools-to').selectOption('both');
  await gmPage.getByTestId('pools-cause').fill('fall');
  await gmPage.getByTestId('pools-damage').click();
  await expect(gmPage.getByTestId('pools-tomas')).toHaveText(`${fatigue - 5}/${body - 5}`);
  await expect(playerPage.locator('body')).not.toContainText(`${fatigue - 5}`);
  await shootBoth(gmPage, playerPage, '07-fall');
  await gmPage.getByTestId('pools-amount').fill('5');
  await gmPage.getByTestId('pools-to').selectOption('fatigue');
  await gmPage.getByTestId('pools-heal').click();
  await expect(gmPage.getByTestId('pools-tomas')).toHaveText(`${fatigue}/${body - 5}`);
  expect(await poolsOf(gmPage, 'tomas')).toEqual([fatigue, body - 5]);
  await shootBoth(gmPage, playerPage, '08-heal');

  // 8. Another encounter opened, then this one again: all is as it was on both pages.
  await openMenu(gmPage, 'menu-encounters');
  await gmPage.getByTestId('new-encounter-name').fill('The millrace');
  await gmPage.getByTestId('new-encounter-create').click();
  const row = (name: string) => gmPage.getByTestId('encounter-row').filter({ hasText: name });
  await row('The millrace').getByTestId('encounter-open').click();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('The millrace');
  await expect(playerPage.getByTestId('player-status')).toContainText('The millrace');
  await shootBoth(gmPage, playerPage, '09-other-encounter');
  await openMenu(gmPage, 'menu-encounters');
  await row('First encounter').getByTestId('encounter-open').click();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('First encounter');
  await expect(playerPage.getByTestId('player-status')).toContainText('First encounter');
  await expect(playerPage.getByTestId('player-status')).toContainText('Renew spells');
  await onBothMaps(gmPage, playerPage, 'mira', mira);
  await expect(gmPage.getByTestId('pools-tomas')).toHaveText(`${fatigue}/${body - 5}`);
  await shootBoth(gmPage, playerPage, '10-back');

  // 9. The server restarts on the same data folder; both pages reconnect and play goes on.
  let second: RunningConsole | null = null;
  try {
    await consoleServer.stopProcess();
    await expect(gmPage.getByTestId('connection-lost')).toBeVisible();
    await expect(playerPage.getByTestId('connection-lost')).toBeVisible();
    second = await startConsole({ dataDir: consoleServer.dataDir, port: consoleServer.port });
    await expect(gmPage.getByTestId('connection-lost')).toBeHidden({ timeout: 15_000 });
    await expect(playerPage.getByTestId('connection-lost')).toBeHidden({ timeout: 15_000 });
    await expect(gmPage.getByTestId('encounter-name')).toHaveText('First encounter');
    await onBothMaps(gmPage, playerPage, 'crow', crow);
    await expect(gmPage.getByTestId('pools-tomas')).toHaveText(`${fatigue}/${body - 5}`);
    await shootBoth(gmPage, playerPage, '11-restarted');

    // 10. Go on: on to Initial movement after the restart.
    await gmPage.getByTestId('next-phase').click();
    await expect(playerPage.getByTestId('player-status')).toContainText('Initial movement');
    await expect(gmPage.getByTestId('due-name')).toBeVisible();
    await shootBoth(gmPage, playerPage, '12-going-on');

    // 10b. Everyone stands still; in Actions Mira pushes Light by 1 and a typed natural 18 runs away
    // (RULINGS S3); the tracker asks her anchor roll, typed 6 6 5 = 17 against WIS 13 (RULINGS S6).
    await standStillAll(gmPage, 6);
    await gmPage.getByTestId('next-phase').click();
    await gmPage.getByTestId('next-phase').click();
    await expect(playerPage.getByTestId('player-status')).toContainText('Actions');
    for (let due = await gmPage.getByTestId('due-name').textContent(); due !== 'Mira'; due = await gmPage.getByTestId('due-name').textContent()) {
      await gmPage.getByTestId('pass').click();
      await expect(gmPage.getByTestId('due-name')).not.toHaveText(due ?? '');
    }
    await gmPage.getByRole('tab', { name: 'Magic' }).click();
    const flowBox = gmPage.getByTestId('cast-flow');
    await flowBox.getByTestId('cast-caster').selectOption('mira');
    await flowBox.getByTestId('cast-spell').selectOption('passage-light');
    await flowBox.getByTestId('cast-push').fill('1');
    await flowBox.getByTestId('cast-dice-input').fill('6 6 6');
    await flowBox.getByTestId('cast-dice-input').press('Enter');
    await expect(flowBox.getByTestId('cast-result')).toContainText('runaway');
    const prompt = gmPage.getByTestId('anchor-prompt');
    await expect(prompt).toContainText('Mira is in runaway');
    await prompt.getByTestId('prompt-anchor-mira-dice-input').fill('6 6 5');
    await prompt.getByTestId('prompt-anchor-mira-dice-input').press('Enter');
    await expect(prompt.getByTestId('prompt-anchor-result')).toContainText("Mira's anchor roll: 17 against 3d6 ≤ 13: failed");
    await expect(playerPage.locator('body')).not.toContainText(/runaway|anchor|mana/i);
    await shootBoth(gmPage, playerPage, '12b-runaway-anchor');

    // 11. The recaps exported from the Files screen: the GM's with the initiative, the players' without pools.
    await openMenu(gmPage, 'menu-files');
    const recap = await downloadText(gmPage, 'combat-log');
    expect(recap.name).toBe('First encounter recap (GM).md');
    expect(recap.text).toContain('Initiative: Party 5, Mill Bandits 2, Crows 1.');
    expect(recap.text).toContain('Crow joined the fight at');
    expect(recap.text).toContain('Party chose to move first.');
    // The fall and the heal are told (RULINGS C4, C5): in full to the GM, only that they happened to the players.
    expect(recap.text).toContain(`Tomas took 5 Fatigue and 5 Body from fall (Fatigue ${fatigue} → ${fatigue - 5}, Body ${body} → ${body - 5}).`);
    expect(recap.text).toMatch(/Tomas healed 5 Fatigue/);
    const players = await downloadText(gmPage, 'combat-log-players');
    expect(players.text).not.toMatch(/mana|Fatigue|Body/i);
    expect(players.text).toContain('Tomas was hurt (fall).');
    expect(players.text).toContain('Tomas was healed.');
    await shootBoth(gmPage, playerPage, '13-recap');
  } finally {
    await second?.stopProcess();
    problems.splice(0, problems.length, ...problems.filter((p) => !STOPPED_SERVER.test(p)));
  }
});
