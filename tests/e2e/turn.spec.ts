import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, figureOnMap, test } from './fixtures';

/**
 * A real turn of the sample encounter through the UI only:
 * initiative with faces typed in, a move in Initial Movement, an attack with entered dice in
 * Actions whose numbers follow 001 §Attack Rolls, a forced retreat, the end of the turn; both
 * pages checked after each step. Then the tracker driven by the keyboard alone.
 */
const SCREENS = 'test-results/screens';
type Hex = { q: number; r: number };

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** Which figure the GM map holds in a hex once main's view arrived (the drop alone only moves the token). */
async function occupant(page: Page, hex: Hex): Promise<string | null> {
  return page.evaluate((h) => {
    const map = window.__battleMap;
    return map?.occupied.get(`${h.q},${h.r}`) ?? null;
  }, hex);
}

/** What the reach overlay draws now, as sorted hex keys. */
async function reachOnMap(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    type H = { q: number; r: number };
    const m = window.__battleMap?.marks.reachShown;
    if (!m) return null;
    const keys = (hs: readonly H[]) => hs.map((h) => `${h.q},${h.r}`).sort();
    const bands: Record<string, string[]> = {};
    for (const b of m.bands) bands[b.gait] = keys(b.hexes);
    const zone = (z: string) => keys(m.zones.filter((x) => x.zone === z).map((x) => x.hex));
    return { figureId: m.figureId, chosen: m.chosen, bands, stops: keys(m.stops), front: zone('front'), side: zone('side'), rear: zone('rear') };
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}/${name}-1366x768.png` });
}

const status = (page: Page) => page.getByTestId('player-status');

test('a turn of the sample encounter: initiative, move, attack, forced retreat, end of turn', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  // Set-up by GM placement (in Initiative a drag is one step by hand): Grak comes to (11,4),
  // two hexes from Bram at (9,5).
  let at: Hex = { q: 16, r: 1 };
  for (const step of [
    { q: 15, r: 2 },
    { q: 14, r: 3 },
    { q: 13, r: 4 },
    { q: 12, r: 4 },
    { q: 11, r: 4 },
  ]) {
    await dragHex(gmPage, at, step);
    await expect.poll(() => figureOnMap(playerPage, 'grak')).toMatchObject(step);
    await expect.poll(() => occupant(gmPage, step)).toBe('grak');
    at = step;
  }
  await expect.poll(() => figureOnMap(playerPage, 'grak')).toMatchObject({ q: 11, r: 4 });

  // --- Phase 1: initiative, faces rolled at the table (RULINGS T2) -------------------------------
  await expect(gmPage.getByTestId('phase-stepper').locator('[aria-current="step"]')).toHaveText(/Initiative/);
  await gmPage.getByTestId('initiative-entry-input').fill('5 / 2');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await expect(gmPage.getByTestId('initiative-rolls').locator('li')).toHaveText([/The Party\s*5\s*won/, /Ford Raiders\s*2/]);
  await shoot(gmPage, 'turn-1-initiative');
  await gmPage.getByTestId('move-first').click();
  await expect(gmPage.getByTestId('initiative-order')).toHaveText('Order: The Party → Ford Raiders');
  await expect(status(playerPage)).toContainText('Turn 1 · Initiative');

  // --- Phase 2: renew spells -----------------------------------------------------------------------
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('phase-stepper').locator('[aria-current="step"]')).toHaveText(/Renew spells/);
  await expect(gmPage.getByTestId('renew-order')).toContainText('Ilsa');
  await expect(status(playerPage)).toContainText('Renew spells');
  // Ilsa renews Blur on Bram in the magic panel (RULINGS S2: 1 mana a turn): 12 → 11.
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  await gmPage.getByTestId('renewal-panel').getByTestId('renew-blur-on-bram').click();
  await expect(gmPage.getByTestId('renewal-panel').getByTestId('status-blur-on-bram')).toHaveText('renewed');
  await expect(gmPage.getByTestId('mana-value-ilsa')).toHaveText('11 / 12');
  await gmPage.getByTestId('next-phase').click();

  // --- Phase 3: initial movement (RULINGS T4: party first, then adjDEX: Ilsa 11, Bram 10) ----------
  await expect(status(playerPage)).toContainText('Initial movement');
  await expect(gmPage.getByTestId('move-order').locator('li').first()).toContainText('Ilsa');
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  // The projector says whose move it is.
  await expect(playerPage.getByTestId('player-acting')).toHaveText('Ilsa to act');
  await expect(gmPage.getByTestId('option-b')).toBeDisabled();
  await expect(gmPage.getByTestId('reason-b')).toHaveText("No enemy stands in Ilsa's front hexes (001 §Facing).");
  await gmPage.getByTestId('stand-still').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Bram');
  // Bram walks (his load allows 1 hex) into (10,5), in Grak's front: engaged, he stops (RULINGS M5).
  await expect(gmPage.getByTestId('gait-jog')).toBeDisabled();
  await expect(gmPage.getByTestId('gait-walk')).toBeEnabled();
  await gmPage.getByTestId('gait-walk').click();
  await expect(gmPage.getByTestId('move-hint')).toContainText('Drag Bram at Walk');
  // The map's reach overlay, from main's queries: a 1-hex walk band, the hexes in Grak's front
  // that would stop him (RULINGS M5), and Bram's own front/side/rear (001 §Facing).
  await expect
    .poll(() => reachOnMap(gmPage))
    .toEqual({
      figureId: 'bram',
      chosen: 'walk',
      // Ilsa stands in (8,6): not a hex Bram can enter (RULINGS M7).
      bands: { walk: ['10,4', '10,5', '8,5', '9,4', '9,6'] },
      stops: ['10,4', '10,5'],
      front: ['10,4', '10,5', '9,6'],
      side: ['8,6', '9,4'],
      rear: ['8,5'],
    });
  // Its key beside the map says what each colour and outline is.
  const key = gmPage.getByTestId('reach-legend');
  await expect(key).toContainText("Bram's reach");
  await expect(key.getByTestId('reach-legend-walk')).toHaveText('Walk');
  await expect(key.getByTestId('reach-legend-jog')).toHaveCount(0);
  await expect(key.getByTestId('reach-legend-stops')).toContainText("an enemy's front (RULINGS M5)");
  for (const zone of ['front', 'side', 'rear']) await expect(key.getByTestId(`reach-legend-${zone}`)).toContainText(`Its ${zone} hexes`);
  // It folds away to its title and opens again.
  await key.getByRole('button', { name: "Bram's reach" }).click();
  await expect(key.getByTestId('reach-legend-walk')).toHaveCount(0);
  await key.getByRole('button', { name: "Bram's reach" }).click();
  await expect(key.getByTestId('reach-legend-walk')).toHaveText('Walk');
  await shoot(gmPage, 'turn-1-reach');
  await dragHex(gmPage, { q: 9, r: 5 }, { q: 10, r: 5 });
  await expect.poll(() => occupant(gmPage, { q: 10, r: 5 })).toBe('bram');
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: 10, r: 5 });
  // The movement order says how far he moved (the gait the turn counts is on the due card, RULINGS T5).
  await expect(gmPage.getByTestId('move-row-bram')).toContainText('moved 1');
  // The raiders stand still. Sella is hidden: her turn is not announced on the projector, which
  // shows who would be due without her rather than going blank (design-notes §Secrecy at the player boundary).
  await expect(gmPage.getByTestId('due-name')).toHaveText('Sella');
  await expect(playerPage.getByTestId('player-acting')).toHaveText('Grak to act');
  expect(await playerPage.content()).not.toContain('Sella');
  await gmPage.getByTestId('stand-still').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Grak');
  await gmPage.getByTestId('stand-still').click();
  await gmPage.getByTestId('next-phase').click();
  await expect(status(playerPage)).toContainText('Final movement');
  await gmPage.getByTestId('next-phase').click();

  // --- Phase 5: actions by adjDEX (Sella 14, Ilsa 11, Bram 10, Grak 8) -------------------------------
  await expect(status(playerPage)).toContainText('Actions');
  const order = gmPage.getByTestId('action-order').locator('li');
  await expect(order).toHaveText([/Sella\s*14/, /Ilsa\s*11/, /Bram\s*10/, /Grak\s*8/]);
  await gmPage.getByTestId('pass').click();
  await expect(gmPage.getByTestId('due-name')).toHaveText('Ilsa');
  // Ilsa casts from the magic panel (option h); its flow rolls and the tracker moves on to Bram.
  await gmPage.getByRole('tab', { name: 'Magic' }).click();
  await expect(gmPage.getByTestId('cast-caster')).toHaveValue('ilsa');
  await gmPage.getByTestId('cast-spell').selectOption({ index: 1 });
  await gmPage.getByTestId('cast-target').selectOption('grak');
  await expect(gmPage.getByTestId('cast-roll')).toBeEnabled();
  await gmPage.getByTestId('cast-roll').click();
  await expect(gmPage.getByTestId('cast-result')).toBeVisible();
  await expect(gmPage.getByTestId('action-row-ilsa')).toContainText(/h$/);
  await expect(gmPage.getByTestId('due-name')).toHaveText('Bram');
  await expect(gmPage.getByTestId('due-state')).toHaveText('engaged');
  // He was disengaged when movement began and walked into Grak's front: a charge attack (001 §Action Options b).
  await expect(gmPage.getByTestId('option-j')).toBeDisabled();
  await expect(gmPage.getByTestId('reason-j')).toHaveText('Bram moved 1 hex, a walk-slow (RULINGS T5); Attack (j) allows at most shift (001 §Action Options).');
  await gmPage.getByTestId('option-b').click();
  await expect(gmPage.getByTestId('attack-flow')).toBeVisible();
  await gmPage.getByTestId('attack-target').selectOption('grak');
  // 001 §DEX Adjustments: DEX 12, leather armour −2, small shield 0; from Grak's front: adjDEX 10.
  await expect(gmPage.getByTestId('preview-adjdex')).toHaveText('10');
  await expect(gmPage.getByTestId('preview-dice')).toHaveText('3d6');
  await expect(gmPage.getByTestId('preview-damage')).toHaveText('2d6');
  await expect(gmPage.getByTestId('preview-breakdown')).toContainText('−2');
  await expect(gmPage.getByTestId('preview-criticals')).toContainText('Triple damage to Fatigue and Body');
  await shoot(gmPage, 'turn-1-attack-preview');
  // To hit 3+3+2 = 8 ≤ 10: a hit, not a critical. Damage 4+5 = 9, leather stops 2: 7 off Fatigue only.
  await gmPage.getByTestId('attack-entry-input').fill('3 3 2 / 4 5');
  await gmPage.getByTestId('attack-entry-input').press('Enter');
  await expect(gmPage.getByTestId('attack-verdict')).toContainText('Hit: rolled 8 on 3 dice against adjDEX 10');
  await expect(gmPage.getByTestId('damage-line')).toContainText("Damage 9 − protection 2 = 7 to Grak's Fatigue");
  await expect(gmPage.getByTestId('pools-after')).toContainText('Grak now Fatigue 46, Body 36');
  await expect(gmPage.getByTestId('result-roll')).toHaveCount(2);
  await shoot(gmPage, 'turn-1-attack-result');
  await gmPage.getByTestId('attack-done').click();
  // The dice log has both rolls, entered, newest first.
  await gmPage.getByRole('tab', { name: 'Dice log' }).click();
  const first = gmPage.getByTestId('log-entry').first();
  await expect(first).toContainText('Bram: attack → Grak');
  await expect(first.getByTestId('log-roll')).toHaveCount(2);
  await expect(first.getByTestId('log-roll').first()).toContainText('3d6');
  await expect(first.getByTestId('log-roll').first()).toContainText('[3, 3, 2]');
  await expect(first.getByTestId('log-roll').first()).toContainText('entered');
  await expect(first.getByTestId('log-roll').nth(1)).toContainText('[4, 5]');
  await shoot(gmPage, 'turn-1-dice-log');
  // Grak passes; nobody hit Bram.
  await expect(gmPage.getByTestId('due-name')).toHaveText('Grak');
  await gmPage.getByTestId('pass').click();

  // --- Phase 6: forced retreat (RULINGS H3): Bram pushes Grak north-east and follows --------------
  await gmPage.getByTestId('next-phase').click();
  await expect(status(playerPage)).toContainText('Forced retreat');
  const offer = gmPage.getByTestId('retreat-bram');
  await expect(offer).toContainText('Bram hit and took no hits');
  await offer.getByTestId('retreat-direction').selectOption({ label: 'north-east of the foe' });
  await offer.getByRole('checkbox').check();
  await shoot(gmPage, 'turn-1-retreat');
  await offer.getByTestId('retreat-push').click();
  await expect.poll(() => figureOnMap(gmPage, 'grak')).toMatchObject({ q: 12, r: 3 });
  await expect.poll(() => figureOnMap(playerPage, 'grak')).toMatchObject({ q: 12, r: 3 });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: 11, r: 4 });

  // --- End of turn ------------------------------------------------------------------------------------
  await expect(gmPage.getByTestId('next-phase')).toHaveText('End turn 1');
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('turn')).toHaveText('2');
  await expect(status(playerPage)).toContainText('Turn 2 · Initiative');
  await expect(gmPage.getByTestId('turn-effects')).toContainText('End of turn 1');
  await shoot(gmPage, 'turn-2-start');
  await gmPage.setViewportSize({ width: 1920, height: 1080 });
  await gmPage.screenshot({ path: `${SCREENS}/turn-2-start-1920x1080.png` });
  await playerPage.screenshot({ path: `${SCREENS}/turn-2-player-1366x768.png` });

  // Back to the start of turn 1 from the dice log: turn 2 has nothing yet, so turn 1 is undone.
  await gmPage.getByTestId('log-turn-start').click();
  await expect(gmPage.getByTestId('turn')).toHaveText('1');
  await expect(status(playerPage)).toContainText('Turn 1 · Initiative');
  await expect.poll(() => figureOnMap(playerPage, 'grak')).toMatchObject({ q: 16, r: 1 });
});

test('Next refuses an unfinished phase until the GM confirms the override, which the log records', async ({ gmPage }) => {
  await gmPage.getByTestId('next-phase').click();
  await expect(gmPage.getByTestId('confirm-next')).toContainText('Roll initiative');
  await gmPage.getByTestId('confirm-cancel').click();
  await expect(gmPage.getByTestId('confirm-next')).toHaveCount(0);
  await expect(gmPage.getByTestId('turn')).toHaveText('1');
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('confirm-override').click();
  await expect(gmPage.getByTestId('phase-stepper').locator('[aria-current="step"]')).toHaveText(/Renew spells/);
  await gmPage.getByRole('tab', { name: 'Dice log' }).click();
  await expect(gmPage.getByTestId('log-entry').first()).toContainText('advance phase (override)');
});

test('the tracker is usable by keyboard alone', async ({ gmPage, playerPage }) => {
  await gmPage.bringToFront();
  await gmPage.locator('body').click({ position: { x: 5, y: 300 } });
  // D rolls initiative (the console's dice).
  await gmPage.keyboard.press('d');
  await expect(gmPage.getByTestId('initiative-rolls').locator('li')).toHaveCount(2);
  // T puts the focus in the tracker; Tab walks it; Enter presses the focused button.
  await gmPage.keyboard.press('t');
  const focused = () => gmPage.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.textContent ?? '');
  await expect.poll(focused).toBe('toggle-overlays');
  let guard = 0;
  while ((await focused()) !== 'move-first' && guard++ < 10) await gmPage.keyboard.press('Tab');
  expect(await focused()).toBe('move-first');
  const outline = await gmPage.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).toBe('solid');
  await gmPage.keyboard.press('Enter');
  await expect(gmPage.getByTestId('initiative-order')).toBeVisible();
  // Ctrl+Enter: next phase, twice (renewal never blocks), to Initial Movement.
  await gmPage.keyboard.press('Control+Enter');
  await expect(gmPage.getByTestId('renew-order')).toBeVisible();
  await gmPage.keyboard.press('Control+Enter');
  await expect(status(playerPage)).toContainText('Initial movement');
  // A selects the figure due; Y yields it; 1 chooses Walk for the next one.
  await gmPage.keyboard.press('a');
  const due = await gmPage.getByTestId('due-name').textContent();
  await expect(gmPage.getByTestId(`figure-${due!.toLowerCase()}`)).toHaveClass(/selected/);
  await gmPage.keyboard.press('y');
  await expect(gmPage.getByTestId('due-name')).not.toHaveText(due!);
  await gmPage.keyboard.press('1');
  await expect(gmPage.getByTestId('gait-walk')).toHaveAttribute('aria-pressed', 'true');
  // O hides and shows the reach bands.
  await expect(gmPage.getByTestId('toggle-overlays')).toHaveText('Reach on');
  await gmPage.keyboard.press('o');
  await expect(gmPage.getByTestId('toggle-overlays')).toHaveText('Reach off');
  await gmPage.keyboard.press('o');
  // Space on a focused option button works like a click: Stand still for the figure due.
  await gmPage.getByTestId('stand-still').focus();
  const mover = await gmPage.getByTestId('due-name').textContent();
  await gmPage.keyboard.press('Space');
  await expect(gmPage.getByTestId('due-name')).not.toHaveText(mover!);
  // The ? overlay lists the tracker's keys.
  await gmPage.locator('body').click({ position: { x: 5, y: 300 } });
  await gmPage.keyboard.press('?');
  await expect(gmPage.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Next phase');
  await gmPage.screenshot({ path: `${SCREENS}/turn-shortcuts-1366x768.png` });
  await gmPage.keyboard.press('Escape');
  // Ctrl+Z undoes by keyboard too.
  await gmPage.keyboard.press('Control+z');
  await expect(gmPage.getByTestId('due-name')).toHaveText(mover!);
});
