import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, figureOnMap, mustCall, test } from './fixtures';
import { drawnPastTheSides } from './layoutChecks';
import { standStillToIlsasAction, toRenewSpells } from './sampleTurn';

/**
 * The cast flow as a first-time GM meets it (001 §Casting Spells, §Counterspell; RULINGS S1, S2,
 * S8): selecting a figure on the map never retargets the cast being set up; a mage's counter is
 * declared before the dice and stops the spell before it takes effect; the form is blank after a
 * cast and takes the next caster who comes due; a spell that takes effect on a figure offers its effect in the result, on that figure;
 * spells renew from the tracker's renewal card. The player page shows the spells in effect and
 * the players' line, never mana.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** Vesk, a raider mage who knows Counter 1: INT 13, 10 mana. */
async function addVesk(gmPage: Page): Promise<void> {
  const figure = {
    name: 'Vesk',
    sideId: 'foes',
    kind: 'npc',
    attributes: { method: 'set', values: { STR: 9, DEX: 9, INT: 13, WIS: 12, CON: 10, CHR: 10 } },
    fatigueDice: [3, 3],
    mana: { method: 'set', pool: 10 },
    equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
    mastery: { 'protection-counter-1': 1 },
  };
  await mustCall(gmPage, 'sendCommand', { command: { type: 'addFigure', figure, position: { q: 20, r: 2 } } });
}

/** Spell markers as the page's battlemap holds them. */
async function markers(page: Page): Promise<{ hex: string; names: string[] }[]> {
  return page.evaluate(() => {
    const map = (window as unknown as { __battleMap: { marks: { spellMarkers: { hex: { q: number; r: number }; names: string[] }[] } } }).__battleMap.marks;
    return map.spellMarkers.map((m) => ({ hex: `${m.hex.q},${m.hex.r}`, names: [...m.names] }));
  });
}

/** The players' line on the projector, turned on from the Projector bar. */
async function showPlayersLine(gmPage: Page): Promise<void> {
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
  await gmPage.getByTestId('latest-line-toggle').check();
  await gmPage.keyboard.press('Escape');
}

test('a click on the map never retargets the cast; a declared counter stops the spell before it takes effect; the form is blank after', async ({
  gmPage,
  playerPage,
}) => {
  test.setTimeout(120_000);
  await gmPage.bringToFront();
  await addVesk(gmPage);
  await showPlayersLine(gmPage);
  await toRenewSpells(gmPage);
  await standStillToIlsasAction(gmPage, 5);
  const blurBefore = await markers(playerPage);

  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const flow = gmPage.getByTestId('cast-flow');
  await expect(flow.getByTestId('cast-caster')).toHaveValue('ilsa');
  await flow.getByTestId('cast-spell').selectOption('passage-light');
  await flow.getByTestId('cast-target').selectOption('bram');

  // The GM clicks Grak on the map: Grak is selected, the cast still aims at Bram, and Grak is offered.
  const grak = (await figureOnMap(gmPage, 'grak'))!;
  const box = (await gmPage.getByRole('application').boundingBox())!;
  await gmPage.mouse.click(box.x + grak.x, box.y + grak.y);
  await expect(flow.getByTestId('cast-target-selected')).toHaveText('Target Grak (selected)');
  await expect(flow.getByTestId('cast-target')).toHaveValue('bram');

  // Vesk counters with 2 mana, declared before the dice: Ilsa 15 + 1 against Vesk 13 + 2 (RULINGS S8).
  await flow.getByTestId('cast-counter-defender').selectOption('vesk');
  await flow.getByTestId('cast-counter-mana').fill('2');
  await expect(flow.getByTestId('cast-counter-caster')).toContainText('16');
  await expect(flow.getByTestId('cast-counter-target')).toContainText('15');
  await expect(flow.getByTestId('cast-dice')).toContainText('counter: caster 3d6 / defender 3d6');
  await gmPage.screenshot({ path: `${SCREENS}/cast-counter-declared-gm.png` });
  // Casting 9 against 15 succeeds; the contest: 16 − 12 = 4 against 15 − 9 = 6: Vesk counters it.
  await flow.getByTestId('cast-dice-input').fill('2 3 4 4 4 4 3 3 3');
  await flow.getByTestId('cast-dice-input').press('Enter');
  await expect(flow.getByTestId('cast-outcome')).toHaveText('countered');
  await expect(flow.getByTestId('cast-counter-result')).toHaveText('Counter: Ilsa rolled 12 (margin 4), Vesk rolled 9 (margin 6) → Vesk counters it');
  await expect(flow.getByTestId('spell-effect')).toHaveCount(0);
  // The form is blank for the next cast; the caster stays.
  await expect(flow.getByTestId('cast-caster')).toHaveValue('ilsa');
  await expect(flow.getByTestId('cast-spell')).toHaveValue('');
  await expect(flow.getByTestId('cast-target')).toHaveValue('');
  await expect(flow.getByTestId('cast-counter')).toHaveCount(0);
  await expect(gmPage.getByTestId('mana-value-vesk')).toHaveText('8 / 10');
  // The duel's lines, in the result and the castings list, stay inside the column.
  expect(await drawnPastTheSides(gmPage, 'aside.right')).toEqual([]);
  await gmPage.screenshot({ path: `${SCREENS}/cast-countered-gm.png` });

  // The players: no Light on Bram, and the line says the spell was countered; never mana.
  await expect(playerPage.getByTestId('player-latest')).toContainText('Vesk tried to counter Ilsa');
  await expect(playerPage.getByTestId('player-latest')).toContainText('countered');
  expect(await markers(playerPage)).toEqual(blurBefore);
  expect(await playerPage.evaluate(() => document.body.innerText)).not.toMatch(/mana/i);
  await playerPage.screenshot({ path: `${SCREENS}/cast-countered-player.png` });

  // The figures after Ilsa pass; when Vesk, a caster, is due, the form is his.
  for (let i = 0; i < 6 && (await gmPage.getByTestId('due-name').textContent()) !== 'Vesk'; i++) {
    const due = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('pass').click();
    await expect(gmPage.getByTestId('due-name')).not.toHaveText(due);
  }
  await expect(gmPage.getByTestId('due-name')).toHaveText('Vesk');
  await expect(flow.getByTestId('cast-caster')).toHaveValue('vesk');
  await expect(flow.getByTestId('cast-result')).toBeVisible();
});

