/**
 * Facing at the end of a drag: while the GM drags a figure, Q / E or the mouse wheel turn it, the
 * token shows the facing it will land with, and the drop sends one command with that facing (a
 * GM's step by hand before play, a move in the movement phase). Both pages show the new facing.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, hexOnScreen, mustCall, socketCall, test } from './fixtures';

const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

type Fig = { id: string; name: string; facing: number; position: { q: number; r: number } };
const gmFigure = async (page: Page, id: string): Promise<Fig> => ((await mustCall(page, 'getGmView', {})).encounter.figures as Fig[]).find((f) => f.id === id)!;
const playerFacing = async (page: Page, name: string): Promise<number | null> => {
  const r = await socketCall(page, 'getPlayerView', {});
  return (r.value.encounter.figures as Fig[]).find((f) => f.name === name)?.facing ?? null;
};
const logLength = async (page: Page): Promise<number> => (await mustCall(page, 'getGmView', {})).history.logLength;

/** Presses the left button on `from`, moves to `to` in steps, runs `turn` with the figure in hand, and drops it. */
async function dragWith(page: Page, from: { q: number; r: number }, to: { q: number; r: number }, turn: () => Promise<void>): Promise<void> {
  const a = await hexOnScreen(page, from);
  const b = await hexOnScreen(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await expect(page.getByTestId('drag-path')).toBeVisible();
  await turn();
  await page.mouse.up();
}

test('Q / E and the wheel turn a dragged figure; the drop lands it facing that way', async ({ gmPage: gm, playerPage: player }) => {
  test.setTimeout(90_000);
  // Before play: the GM's step by hand, turned twice to the left with Q.
  const bram = await gmFigure(gm, 'bram');
  const before = await logLength(gm);
  const next = { q: bram.position.q + 1, r: bram.position.r };
  await dragWith(gm, bram.position, next, async () => {
    await gm.keyboard.press('q');
    await gm.keyboard.press('q');
    await expect(gm.getByTestId('drag-path')).toContainText('facing 4');
    await gm.screenshot({ path: `${SCREENS}/drag-facing-turned-1366x768.png` });
  });
  await expect.poll(async () => (await gmFigure(gm, 'bram')).position).toEqual(next);
  const moved = await gmFigure(gm, 'bram');
  expect(moved.facing).toBe((bram.facing + 4) % 6);
  // One step in the log: the move with its facing, not a turn sent while the figure was in hand.
  expect(await logLength(gm)).toBe(before + 1);
  expect((await mustCall(gm, 'getLog', { sinceSeq: before })).entries[0]!.command).toEqual({ type: 'moveFigure', figureId: 'bram', to: next, facing: 4 });
  await expect.poll(() => playerFacing(player, 'Bram')).toBe(4);

  // In the movement phase: the figure due is dragged two hexes and turned with the wheel.
  await gm.getByTestId('roll-initiative').click();
  await gm.getByRole('button', { name: 'Move first' }).click();
  while ((await mustCall(gm, 'getGmView', {})).encounter.phase !== 'initialMovement') {
    await gm.getByTestId('next-phase').click();
    const confirm = gm.getByTestId('confirm-override');
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
  }
  const dueId = (await mustCall(gm, 'getGmView', {})).encounter.tracker.due[0] as string;
  const due = await gmFigure(gm, dueId);
  const to = { q: due.position.q - 2, r: due.position.r + 1 };
  const mark = await logLength(gm);
  await dragWith(gm, due.position, to, async () => {
    await gm.mouse.wheel(0, 100);
    await expect(gm.getByTestId('drag-path')).toContainText(`facing ${(due.facing + 1) % 6}`);
  });
  await expect.poll(async () => (await gmFigure(gm, dueId)).position).toEqual(to);
  expect((await gmFigure(gm, dueId)).facing).toBe((due.facing + 1) % 6);
  expect((await mustCall(gm, 'getLog', { sinceSeq: mark })).entries[0]!.command).toMatchObject({
    type: 'move',
    figureId: dueId,
    to,
    facing: (due.facing + 1) % 6,
  });
  await expect.poll(() => playerFacing(player, due.name)).toBe((due.facing + 1) % 6);
  await gm.screenshot({ path: `${SCREENS}/drag-facing-moved-1366x768.png` });
  await player.screenshot({ path: `${SCREENS}/drag-facing-moved-player-1366x768.png` });
});

test('E pressed three times quickly turns the selected figure three notches on both pages; each is one undo step', async ({
  gmPage: gm,
  playerPage: player,
}) => {
  test.setTimeout(60_000);
  await gm.bringToFront();
  const bram = await gmFigure(gm, 'bram');
  const before = await logLength(gm);
  await gm.getByTestId('figure-bram').click();
  // Pressed faster than the page hears back: each press is a notch from where main has him.
  await gm.keyboard.press('e');
  await gm.keyboard.press('e');
  await gm.keyboard.press('e');
  await expect.poll(async () => (await gmFigure(gm, 'bram')).facing).toBe((bram.facing + 3) % 6);
  await expect.poll(() => logLength(gm)).toBe(before + 3);
  await expect.poll(() => playerFacing(player, 'Bram')).toBe((bram.facing + 3) % 6);
  await gm.keyboard.press('q');
  await expect.poll(() => playerFacing(player, 'Bram')).toBe((bram.facing + 2) % 6);
  await gm.getByRole('button', { name: 'Undo', exact: true }).first().click();
  await expect.poll(async () => (await gmFigure(gm, 'bram')).facing).toBe((bram.facing + 3) % 6);
  await expect.poll(() => playerFacing(player, 'Bram')).toBe((bram.facing + 3) % 6);
});
