import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startConsole, type RunningConsole } from '../support/consoleServer';
import { dragHex, expect, figureOnMap, mustCall, serverStopsExpected, test } from './fixtures';
import { newCampaign, openMenu, SCREENS } from './setupSteps';
import { calibrateMapImage, centreHex, importMapImage, onBothMaps, quickNpc, rolledCharacter, shootBoth, typedCharacter } from './sessionSteps';
import { attack, downloadText, folderDigest, playPhase, poolsOf, standStillAll, trackersAt } from './sessionTurns';

/**
 * A whole session played through the UI from an empty data
 * folder. The fixture starts the console on a fresh, empty temp folder; the console's first start
 * always copies the sample campaign into an empty folder (store/campaignFolder.ts
 * ensureFirstCampaign), so the session's first step is a new campaign, and the sample is never
 * touched (its files are the same at the end). The socket is used only to read state for
 * asserts. Both pages are asserted and shot after each step.
 */
test.use({ actionTimeout: 20_000 });
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const notOnProjector = async (playerPage: Page, words: RegExp): Promise<void> => {
  const text = (await playerPage.content()) + (await playerPage.evaluate(() => document.body.innerText));
  expect(text).not.toMatch(words);
};

type Hex = { q: number; r: number };

/**
 * Turn 1 from Renew spells: movement, where Brute walks one hex into Tomas's front; Actions, with a
 * melee and a missile attack, Mira's pushed Light that runs away with her typed anchor roll, and
 * Wren's intervention; forced retreat; the end of the turn. Each step on both pages.
 */
