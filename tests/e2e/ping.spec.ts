import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, hexOnScreen, mustCall, test } from './fixtures';
import { colourPixels, type InkColour } from './mapProbes';
import { SCREENS } from './setupSteps';

/**
 * The GM's ping, with the mouse and one key: the pointer rests on a hex by the ford and G pings it;
 * the GM map and the projector both pulse there in the ping's magenta, and the pulse is over after
 * about two seconds. A ping into Sella's fogged corner pulses there for the players as a hex only
 * (nothing under the fog is sent), and under blackout the players get no ping at all.
 */
const FORD = { q: 12, r: 6 };
const FOGGED = { q: 22, r: -6 };

/** The ping's magenta (#ff4fd8). */
const MAGENTA: InkColour = { alpha: 150, r: [225, 256], g: [50, 110], b: [185, 245] };
const pulsing = (page: Page) => page.evaluate(() => window.__battleMap.marks.pulsing);
const ringPixels = (page: Page, hex: { q: number; r: number }) => colourPixels(page, hex, { world: 40, minScreen: 40 }, MAGENTA);

/**
 * A pulse is a moment, so each page records it itself: from now on, at every frame, the hex it pulses
 * and whether any magenta is drawn on its marks layer near `hex`. Read it with `pulseSeen`.
 */
const watchPulse = (page: Page, hex: { q: number; r: number }) =>
  page.evaluate(
    ({ h, ink }) => {
      const seen = { hexes: [] as string[], magenta: 0 };
      (window as unknown as { __pulse: typeof seen }).__pulse = seen;
      const map = window.__battleMap;
      const layer = map.stage.getLayers()[1]!;
      const started = performance.now();
      const frame = (): void => {
        const at = map.marks.pulsing;
        if (at) seen.hexes.push(`${at.q},${at.r}`);
        const canvas: HTMLCanvasElement = layer.getCanvas()._canvas;
        const ratio = layer.getCanvas().getPixelRatio();
        const c = map.hexToScreen(h);
        const half = Math.max(40, 40 * map.cameraState.scale) * ratio;
        const data = canvas.getContext('2d')!.getImageData(c.x * ratio - half, c.y * ratio - half, half * 2, half * 2).data;
        let n = 0;
        const within = (v: number, [lo, hi]: readonly [number, number]) => v > lo && v < hi;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3]! > ink.alpha && within(data[i]!, ink.r) && within(data[i + 1]!, ink.g) && within(data[i + 2]!, ink.b)) n++;
        }
        seen.magenta = Math.max(seen.magenta, n);
        if (performance.now() - started < 8000) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    { h: hex, ink: MAGENTA },
  );
const pulseSeen = (page: Page) => page.evaluate(() => (window as unknown as { __pulse: { hexes: string[]; magenta: number } }).__pulse);

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

