import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { command, expect, mustCall, npcFighter, test } from './fixtures';

/**
 * Two-weapon fighting and sweeping blows through the attack flow
 * (RULINGS H7; 004 §Your Conditions): a duelist with a broadsword and a shortsword in the other
 * hand attacks with both at −4, and a sweeping blow strikes every foe in front with one roll. The
 * encounter is set up over the socket; the turn's choices are clicks and typed faces (RULINGS G3)
 * on the GM page; the player page must follow the turn without seeing a pool.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/**
 * A new encounter: Duelist (DEX 13) at 4,6 facing east, three foes (DEX 9) in its front hexes —
 * Ash at 5,6, Birch at 4,7 and Cole at 5,5 — each facing it. Everyone stands still; on to Actions,
 * where the Duelist is due first (RULINGS T5).
 */
async function duelReady(page: Page, name: string): Promise<void> {
  const made = await mustCall(page, 'createEncounter', { name });
  await mustCall(page, 'openEncounter', { id: made.id });
  await expect(page.getByTestId('encounter-name')).toHaveText(name);
  const duelist = npcFighter('Duelist', 'party', { STR: 13, DEX: 13 }, 'broadsword');
  duelist.equipment = {
    weaponIds: ['broadsword', 'shortsword'],
    readyWeaponId: 'broadsword',
    offHandWeaponId: 'shortsword',
    armorId: null,
    shieldId: null,
  } as typeof duelist.equipment;
  await command(page, { type: 'addFigure', figure: duelist, position: { q: 4, r: 6 }, facing: 0 });
  const foes: [string, { q: number; r: number }, number][] = [
    ['Ash', { q: 5, r: 6 }, 3],
    ['Birch', { q: 4, r: 7 }, 4],
    ['Cole', { q: 5, r: 5 }, 2],
  ];
  for (const [foe, position, facing] of foes)
    await command(page, { type: 'addFigure', figure: npcFighter(foe, 'foes', { STR: 12, DEX: 9 }, 'broadsword'), position, facing });
  await command(page, { type: 'rollInitiative' }, [[6], [1]]);
  await command(page, { type: 'chooseInitiative', sideId: 'party', moveFirst: true });
  let view = await mustCall(page, 'getGmView', {});
  while (view.encounter.phase !== 'initialMovement') view = await command(page, { type: 'advancePhase' });
  for (const id of ['duelist', 'ash', 'birch', 'cole']) {
    const f = view.encounter.figures.find((x) => x.id === id)!;
    view = await command(page, { type: 'move', figureId: id, mode: 'stand-still', to: f.position });
  }
  while (view.encounter.phase !== 'actions') view = await command(page, { type: 'advancePhase' });
  await expect(page.getByTestId('due-name')).toHaveText('Duelist');
}

const fatigueOf = async (page: Page, id: string): Promise<number> =>
  (await mustCall(page, 'getGmView', {})).encounter.figures.find((f) => f.id === id)!.fatigue.current;