async function playTurnOne(gmPage: Page, playerPage: Page, t: { at: (dq: number, dr: number) => Hex; fatigue: number; body: number }): Promise<void> {
  // 10. Initial movement, the party first (RULINGS T4): Brute walks into Tomas's front hex and is engaged (RULINGS M5); the rest stand still.
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 1, 'initialMovement');
  await expect(playerPage.getByTestId('player-acting')).toContainText('to act');
  const moved = await playPhase(gmPage, 'stand-still', {
    Brute: async () => {
      await expect(playerPage.getByTestId('player-acting')).toHaveText('Brute to act');
      await gmPage.getByTestId('gait-walk').click();
      await expect(gmPage.getByTestId('move-hint')).toContainText('Drag Brute');
      await dragHex(gmPage, t.at(-1, 2), t.at(-2, 2));
    },
  });
  expect(moved.slice(0, 3).sort()).toEqual(['Mira', 'Tomas', 'Wren']);
  expect(moved).toHaveLength(7);
  await onBothMaps(gmPage, playerPage, 'brute', t.at(-2, 2));
  await shootBoth(gmPage, playerPage, '12-moved');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 1, 'finalMovement');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 1, 'actions');

  // 11. Actions in adjDEX order (RULINGS T5), each figure when main says it is due.
  const [miraFatigue] = await poolsOf(gmPage, 'mira');
  const box = gmPage.getByTestId('attack-flow');
  const acted = await playPhase(gmPage, 'pass', {
    // A charge with the broadsword from Tomas's front (001 §Action Options b): 2+2+3 = 7 hits; 2d6 [3, 3] = 6, no armour.
    Brute: async () => {
      await attack(gmPage, { option: 'b', targetId: 'tomas', faces: '2 2 3 / 3 3', adjDex: '10', damage: '2d6' });
      await expect(box.getByTestId('attack-verdict')).toContainText('Hit: rolled 7 on 3 dice against adjDEX 10');
      await expect(box.getByTestId('damage-line')).toContainText("Damage 6 − protection 0 = 6 to Tomas's Fatigue");
      await expect(box.getByTestId('pools-after')).toContainText(`Tomas now Fatigue ${t.fatigue - 6}, Body ${t.body - 5}`);
      await expect(gmPage.getByTestId('pools-tomas')).toHaveText(`${t.fatigue - 6}/${t.body - 5}`);
      await expect(playerPage.getByTestId('player-acting')).not.toHaveText('Brute to act');
      await onBothMaps(gmPage, playerPage, 'tomas', t.at(-3, 2));
      // The projector says the blow as the players' recap does: the dice the table saw, no pool after it.
      await expect(playerPage.getByTestId('player-latest')).toHaveText(
        'Brute struck at Tomas with broadsword: hit [3d6: 7 against adjDEX 10]. Rolled 7 ≤ adjDEX 10: a hit, Fatigue only. Tomas took 6 [damage rolled 6, armour stops 0].',
      );
      await notOnProjector(playerPage, /(Fatigue|Body) \d|protection|Hit: rolled|now Fatigue/);
      await shootBoth(gmPage, playerPage, '13-melee');
      await box.getByTestId('attack-done').click();
    },
    // A sling shot at Mira four hexes off, no range penalty at that distance (001 §Action Options f; RULINGS A2): 2+2+2 = 6 hits; 1d6−2 [5] = 3.
    Sneak: async () => {
      await attack(gmPage, { option: 'f', targetId: 'mira', faces: '2 2 2 / 5', adjDex: '10', damage: '1d6-2' });
      await expect(box.getByTestId('preview-breakdown')).toContainText('Missile range');
      await expect(box.getByTestId('attack-verdict')).toContainText('Hit: rolled 6 on 3 dice against adjDEX 10');
      await expect(box.getByTestId('damage-line')).toContainText("to Mira's Fatigue");
      await expect(gmPage.getByTestId('pools-mira')).toHaveText(new RegExp(`^${miraFatigue - 3}/`));
      // The sling has now fired its one shot (RULINGS A7): once the preview has caught up, the dialog still shows this shot's result, not a refusal of the next.
      await expect(box.getByTestId('attack-preview')).toContainText('shots left 0');
      await expect(box.getByTestId('preview-refused')).toHaveCount(0);
      await expect(playerPage.getByTestId('player-acting')).not.toHaveText('Sneak to act');
      await expect(playerPage.getByTestId('player-latest')).toHaveText(
        /^Sneak struck at Mira with sling: hit \[3d6: 6 against adjDEX 10\]\..* Mira took 3 \[damage rolled 3, armour stops 0\]\.$/,
      );
      await notOnProjector(playerPage, /(Fatigue|Body) \d|protection|Hit: rolled|now Fatigue/);
      await shootBoth(gmPage, playerPage, '14-missile');
      await box.getByTestId('attack-done').click();
    },
    // Mira pushes Light by 1 and a typed natural 18 runs away (RULINGS S3); her anchor roll, typed 6 6 5 = 17 against WIS 13, fails (RULINGS S6).
    Mira: async () => {
      await gmPage.getByRole('tab', { name: 'Magic' }).click();
      const flowBox = gmPage.getByTestId('cast-flow');
      await expect(flowBox.getByTestId('cast-caster')).toHaveValue('mira');
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
      await expect(gmPage.getByTestId('runaway-mira').getByTestId('helpers-left-out-mira')).toContainText(/Wren: waits for its turn/);
      await expect(playerPage.getByTestId('player-latest')).toHaveText('Mira tried to cast a spell and failed.');
      await notOnProjector(playerPage, /runaway|anchor|mana/i);
      await shootBoth(gmPage, playerPage, '15-runaway-anchor');
    },
    // Wren, due, intervenes in Mira's runaway with typed faces: 2+2+3 = 7 against WIS 12 succeeds and ends it (RULINGS S7).
    Wren: async () => {
      await gmPage.getByRole('tab', { name: 'Magic' }).click();
      const card = gmPage.getByTestId('runaway-mira');
      await expect(card.getByTestId('helper-mira')).toContainText('Wren (3d6 ≤ 12)');
      await card.getByTestId('intervene-mira-dice-input').fill('2 2 3');
      await card.getByTestId('intervene-mira-dice-input').press('Enter');
      await expect(gmPage.getByTestId('magic-result')).toContainText("Wren intervenes for Mira: 7 against 3d6 ≤ 12: success, Mira's runaway ends");
      await expect(gmPage.getByTestId('runaway-mira')).toHaveCount(0);
      // The casting keeps its outcome, told in the past tense once the runaway is over (the console's choice).
      await expect(gmPage.locator('[data-testid^="casting-outcome-"]')).toHaveText('ran away');
      await notOnProjector(playerPage, /runaway|interven|mana/i);
      await shootBoth(gmPage, playerPage, '16-intervention');
    },
  });
  expect(acted.filter((n) => ['Brute', 'Sneak', 'Mira', 'Wren'].includes(n))).toHaveLength(4);
  expect(acted.indexOf('Mira')).toBeLessThan(acted.indexOf('Wren'));

  // 12. Forced retreat (RULINGS H3): Brute hit and took no hit; the GM pushes Tomas back one hex.
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 1, 'forcedRetreat');
  await expect(gmPage.getByTestId('anchor-prompt')).toHaveCount(0);
  const offer = gmPage.getByTestId('retreat-brute');
  await expect(offer).toContainText('Brute hit and took no hits');
  await offer.getByTestId('retreat-direction').selectOption({ index: 0 });
  await offer.getByTestId('retreat-push').click();
  await expect.poll(() => figureOnMap(gmPage, 'tomas')).not.toMatchObject(t.at(-3, 2));
  const pushedTo = (await mustCall(gmPage, 'getGmView', {})).encounter.figures.find((f) => f.id === 'tomas')!.position;
  await onBothMaps(gmPage, playerPage, 'tomas', pushedTo);
  // Players read where in the table's words, never hex coordinates.
  await expect(playerPage.getByTestId('player-latest')).toHaveText('Brute pushed Tomas back 1 hex.');
  await shootBoth(gmPage, playerPage, '17-retreat');

  // 13. The end of turn 1: both trackers at turn 2, Initiative; the GM's summary of what the end did.
  await expect(gmPage.getByTestId('next-phase')).toHaveText('End turn 1');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'initiative');
  await expect(gmPage.getByTestId('turn-effects')).toContainText('End of turn 1');
  await notOnProjector(playerPage, /End of turn|mana|Fatigue/);
  await shootBoth(gmPage, playerPage, '18-turn-2');
}

