import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, figureOnMap, hexOnScreen, mustCall, socketCall, test } from './fixtures';
import { standStillToIlsasAction, toRenewSpells } from './sampleTurn';
import { drawnPastTheSides } from './layoutChecks';
import { colourPixels, type InkColour } from './mapProbes';
import { openMenu, SCREENS } from './setupSteps';
import { playPhase, trackersAt } from './sessionTurns';
import { typeFaces } from './eveningSteps';

/**
 * A spell that changes the map, set up and cast through the GM page. At the sample encounter's
 * start the GM gives Barrier a wall over every hex within 2 of where it is aimed, in the
 * encounter's rules, with 1d6 damage to each figure in the area as it rises; Ilsa (8,6, facing +q)
 * casts it at 10,6 in front of her, and she and Bram take the dice. The wall stands on
 * both maps (held and drawn; before the dice, its template on the GM map only), except in the hexes Bram and Ilsa stand in; a drag of Bram into it
 * is refused with the reason and he stays; Sella's bow, which had a line to Bram, is blocked. In
 * turn 2, with the wall renewed, Bram's walk into it in the movement phase is refused on both
 * pages, and Sella's missile attack (option f) on Bram is refused in the GM's attack dialog with
 * the reason, and the players hear nothing of it.
 */
const AIM = { q: 10, r: 6 };
const INSIDE = { q: 10, r: 5 };
const OUTSIDE = { q: 14, r: 6 };

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

async function effectAreas(page: Page): Promise<{ kind: string; hexes: string[] }[]> {
  return page.evaluate(() => window.__battleMap.marks.effectAreas.map((a) => ({ kind: a.kind, hexes: [...a.hexes].sort() })));
}

/** The wall's stone grey (#6b6f76), nearly opaque. */
const STONE: InkColour = { alpha: 150, r: [93, 121], g: [97, 125], b: [104, 132] };

/** Pixels of the marks layer near a hex centre in the wall's stone grey: the area really drawn. */
const wallPixels = (page: Page, hex: { q: number; r: number }) => colourPixels(page, hex, { world: 12, minScreen: 4 }, STONE);

