import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, mustCall, npcFighter, placeByClick, test } from './fixtures';

/**
 * Each rule option (RULINGS O1–O4) played for one turn through the tracker. The campaign's
 * rules are switched over the socket (`setRules`, as the fixtures' rawSocketCall does), a new encounter is made and opened, two
 * opposing figures are placed, then initiative (faces typed in), one move, and Next to the end of
 * the turn, checking that the tracker steps through the option's own phases. The sample
 * encounter that was open when the rules changed keeps Pillars' six.
 */
const SCREENS = 'test-results/screens';
type OptionKey = 'classic' | 'perCharacterInitiative' | 'strideMomentum' | 'declaredIntent';

const PILLARS = 'initiative renewSpells initialMovement finalMovement actions forcedRetreat';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const call = mustCall;

const stepper = (page: Page) => page.getByTestId('phase-stepper');
const current = (page: Page) => stepper(page).locator('[aria-current="step"]');

const fighter = (name: string, sideId: string, dex: number) => npcFighter(name, sideId, { STR: 15, DEX: dex }, 'battle-axe');

/** Switches the campaign to one option, checks the open sample keeps Pillars, opens a new encounter with two foes. */
async function setUp(page: Page, key: OptionKey, name: string): Promise<void> {
  const rules = await call(page, 'getRules', {});
  await call(page, 'setRules', { rules: { ...rules, options: { ...rules.options, [key]: true } } });
  // The encounter already open keeps the rules it was made with.
  await expect(stepper(page)).toHaveAttribute('data-phases', PILLARS);
  const made = await call(page, 'createEncounter', { name });
  await call(page, 'openEncounter', { id: made.id });
  await expect(page.getByTestId('encounter-name')).toHaveText(name);
  await call(page, 'sendCommand', { command: { type: 'addFigure', figure: fighter('Aldo', 'party', 12), position: { q: 8, r: 6 }, facing: 0 } });
  await call(page, 'sendCommand', { command: { type: 'addFigure', figure: fighter('Vex', 'foes', 11), position: { q: 16, r: 2 }, facing: 3 } });
  await expect(page.getByTestId('figure-aldo')).toBeVisible();
  await expect(page.getByTestId('figure-vex')).toBeVisible();
}

/**
 * Opens a figure's sheet in the Figure tab (the sheet follows the encounter's rules) and
 * saves it at 1366×768 and 1920×1080.
 */
