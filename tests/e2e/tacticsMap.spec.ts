import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, figureOnMap, mustCall, test } from './fixtures';

/**
 * Suggest draws the proposal on the GM map (the move's path, the target it aims
 * at) and the drawing goes when the GM accepts, dismisses, or anything else changes the encounter;
 * the player page never shows it (a proposal may name hidden figures).
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

type Marker = { actor: { q: number; r: number } | null; path: { q: number; r: number }[]; targets: { q: number; r: number }[] } | null;

const shown = (page: Page): Promise<Marker> =>
  page.evaluate(() => {
    const m = window.__battleMap?.marks.proposalShown ?? null;
    return m === null ? null : JSON.parse(JSON.stringify(m));
  });
const revision = async (page: Page): Promise<number> => (await mustCall(page, 'getGmView', {})).revision;

/** Suggest, and accept what is not a move, until the tactics propose a move with a path of at least two hexes. */
async function suggestUntilMove(page: Page): Promise<NonNullable<Marker>> {
  for (let i = 0; i < 12; i++) {
    const before = await revision(page);
    await page.getByTestId('suggest').click();
    await expect(page.getByTestId('suggestion')).toBeVisible();
    const marker = await shown(page);
    if (marker && marker.path.length > 1) return marker;
    const accept = page.getByTestId('suggestion-accept');
    if (await accept.count()) await accept.click();
    else await page.getByTestId('next-phase').click();
    await expect.poll(() => revision(page)).toBeGreaterThan(before);
  }
  throw new Error('the tactics never proposed a move');
}

test('a suggested move is drawn on the GM map only, and goes when accepted, dismissed or stale', async ({ gmPage: page, playerPage }) => {
  test.setTimeout(90_000);
  const marker = await suggestUntilMove(page);
  const reason = await page.getByTestId('suggestion-reason').textContent();
  const actorId = (await mustCall(page, 'getGmView', {})).encounter.figures.find(
    (f: { position: { q: number; r: number } }) => f.position.q === marker.path[0]!.q && f.position.r === marker.path[0]!.r,
  )?.id as string;
  expect(actorId, 'the path starts where the figure stands').toBeTruthy();
  expect(marker.actor).toEqual(marker.path[0]);
  expect(await shown(playerPage)).toBeNull();
  await page.screenshot({ path: `${SCREENS}/tactics-proposal-path-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/tactics-proposal-path-player-1366x768.png` });

  // Dismiss: the drawing goes.
  await page.getByTestId('suggestion-dismiss').click();
  await expect.poll(() => shown(page)).toBeNull();

  // Stale: the GM turns the figure instead; the suggestion and its drawing both go.
  await page.getByTestId('suggest').click();
  await expect.poll(async () => (await shown(page))?.path.length ?? 0).toBeGreaterThan(1);
  const before = await revision(page);
  await page.keyboard.press('e');
  await expect.poll(() => revision(page)).toBeGreaterThan(before);
  await expect.poll(() => shown(page)).toBeNull();
  await expect(page.getByTestId('suggestion')).toHaveCount(0);

  // Accept: the figure goes where the path ends, on both pages, and the drawing goes.
  await page.getByTestId('suggest').click();
  await expect(page.getByTestId('suggestion-reason')).toHaveText(reason!.replace(/\s+/g, ' ').trim());
  const again = (await shown(page))!;
  expect(again.path.length).toBeGreaterThan(1);
  const end = again.path[again.path.length - 1]!;
  await page.getByTestId('suggestion-accept').click();
  await expect.poll(() => shown(page)).toBeNull();
  await expect.poll(async () => figureOnMap(page, actorId)).toMatchObject(end);
  // The projector shows the move only when the figure is in the players' sight (Sella, hidden
  // from players in the sample, stays off it: the path never told them where she was).
  const actor = (await mustCall(page, 'getGmView', {})).encounter.figures.find((f) => f.id === actorId)!;
  if (actor.hidden) await expect.poll(async () => figureOnMap(playerPage, actorId)).toBeNull();
  else await expect.poll(async () => figureOnMap(playerPage, actorId)).toMatchObject(end);
  expect(await shown(playerPage)).toBeNull();
});

test('a suggested attack rings its target on the GM map, never on the player page', async ({ gmPage: page, playerPage }) => {
  test.setTimeout(150_000);
  // Play on with the suggestions until one aims at a figure (the sides close in, then strike).
  for (let i = 0; i < 60; i++) {
    const before = await revision(page);
    await page.getByTestId('suggest').click();
    await expect(page.getByTestId('suggestion')).toBeVisible();
    const marker = await shown(page);
    if (marker && marker.targets.length > 0) {
      const v = await mustCall(page, 'getGmView', {});
      const target = v.encounter.figures.find(
        (f: { position: { q: number; r: number } }) => f.position.q === marker.targets[0]!.q && f.position.r === marker.targets[0]!.r,
      );
      expect(target, 'the ring is on a figure').toBeTruthy();
      await expect(page.getByTestId('suggestion-reason')).toContainText(target!.name);
      expect(await shown(playerPage)).toBeNull();
      await page.screenshot({ path: `${SCREENS}/tactics-proposal-target-1366x768.png` });
      await playerPage.screenshot({ path: `${SCREENS}/tactics-proposal-target-player-1366x768.png` });
      await page.getByTestId('suggestion-accept').click();
      await expect.poll(() => shown(page)).toBeNull();
      return;
    }
    const accept = page.getByTestId('suggestion-accept');
    if (await accept.count()) await accept.click();
    else await page.getByTestId('next-phase').click();
    const confirm = page.getByTestId('confirm-override');
    await expect.poll(async () => (await confirm.isVisible().catch(() => false)) || (await revision(page)) > before).toBe(true);
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await expect.poll(() => revision(page)).toBeGreaterThan(before);
  }
  throw new Error('the tactics never proposed an attack');
});
