import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { dragHex, expect, figureOnMap, hexOnScreen, mustCall, test } from './fixtures';
import { toRenewSpells } from './sampleTurn';
import { startConsole } from '../support/consoleServer';

/**
 * What a try-out of the console found wrong, each through the UI as a GM meets it, both pages
 * checked: the attack target list snapping back to a figure clicked on the map, internal ids in the
 * GM's text, toasts under the Projector bar.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** The sample turn from Renew spells to the Actions phase, everyone standing still; Sella is due. */
async function standStillToActions(gmPage: Page): Promise<void> {
  const current = gmPage.getByTestId('phase-stepper').locator('[aria-current="step"]');
  await gmPage.getByTestId('next-phase').click();
  await expect(current).toHaveText(/Initial movement/);
  for (let i = 0; i < 4; i++) {
    const who = (await gmPage.getByTestId('due-name').textContent()) ?? '';
    await gmPage.getByTestId('stand-still').click();
    if (i < 3) await expect(gmPage.getByTestId('due-name')).not.toHaveText(who);
  }
  await gmPage.getByTestId('next-phase').click();
  await expect(current).toHaveText(/Final movement/);
  await gmPage.getByTestId('next-phase').click();
  await expect(current).toHaveText(/Actions/);
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
}

/** Sella's missile attack (option f) opened from the tracker in the sample turn's Actions phase. */
async function openSellasShot(gmPage: Page): Promise<Locator> {
  await gmPage.bringToFront();
  await toRenewSpells(gmPage);
  await standStillToActions(gmPage);
  await gmPage.getByTestId('option-f').click();
  const flow = gmPage.getByTestId('attack-flow');
  await expect(flow).toBeVisible();
  return flow;
}

test('the attack target list follows the GM after a target was clicked on the map; weapons by name', async ({ gmPage, playerPage }) => {
  const flow = await openSellasShot(gmPage);
  // The weapon list names weapons as the sheet does, not by id.
  await expect(flow.getByTestId('attack-weapon').locator('option').first()).toHaveText('Small Bow (in hand)');

  // Bram is clicked on the map: he becomes the target.
  const bram = await hexOnScreen(gmPage, { q: 9, r: 5 });
  await gmPage.mouse.click(bram.x, bram.y);
  await expect(flow.getByTestId('attack-target')).toHaveValue('bram');
  // The GM then picks Ilsa in the list: she stays the target (it used to snap back to Bram).
  await flow.getByTestId('attack-target').selectOption('ilsa');
  await expect(flow.getByTestId('attack-target')).toHaveValue('ilsa');
  await expect(flow.getByTestId('preview-adjdex')).toBeVisible();
  await expect(flow.getByTestId('attack-target')).toHaveValue('ilsa');
  await gmPage.screenshot({ path: `${SCREENS}/tryout-attack-target-1366x768.png` });
  await flow.getByTestId('attack-entry-input').fill('6 6 5');
  await flow.getByTestId('attack-entry-input').press('Enter');
  await expect(flow.getByTestId('attack-verdict')).toContainText('Miss');
  await gmPage.getByTestId('attack-done').click();

  // The log says whom Sella shot at, and its roll labels name sides and figures, not their ids.
  await gmPage.getByRole('tab', { name: 'Dice log' }).click();
  await expect(gmPage.getByTestId('log-entry').first()).toContainText('Sella: attack → Ilsa');
  const labels = await gmPage.getByTestId('log-roll').locator('.label').allTextContents();
  expect(labels).toContain('initiative: The Party');
  expect(labels.join(' | ')).not.toMatch(/: (party|foes|ilsa|bram|grak|sella)\b/);
  // The players see Ilsa standing, untouched; Sella stays hidden from them.
  await expect(playerPage.getByTestId('player-status')).toContainText('Actions');
  expect(await playerPage.content()).not.toContain('Sella');
});

