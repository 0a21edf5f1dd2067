import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A TV laid flat on the table, through the Scale panel's ticks with the player
 * page checked where its things are drawn: turned 180°, the status bar is read at the top of the
 * screen and the map's corner tokens swap sides; with "both long sides", the strip faces the far
 * side and a handout is shown twice, one copy turned to each side.
 */
const SCREENS = 'test-results/screens';

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** Where a page draws an element, transforms included, and how it is turned (degrees). */
function placed(page: Page, testId: string, nth = 0): Promise<{ top: number; bottom: number; turn: number }> {
  return page.evaluate(
    ([id, n]) => {
      const element = document.querySelectorAll(`[data-testid="${id}"]`)[n]!;
      const rect = element.getBoundingClientRect();
      let turn = 0;
      for (let e: Element | null = element; e; e = e.parentElement) {
        const m = new DOMMatrix(getComputedStyle(e).transform === 'none' ? undefined : getComputedStyle(e).transform);
        turn += Math.round((Math.atan2(m.b, m.a) * 180) / Math.PI);
      }
      return { top: rect.top, bottom: rect.bottom, turn: ((turn % 360) + 360) % 360 };
    },
    [testId, nth] as const,
  );
}

async function openScale(gmPage: Page): Promise<void> {
  await gmPage.getByRole('button', { name: /^Scale:/ }).click();
}

test('turned 180°, the player display is read from the other long side; unticked it is upright again', async ({ gmPage, playerPage }) => {
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await expect(playerPage.getByTestId('player-status')).toBeVisible();
  expect(await placed(playerPage, 'player-status')).toMatchObject({ turn: 0 });
  expect((await placed(playerPage, 'player-status')).bottom).toBeGreaterThan(1000);
  await openScale(gmPage);
  await gmPage.getByTestId('turned-toggle').check();
  await expect.poll(async () => (await placed(playerPage, 'player-status')).turn).toBe(180);
  // The status bar now lies along the top edge of the screen, upside down for the near side.
  expect((await placed(playerPage, 'player-status')).top).toBeLessThan(80);
  await playerPage.screenshot({ path: `${SCREENS}/table-turned-player-1920x1080.png` });
  await gmPage.screenshot({ path: `${SCREENS}/table-turned-gm-1366x768.png` });
  await gmPage.getByTestId('turned-toggle').uncheck();
  await expect.poll(async () => (await placed(playerPage, 'player-status')).turn).toBe(0);
  expect((await placed(playerPage, 'player-status')).bottom).toBeGreaterThan(1000);
});

test('both long sides: the strip faces the far side and a handout is shown to each side', async ({ gmPage, playerPage }) => {
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await openScale(gmPage);
  await gmPage.getByTestId('turn-strip-toggle').check();
  await gmPage.getByTestId('both-sides-toggle').check();
  await expect(playerPage.getByTestId('turn-strip')).toBeVisible();
  await expect.poll(async () => (await placed(playerPage, 'turn-strip')).turn).toBe(180);
  expect((await placed(playerPage, 'turn-strip')).top).toBeLessThan(10);
  expect(await placed(playerPage, 'player-status')).toMatchObject({ turn: 0 });
  await openScale(gmPage);

  await gmPage.getByTestId('handouts-toggle').click();
  const panel = gmPage.getByTestId('handouts-panel');
  await panel.getByTestId('handout-title').fill('The ferryman’s toll');
  await panel.getByTestId('handout-words').fill('Two silver a head, one for a dog.');
  await panel.getByTestId('handout-add').click();
  await panel.getByTestId('handout-row').filter({ hasText: 'ferryman' }).getByTestId('handout-show').click();
  await expect(playerPage.getByTestId('handout')).toHaveCount(2);
  await expect(playerPage.getByTestId('handout-text').first()).toHaveText('Two silver a head, one for a dog.');
  await expect(playerPage.getByTestId('handout-text').nth(1)).toHaveText('Two silver a head, one for a dog.');
  const far = await placed(playerPage, 'handout', 0);
  const near = await placed(playerPage, 'handout', 1);
  expect(far.turn).toBe(180);
  expect(near.turn).toBe(0);
  expect(far.bottom).toBeLessThanOrEqual(near.top + 1);
  await playerPage.screenshot({ path: `${SCREENS}/table-both-sides-player-1920x1080.png` });
  await gmPage.screenshot({ path: `${SCREENS}/table-both-sides-gm-1366x768.png` });

  // Unticked, the one handout is upright over the whole map again.
  await gmPage.getByTestId('handouts-toggle').click();
  await openScale(gmPage);
  await gmPage.getByTestId('both-sides-toggle').uncheck();
  await expect(playerPage.getByTestId('handout')).toHaveCount(1);
  expect(await placed(playerPage, 'handout')).toMatchObject({ turn: 0 });
  await expect.poll(async () => (await placed(playerPage, 'turn-strip')).turn).toBe(0);
});
