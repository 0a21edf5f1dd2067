import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type Konva from 'konva';
import { expect, figureOnMap, hexOnScreen, mustCall, test } from './fixtures';
import { toRenewSpells } from './sampleTurn';

/**
 * The map under the GM's hand, on the sample encounter through the UI: a 3d6
 * character's dice shown and re-rolled before placing, placed by clicking hexes with a ghost that
 * says why a hex will not do and a facing set with E; a drag that shows main's path and its length
 * before the drop; hide / reveal from the figure menu and with H; figures under fog marked on the
 * GM map. Both pages are asserted; the player page never shows a hidden or fogged figure.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

type Hex = { q: number; r: number };
const hand = (page: Page) => page.evaluate(() => window.__battleMap.marks.handState);
const token = (page: Page, id: string) =>
  page.evaluate((figureId) => {
    const node = window.__battleMap.stage.findOne<Konva.Group>(`#${figureId}`);
    return node ? { opacity: node.opacity(), veil: node.findOne<Konva.Text>('.veil')!.text() } : null;
  }, id);
const rolledTotals = async (page: Page) =>
  Object.fromEntries(
    await Promise.all(
      ['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR'].map(async (a) => [a, Number(await page.getByTestId(`roll-${a}`).locator('.total').textContent())] as const),
    ),
  );

test('a 3d6 character: its dice before placing, a re-roll, then placed once by clicking with a facing', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await gmPage
    .getByRole('tab', { name: 'Figure' })
    .click()
    .catch(() => {});
  await gmPage.getByTestId('new-character').click();
  await gmPage.getByTestId('figure-name').fill('Rolf');
  await gmPage.getByTestId('method-roll').check();
  await expect(gmPage.getByTestId('creation-rolls')).toBeVisible();
  await expect(gmPage.getByTestId('roll-STR').locator('.faces')).toHaveText(/^[1-6] \+ [1-6] \+ [1-6]$/);
  const first = await rolledTotals(gmPage);
  const faces = async () => (await gmPage.getByTestId('creation-rolls').locator('.faces').allTextContents()).join('|');
  const firstFaces = await faces();
  await gmPage.getByTestId('reroll').click();
  await expect.poll(faces).not.toBe(firstFaces);
  const kept = await rolledTotals(gmPage);
  await gmPage.screenshot({ path: `${SCREENS}/placing-rolls-1366x768.png` });
  expect(Object.values(kept).every((v) => v >= 3 && v <= 18)).toBe(true);
  expect(first).toBeDefined();

  await gmPage.getByTestId('figure-place').click();
  await expect(gmPage.getByTestId('placing-hint')).toContainText('Placing Rolf');
  // Over Grak (16,1): the ghost is red and the hint says why.
  const grak = await hexOnScreen(gmPage, { q: 16, r: 1 });
  await gmPage.mouse.move(grak.x, grak.y, { steps: 3 });
  await expect(gmPage.getByTestId('placing-refusal')).toHaveText('Another figure stands there.');
  expect((await hand(gmPage)).ghost).toMatchObject({ hex: { q: 16, r: 1 }, ok: false });
  // Right in front of Grak (facing 3, battle-axe ready): allowed, but the GM is told it starts engaged.
  const front = await hexOnScreen(gmPage, { q: 15, r: 1 });
  await gmPage.mouse.move(front.x, front.y, { steps: 3 });
  await expect(gmPage.getByTestId('placing-warning')).toContainText('Grak would engage it there');
  await expect(gmPage.getByTestId('placing-refusal')).toHaveCount(0);
  // Two hexes south of Bram's line, facing 2 (E twice): placed, and placing goes on.
  const at: Hex = { q: 12, r: 6 };
  const p = await hexOnScreen(gmPage, at);
  await gmPage.mouse.move(p.x, p.y, { steps: 3 });
  await gmPage.keyboard.press('e');
  await gmPage.keyboard.press('e');
  await expect(gmPage.getByTestId('placing-hint')).toContainText('facing 2');
  await expect.poll(async () => (await hand(gmPage)).ghost).toMatchObject({ hex: at, facing: 2, ok: true });
  await gmPage.screenshot({ path: `${SCREENS}/placing-ghost-1366x768.png` });
  await gmPage.mouse.click(p.x, p.y);
  // A player character is one figure: placing ends with it (copies are for NPCs).
  await expect(gmPage.getByTestId('placing-hint')).toBeHidden();
  expect((await hand(gmPage)).ghost).toBeNull();
  await expect.poll(() => figureOnMap(gmPage, 'rolf')).toMatchObject(at);
  await expect.poll(() => figureOnMap(playerPage, 'rolf')).toMatchObject(at);

  // Main made Rolf with the dice the GM kept: the sheet shows them, facing 2 as set.
  const gm = await mustCall(gmPage, 'getGmView', {});
  const rolfs = gm.encounter.figures.filter((f) => f.name.startsWith('Rolf'));
  expect(rolfs.map((f) => [f.position, f.facing])).toEqual([[at, 2]]);
  await expect(gmPage.getByTestId('attr-STR')).toContainText(String(kept.STR));
  await gmPage.screenshot({ path: `${SCREENS}/placing-placed-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/placing-placed-player-1366x768.png` });
});

test('dragging a figure shows main’s path and length before the drop; the drop walks it', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await toRenewSpells(gmPage);
  await gmPage.getByTestId('next-phase').click();
  const due = (await gmPage.getByTestId('due-name').textContent())!.trim();
  const id = due.toLowerCase();
  const start = (await figureOnMap(gmPage, id))!;
  const to: Hex = { q: start.q + 3, r: start.r };
  const a = await hexOnScreen(gmPage, start);
  const b = await hexOnScreen(gmPage, to);
  await gmPage.mouse.move(a.x, a.y);
  await gmPage.mouse.down();
  await gmPage.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await gmPage.mouse.move(b.x, b.y, { steps: 5 });
  await expect(gmPage.getByTestId('drag-path')).toHaveText(/^3 hexes · Walk/);
  const path = (await hand(gmPage)).path!;
  expect(path.ok).toBe(true);
  expect(path.path).toHaveLength(4);
  expect(path.path[0]).toEqual({ q: start.q, r: start.r });
  expect(path.path[3]).toEqual(to);
  await gmPage.screenshot({ path: `${SCREENS}/placing-drag-path-1366x768.png` });
  // The player page draws nothing of it.
  expect((await hand(playerPage)).path).toBeNull();
  await gmPage.mouse.up();
  await expect(gmPage.getByTestId('drag-path')).toBeHidden();
  await expect.poll(() => figureOnMap(gmPage, id)).toMatchObject(to);
  await expect.poll(() => figureOnMap(playerPage, id)).toMatchObject(to);
});

test('hide and reveal from the figure menu and with H; hidden and fogged figures are marked for the GM only', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  const bram = (await figureOnMap(gmPage, 'bram'))!;
  await expect.poll(() => figureOnMap(playerPage, 'bram')).not.toBeNull();
  const bramAt = await hexOnScreen(gmPage, bram);
  await gmPage.mouse.click(bramAt.x, bramAt.y, { button: 'right' });
  await expect(gmPage.getByTestId('figure-menu')).toContainText('Bram');
  await gmPage.screenshot({ path: `${SCREENS}/placing-figure-menu-1366x768.png` });
  await gmPage.getByTestId('menu-toggle-hidden').click();
  await expect(gmPage.getByTestId('figure-menu')).toBeHidden();
  await expect.poll(() => token(gmPage, 'bram')).toMatchObject({ opacity: 0.5, veil: '⊘' });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toBeNull();
  expect(await playerPage.content()).not.toContain('Bram');
  // H reveals the selected figure again.
  await gmPage.keyboard.press('h');
  await expect.poll(() => token(gmPage, 'bram')).toMatchObject({ opacity: 1, veil: '' });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: bram.q, r: bram.r });
  // Fog over Ilsa's hex: the GM map marks her ☁; the players do not see her.
  const ilsa = (await figureOnMap(gmPage, 'ilsa'))!;
  await mustCall(gmPage, 'sendCommand', { command: { type: 'setHexesHidden', hexes: [{ q: ilsa.q, r: ilsa.r }], hidden: true } });
  await expect.poll(() => token(gmPage, 'ilsa')).toMatchObject({ opacity: 0.5, veil: '☁' });
  await expect.poll(() => figureOnMap(playerPage, 'ilsa')).toBeNull();
  // And H hides Bram again: both marks at once on the GM map, neither figure on the player page.
  await gmPage.keyboard.press('h');
  await expect.poll(() => token(gmPage, 'bram')).toMatchObject({ veil: '⊘' });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toBeNull();
  await gmPage.screenshot({ path: `${SCREENS}/placing-hidden-fog-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/placing-hidden-fog-player-1366x768.png` });
});