test('the attack dialog moves off the foe it covers by its header, stays in the map pane and reopens there', async ({ gmPage, playerPage }) => {
  const flow = await openSellasShot(gmPage);
  const inside = (p: { x: number; y: number }, b: { x: number; y: number; width: number; height: number }) =>
    p.x >= b.x && p.x <= b.x + b.width && p.y >= b.y && p.y <= b.y + b.height;
  // With a target chosen the dialog shows the odds and covers Grak, at the right of the ford.
  await flow.getByTestId('attack-target').selectOption('bram');
  await expect(flow.getByTestId('preview-adjdex')).toBeVisible();
  const grak = (await figureOnMap(gmPage, 'grak'))!;
  const grakAt = await hexOnScreen(gmPage, grak);
  const before = (await flow.boundingBox())!;
  expect(inside(grakAt, before)).toBe(true);

  // The GM drags the header 360 px to the left: the dialog follows the pointer.
  const handle = (await flow.getByTestId('attack-handle').boundingBox())!;
  const grab = { x: handle.x + 60, y: handle.y + handle.height / 2 };
  await gmPage.mouse.move(grab.x, grab.y);
  await gmPage.mouse.down();
  await gmPage.mouse.move(grab.x - 200, grab.y + 10, { steps: 5 });
  await gmPage.mouse.move(grab.x - 360, grab.y + 20, { steps: 5 });
  await gmPage.mouse.up();
  const moved = (await flow.boundingBox())!;
  expect(Math.round(moved.x)).toBe(Math.round(before.x - 360));
  expect(Math.round(moved.y)).toBe(Math.round(before.y + 20));
  expect(inside(grakAt, moved)).toBe(false);

  // Grak, now uncovered, is clicked on the map and becomes the target.
  await gmPage.mouse.click(grakAt.x, grakAt.y);
  await expect(flow.getByTestId('attack-target')).toHaveValue('grak');
  await gmPage.screenshot({ path: `${SCREENS}/tryout-attack-moved-1366x768.png` });

  // Dragged far past the pane's corner, it stops at the pane's edge.
  const pane = (await gmPage.getByRole('application').boundingBox())!;
  const handle2 = (await flow.getByTestId('attack-handle').boundingBox())!;
  await gmPage.mouse.move(handle2.x + 60, handle2.y + 10);
  await gmPage.mouse.down();
  await gmPage.mouse.move(handle2.x - 2000, handle2.y - 2000, { steps: 4 });
  await gmPage.mouse.up();
  const cornered = (await flow.boundingBox())!;
  expect(cornered.x).toBeGreaterThanOrEqual(pane.x - 1);
  expect(cornered.y).toBeGreaterThanOrEqual(pane.y - 1);
  expect(cornered.x).toBeLessThan(pane.x + 40);

  // Closed and opened again, it comes back where the GM left it; a double-click on the header puts it back.
  await flow.getByTestId('attack-close').click();
  await expect(flow).toHaveCount(0);
  await gmPage.getByTestId('option-f').click();
  await expect(flow).toBeVisible();
  expect((await flow.boundingBox())!.x).toBe(cornered.x);
  await flow.getByTestId('attack-handle').locator('h3').dblclick();
  await expect.poll(async () => Math.round((await flow.boundingBox())!.x)).toBe(Math.round(before.x));
  // Moving a GM dialog changes nothing the players see.
  await expect(playerPage.getByTestId('player-status')).toContainText('Actions');
  expect(await playerPage.content()).not.toContain('Sella');
});

