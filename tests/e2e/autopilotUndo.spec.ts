/**
 * The autopilot as a first-time GM meets it on the sample ambush, by mouse: it plays the Ford
 * Raiders; the GM undoes its step and it pauses (the tracker says so, with Resume) instead of
 * playing the step again over the redo history; Redo brings the step back; Resume lets it play
 * on. The hidden archer in the fog keeps to her cover under the "stay hidden" setting, and the
 * players never see her; under "act openly" she still waits unseen while no foe is in reach.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, figureOnMap, mustCall, test } from './fixtures';

const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const view = (page: Page) => mustCall(page, 'getGmView', {});
const logLength = async (page: Page) => (await view(page)).history.logLength as number;
const figureAt = async (page: Page, id: string) =>
  ((await view(page)).encounter.figures as { id: string; position: { q: number; r: number } }[]).find((f) => f.id === id)!.position;

async function nextPhase(gm: Page): Promise<void> {
  const before = (await view(gm)).encounter.phase;
  await gm.getByTestId('next-phase').click();
  const confirm = gm.getByTestId('confirm-override');
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expect.poll(async () => (await view(gm)).encounter.phase).not.toBe(before);
}

test('undo under the autopilot pauses it and keeps the redo history; hidden figures keep their cover', async ({ gmPage: gm, playerPage: player }) => {
  test.setTimeout(120_000);
  const grakStart = await figureAt(gm, 'grak');
  const sellaStart = await figureAt(gm, 'sella');
  // The party wins the sample's initiative and moves second: the Raiders move first.
  await gm.getByTestId('roll-initiative').click();
  await gm.getByRole('button', { name: 'Move second' }).click();
  await expect.poll(async () => (await view(gm)).encounter.tracker.initiative?.chosen).toBe(true);
  while ((await view(gm)).encounter.phase !== 'initialMovement') await nextPhase(gm);
  await gm.getByTestId('autopilot-foes').click();
  await expect(gm.getByTestId('autopilot-foes')).toHaveAttribute('aria-pressed', 'true');
  // The setting for hidden figures is said in the tracker, "stay hidden" unless the GM chooses.
  await expect(gm.getByTestId('autopilot-hidden')).toHaveValue('stay');
  await expect(gm.getByTestId('autopilot-hidden-text')).toContainText('keeps to its cover');

  // The autopilot plays the Raiders as they come due: Sella first, hidden in the fog and far from
  // the party, keeps to her cover; then Grak closes in.
  const start = await logLength(gm);
  await expect.poll(() => logLength(gm), { timeout: 15_000 }).toBeGreaterThanOrEqual(start + 2);
  const [sellaStep, grakStep] = (await mustCall(gm, 'getLog', { sinceSeq: start })).entries.map((e: { command: unknown }) => e.command);
  expect(sellaStep).toMatchObject({ type: 'move', figureId: 'sella', mode: 'stand-still', to: sellaStart });
  expect(grakStep).toMatchObject({ type: 'move', figureId: 'grak' });
  expect(await figureOnMap(player, 'sella')).toBeNull();
  const grakThere = await figureAt(gm, 'grak');
  await expect.poll(() => figureOnMap(player, 'grak')).toMatchObject(grakThere);

  // Undo twice, by mouse: Grak and Sella are due again; the autopilot pauses and says so.
  const undo = gm.getByRole('button', { name: 'Undo', exact: true }).first();
  await undo.click();
  await expect(gm.getByTestId('autopilot-paused')).toContainText('paused: you undid a step');
  await undo.click();
  await expect.poll(() => logLength(gm)).toBe(start);
  await expect(gm.getByTestId('autopilot-resume')).toBeVisible();
  await expect.poll(() => figureOnMap(player, 'grak')).toMatchObject(grakStart);
  // Nothing is played over the redo history (an autopilot that did not pause plays within a second).
  await gm.waitForTimeout(2500);
  expect(await logLength(gm)).toBe(start);
  expect((await view(gm)).history.canRedo).toBe(true);
  await gm.screenshot({ path: `${SCREENS}/autopilot-paused-1366x768.png` });

  // Redo brings the autopilot's steps back, on both pages; it stays paused.
  const redo = gm.getByRole('button', { name: 'Redo', exact: true }).first();
  await redo.click();
  await redo.click();
  await expect.poll(() => figureAt(gm, 'grak')).toEqual(grakThere);
  await expect.poll(() => figureOnMap(player, 'grak')).toMatchObject(grakThere);
  await expect(gm.getByTestId('autopilot-paused')).toBeVisible();

  // Undo Grak's step again, then Resume: the GM lets it play on from here, and it moves Grak.
  await undo.click();
  await expect.poll(() => logLength(gm)).toBe(start + 1);
  await gm.getByTestId('autopilot-resume').click();
  await expect(gm.getByTestId('autopilot-paused')).toHaveCount(0);
  await expect.poll(() => logLength(gm), { timeout: 15_000 }).toBe(start + 2);
  expect((await mustCall(gm, 'getLog', { sinceSeq: start + 1 })).entries[0]!.command).toMatchObject({ type: 'move', figureId: 'grak' });
  expect((await view(gm)).history.canRedo).toBe(false);
  expect(await figureAt(gm, 'sella')).toEqual(sellaStart);
  expect(await figureOnMap(player, 'sella')).toBeNull();
  await gm.screenshot({ path: `${SCREENS}/autopilot-resumed-1366x768.png` });
  await player.screenshot({ path: `${SCREENS}/autopilot-resumed-player-1366x768.png` });

  // Under "act openly" she would come out to strike, but no foe is within her reach this turn (a
  // sprint allows no attack, 001 §Action Options b): she still waits unseen, as Suggest says.
  await gm.getByTestId('autopilot-hidden').selectOption('act');
  await expect(gm.getByTestId('autopilot-hidden-text')).toContainText('waits in its cover until it can strike');
  await gm.getByTestId('autopilot-foes').click();
  await expect(gm.getByTestId('autopilot-foes')).toHaveAttribute('aria-pressed', 'false');
  await undo.click();
  await undo.click();
  await expect.poll(async () => (await view(gm)).encounter.tracker.due[0]).toBe('sella');
  await gm.getByTestId('suggest').click();
  await expect(gm.getByTestId('suggestion-reason')).toContainText('Sella stays out of sight: it waits unseen, with no foe it could strike this turn');
  await gm.getByTestId('suggestion-accept').click();
  await expect.poll(() => logLength(gm)).toBe(start + 1);
  expect(await figureAt(gm, 'sella')).toEqual(sellaStart);
  expect(await figureOnMap(player, 'sella')).toBeNull();
  await gm.screenshot({ path: `${SCREENS}/autopilot-act-openly-1366x768.png` });
});