test('a spell that takes effect on a figure offers its effect in the result, on that figure', async ({ gmPage, playerPage }) => {
  test.setTimeout(120_000);
  await gmPage.bringToFront();
  await showPlayersLine(gmPage);
  await toRenewSpells(gmPage);
  await standStillToIlsasAction(gmPage);

  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const flow = gmPage.getByTestId('cast-flow');
  await flow.getByTestId('cast-spell').selectOption('elemental-missile');
  // Picked on the map: the pick button, then a click on Grak.
  await flow.getByTestId('cast-pick').click();
  await expect(flow.getByTestId('cast-picking')).toBeVisible();
  const grak = (await figureOnMap(gmPage, 'grak'))!;
  const box = (await gmPage.getByRole('application').boundingBox())!;
  await gmPage.mouse.click(box.x + grak.x, box.y + grak.y);
  await expect(flow.getByTestId('cast-target')).toHaveValue('grak');
  await expect(flow.getByTestId('cast-hit')).toBeVisible();
  // Casting 6 against INT 15, to hit 4 (an automatic hit, RULINGS A3).
  await flow.getByTestId('cast-dice-input').fill('2 2 2 1 1 2');
  await flow.getByTestId('cast-dice-input').press('Enter');
  await expect(flow.getByTestId('cast-outcome')).toHaveText('succeeded');

  // Its effect, on Grak already: damage typed as the faces rolled, 3 + 4.
  const effect = flow.getByTestId('spell-effect');
  await expect(effect).toContainText('What does Missile do to Grak?');
  await effect.getByTestId('spell-effect-damage').click();
  await effect.getByTestId('spell-effect-points').fill('3 4');
  await expect(effect.getByTestId('spell-effect-sum')).toHaveText('3 + 4 = 7');
  await gmPage.screenshot({ path: `${SCREENS}/spell-effect-offered-gm.png` });
  await effect.getByTestId('spell-effect-apply').click();
  await expect(effect.getByTestId('spell-effect-done')).toHaveText('Grak: Fatigue 53 → 46, Body 36 → 36.');
  await expect(gmPage.getByTestId('pools-grak')).toHaveText('46/36');
  await gmPage.screenshot({ path: `${SCREENS}/spell-effect-applied-gm.png` });

  // The players see Grak hit, in their own words, and never mana.
  await expect(playerPage.getByTestId('player-latest')).toContainText('Grak');
  expect(await playerPage.evaluate(() => document.body.innerText)).not.toMatch(/mana/i);
  await playerPage.screenshot({ path: `${SCREENS}/spell-effect-applied-player.png` });
});

test("spells renew from the tracker's renewal card too (001 §Renewing Spells; RULINGS S2)", async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await toRenewSpells(gmPage);
  const card = gmPage.getByTestId('renew-order');
  await expect(card.getByTestId('renewal-mana-ilsa')).toHaveText('mana 12');
  await card.getByTestId('renew-blur-on-bram').click();
  await expect(card.getByTestId('status-blur-on-bram')).toHaveText('renewed');
  await expect(card.getByTestId('renewal-mana-ilsa')).toHaveText('mana 11');
  await gmPage.screenshot({ path: `${SCREENS}/renew-from-tracker-gm.png` });
  // The players see the phase, and nothing of the mana it cost.
  await expect(playerPage.getByTestId('player-status')).toContainText('Renew spells');
  expect(await playerPage.evaluate(() => document.body.innerText)).not.toMatch(/mana/i);
  await playerPage.screenshot({ path: `${SCREENS}/renew-from-tracker-player.png` });
});