test('a toast is drawn where nothing covers it, above the Projector bar', async ({ gmPage }) => {
  await gmPage.bringToFront();
  // A refusal the GM will meet: renaming a side to another side's name.
  await gmPage.getByTestId('side-edit-foes').click();
  await gmPage.getByTestId('side-name-foes').fill('The Party');
  await gmPage.getByTestId('side-save-foes').click();
  const toast = gmPage.getByTestId('toast').last();
  await expect(toast).toHaveText('There is already a side called “The Party”.');
  const box = (await toast.boundingBox())!;
  // Toasts let clicks through (pointer-events: none); for the hit test they take the pointer.
  await gmPage.evaluate(() => document.querySelectorAll<HTMLElement>('.toasts, .toast').forEach((e) => (e.style.pointerEvents = 'auto')));
  // Every corner and the centre of the toast is the toast itself, not a bar or panel over it.
  const covered = await gmPage.evaluate((b) => {
    const points = [
      [b.x + b.width / 2, b.y + b.height / 2],
      [b.x + 3, b.y + 3],
      [b.x + b.width - 3, b.y + 3],
      [b.x + 3, b.y + b.height - 3],
      [b.x + b.width - 3, b.y + b.height - 3],
    ];
    return points.filter(([x, y]) => !document.elementFromPoint(x!, y!)?.closest('[data-testid="toast"]')).length;
  }, box);
  expect(covered).toBe(0);
  await gmPage.screenshot({ path: `${SCREENS}/tryout-toast-1366x768.png` });
});

test('forced retreat offers only free hexes, never the pusher’s own, and takes the hex clicked on the map', async ({ gmPage, playerPage }) => {
  test.setTimeout(60_000);
  await gmPage.bringToFront();
  // Set-up by GM placement (before the turn): Grak steps in next to Bram, at 10,4.
  for (const to of [
    { q: 15, r: 2 },
    { q: 14, r: 3 },
    { q: 13, r: 4 },
    { q: 12, r: 4 },
    { q: 11, r: 4 },
    { q: 10, r: 4 },
  ]) {
    await mustCall(gmPage, 'sendCommand', { command: { type: 'moveFigure', figureId: 'grak', to } });
  }
  await expect.poll(() => figureOnMap(playerPage, 'grak')).toMatchObject({ q: 10, r: 4 });
  await toRenewSpells(gmPage);
  await standStillToActions(gmPage);
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Bram');
  await gmPage.getByTestId('option-j').click();
  await gmPage.getByTestId('attack-target').selectOption('grak');
  await gmPage.getByTestId('attack-entry-input').fill('3 3 2 / 4 5');
  await gmPage.getByTestId('attack-entry-input').press('Enter');
  await expect(gmPage.getByTestId('attack-verdict')).toContainText('Hit');
  await gmPage.getByTestId('attack-done').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Grak');
  await gmPage.getByTestId('pass').click();
  await gmPage.getByTestId('next-phase').click();

  const offer = gmPage.getByTestId('retreat-bram');
  await expect(offer).toContainText('Bram hit and took no hits');
  // Grak's six neighbours less Bram's own hex: five choices, and no "no free hex" while free hexes exist.
  const choices = offer.getByTestId('retreat-direction').locator('option');
  await expect(choices).toHaveCount(5);
  await expect(choices).not.toContainText(['no free hex']);
  const titles = await choices.evaluateAll((os) => os.map((o) => o.getAttribute('title')));
  expect(titles).not.toContain('hex 9,5');

  // Clicking Bram's own hex is refused with the reason; clicking 11,3 chooses it.
  await offer.getByTestId('retreat-pick').click();
  let at = await hexOnScreen(gmPage, { q: 9, r: 5 });
  await gmPage.mouse.click(at.x, at.y);
  await expect(offer.getByTestId('retreat-problem')).toContainText('Grak cannot be pushed to 9,5');
  await offer.getByTestId('retreat-pick').click();
  at = await hexOnScreen(gmPage, { q: 11, r: 3 });
  await gmPage.mouse.click(at.x, at.y);
  await expect(offer.getByTestId('retreat-problem')).toHaveCount(0);
  await expect(offer.getByTestId('retreat-direction')).toHaveValue('11,3');
  await gmPage.screenshot({ path: `${SCREENS}/tryout-retreat-1366x768.png` });
  await offer.getByTestId('retreat-push').click();
  await expect.poll(() => figureOnMap(gmPage, 'grak')).toMatchObject({ q: 11, r: 3 });
  await expect.poll(() => figureOnMap(playerPage, 'grak')).toMatchObject({ q: 11, r: 3 });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: 9, r: 5 });
});

