import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, figureOnMap, mustCall, test } from './fixtures';
import { toRenewSpells } from './sampleTurn';

/**
 * The due card's movement badge and the option reasons agree (RULINGS T5): Ilsa sets out at a
 * Sprint and is dragged one hex past her Jog, so the turn counts a Run; in the action phase the
 * badge says Run with the hexes moved, and the closed charge attack's reason says the same.
 * Both come from main's one answer (`legalOptions`).
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** Clicks the due figure's `button` until `name` is due (each click waits for the next figure). */
async function until(page: Page, name: string, button: string): Promise<void> {
  for (let due = await page.getByTestId('due-name').textContent(); due !== name; due = await page.getByTestId('due-name').textContent()) {
    await page.getByTestId(button).click();
    await expect(page.getByTestId('due-name')).not.toHaveText(due ?? '');
  }
}

test('the badge and the reasons both say the gait the hexes moved count (RULINGS T5)', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await toRenewSpells(gmPage);
  await gmPage.getByTestId('next-phase').click();
  await until(gmPage, 'Ilsa', 'stand-still');

  // Her Jog, as the tracker tells it; then she sets out at a Sprint and goes one hex further than the Jog.
  await gmPage.getByTestId('gait-jog').click();
  await expect(gmPage.getByTestId('movement-left')).toContainText('(Jog)');
  const jog = Number(/up to (\d+) hex/.exec((await gmPage.getByTestId('movement-left').textContent()) ?? '')?.[1]);
  expect(jog).toBeGreaterThan(1);
  await gmPage.getByTestId('gait-sprint').click();
  await expect(gmPage.getByTestId('movement-left')).toContainText('(Sprint)');
  const reach = await mustCall(gmPage, 'reachable', { figureId: 'ilsa', gait: 'sprint' });
  const found = reach.hexes.find((h) => h.cost === jog + 1 && !h.engaged)?.hex;
  expect(found, `a hex ${jog + 1} hexes of movement from Ilsa`).toBeTruthy();
  const to = found!;
  const from = (await figureOnMap(gmPage, 'ilsa'))!;
  await dragHex(gmPage, from, to);
  await expect.poll(async () => (await figureOnMap(gmPage, 'ilsa'))?.q).toBe(to.q);
  await expect.poll(async () => (await figureOnMap(playerPage, 'ilsa'))?.r).toBe(to.r);

  // On to the action phase; Ilsa's turn comes.
  while ((await gmPage.getByTestId('stand-still').count()) > 0) {
    const due = await gmPage.getByTestId('due-name').textContent();
    await gmPage.getByTestId('stand-still').click();
    await expect
      // allTextContents does not wait: once the last figure has moved there is no due card to read.
      .poll(async () => (await gmPage.getByTestId('stand-still').count()) === 0 || (await gmPage.getByTestId('due-name').allTextContents())[0] !== due)
      .toBe(true);
  }
  await gmPage.getByTestId('next-phase').click();
  await gmPage.getByTestId('next-phase').click();
  await until(gmPage, 'Ilsa', 'pass');

  const words = `moved: Run · ${jog + 1} hexes`;
  await expect(gmPage.getByTestId('due-figure')).not.toContainText('moved: Sprint');
  await expect(gmPage.getByTestId('due-moved')).toHaveText(words);
  await expect(gmPage.getByTestId('reason-b')).toContainText(`Ilsa moved ${jog + 1} hexes, a run (RULINGS T5)`);
  await gmPage.screenshot({ path: `${SCREENS}/movement-badge-gm.png` });
  await expect(playerPage.getByTestId('player-acting')).toHaveText('Ilsa to act');
  await playerPage.screenshot({ path: `${SCREENS}/movement-badge-player.png` });
});
