import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, figureHeldAt, figureOnMap, mustCall, test } from './fixtures';
import { groundBrightness, settle } from './mapProbes';
import { SCREENS } from './setupSteps';

/**
 * Sight-driven fog through the GM page, with the mouse: the GM picks "The Party" in the header's
 * Sight control, 5 hexes far; the projector opens only what Bram and Ilsa see. The GM drags Bram two
 * hexes towards the ford: new ground opens, ground he left is dimmed, ground never seen stays
 * black. Grak comes into sight and waits for the GM: Y reveals him, Ctrl+Z takes it back, "Not
 * yet" keeps him back, and the kept-back button reveals him after all.
 */
const LEFT_BEHIND = { q: 9, r: 0 };
const NEW_GROUND = { q: 15, r: 3 };
const NEVER_SEEN = { q: 25, r: 5 };

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const playerMap = async (page: Page) => (await mustCall(page, 'getPlayerView', {})).encounter;
const shownNames = async (page: Page) => (await playerMap(page)).figures.map((f) => f.name).sort();
const key = (h: { q: number; r: number }) => `${h.q},${h.r}`;

test('sight-driven fog opens the map as Bram walks; Grak waits for the GM to reveal him, undoably', async ({ gmPage, playerPage }) => {
  test.setTimeout(120_000);
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });

  // How far first (the console's default is 20 hexes), then whose sight.
  const range = gmPage.getByTestId('sight-range');
  await expect(range).toHaveValue('20');
  await range.fill('5');
  await range.press('Enter');
  await gmPage.getByTestId('sight-side').selectOption({ label: 'The Party' });
  await expect.poll(async () => (await mustCall(gmPage, 'getGmView', {})).encounter.sight?.range).toBe(5);

  let seen = await playerMap(playerPage);
  expect(seen.map.fogged).toContain(key(NEW_GROUND));
  expect(seen.map.fogged).toContain(key(NEVER_SEEN));
  expect(seen.map.fogged).not.toContain(key(LEFT_BEHIND));
  expect(await shownNames(playerPage)).toEqual(['Bram', 'Ilsa']);

  await dragHex(gmPage, { q: 9, r: 5 }, { q: 10, r: 4 });
  await expect.poll(() => figureOnMap(gmPage, 'bram')).toMatchObject({ q: 10, r: 4 });
  await expect.poll(() => figureHeldAt(gmPage, 'bram')).toEqual({ q: 10, r: 4 });
  await dragHex(gmPage, { q: 10, r: 4 }, { q: 11, r: 4 });
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject({ q: 11, r: 4 });

  seen = await playerMap(playerPage);
  expect(seen.map.fogged).not.toContain(key(NEW_GROUND));
  expect(seen.map.fogged).toContain(key(NEVER_SEEN));
  expect(seen.map.dimmed).toContain(key(LEFT_BEHIND));
  // The GM is asked; the players do not see Grak yet.
  const prompt = gmPage.getByTestId('reveal-prompt');
  await expect(prompt).toContainText("Grak comes into the party's sight.");
  expect(await shownNames(playerPage)).toEqual(['Bram', 'Ilsa']);
  // The GM sees the whole map, shaded where the party does not see now.
  await settle(gmPage);
  expect(await groundBrightness(gmPage, NEVER_SEEN)).toBeLessThan((await groundBrightness(gmPage, NEW_GROUND)) * 0.8);
  await gmPage.screenshot({ path: `${SCREENS}/party-sight-reveal-gm-1366x768.png` });

  // What the players really see: lit ground, dimmed ground left behind, black where nobody has been.
  await playerPage.bringToFront();
  await playerPage.setViewportSize({ width: 1366, height: 768 });
  await settle(playerPage);
  const lit = await groundBrightness(playerPage, NEW_GROUND);
  const dimmed = await groundBrightness(playerPage, LEFT_BEHIND);
  const black = await groundBrightness(playerPage, NEVER_SEEN);
  expect(dimmed).toBeLessThan(lit * 0.7);
  expect(black).toBeLessThan(12);
  expect(dimmed).toBeGreaterThan(black + 5);
  await playerPage.screenshot({ path: `${SCREENS}/party-sight-player-1366x768.png` });
  await gmPage.bringToFront();

  // Y reveals him on the players' map.
  await gmPage.keyboard.press('y');
  await expect.poll(() => shownNames(playerPage)).toEqual(['Bram', 'Grak', 'Ilsa']);
  await expect(prompt).toHaveCount(0);
  // Ctrl+Z takes the reveal back: he is gone again and the GM is asked again.
  await gmPage.keyboard.press('Control+z');
  await expect.poll(() => shownNames(playerPage)).toEqual(['Bram', 'Ilsa']);
  await expect(prompt).toContainText('Reveal Grak to the players?');

  // Not yet: the question goes, Grak is kept back and still unseen; the kept-back button reveals him.
  await gmPage.getByTestId('reveal-not-yet').click();
  await expect(gmPage.getByTestId('reveal-kept')).toContainText('Grak');
  await expect(gmPage.getByTestId('reveal-yes')).toHaveCount(0);
  expect(await shownNames(playerPage)).toEqual(['Bram', 'Ilsa']);
  await gmPage.screenshot({ path: `${SCREENS}/party-sight-kept-back-1366x768.png` });
  await gmPage.getByTestId('reveal-kept').getByRole('button', { name: 'Grak' }).click();
  await expect.poll(() => shownNames(playerPage)).toEqual(['Bram', 'Grak', 'Ilsa']);
  await expect(prompt).toHaveCount(0);

  // Off again: the GM's fog alone decides.
  await gmPage.getByTestId('sight-side').selectOption({ label: 'off' });
  await expect.poll(async () => (await playerMap(playerPage)).map.fogged).not.toContain(key(NEVER_SEEN));
});