test('movement hints follow the gait chosen and go once the figure moved; Escape closes an option form from its field', async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await toRenewSpells(gmPage);
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  const hint = gmPage.getByTestId('movement-left');
  await gmPage.getByTestId('gait-sprint').click();
  await expect(hint).toHaveText(/^Drag Ilsa on the map: up to \d+ hexes \(Sprint\)\.$/);
  // Walk (slow) is 2 hexes (RULINGS M2): the hint says so, not the Sprint it said before.
  await gmPage.getByTestId('gait-walk-slow').click();
  await expect(hint).toHaveText('Drag Ilsa on the map: up to 2 hexes (Walk (slow)).');
  await expect(gmPage.getByTestId('move-hint')).toContainText('Drag Ilsa at Walk (slow)');
  await dragHex(gmPage, { q: 8, r: 6 }, { q: 7, r: 6 });
  await expect.poll(() => figureOnMap(playerPage, 'ilsa')).toMatchObject({ q: 7, r: 6 });
  // Ilsa has moved: no hint to drag her is left; Bram is due and asked to choose a gait.
  await expect(gmPage.getByTestId('due-name')).toHaveText('Bram');
  await expect(gmPage.getByTestId('move-hint')).toHaveCount(0);
  await expect(hint).toContainText('Choose a gait, then drag Bram');

  // Bram's option d (drop) opens its form; Escape in its field closes it, and nothing was sent.
  await gmPage.getByTestId('option-d').click();
  const form = gmPage.getByTestId('option-form');
  await form.locator('select').first().focus();
  await gmPage.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(gmPage.getByTestId('due-name')).toHaveText('Bram');
  await gmPage.screenshot({ path: `${SCREENS}/tryout-hints-1366x768.png` });
});

test('action-order scores survive a restart of the console', async ({ context, consoleServer }) => {
  test.setTimeout(60_000);
  let page = await context.newPage();
  await page.goto(`${consoleServer.gm}&e2e=1`);
  await expect(page.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
  await toRenewSpells(page);
  await standStillToActions(page);
  const scores = () => page.getByTestId('action-order').locator('li');
  await expect(scores()).toHaveText([/Sella\s*14/, /Ilsa\s*11/, /Bram\s*10/, /Grak\s*8/]);

  // The console stops and starts again on the same data folder; the GM opens its new address.
  await page.close();
  await consoleServer.stopProcess();
  const again = await startConsole({ dataDir: consoleServer.dataDir, port: consoleServer.port });
  try {
    page = await context.newPage();
    await page.goto(`${again.gm}&e2e=1`);
    await expect(page.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
    await expect(page.getByTestId('due-name')).toHaveText('Sella');
    await expect(scores()).toHaveText([/Sella\s*14/, /Ilsa\s*11/, /Bram\s*10/, /Grak\s*8/]);
    await page.screenshot({ path: `${SCREENS}/tryout-restart-1366x768.png` });
  } finally {
    await again.stopProcess();
  }
});

test('Tab on a figure row in the tracker selects the next figure, Shift+Tab the one before', async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await gmPage.getByTestId('figure-bram').click();
  await expect(gmPage.getByTestId('figure-bram')).toHaveClass(/selected/);
  await gmPage.keyboard.press('Tab');
  await expect(gmPage.getByTestId('figure-ilsa')).toHaveClass(/selected/);
  await expect(gmPage.getByTestId('figure-ilsa')).toBeFocused();
  await gmPage.keyboard.press('Tab');
  await expect(gmPage.getByTestId('figure-grak')).toHaveClass(/selected/);
  await gmPage.keyboard.press('Shift+Tab');
  await expect(gmPage.getByTestId('figure-ilsa')).toHaveClass(/selected/);
  await expect(gmPage.getByRole('tab', { name: 'Figure' })).toBeVisible();
  // The selection is the GM's: the player page shows no sheet and no selection.
  await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
  expect(await playerPage.getByTestId('figure-sheet').count()).toBe(0);
});
