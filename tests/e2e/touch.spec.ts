import { mkdir } from 'node:fs/promises';
import type { CDPSession, Page } from '@playwright/test';
import { expect, figureOnMap, hexOnScreen, mustCall, test } from './fixtures';

/**
 * Touch on the GM map: a touch laptop or a TV laid flat. Real touch input through
 * Chromium's DevTools protocol (`Input.dispatchTouchEvent`): tap to select, one-finger drag to
 * move a figure (seen on the player page too), two fingers to pan and to pinch-zoom.
 */
const SCREENS = 'test-results/screens';
const BRAM = { q: 9, r: 5 };

test.use({ hasTouch: true });

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

type TouchPoint = { x: number; y: number; id: number };

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: TouchPoint[]): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p) => ({ x: p.x, y: p.y, id: p.id })) });
}

/** One finger from `from` to `to` in `steps` moves. */
async function swipe(cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }, steps = 8): Promise<void> {
  await touch(cdp, 'touchStart', [{ ...from, id: 1 }]);
  for (let i = 1; i <= steps; i++)
    await touch(cdp, 'touchMove', [{ x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps, id: 1 }]);
  await touch(cdp, 'touchEnd', []);
}

/** Two fingers, each from its start to its end together. */
async function twoFingers(
  cdp: CDPSession,
  a: [{ x: number; y: number }, { x: number; y: number }],
  b: [{ x: number; y: number }, { x: number; y: number }],
  steps = 8,
): Promise<void> {
  await touch(cdp, 'touchStart', [{ ...a[0], id: 1 }]);
  await touch(cdp, 'touchStart', [
    { ...a[0], id: 1 },
    { ...b[0], id: 2 },
  ]);
  for (let i = 1; i <= steps; i++) {
    const at = (p: [{ x: number; y: number }, { x: number; y: number }]) => ({
      x: p[0].x + ((p[1].x - p[0].x) * i) / steps,
      y: p[0].y + ((p[1].y - p[0].y) * i) / steps,
    });
    await touch(cdp, 'touchMove', [
      { ...at(a), id: 1 },
      { ...at(b), id: 2 },
    ]);
  }
  await touch(cdp, 'touchEnd', [{ ...a[1], id: 1 }]);
  await touch(cdp, 'touchEnd', []);
}

const camera = (page: Page) =>
  page.evaluate(() => {
    const camera = window.__battleMap.cameraState;
    return { scale: camera.scale, x: camera.x, y: camera.y };
  });

test('tap selects, a one-finger drag moves a figure on both pages, two fingers pan and pinch-zoom', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  const cdp = await gmPage.context().newCDPSession(gmPage);

  // Tap on Bram: he is selected (his sheet opens), and nothing moved.
  const bram = await hexOnScreen(gmPage, BRAM);
  await gmPage.touchscreen.tap(bram.x, bram.y);
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('Bram');
  expect(await figureOnMap(gmPage, 'bram')).toMatchObject(BRAM);

  // One finger drags Bram to the next hex: the move reaches the player page.
  const target = { q: BRAM.q + 1, r: BRAM.r };
  await swipe(cdp, bram, await hexOnScreen(gmPage, target));
  await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject(target);
  await expect.poll(() => figureOnMap(gmPage, 'bram')).toMatchObject(target);

  // Two fingers spreading apart zoom in about their midpoint, and nothing is moved or selected by them.
  const before = await camera(gmPage);
  const box = (await gmPage.getByRole('application', { name: 'Battlemap' }).boundingBox())!;
  const mid = { x: box.x + box.width * 0.6, y: box.y + box.height * 0.75 };
  await twoFingers(
    cdp,
    [
      { x: mid.x - 40, y: mid.y },
      { x: mid.x - 120, y: mid.y },
    ],
    [
      { x: mid.x + 40, y: mid.y },
      { x: mid.x + 120, y: mid.y },
    ],
  );
  await expect.poll(async () => (await camera(gmPage)).scale).toBeCloseTo(before.scale * 3, 1);
  const zoomed = await camera(gmPage);
  // Two fingers moving together pan by their travel, at the same zoom.
  await twoFingers(
    cdp,
    [
      { x: mid.x - 60, y: mid.y },
      { x: mid.x - 160, y: mid.y - 50 },
    ],
    [
      { x: mid.x + 60, y: mid.y },
      { x: mid.x - 40, y: mid.y - 50 },
    ],
  );
  await expect.poll(async () => (await camera(gmPage)).x).toBeCloseTo(zoomed.x - 100, 0);
  const panned = await camera(gmPage);
  expect(panned.y).toBeCloseTo(zoomed.y - 50, 0);
  expect(panned.scale).toBeCloseTo(zoomed.scale, 5);
  // Read once the figure layer is drawn at the new camera (mid-gesture it is only moved by CSS).
  await expect.poll(() => figureOnMap(gmPage, 'bram')).toMatchObject(target);
  await gmPage.screenshot({ path: `${SCREENS}/touch-pinched-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/touch-pinched-player-1366x768.png` });
  await gmPage.setViewportSize({ width: 1920, height: 1080 });
  await playerPage.setViewportSize({ width: 1920, height: 1080 });
  await gmPage.screenshot({ path: `${SCREENS}/touch-pinched-gm-1920x1080.png` });
  await playerPage.screenshot({ path: `${SCREENS}/touch-pinched-player-1920x1080.png` });
});