test('G pings the hex under the pointer on both maps for a moment; fogged hexes show only the pulse; blackout shows none', async ({ gmPage, playerPage }) => {
  test.setTimeout(90_000);
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  const at = await hexOnScreen(gmPage, FORD);
  await gmPage.mouse.move(at.x, at.y, { steps: 3 });
  for (const page of [gmPage, playerPage]) await watchPulse(page, FORD);
  await gmPage.keyboard.press('g');
  for (const page of [gmPage, playerPage]) {
    await expect.poll(async () => (await pulseSeen(page)).hexes).toContain('12,6');
    await expect.poll(async () => (await pulseSeen(page)).magenta).toBeGreaterThan(20);
  }
  await gmPage.screenshot({ path: `${SCREENS}/ping-gm-1366x768.png` });
  await playerPage.screenshot({ path: `${SCREENS}/ping-player.png` });
  // Over after about two seconds, on both maps.
  for (const page of [gmPage, playerPage]) await expect.poll(() => pulsing(page), { timeout: 6_000 }).toBeNull();
  await expect.poll(() => ringPixels(playerPage, FORD)).toBe(0);

  // Into the fog: the players' map pulses at the hex; the frame still holds nothing of what is there.
  await gmPage.bringToFront();
  const fogged = await hexOnScreen(gmPage, FOGGED);
  await gmPage.mouse.move(fogged.x, fogged.y, { steps: 3 });
  await watchPulse(playerPage, FOGGED);
  await gmPage.keyboard.press('g');
  await expect.poll(async () => (await pulseSeen(playerPage)).hexes).toContain('22,-6');
  const view = await mustCall(playerPage, 'getPlayerView', {});
  expect(view.encounter.map.fogged).toContain(`${FOGGED.q},${FOGGED.r}`);
  expect(JSON.stringify(view)).not.toContain('Sella');

  // Under blackout: the GM's map pulses, the players' does not.
  await expect.poll(() => pulsing(playerPage), { timeout: 6_000 }).toBeNull();
  await gmPage.keyboard.press('b');
  await expect(playerPage.getByTestId('blackout')).toBeVisible();
  await gmPage.mouse.move(at.x, at.y, { steps: 3 });
  for (const page of [gmPage, playerPage]) await watchPulse(page, FORD);
  await gmPage.keyboard.press('g');
  await expect.poll(async () => (await pulseSeen(gmPage)).hexes).toContain('12,6');
  expect((await mustCall(playerPage, 'getProjector', {})).ping).toBeNull();
  expect((await pulseSeen(playerPage)).hexes).toEqual([]);
  // Off the map: the GM is told what to do.
  await gmPage.keyboard.press('b');
  await gmPage.mouse.move(5, 300);
  await gmPage.keyboard.press('g');
  await expect(gmPage.getByText('Point at a hex on the map, then press G to ping it for the table.')).toBeVisible();
});

test('Shift+G pings the hex and turns a held projector to it, at the size it showed; F follows the GM again', async ({ gmPage, playerPage }) => {
  test.setTimeout(60_000);
  await gmPage.bringToFront();
  await gmPage.setViewportSize({ width: 1366, height: 768 });
  // The GM zooms in on the party and holds the projector there (L), then looks at the whole map again (0).
  const bram = await hexOnScreen(gmPage, { q: 9, r: 5 });
  await gmPage.mouse.move(bram.x, bram.y, { steps: 3 });
  for (let i = 0; i < 10; i++) await gmPage.mouse.wheel(0, -240);
  await gmPage.keyboard.press('l');
  await expect.poll(async () => (await mustCall(gmPage, 'getProjector', {})).mode).toBe('hold');
  const held = (await mustCall(gmPage, 'getProjector', {})).frame!;
  await gmPage.keyboard.press('0');

  const corner = { q: 28, r: 4 };
  const box = (await playerPage.getByTestId('player-map').boundingBox())!;
  const onPlayerMap = async () => {
    const c = await hexOnScreen(playerPage, corner);
    return c.x > box.x && c.x < box.x + box.width && c.y > box.y && c.y < box.y + box.height;
  };
  await expect.poll(onPlayerMap).toBe(false);
  const at = await hexOnScreen(gmPage, corner);
  await gmPage.mouse.move(at.x, at.y, { steps: 3 });
  await watchPulse(playerPage, corner);
  await gmPage.keyboard.press('Shift+G');
  // Held still, at the same size, moved so the corner is on the players' map.
  await expect.poll(async () => (await mustCall(gmPage, 'getProjector', {})).frame?.x).not.toBe(held.x);
  const turned = await mustCall(gmPage, 'getProjector', {});
  expect(turned.mode).toBe('hold');
  expect(turned.frame).toMatchObject({ width: held.width, height: held.height });
  await expect.poll(onPlayerMap).toBe(true);
  await expect.poll(async () => (await pulseSeen(playerPage)).hexes).toContain('28,4');
  await playerPage.screenshot({ path: `${SCREENS}/ping-look-here-player.png` });
  await gmPage.screenshot({ path: `${SCREENS}/ping-look-here-gm-1366x768.png` });
  await gmPage.keyboard.press('f');
  await expect.poll(async () => (await mustCall(gmPage, 'getProjector', {})).mode).toBe('follow');
});