/** Turn 2, start to end: the bandits win the initiative; everyone stands still and holds back; on to turn 3. */
async function playTurnTwo(gmPage: Page, playerPage: Page): Promise<void> {
  await gmPage.getByTestId('initiative-entry-input').fill('2 / 4 / 3');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await gmPage.getByTestId('move-first').click();
  await expect(gmPage.getByTestId('initiative-order')).toHaveText(/^Order: Mill Bandits → /);
  await trackersAt(gmPage, playerPage, 2, 'initiative');
  await shootBoth(gmPage, playerPage, '19-turn-2-initiative');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'renewSpells');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'initialMovement');
  await expect(gmPage.getByTestId('move-order').locator('li').first()).not.toContainText(/Mira|Tomas|Wren/);
  await standStillAll(gmPage, 7);
  await shootBoth(gmPage, playerPage, '20-turn-2-movement');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'finalMovement');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'actions');
  expect(await playPhase(gmPage, 'pass')).toHaveLength(7);
  await shootBoth(gmPage, playerPage, '21-turn-2-actions');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'forcedRetreat');
  await expect(gmPage.getByTestId('next-phase')).toHaveText('End turn 2');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 3, 'initiative');
  await expect(gmPage.getByTestId('turn-effects')).toContainText('End of turn 2');
  await shootBoth(gmPage, playerPage, '22-turn-3');
}

