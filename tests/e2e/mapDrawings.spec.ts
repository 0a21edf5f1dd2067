import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, hexOnScreen, mustCall, test } from './fixtures';
import { SCREENS } from './setupSteps';

/**
 * Drawing on the map, with the mouse: a GM-only line and a label the players see,
 * erased with the eraser, undone with Ctrl+Z, kept with the encounter across a reload; the TV
 * draws only what the GM ticked for it.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

type Drawn = { kind: string; text?: string; gmOnly: boolean; id: string | null };
/** The drawings the page's map shows; none while a page just reloaded has no map yet. */
const drawn = (page: Page) =>
  page.evaluate(
    () =>
      window.__battleMap?.marks.drawingsShown.map((d) => ({ kind: d.kind, text: d.kind === 'text' ? d.text : undefined, gmOnly: d.gmOnly, id: d.id })) ?? [],
  ) as Promise<Drawn[]>;
const kept = async (page: Page) => ((await mustCall(page, 'getGmView', {})).encounter.drawings ?? []).map((d) => `${d.kind}:${d.shown ? 'shown' : 'gm'}`);

test('the GM draws a line for themself and labels a spot for the table, erases, undoes; the TV shows only the label', async ({ gmPage, playerPage }) => {
  test.setTimeout(120_000);
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  await gmPage.getByRole('button', { name: 'Draw', exact: true }).click();
  await expect(gmPage.getByTestId('drawing-bar')).toBeVisible();
  await expect(gmPage.getByTestId('drawing-shown')).not.toBeChecked();

  // A red line, the GM's alone: a drag across three hexes.
  await gmPage.getByRole('button', { name: 'Red pen' }).click();
  const a = await hexOnScreen(gmPage, { q: 12, r: 3 });
  const b = await hexOnScreen(gmPage, { q: 14, r: 3 });
  const c = await hexOnScreen(gmPage, { q: 14, r: 5 });
  await gmPage.mouse.move(a.x, a.y);
  await gmPage.mouse.down();
  await gmPage.mouse.move(b.x, b.y, { steps: 12 });
  await gmPage.mouse.move(c.x, c.y, { steps: 12 });
  await gmPage.mouse.up();
  await expect.poll(() => kept(gmPage)).toEqual(['line:gm']);
  await expect.poll(() => drawn(gmPage)).toEqual([expect.objectContaining({ kind: 'line', gmOnly: true })]);

  // A label for the table: tick the box, click a spot, type, Enter.
  await gmPage.getByTestId('drawing-shown').check();
  const spot = await hexOnScreen(gmPage, { q: 6, r: 8 });
  await gmPage.mouse.click(spot.x, spot.y);
  await gmPage.getByTestId('drawing-label').fill('The old well');
  await gmPage.keyboard.press('Enter');
  await expect.poll(() => kept(gmPage)).toEqual(['line:gm', 'text:shown']);
  await expect.poll(() => drawn(playerPage)).toEqual([{ kind: 'text', text: 'The old well', gmOnly: false, id: null }]);
  expect(JSON.stringify(await mustCall(playerPage, 'getPlayerView', {}))).not.toContain('drawing-');
  await gmPage.screenshot({ path: `${SCREENS}/drawings-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/drawings-player-1920x1080.png` });

  // The eraser takes the line off with a click on it; Ctrl+Z puts it back.
  await gmPage.getByRole('button', { name: 'Eraser' }).click();
  await gmPage.mouse.click(b.x, b.y);
  await expect.poll(() => kept(gmPage)).toEqual(['text:shown']);
  await gmPage.keyboard.press('Control+z');
  await expect.poll(() => kept(gmPage)).toEqual(['line:gm', 'text:shown']);
  // The TV never drew the line, nor does it now.
  expect((await drawn(playerPage)).map((d) => d.kind)).toEqual(['text']);

  // Kept with the encounter: a reload of both pages draws the same.
  await gmPage.reload();
  await playerPage.reload();
  await expect.poll(() => drawn(gmPage)).toHaveLength(2);
  await expect.poll(() => drawn(playerPage)).toEqual([{ kind: 'text', text: 'The old well', gmOnly: false, id: null }]);
});