/** Records, at every frame from now on, the hexes the page's map pulses at (`window.__pulses`). */
const recordPulses = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __pulses: string[] }).__pulses = seen;
    const frame = (): void => {
      const at = window.__battleMap.marks.pulsing;
      if (at && !seen.includes(`${at.q},${at.r}`)) seen.push(`${at.q},${at.r}`);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
const pulses = (page: Page) => page.evaluate(() => (window as unknown as { __pulses: string[] }).__pulses);

test('a finger held still on a hex pings it for the table; held on Bram it opens his menu, whose ping marks his hex, and never moves him', async ({
  gmPage,
  playerPage,
}) => {
  test.setTimeout(60_000);
  await gmPage.bringToFront();
  const cdp = await gmPage.context().newCDPSession(gmPage);
  await recordPulses(gmPage);
  await recordPulses(playerPage);

  // Held on open ground by the ford: both maps pulse there; nothing is selected.
  const ground = { q: 12, r: 3 };
  const at = await hexOnScreen(gmPage, ground);
  await touch(cdp, 'touchStart', [{ ...at, id: 1 }]);
  await expect.poll(async () => (await mustCall(gmPage, 'getProjector', {})).ping?.hex).toEqual(ground);
  await touch(cdp, 'touchEnd', []);
  await expect.poll(() => pulses(playerPage)).toContain('12,3');
  await expect.poll(() => pulses(gmPage)).toContain('12,3');
  await expect(gmPage.getByTestId('figure-sheet')).toHaveCount(0);
  await gmPage.screenshot({ path: `${SCREENS}/touch-long-press-ping-gm-1366x768.png` });

  // Held on Bram, with a drift of a few pixels: his menu opens (as a right click does; the finger's
  // press selects him), the finger sliding on afterwards does not drag him, and the menu's ping
  // pulses his hex on both maps.
  const bram = await hexOnScreen(gmPage, BRAM);
  await touch(cdp, 'touchStart', [{ ...bram, id: 2 }]);
  await touch(cdp, 'touchMove', [{ x: bram.x + 3, y: bram.y + 2, id: 2 }]);
  await expect(gmPage.getByTestId('figure-menu')).toContainText('Bram');
  await touch(cdp, 'touchMove', [{ x: bram.x + 60, y: bram.y + 10, id: 2 }]);
  await touch(cdp, 'touchEnd', []);
  expect(await figureOnMap(gmPage, 'bram')).toMatchObject(BRAM);
  expect(await figureOnMap(playerPage, 'bram')).toMatchObject(BRAM);
  const ping = gmPage.getByTestId('menu-ping').boundingBox();
  const box = (await ping)!;
  await gmPage.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(async () => (await mustCall(gmPage, 'getProjector', {})).ping?.hex).toEqual(BRAM);
  await expect.poll(() => pulses(playerPage)).toContain(`${BRAM.q},${BRAM.r}`);
  await expect(gmPage.getByTestId('figure-menu')).toHaveCount(0);
  await expect(gmPage.getByTestId('figure-sheet')).toContainText('Bram');

  // A tap on the ground is still a tap: it puts the sheet away and pings nothing new.
  const seq = (await mustCall(gmPage, 'getProjector', {})).ping?.seq;
  await gmPage.touchscreen.tap(at.x, at.y);
  await expect(gmPage.getByTestId('figure-sheet')).toHaveCount(0);
  expect((await mustCall(gmPage, 'getProjector', {})).ping?.seq ?? null).toBe(seq ?? null);
});