async function openSheet(page: Page, id: string, name: string, shot: string): Promise<void> {
  await page
    .getByRole('tab', { name: 'Figure' })
    .click()
    .catch(() => {});
  await page.getByTestId(`figure-${id}`).click();
  const sheet = page.getByTestId('figure-sheet');
  await expect(sheet.locator('h2')).toHaveText(name);
  for (const [w, h] of [
    [1920, 1080],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SCREENS}/${shot}-${w}x${h}.png` });
  }
}

/** Next until the turn counter reads 2, overriding when main says someone is still to act; returns the phases seen. */
async function toEndOfTurn(page: Page): Promise<string[]> {
  const seen: string[] = [];
  const phaseNow = async () => ((await page.getByTestId('turn').textContent()) === '2' ? 'turn 2' : await current(page).getAttribute('data-phase'));
  for (let i = 0; i < 10; i++) {
    const before = await phaseNow();
    if (before === 'turn 2') return seen;
    seen.push(before ?? '?');
    await page.getByTestId('next-phase').click();
    // Main either moves on or says who is still to act; then the GM overrides (RULINGS T1).
    await expect.poll(async () => (await page.getByTestId('confirm-next').isVisible()) || (await phaseNow()) !== before).toBe(true);
    if (await page.getByTestId('confirm-next').isVisible()) await page.getByTestId('confirm-override').click();
    await expect.poll(phaseNow).not.toBe(before);
  }
  throw new Error(`the turn did not end: ${seen.join(' → ')}`);
}

/** The figure due moves one hex east at `mode`, dragged on the map. */
async function moveDue(page: Page, mode: string): Promise<string> {
  const who = (await page.getByTestId('due-name').textContent())!.trim();
  const from = who === 'Aldo' ? { q: 8, r: 6 } : { q: 16, r: 2 };
  const to = { q: from.q + 1, r: from.r };
  await page.getByTestId(`gait-${mode}`).click();
  await expect(page.getByTestId('move-hint')).toContainText(`Drag ${who}`);
  await dragHex(page, from, to);
  // The next figure is due, or nobody is when the mover's group was alone in the phase.
  // Read in one step: the element can vanish between a count and a textContent, which then waits.
  await expect.poll(() => page.evaluate(() => document.querySelector('[data-testid="due-name"]')?.textContent?.trim() ?? null)).not.toBe(who);
  return who;
}

test('O1 Classic: one die per side, first and second movement', async ({ gmPage }) => {
  test.setTimeout(60_000);
  await setUp(gmPage, 'classic', 'Classic skirmish');
  await expect(stepper(gmPage)).toHaveAttribute('data-phases', 'initiative renewSpells firstMovement secondMovement actions forcedRetreat');
  await expect(gmPage.getByTestId('initiative-roll-text')).toHaveText('Initiative · 1 die per side');
  await gmPage.getByTestId('initiative-entry-input').fill('5 / 2');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await expect(gmPage.getByTestId('initiative-rolls').locator('li')).toHaveText([/Party\s*5\s*won/, /Foes\s*2/]);
  await gmPage.getByTestId('move-first').click();
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  await expect(current(gmPage)).toHaveAttribute('data-phase', 'firstMovement');
  expect(await moveDue(gmPage, 'walk')).toBe('Aldo');
  await gmPage.screenshot({ path: `${SCREENS}/options-o1.png` });
  expect(await toEndOfTurn(gmPage)).toEqual(['firstMovement', 'secondMovement', 'actions', 'forcedRetreat']);
  await expect(current(gmPage)).toHaveAttribute('data-phase', 'initiative');

  // The Classic sheet (004 §Attributes): ST, DX, IQ and WIS; ST as hit points and as the fatigue pool.
  // The tracker's rows read the pools as Classic does: ST left of ST (RULINGS O1).
  await expect(gmPage.getByTestId('pools-aldo')).toHaveText('ST 15/15');
  await openSheet(gmPage, 'aldo', 'Aldo', 'options-o1-sheet');
  const sheet = gmPage.getByTestId('figure-sheet');
  await expect(gmPage.getByTestId('stat-model')).toHaveText('Classic (004)');
  await expect(sheet.locator('[data-testid^="attr-"]')).toHaveText([/ST\s*15/, /DX\s*12/, /IQ\s*10/, /WIS\s*10/]);
  await expect(gmPage.getByTestId('attr-CON')).toHaveCount(0);
  await expect(gmPage.getByTestId('attr-CHR')).toHaveCount(0);
  await expect(sheet).toContainText('ST (hit points)');
  await expect(gmPage.getByTestId('pool-st-hits')).toHaveText('15/15');
  await expect(gmPage.getByTestId('pool-st-fatigue')).toHaveText('0 spent of 15');
  // MA = DX 12 − 2 = 10; the battle axe (22 lbs) is a Light load at ST 15: −1 (004 §Encumbrance).
  await expect(gmPage.getByTestId('stat-movement')).toHaveText('MA 9');
  await expect(sheet).toContainText('adjDX 12');
  await expect(gmPage.getByTestId('stat-condition')).toContainText('Fighting');
  await expect(gmPage.getByTestId('stat-line-heavy-blows')).toHaveText('Heavy blows (ST under 30) 5+ hits in a turn: −2 DX next turn · 8+: falls down');

  // The new-character form asks for ST, DX, IQ and WIS only, typed (004 gives no creation roll).
  await gmPage.getByTestId('new-character').click();
  await expect(gmPage.getByTestId('new-figure').locator('.attrs label')).toHaveText(['ST', 'DX', 'IQ', 'WIS']);
  await expect(gmPage.getByTestId('buy-CON')).toHaveCount(0);
  await expect(gmPage.getByTestId('method-pointBuy')).toHaveCount(0);
  await expect(gmPage.getByTestId('unused-attributes')).toHaveText('Not used by ST / DX / IQ / WIS (Classic), and not asked: CON 10, CHR 10.');
  await gmPage.getByTestId('figure-name').fill('Tam');
  await gmPage.getByTestId('set-STR').fill('11');
  await gmPage.screenshot({ path: `${SCREENS}/options-o1-new-character-1366x768.png` });
  await gmPage.getByTestId('figure-place').click();
  await placeByClick(gmPage);
  await expect(gmPage.getByTestId('figure-sheet').locator('h2')).toHaveText('Tam');
  await expect(gmPage.getByTestId('pool-st-hits')).toHaveText('11/11');
});

test('O2 per-character initiative: 1d20 per figure, one movement phase, cleanup', async ({ gmPage }) => {
  test.setTimeout(60_000);
  await setUp(gmPage, 'perCharacterInitiative', 'Every figure for itself');
  await expect(stepper(gmPage)).toHaveAttribute('data-phases', 'initiative renewSpells movement actions forcedRetreat cleanup');
  await expect(gmPage.getByTestId('initiative-roll-text')).toHaveText('Initiative · 1d20 per figure');
  // 000 §Turn Sequence (1): each figure rolls; the higher moves first (RULINGS O2).
  await gmPage.getByTestId('initiative-entry-input').fill('7 / 15');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await expect(gmPage.getByTestId('initiative-rolls').locator('li')).toHaveText([/Aldo\s*7/, /Vex\s*15/]);
  await expect(gmPage.getByTestId('initiative-order')).toHaveText('Order: Vex → Aldo');
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  await expect(current(gmPage)).toHaveAttribute('data-phase', 'movement');
  expect(await moveDue(gmPage, 'walk')).toBe('Vex');
  await gmPage.screenshot({ path: `${SCREENS}/options-o2.png` });
  expect(await toEndOfTurn(gmPage)).toEqual(['movement', 'actions', 'forcedRetreat', 'cleanup']);
});

test('O3 stride & momentum: Pillars’ phases, strides in the tracker and a stride move', async ({ gmPage }) => {
  test.setTimeout(60_000);
  await setUp(gmPage, 'strideMomentum', 'Running battle');
  await expect(stepper(gmPage)).toHaveAttribute('data-phases', PILLARS);
  await expect(gmPage.getByTestId('stride-aldo')).toHaveText('stopped · m0');
  await gmPage.getByTestId('initiative-entry-input').fill('5 / 2');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await gmPage.getByTestId('move-first').click();
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  await expect(current(gmPage)).toHaveAttribute('data-phase', 'initialMovement');
  await expect(gmPage.getByTestId('due-stride')).toContainText('standing · momentum 0 · 5 AP left');
  expect(await moveDue(gmPage, 'stride-1')).toBe('Aldo');
  await expect(gmPage.getByTestId('stride-aldo')).toHaveAttribute('title', 'standing · momentum 0 · 4 AP left');
  await gmPage.screenshot({ path: `${SCREENS}/options-o3.png` });
  expect(await toEndOfTurn(gmPage)).toEqual(['initialMovement', 'finalMovement', 'actions', 'forcedRetreat']);

  // Strides leave the Pillars stats: STR…CHR with modifiers, Fatigue and Body.
  await openSheet(gmPage, 'aldo', 'Aldo', 'options-o3-pillars-sheet');
  const sheet = gmPage.getByTestId('figure-sheet');
  await expect(gmPage.getByTestId('stat-model')).toHaveText('Pillars (001)');
  await expect(sheet.locator('[data-testid^="attr-"]')).toHaveText([/STR\s*15\s*\+2/, /DEX\s*12\s*0/, /INT\s*10/, /WIS\s*10/, /CON\s*12\s*0/, /CHR\s*10/]);
  await expect(gmPage.getByTestId('pool-fatigue')).toHaveText('53/53');
  await expect(gmPage.getByTestId('pool-body')).toHaveText('36/36');
  await expect(gmPage.getByTestId('stat-condition')).toHaveText(/Injury penalty\s*0/);
});

test('O4 declared intent: declarations first, stress die initiative', async ({ gmPage }) => {
  test.setTimeout(60_000);
  await setUp(gmPage, 'declaredIntent', 'Stated aims');
  await expect(stepper(gmPage)).toHaveAttribute('data-phases', 'declarations initiative renewSpells movement actions forcedRetreat');
  // A new encounter starts in its rules' first phase: Declarations (RULINGS T1, O4).
  await expect(current(gmPage)).toHaveAttribute('data-phase', 'declarations');
  for (const who of ['Aldo', 'Vex']) {
    await gmPage.getByTestId(`figure-${who.toLowerCase()}`).click();
    await expect(gmPage.getByTestId('declare-figure')).toHaveText(who);
    await gmPage.getByTestId('declare-action').selectOption('attack');
    await gmPage.getByTestId('declare-range').fill('1');
    await gmPage.getByTestId('declare-send').click();
  }
  await gmPage.getByTestId('next-phase').click();
  await expect(current(gmPage)).toHaveAttribute('data-phase', 'initiative');
  await expect(gmPage.getByTestId('initiative-roll-text')).toHaveText('Initiative · stress d10 + initiative score per figure');
  await gmPage.getByTestId('initiative-entry-input').fill('4 / 9');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await expect(gmPage.getByTestId('initiative-rolls').locator('li')).toHaveCount(2);
  await expect(gmPage.getByTestId('initiative-order')).toHaveText('Order: Vex → Aldo');
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  await expect(current(gmPage)).toHaveAttribute('data-phase', 'movement');
  expect(await moveDue(gmPage, 'walk')).toBe('Vex');
  await gmPage.screenshot({ path: `${SCREENS}/options-o4.png` });
  expect(await toEndOfTurn(gmPage)).toEqual(['movement', 'actions', 'forcedRetreat']);
  // Turn 2 opens with the declarations phase and its form.
  await expect(current(gmPage)).toHaveAttribute('data-phase', 'declarations');
  await expect(gmPage.getByTestId('declare-pending')).toHaveText('Still to declare: Aldo, Vex');
});
