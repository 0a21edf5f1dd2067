import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, mustCall, test } from './fixtures';
import { SCREENS } from './setupSteps';

/**
 * The GM's ruler on the TV: with "On the TV" ticked, the projector draws the ruler the GM drags, in
 * main's words for the table (hexes, megahexes, the missile band of RULINGS A2); unticked, or the
 * ruler put away, it leaves the TV. Bram (9,5) to Grak (16,1) is 7 hexes.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const playerRuler = (page: Page) => page.evaluate(() => window.__battleMap.marks.tools.rulerEnds);
/** The ruler label's text height on the screen, in CSS pixels. */
const rulerLabelPx = (page: Page) =>
  page.evaluate(() => {
    const label = window.__battleMap.marks.tools.ruler.findOne('.label') as unknown as { getText(): { fontSize(): number }; getAbsoluteScale(): { y: number } };
    return label.getText().fontSize() * label.getAbsoluteScale().y;
  });

test('the ruler is shown to the table while the GM ticks it, in hexes, megahexes and the missile band', async ({ gmPage, playerPage }) => {
  test.setTimeout(60_000);
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  await gmPage.keyboard.press('r');
  await dragHex(gmPage, { q: 9, r: 5 }, { q: 16, r: 1 });
  await expect(gmPage.getByTestId('ruler-readout')).toContainText('7 hexes');
  // Not on the TV until the GM says so.
  expect((await mustCall(playerPage, 'getProjector', {})).ruler).toBeNull();
  expect(await playerRuler(playerPage)).toBeNull();

  await gmPage.getByTestId('ruler-to-table').check();
  await expect.poll(() => playerRuler(playerPage)).toEqual({ from: { q: 9, r: 5 }, to: { q: 16, r: 1 } });
  const shown = (await mustCall(playerPage, 'getProjector', {})).ruler;
  expect(shown?.label).toMatch(/^7 hexes · \d+ MH · missiles (±0|−?-?\d+)$/);
  // The label is written at the players' label scale (1.5 by default), the GM's at its own size.
  expect(await rulerLabelPx(gmPage)).toBeCloseTo(14, 0);
  await expect.poll(() => rulerLabelPx(playerPage)).toBeCloseTo(21, 0);
  await playerPage.screenshot({ path: `${SCREENS}/ruler-on-tv-player.png` });

  // A new measure follows on the TV; unticked, it leaves; put away, it leaves too.
  await dragHex(gmPage, { q: 9, r: 5 }, { q: 12, r: 6 });
  await expect.poll(() => playerRuler(playerPage)).toEqual({ from: { q: 9, r: 5 }, to: { q: 12, r: 6 } });
  await gmPage.getByTestId('ruler-to-table').uncheck();
  await expect.poll(() => playerRuler(playerPage)).toBeNull();
  await gmPage.getByTestId('ruler-to-table').check();
  await expect.poll(() => playerRuler(playerPage)).not.toBeNull();
  // The GM goes back to the Select tool: the ruler is put away, on the TV too.
  await gmPage.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(gmPage.getByTestId('ruler-readout')).toBeHidden();
  await expect.poll(() => playerRuler(playerPage)).toBeNull();
  expect((await mustCall(playerPage, 'getProjector', {})).ruler).toBeNull();
});