test('Barrier raised as a wall: set in the rules, cast at a hex, on both maps; a drag into it and a bow through it are refused', async ({
  gmPage,
  playerPage,
}) => {
  test.setTimeout(180_000);
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  // Setup: Ilsa learns Barrier (the sheet's spells; not play, so the rules may still change).
  const mastery = { 'passage-blur': 2, 'passage-light': 1, 'passage-knock': 1, 'passage-detect-magic': 1, 'elemental-missile': 1, 'elemental-barrier': 1 };
  await mustCall(gmPage, 'sendCommand', { command: { type: 'updateFigure', figureId: 'ilsa', changes: { mastery } } });

  // The encounter's rules, at its start: Barrier gets a wall over all within 2 hexes, shown to the players.
  await openMenu(gmPage, 'menu-encounter-rules');
  const table = gmPage.getByTestId('spell-effects');
  await table.getByTestId('spell-effect-pick').selectOption('elemental-barrier');
  await table.getByTestId('spell-effect-add').click();
  const row = table.getByTestId('spell-effect-elemental-barrier');
  await expect(row).toBeVisible();
  await row.getByLabel('What Barrier does').selectOption('wall');
  await row.getByLabel("Barrier's area").selectOption('radius');
  await row.getByLabel("Barrier's size in hexes").fill('2');
  await row.getByLabel("Barrier's roll on success, for each figure in its area").selectOption({ label: '1d6 damage' });
  await expect(row.getByLabel("Players see Barrier's effect")).toBeChecked();
  await row.scrollIntoViewIfNeeded();
  expect(await drawnPastTheSides(gmPage, '[data-testid=campaign-screen] .body')).toEqual([]);
  await gmPage.screenshot({ path: `${SCREENS}/spell-effects-rules-1366x768.png` });
  await gmPage.getByTestId('rules-save').click();
  // Main's answer is what says it is saved: the GM is told, then closes the dialog.
  await expect(gmPage.getByText('This encounter now runs under these rules')).toBeVisible();
  await gmPage.getByTestId('campaign-close').click();
  const rules = await mustCall(gmPage, 'describeEncounterRules', {});
  expect(rules.rules.spellEdits).toEqual({
    'elemental-barrier': { effect: { kind: 'wall', shape: 'radius', size: 2, shown: true, roll: { dice: 1, does: 'damage' } } },
  });

  const bowBefore = await socketCall(gmPage, 'attackPreview', { attackerId: 'sella', targetId: 'bram', weaponId: 'small-bow' });
  expect(bowBefore.ok && bowBefore.value.reason).not.toBe('A wall blocks the line of fire to Bram.');

  // Turn 1 to Ilsa's action (renew Blur, everyone stands still, Sella passes), then the cast.
  await toRenewSpells(gmPage);
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  await gmPage.getByTestId('renewal-panel').getByTestId('renew-blur-on-bram').click();
  await standStillToIlsasAction(gmPage);
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  await gmPage.getByTestId('options').getByTestId('option-h').click();
  const flow = gmPage.getByTestId('cast-flow');
  await expect(flow.getByTestId('cast-caster')).toHaveValue('ilsa');
  await flow.getByTestId('cast-spell').selectOption('elemental-barrier');
  await flow.getByTestId('cast-variant').selectOption('earth');
  await flow.getByTestId('cast-target').selectOption('@hex');
  const at = await hexOnScreen(gmPage, AIM);
  await gmPage.mouse.click(at.x, at.y);
  await expect(flow.getByTestId('cast-target-hex')).toHaveText('Target: hex 10,6 — in front');
  // Before the dice: the template shows where the wall would stand, on the GM map only.
  const template = async (page: Page) => page.evaluate(() => window.__battleMap.marks.effectTemplate);
  await expect.poll(async () => (await template(gmPage))?.hexes.length).toBe(17);
  expect((await template(gmPage))?.kind).toBe('wall');
  expect(await template(playerPage)).toBeNull();
  expect(await effectAreas(playerPage)).toEqual([]);
  await gmPage.screenshot({ path: `${SCREENS}/spell-effects-template-1366x768.png` });
  // The casting roll, then the wall's 1d6 for each figure in its area as it rises: Bram 5, Ilsa 6.
  const pools = async () => (await mustCall(gmPage, 'getGmView', {})).encounter.figures.map((f) => [f.id, f.fatigue.current, f.body.current]);
  const poolsBefore = await pools();
  await flow.getByTestId('cast-dice-input').fill('2 3 4 5 6');
  await flow.getByTestId('cast-dice-input').press('Enter');
  await expect(flow.getByTestId('cast-result')).toContainText('succeeded');
  const hurt = (id: string, n: number) => poolsBefore.map(([f, fatigue, body]) => (f === id ? [f, Number(fatigue) - n, Number(body) - n] : [f, fatigue, body]));
  const expected = hurt('bram', 5).map((row, i) => (row[0] === 'ilsa' ? hurt('ilsa', 6)[i] : row));
  await expect.poll(pools).toEqual(expected);
  await expect.poll(() => template(gmPage)).toBeNull();

  // Main keeps the wall on the spell: every hex within 2 of 10,6 but Bram's and Ilsa's.
  const view = await mustCall(gmPage, 'getGmView', {});
  const effect = view.encounter.figures.find((f) => f.id === 'ilsa')!.spells.find((s) => s.spellId === 'elemental-barrier')!.effect!;
  const wall = effect.hexes.map((h) => `${h.q},${h.r}`).sort();
  expect(effect.kind).toBe('wall');
  expect(wall).toHaveLength(17);
  expect(wall).toContain('10,4');
  expect(wall).not.toContain('9,5');
  expect(wall).not.toContain('8,6');

  // Both maps hold it and draw it; nothing is drawn outside it.
  for (const page of [gmPage, playerPage]) {
    await expect.poll(() => effectAreas(page)).toEqual([{ kind: 'wall', hexes: wall }]);
    await expect.poll(() => wallPixels(page, INSIDE)).toBeGreaterThan(10);
    expect(await wallPixels(page, OUTSIDE)).toBe(0);
  }
  await gmPage.screenshot({ path: `${SCREENS}/spell-effects-wall-gm-1366x768.png` });
  await playerPage.bringToFront();
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(() => wallPixels(playerPage, INSIDE)).toBeGreaterThan(10);
  await playerPage.screenshot({ path: `${SCREENS}/spell-effects-wall-player-1920x1080.png` });
  await gmPage.bringToFront();

  // A drag of Bram into the wall: the preview says why, the drop changes nothing on either page.
  const from = await hexOnScreen(gmPage, { q: 9, r: 5 });
  const to = await hexOnScreen(gmPage, INSIDE);
  await gmPage.mouse.move(from.x, from.y);
  await gmPage.mouse.down();
  await gmPage.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await gmPage.mouse.move(to.x, to.y, { steps: 4 });
  await expect(gmPage.getByTestId('drag-path')).toContainText('wall');
  await gmPage.screenshot({ path: `${SCREENS}/spell-effects-drag-refused-1366x768.png` });
  await gmPage.mouse.up();
  await expect.poll(() => figureOnMap(gmPage, 'bram')).toMatchObject({ q: 9, r: 5 });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: 9, r: 5 });

  // Sella's bow no longer has a line to Bram: the wall stands on it at 10,4.
  const bowAfter = await mustCall(gmPage, 'attackPreview', { attackerId: 'sella', targetId: 'bram', weaponId: 'small-bow' });
  expect(bowAfter.allowed).toBe(false);
  expect(bowAfter.reason).toBe('A wall blocks the line of fire to Bram.');

  // On to turn 2 with the wall renewed: in the movement phase Bram's walk into it is refused on both pages.
  await playPhase(gmPage, 'pass');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 1, 'forcedRetreat');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'initiative');
  await typeFaces(gmPage, 'initiative-entry', '5 / 2');
  await gmPage.getByTestId('move-first').click();
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'renewSpells');
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  const renewals = gmPage.getByTestId('renewal-panel');
  await renewals.getByTestId('renew-blur-on-bram').click();
  await renewals.getByRole('listitem').filter({ hasText: 'Barrier' }).getByRole('button', { name: 'Renew' }).click();
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'initialMovement');
  await playPhase(gmPage, 'stand-still', {
    Bram: async () => {
      await gmPage.getByTestId('gait-walk').click();
      await dragHex(gmPage, { q: 9, r: 5 }, INSIDE);
      await expect(gmPage.getByText(/wall/i).last()).toBeVisible();
      await expect.poll(() => figureOnMap(gmPage, 'bram')).toMatchObject({ q: 9, r: 5 });
      await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: 9, r: 5 });
      await gmPage.getByTestId('stand-still').click();
    },
  });
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'finalMovement');
  await gmPage.getByTestId('next-phase').click();
  await trackersAt(gmPage, playerPage, 2, 'actions');

  // In the actions Sella takes up her bow (option f): the GM's attack has no line to Bram, and nothing reaches the players.
  await gmPage.getByRole('tab', { name: 'Figure' }).click();
  const latest = async () => (await mustCall(playerPage, 'getPlayerView', {})).encounter.latest;
  const lineBefore = await latest();
  await playPhase(gmPage, 'pass', {
    Sella: async () => {
      await gmPage.getByTestId('option-f').click();
      const box = gmPage.getByTestId('attack-flow');
      await expect(box).toBeVisible();
      await box.getByTestId('attack-target').selectOption('bram');
      await expect(box.getByTestId('preview-refused')).toHaveText('A wall blocks the line of fire to Bram.');
      await expect(box.getByTestId('attack-roll')).toBeDisabled();
      await gmPage.mouse.move(140, 600);
      await gmPage.screenshot({ path: `${SCREENS}/spell-effects-bow-blocked-1366x768.png` });
      await box.getByTestId('attack-close').click();
      await gmPage.getByTestId('pass').click();
    },
  });
  expect(await latest()).toEqual(lineBefore);
  expect(JSON.stringify(await mustCall(playerPage, 'getPlayerView', {}))).not.toContain('Sella');
});