test('two-weapon fighting: both weapons at −4, one roll and damage each (RULINGS H7)', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await duelReady(gmPage, 'Two blades');
  await expect(playerPage.getByTestId('player-acting')).toHaveText('Duelist to act');
  const ash = await fatigueOf(gmPage, 'ash');
  const birch = await fatigueOf(gmPage, 'birch');

  await gmPage.getByTestId('option-j').click();
  await expect(gmPage.getByTestId('attack-flow')).toBeVisible();
  await gmPage.getByTestId('attack-mode-two').check();
  await gmPage.getByTestId('two-main-target').selectOption('ash');
  await gmPage.getByTestId('two-off-target').selectOption('birch');
  const lines = gmPage.getByTestId('multi-line');
  await expect(lines).toHaveCount(2);
  // DEX 13, Two-weapon fighting −4: adjDEX 9 for each attack, from each foe's front.
  await expect(lines.nth(0)).toContainText('Ash · broadsword');
  await expect(lines.nth(0)).toContainText('adjDEX 9');
  await expect(lines.nth(0)).toContainText('Two-weapon fighting −4');
  await expect(lines.nth(1)).toContainText('Birch · shortsword');
  await expect(lines.nth(1)).toContainText('adjDEX 9');
  await gmPage.screenshot({ path: `${SCREENS}/two-weapons-preview.png` });

  // Broadsword: 2+3+3 = 8 ≤ 9 hits Ash, 2d6 [4,5] = 9. Shortsword: 6+5+4 = 15 > 9 misses Birch.
  await gmPage.getByTestId('multi-entry-input').fill('2 3 3 / 4 5 / 6 5 4');
  await gmPage.getByTestId('multi-entry-input').press('Enter');
  const verdicts = gmPage.getByTestId('attack-verdict');
  await expect(verdicts).toHaveCount(2);
  await expect(verdicts.nth(0)).toContainText('Hit: rolled 8 on 3 dice against adjDEX 9 (at Ash)');
  await expect(verdicts.nth(1)).toContainText('Miss: rolled 15 on 3 dice against adjDEX 9 (at Birch)');
  await expect(gmPage.getByTestId('damage-line')).toContainText("Damage 9 − protection 0 = 9 to Ash's Fatigue");
  await gmPage.screenshot({ path: `${SCREENS}/two-weapons-result.png` });
  expect(await fatigueOf(gmPage, 'ash')).toBe(ash - 9);
  expect(await fatigueOf(gmPage, 'birch')).toBe(birch);
  await gmPage.getByTestId('attack-done').click();

  // One action: the Duelist is done and the next figure is due, on both pages.
  await expect(gmPage.getByTestId('due-name')).not.toHaveText('Duelist');
  await expect(playerPage.getByTestId('player-acting')).not.toContainText('Duelist');
  await expect(playerPage.getByTestId('player-status')).toContainText('Actions');
  await expect(playerPage.locator('body')).not.toContainText('Fatigue');
  await playerPage.screenshot({ path: `${SCREENS}/two-weapons-player.png` });
});

test('a sweeping blow: one roll at −4 against every foe in front, damage for each hit (RULINGS H7)', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await duelReady(gmPage, 'Sweep');
  await gmPage.getByTestId('option-j').click();
  await gmPage.getByTestId('attack-mode-sweep').check();
  const lines = gmPage.getByTestId('multi-line');
  // The three foes in the front hexes, each at DEX 13 − 4 = 9, in the order of the hexes.
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText('Cole');
  await expect(lines.nth(1)).toContainText('Ash');
  await expect(lines.nth(2)).toContainText('Birch');
  for (let i = 0; i < 3; i++) await expect(lines.nth(i)).toContainText('Sweeping blow (all 3 front hexes) −4');
  await expect(gmPage.getByTestId('multi-strike')).toContainText('One roll of 3d6 against every enemy in front');
  await gmPage.screenshot({ path: `${SCREENS}/sweeping-blow-preview.png` });

  const before = await Promise.all(['ash', 'birch', 'cole'].map((id) => fatigueOf(gmPage, id)));
  // One roll 3+2+2 = 7 ≤ 9 hits all three; broadsword 2d6 for each: Cole 5, Ash 7, Birch 3.
  await gmPage.getByTestId('multi-entry-input').fill('3 2 2 / 2 3 / 3 4 / 1 2');
  await gmPage.getByTestId('multi-entry-input').press('Enter');
  await expect(gmPage.getByTestId('attack-verdict')).toHaveCount(3);
  await expect(gmPage.getByTestId('attack-verdict').nth(0)).toContainText('Hit: rolled 7 on 3 dice against adjDEX 9 (at Cole)');
  await expect(gmPage.getByTestId('damage-line')).toHaveCount(3);
  await expect(gmPage.getByTestId('result-roll')).toHaveCount(4);
  await gmPage.screenshot({ path: `${SCREENS}/sweeping-blow-result.png` });
  const after = await Promise.all(['ash', 'birch', 'cole'].map((id) => fatigueOf(gmPage, id)));
  expect(after).toEqual([before[0]! - 7, before[1]! - 3, before[2]! - 5]);
  await gmPage.getByTestId('attack-done').click();
  await expect(gmPage.getByTestId('due-name')).not.toHaveText('Duelist');
  await expect(playerPage.getByTestId('player-acting')).not.toContainText('Duelist');
  await expect(playerPage.locator('body')).not.toContainText('Fatigue');
  await playerPage.screenshot({ path: `${SCREENS}/sweeping-blow-player.png` });
});