test('a whole session through the UI: an empty data folder, a new campaign, two full turns of play, a restart, the recap', async ({
  consoleServer,
  gmPage,
  playerPage,
  problems,
}) => {
  test.setTimeout(600_000);
  await gmPage.bringToFront();

  // 0. The empty folder the console started on now holds only the sample it copied there (and the console's own files).
  const campaigns = join(consoleServer.dataDir, 'campaigns');
  expect(await readdir(campaigns)).toEqual(['Sample Campaign']);
  const sample = await folderDigest(join(campaigns, 'Sample Campaign'));

  // 1. A new campaign: its blank first encounter opens on both pages.
  await newCampaign(gmPage, playerPage, 'Session at the Mill');
  expect((await mustCall(gmPage, 'getGmView', {})).encounter.figures).toEqual([]);
  await trackersAt(gmPage, playerPage, 1, 'initiative');
  // The projector's settings: the line saying what just happened is turned on (off in a new campaign).
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
  await gmPage.getByTestId('latest-line-toggle').check();
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
  await expect(gmPage.getByTestId('player-display-settings')).toBeHidden();
  await expect(playerPage.getByTestId('player-latest')).toHaveCount(0);
  await shootBoth(gmPage, playerPage, '01-campaign');

  // 2. A map image imported from the map bar, then calibrated by two corner drags: both pages draw it where main placed it.
  await importMapImage(gmPage, playerPage);
  const c = await centreHex(gmPage);
  const at = (dq: number, dr: number) => ({ q: c.q + dq, r: c.r + dr });
  await shootBoth(gmPage, playerPage, '02-map-image');
  await calibrateMapImage(gmPage, playerPage, [at(-5, -1), at(5, -2)]);
  await shootBoth(gmPage, playerPage, '02b-calibrated');

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

  // 4. The party, facing east: Mira, a mage with Light and Blur and a typed pool of 10; Tomas rolled
  // on 3d6, re-rolled once; Wren, a second mage made as a Quick NPC (Light at mastery 2, Blur, pool 8).
  const mira = await typedCharacter(
    gmPage,
    { name: 'Mira', side: 'party', weapons: ['dagger'], spells: { school: 'passage', ids: ['passage-light', 'passage-blur'], mana: 10 }, at: at(-3, 0) },
    { STR: 9, DEX: 11, INT: 14, WIS: 13, CON: 9, CHR: 9 },
  );
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('Light');
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('Blur');
  await expect(gmPage.getByTestId('mana')).toHaveText('10 of 10');
  await expect.poll(() => figureOnMap(playerPage, 'mira')).toMatchObject(mira);
  await expect(playerPage.getByTestId('player-latest')).toHaveText(/^Mira joined the fight(, (next to \w+|\d+ hexes [a-z-]+ of \w+))?\.$/);
  const tomas = await rolledCharacter(gmPage, { name: 'Tomas', side: 'party', weapons: ['sling', 'dagger'], at: at(-3, 2) });
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('Tomas');
  await expect.poll(() => figureOnMap(playerPage, 'tomas')).toMatchObject(tomas.hex);
  const wren = await quickNpc(
    gmPage,
    {
      name: 'Wren',
      side: 'party',
      weapons: [],
      spells: { school: 'passage', ids: ['passage-light', 'passage-blur'], mana: 8, mastery: { 'passage-light': 2 } },
      at: at(-4, 1),
    },
    { DEX: 8, INT: 12, WIS: 12 },
  );
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('mastery 2');
  await expect(gmPage.getByTestId('mana')).toHaveText('8 of 8');
  await expect.poll(() => figureOnMap(playerPage, 'wren')).toMatchObject(wren);
  await shootBoth(gmPage, playerPage, '04-party');

  // 5. The bandits, three Quick NPCs turned west with E before each click (Brute two hexes from Tomas,
  // Sneak with a sling); a crow on the third side.
  const brute = await quickNpc(gmPage, { name: 'Brute', side: 'foes', weapons: ['broadsword'], at: at(-1, 2), facing: 3 }, { STR: 12, DEX: 10 });
  const cutter = await quickNpc(gmPage, { name: 'Cutter', side: 'foes', weapons: ['club'], at: at(2, 1), facing: 3 }, { STR: 12, DEX: 10 });
  const sneak = await quickNpc(gmPage, { name: 'Sneak', side: 'foes', weapons: ['sling'], at: at(1, -1), facing: 3 }, { STR: 10, DEX: 10 });
  const crow = await quickNpc(gmPage, { name: 'Crow', side: 'side-3', weapons: [], at: at(0, -3), facing: 3 }, { STR: 4, DEX: 13 });
  for (const [id, hex] of [
    ['brute', brute],
    ['cutter', cutter],
    ['sneak', sneak],
    ['crow', crow],
  ] as const)
    await onBothMaps(gmPage, playerPage, id, hex);
  const gm = await mustCall(gmPage, 'getGmView', {});
  expect(gm.encounter.figures.map((f: { name: string; sideId: string; facing: number }) => [f.name, f.sideId, f.facing])).toEqual([
    ['Mira', 'party', 0],
    ['Tomas', 'party', 0],
    ['Wren', 'party', 0],
    ['Brute', 'foes', 3],
    ['Cutter', 'foes', 3],
    ['Sneak', 'foes', 3],
    ['Crow', 'side-3', 3],
  ]);
  await notOnProjector(playerPage, /mana/i);
  await shootBoth(gmPage, playerPage, '05-placed');

  // 6. Initiative with typed faces, one per side (RULINGS T2): both pages show the order.
  await gmPage.getByTestId('initiative-entry-input').fill('5 / 2 / 1');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await expect(gmPage.getByTestId('initiative-rolls')).toContainText('Crows');
  await gmPage.getByTestId('move-first').click();
  await expect(gmPage.getByTestId('initiative-order')).toHaveText('Order: Party → Mill Bandits → Crows');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 1, 'renewSpells');
  await shootBoth(gmPage, playerPage, '06-initiative');

  // 7. Manual damage from a fall, 5 to Fatigue and Body without armour, then 5 Fatigue healed (001 §Protection; RULINGS C3).
  const [fatigue, body] = await poolsOf(gmPage, 'tomas');
  await gmPage.getByTestId('figure-tomas').click();
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('pools-amount').fill('5');
  await gmPage.getByTestId('pools-to').selectOption('both');
  await gmPage.getByTestId('pools-cause').fill('fall');
  // The cause is the GM's unless told: this one the GM tells the table.
  await gmPage.getByTestId('pools-tell').check();
  await gmPage.getByTestId('pools-damage').click();
  await expect(gmPage.getByTestId('pools-tomas')).toHaveText(`${fatigue - 5}/${body - 5}`);
  await expect(playerPage.getByTestId('player-latest')).toHaveText('Tomas was hurt (fall).');
  await notOnProjector(playerPage, /Fatigue|Body/);
  await shootBoth(gmPage, playerPage, '07-fall');
  await gmPage.getByTestId('pools-amount').fill('5');
  await gmPage.getByTestId('pools-to').selectOption('fatigue');
  await gmPage.getByTestId('pools-heal').click();
  await expect(gmPage.getByTestId('pools-tomas')).toHaveText(`${fatigue}/${body - 5}`);
  expect(await poolsOf(gmPage, 'tomas')).toEqual([fatigue, body - 5]);
  await expect(playerPage.getByTestId('player-latest')).toHaveText('Tomas was healed.');
  await trackersAt(gmPage, playerPage, 1, 'renewSpells');
  await shootBoth(gmPage, playerPage, '08-heal');

  // 8. Another encounter opened, then this one again: all is as it was on both pages.
  await openMenu(gmPage, 'menu-encounters');
  await gmPage.getByTestId('new-encounter-name').fill('The millrace');
  await gmPage.getByTestId('new-encounter-create').click();
  const row = (name: string) => gmPage.getByTestId('encounter-row').filter({ hasText: name });
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('The millrace');
  await expect(playerPage.getByTestId('player-status')).toContainText('The millrace');
  await trackersAt(gmPage, playerPage, 1, 'initiative');
  await shootBoth(gmPage, playerPage, '09-other-encounter');
  await openMenu(gmPage, 'menu-encounters');
  await row('First encounter').getByTestId('encounter-open').click();
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('First encounter');
  await expect(playerPage.getByTestId('player-status')).toContainText('First encounter');
  await trackersAt(gmPage, playerPage, 1, 'renewSpells');
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
    await trackersAt(gmPage, playerPage, 1, 'renewSpells');
    await onBothMaps(gmPage, playerPage, 'crow', crow);
    await expect(gmPage.getByTestId('pools-tomas')).toHaveText(`${fatigue}/${body - 5}`);
    await shootBoth(gmPage, playerPage, '11-restarted');

    await playTurnOne(gmPage, playerPage, { at, fatigue, body });
    await playTurnTwo(gmPage, playerPage);

    // 12. The recaps exported from the Files screen: the GM's with the dice, the players' without pools or magic secrets.
    await openMenu(gmPage, 'menu-files');
    const recap = await downloadText(gmPage, 'combat-log');
    expect(recap.name).toBe('First encounter recap (GM).md');
    expect(recap.text).toContain('Initiative: Party 5, Mill Bandits 2, Crows 1.');
    expect(recap.text).toContain('Crow joined the fight at');
    expect(recap.text).toContain('Party chose to move first.');
    // The fall and the heal are told (RULINGS C4, C5): in full to the GM, only that they happened to the players.
    expect(recap.text).toContain(
      `Tomas took 5 Fatigue and 5 Body from fall (told to the players) (Fatigue ${fatigue} → ${fatigue - 5}, Body ${body} → ${body - 5}).`,
    );
    expect(recap.text).toMatch(/Tomas healed 5 Fatigue/);
    expect(recap.text).toContain('Brute moved 1 hex');
    expect(recap.text).toContain('Brute struck at Tomas with broadsword: hit [3d6: 7 against adjDEX 10].');
    expect(recap.text).toContain(`Tomas took 6 [damage rolled 6, armour stops 0] (Fatigue ${fatigue - 6}, Body ${body - 5}).`);
    expect(recap.text).toContain('Sneak struck at Mira with sling: hit [3d6: 6 against adjDEX 10].');
    expect(recap.text).toContain("Mira's anchor roll [3d6: 17 against 13]: failed.");
    expect(recap.text).toContain("Wren intervened in Mira's runaway [3d6: 7 against 12]: success.");
    expect(recap.text).toContain('Initiative: Party 2, Mill Bandits 4, Crows 3.');
    const players = await downloadText(gmPage, 'combat-log-players');
    // The players' version names the kind of hit ("Fatigue only") but no pool, mana, runaway, anchor or intervention (RULINGS C8).
    expect(players.text).not.toMatch(/(Fatigue|Body) \d|mana|runaway|anchor|intervened/i);
    expect(players.text).toContain('Tomas was hurt (fall).');
    expect(players.text).toContain('Tomas was healed.');
    expect(players.text).toContain('Brute struck at Tomas with broadsword: hit [3d6: 7 against adjDEX 10].');
    expect(players.text).toContain('Tomas took 6 [damage rolled 6, armour stops 0].');
    expect(players.text).toContain('Mira tried to cast a spell and failed.');
    expect(players.text).toContain('## Turn 2');
    await shootBoth(gmPage, playerPage, '30-recap');

    // The sample campaign the console seeded was never opened again nor written.
    expect((await readdir(campaigns)).sort()).toEqual(['Sample Campaign', 'Session at the Mill']);
    expect(await folderDigest(join(campaigns, 'Sample Campaign'))).toEqual(sample);
  } finally {
    await second?.stopProcess();
    serverStopsExpected(problems);
  }
});
