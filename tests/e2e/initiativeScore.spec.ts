import { mkdir } from 'node:fs/promises';
import { expect, mustCall, npcFighter, test } from './fixtures';

/**
 * RULINGS O4 (amended): declared intent's initiative score is typed by the GM per figure in the
 * declarations form; until then it is the DEX modifier, and the initiative total's breakdown says
 * which. The player page shows none of it.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

test('O4: the GM types Vex’s initiative score; the totals show stress die + score', async ({ gmPage, playerPage }) => {
  test.setTimeout(60_000);
  const rules = await mustCall(gmPage, 'getRules', {});
  await mustCall(gmPage, 'setRules', { rules: { ...rules, options: { ...rules.options, declaredIntent: true } } });
  const made = await mustCall(gmPage, 'createEncounter', { name: 'Typed scores' });
  await mustCall(gmPage, 'openEncounter', { id: made.id });
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Typed scores');
  // Aldo DEX 12 (modifier +0), Vex DEX 11 (+0).
  await mustCall(gmPage, 'sendCommand', {
    command: { type: 'addFigure', figure: npcFighter('Aldo', 'party', { STR: 15, DEX: 12 }, 'battle-axe'), position: { q: 8, r: 6 }, facing: 0 },
  });
  await mustCall(gmPage, 'sendCommand', {
    command: { type: 'addFigure', figure: npcFighter('Vex', 'foes', { STR: 15, DEX: 11 }, 'battle-axe'), position: { q: 16, r: 2 }, facing: 3 },
  });

  await gmPage.getByTestId('figure-aldo').click();
  await expect(gmPage.getByTestId('declare-figure')).toHaveText('Aldo');
  await expect(gmPage.getByTestId('declare-score-text')).toHaveText('+0: DEX 12 modifier until the GM types a score');
  await gmPage.getByTestId('declare-range').fill('1');
  await gmPage.getByTestId('declare-send').click();

  await gmPage.getByTestId('figure-vex').click();
  await expect(gmPage.getByTestId('declare-figure')).toHaveText('Vex');
  await gmPage.getByTestId('declare-score').fill('5');
  await gmPage.getByTestId('declare-score').press('Enter');
  await expect(gmPage.getByTestId('declare-score-text')).toHaveText('+5 (typed by the GM)');
  await expect(gmPage.getByTestId('declare-score')).toHaveValue('5');
  await gmPage.getByTestId('declare-range').fill('1');
  await gmPage.getByTestId('declare-send').click();
  await expect(gmPage.getByTestId('declare-pending')).toHaveText('Everyone has declared.');
  await gmPage.screenshot({ path: `${SCREENS}/initiative-score-typed.png` });

  await gmPage.getByTestId('next-phase').click();
  // Stress d10: Aldo 4, Vex 2 → Aldo 4 + 0 = 4, Vex 2 + 5 = 7.
  await gmPage.getByTestId('initiative-entry-input').fill('4 / 2');
  await gmPage.getByTestId('initiative-entry-input').press('Enter');
  await expect(gmPage.getByTestId('initiative-order')).toHaveText('Order: Vex → Aldo');
  await expect(gmPage.getByTestId('initiative-breakdown-vex')).toHaveText('Stress die d10: 2 +2 · Initiative score (typed by the GM) +5');
  await expect(gmPage.getByTestId('initiative-breakdown-aldo')).toHaveText('Stress die d10: 4 +4 · Initiative score: DEX 12 modifier (none typed) +0');
  await expect(gmPage.locator('[data-roller="vex"] .tk-tag').first()).toHaveText('7');
  await gmPage.screenshot({ path: `${SCREENS}/initiative-score-totals.png` });

  // The player page follows the encounter but never shows scores or declarations.
  await expect(playerPage.getByTestId('player-status')).toContainText('Initiative');
  await expect(playerPage.locator('body')).not.toContainText('Initiative score');
  await expect(playerPage.locator('body')).not.toContainText('typed by the GM');
  await playerPage.screenshot({ path: `${SCREENS}/initiative-score-player.png` });
});
