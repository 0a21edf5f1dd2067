import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, hexOnScreen, test } from './fixtures';
import { notchOf, settle, turnSelected } from './mapProbes';
import type { CommandCosts } from './pageProbes';

/**
 * What one GM command costs the pages: a turned figure is drawn without
 * measuring any text again (the tokens' text is laid out once and its measurements kept), and
 * the GM page reads the log and the turn rules once per command, not twice.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

// Sample campaign: Bram stands at axial (9, 5).
const BRAM = { q: 9, r: 5 };

/** Counts, in the page, canvas text measurements and the channels the page sends to main. */
function countCosts(): void {
  const costs: CommandCosts = { measures: 0, sent: {} };
  window.__costs = costs;
  const measure = CanvasRenderingContext2D.prototype.measureText;
  CanvasRenderingContext2D.prototype.measureText = function (text: string) {
    costs.measures++;
    return measure.call(this, text);
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data: Parameters<WebSocket['send']>[0]) {
    const channel = typeof data === 'string' ? (JSON.parse(data) as { channel?: string }).channel : undefined;
    if (channel) costs.sent[channel] = (costs.sent[channel] ?? 0) + 1;
    return send.call(this, data);
  };
}

const costs = (page: Page) => page.evaluate(() => window.__costs);
const resetCosts = (page: Page) =>
  page.evaluate(() => {
    const c = window.__costs;
    c.measures = 0;
    c.sent = {};
  });

test('a turned figure is drawn on both pages without measuring text again, and the GM page reads the log once', async ({ gmPage, playerPage }) => {
  for (const page of [gmPage, playerPage]) {
    await page.addInitScript(countCosts);
    await page.reload();
  }
  await expect(gmPage.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
  await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
  await expect.poll(() => notchOf(playerPage, 'Bram')).toContain('[');
  await settle(gmPage);
  await settle(playerPage);
  // Loading: each token's texts are measured when first drawn, a handful of measurements each.
  const tokens = await gmPage.evaluate(() => window.__battleMap.stage.getLayers()[2]!.getChildren().length);
  expect(tokens).toBeGreaterThan(3);
  expect((await costs(gmPage)).measures, 'text measurements while the GM page loaded').toBeLessThanOrEqual(tokens * 8);

  // The GM selects Bram with a click and turns him with E, as at the table.
  await gmPage.bringToFront();
  const at = await hexOnScreen(gmPage, BRAM);
  await gmPage.mouse.click(at.x, at.y);
  await expect.poll(() => gmPage.evaluate(() => window.__battleMap.stage.findOne<Konva.Group>('#bram')?.findOne('.halo')?.visible())).toBe(true);
  await settle(gmPage);
  await settle(playerPage);
  // The dice log is open beside the map, as a GM keeps it.
  await gmPage.getByRole('tab', { name: 'Dice log' }).click();
  await expect.poll(async () => (await costs(gmPage)).sent.getLog ?? 0, { message: 'the log panel has read the log' }).toBeGreaterThan(0);
  await resetCosts(gmPage);
  await resetCosts(playerPage);
  await turnSelected(gmPage, playerPage, 'Bram');
  // The log panel shows the turn: the page has read the new entry.
  await expect(gmPage.getByTestId('log-entry').last()).toContainText('Bram');
  const gm = await costs(gmPage);
  const player = await costs(playerPage);
  expect(gm.sent.sendCommand, 'commands the GM page sent').toBe(1);
  expect(gm.sent.getLog, 'log reads for one command').toBe(1);
  expect(gm.sent.turnRules, 'turn rules asked for one command').toBe(1);
  expect(gm.measures, 'text measured again on the GM page for a turn').toBe(0);
  expect(player.measures, 'text measured again on the projector for a turn').toBe(0);
  // The projector applied the pushed change to the view it held: it fetched nothing.
  expect(player.sent.getPlayerView ?? 0, 'whole player views fetched for one command').toBe(0);
  await gmPage.screenshot({ path: `${SCREENS}/command-cost-gm-after-turn.png` });
  await playerPage.screenshot({ path: `${SCREENS}/command-cost-player-after-turn.png` });
});
