/**
 * Placing and making, as a first-time GM meets them: after a click places a figure, the hint over
 * that hex says it was placed (not why the hex is taken, which reads like a failure); a player
 * character is placed once and placing ends, while a Quick NPC goes on until Esc; and a new
 * encounter made on the campaign screen opens at once on both pages.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, figureOnMap, hexOnScreen, mustCall, test } from './fixtures';

const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

type Ghost = { hex: { q: number; r: number }; ok: boolean | null; facing: number } | null;
const hand = (page: Page) =>
  page.evaluate(() => (window as unknown as { __battleMap: { marks: { handState: { ghost: Ghost } } } }).__battleMap.marks.handState);
const named = async (page: Page, prefix: string) =>
  ((await mustCall(page, 'getGmView', {})).encounter.figures as { name: string; position: { q: number; r: number } }[]).filter((f) =>
    f.name.startsWith(prefix),
  );

test('after a placement the hint says it was placed; a Quick NPC goes on, a character stops after one', async ({ gmPage: gm, playerPage: player }) => {
  test.setTimeout(90_000);
  await gm.getByRole('tab', { name: 'Figure' }).click();
  await gm.getByTestId('new-npc').click();
  await gm.getByTestId('figure-name').fill('Raider');
  await gm.getByTestId('figure-side').selectOption('foes');
  await gm.getByTestId('figure-place').click();
  const at = { q: 12, r: 6 };
  const p = await hexOnScreen(gm, at);
  await gm.mouse.move(p.x, p.y, { steps: 3 });
  await expect.poll(async () => (await hand(gm)).ghost).toMatchObject({ hex: at, ok: true });
  await gm.mouse.click(p.x, p.y);
  await expect(gm.getByTestId('placing-count')).toHaveText('1 placed');
  // The pointer still rests on the hex just filled: the hint says so, in words that are not a refusal.
  await expect(gm.getByTestId('placing-done')).toHaveText('Raider placed here. Click another hex for another; Esc or Done stops.');
  await expect(gm.getByTestId('placing-refusal')).toHaveCount(0);
  expect((await hand(gm)).ghost?.ok).not.toBe(false);
  await gm.screenshot({ path: `${SCREENS}/placing-after-click-1366x768.png` });
  // Placing goes on for an NPC: a second one on the next hex, then Done.
  const next = await hexOnScreen(gm, { q: 12, r: 8 });
  await gm.mouse.move(next.x, next.y, { steps: 3 });
  await expect(gm.getByTestId('placing-done')).toHaveCount(0);
  await gm.mouse.click(next.x, next.y);
  await expect(gm.getByTestId('placing-count')).toHaveText('2 placed');
  await gm.getByTestId('placing-stop').click();
  await expect(gm.getByTestId('placing-hint')).toBeHidden();
  expect((await named(gm, 'Raider')).map((f) => f.name)).toEqual(['Raider', 'Raider 2']);
  await expect.poll(() => figureOnMap(player, 'raider-2')).toMatchObject({ q: 12, r: 8 });

  // A player character is one person: placed once, and placing ends by itself.
  await gm.getByTestId('new-character').click();
  await gm.getByTestId('figure-name').fill('Wren');
  await expect(gm.getByTestId('figure-problems')).toHaveCount(0);
  await gm.getByTestId('figure-place').click();
  await expect(gm.getByTestId('placing-hint')).toContainText('Placing Wren');
  await expect(gm.getByTestId('placing-hint')).toContainText('Click a hex to place Wren');
  // Turned with the hint's buttons, the mouse alone: twice to the right, once back.
  for (const turn of ['placing-turn-right', 'placing-turn-right', 'placing-turn-left', 'placing-turn-right']) await gm.getByTestId(turn).click();
  const wrenAt = { q: 10, r: 8 };
  const w = await hexOnScreen(gm, wrenAt);
  await gm.mouse.move(w.x, w.y, { steps: 3 });
  await expect.poll(async () => (await hand(gm)).ghost).toMatchObject({ hex: wrenAt, ok: true, facing: 2 });
  await gm.mouse.click(w.x, w.y);
  await expect(gm.getByTestId('placing-hint')).toBeHidden();
  await expect(gm.getByTestId('figure-sheet')).toContainText('Wren');
  // A second click on another hex places nothing.
  const elsewhere = await hexOnScreen(gm, { q: 9, r: 9 });
  await gm.mouse.click(elsewhere.x, elsewhere.y);
  expect((await named(gm, 'Wren')).map((f) => f.position)).toEqual([wrenAt]);
  expect(((await mustCall(gm, 'getGmView', {})).encounter.figures as { name: string; facing: number }[]).find((f) => f.name === 'Wren')?.facing).toBe(2);
  await expect.poll(() => figureOnMap(player, 'wren')).toMatchObject(wrenAt);
  await gm.screenshot({ path: `${SCREENS}/placing-character-once-1366x768.png` });
  await player.screenshot({ path: `${SCREENS}/placing-character-once-player-1366x768.png` });
});

test('creating an encounter opens it on both pages', async ({ gmPage: gm, playerPage: player }) => {
  await gm.getByTestId('campaign-menu').click();
  await gm.getByTestId('menu-encounters').click();
  await expect(gm.getByTestId('campaign-screen')).toBeVisible();
  await gm.getByTestId('new-encounter-name').fill('Old Mill');
  await gm.getByTestId('new-encounter-cols').fill('16');
  await gm.getByTestId('new-encounter-rows').fill('12');
  await gm.getByTestId('new-encounter-create').click();
  await expect(gm.getByTestId('campaign-screen')).toBeHidden();
  await expect(gm.getByTestId('encounter-name')).toHaveText('Old Mill');
  await expect(player.getByTestId('player-status')).toContainText('Old Mill');
  const view = await mustCall(gm, 'getGmView', {});
  expect(view.encounter.map).toMatchObject({ cols: 16, rows: 12 });
  await gm.screenshot({ path: `${SCREENS}/new-encounter-opened-1366x768.png` });
  await player.screenshot({ path: `${SCREENS}/new-encounter-opened-player-1366x768.png` });
});
