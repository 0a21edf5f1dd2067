/**
 * Calibration a GM can see, and terrain a GM can read: while calibrating, the grid is drawn bright
 * over a dark edge, the hint sits under the toolbar out of the picture's way, and the camera holds
 * still between pins (it fits the calibrated map once calibrating ends). Terrain kinds carry marks
 * of their own on both pages, and the GM map has a legend of the kinds on it.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, hexOnScreen, test } from './fixtures';
import { settle } from './mapProbes';

const SCREENS = 'test-results/screens';
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

type Hex = { q: number; r: number };
const camera = (page: Page) => page.evaluate(() => window.__battleMap.cameraState);

/** The colour the grid layer drew at a point `dx`, `dy` hex sizes from a hex's centre. */
const colourAt = (page: Page, hex: Hex, dx = 0, dy = 0) =>
  page.evaluate(
    ({ hex, dx, dy }) => {
      const map = window.__battleMap;
      const c = map.hexToScreen(hex);
      const s = 32 * map.cameraState.scale;
      const canvas = document.querySelector('[role=application] canvas') as HTMLCanvasElement;
      const ratio = canvas.width / canvas.clientWidth;
      const d = canvas.getContext('2d')!.getImageData(Math.round((c.x + dx * s) * ratio), Math.round((c.y + dy * s) * ratio), 1, 1).data;
      return [d[0]!, d[1]!, d[2]!];
    },
    { hex, dx, dy },
  );
const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

test('calibrating shows a bright grid, keeps the hint and the camera out of the way', async ({ gmPage: gm, playerPage: player }) => {
  test.setTimeout(90_000);
  await settle(gm);
  // A hex corner of the grid (corner 0 of a flat hex: one size to the right of its centre).
  const corner = { q: 10, r: 4 };
  const before = await colourAt(gm, corner, 1, 0);
  await gm.getByTestId('map-image-menu').click();
  await gm.getByTestId('map-image-calibrate').click();
  await settle(gm);
  const calibrating = await colourAt(gm, corner, 1, 0);
  // The calibration grid's bright line (#4ff0ff) at the corner, where the plain grid was dark or faint.
  expect(distance(calibrating, [0x4f, 0xf0, 0xff])).toBeLessThan(90);
  expect(distance(before, [0x4f, 0xf0, 0xff])).toBeGreaterThan(150);
  // The hint sits under the toolbar, in the top fifth of the map.
  const map = (await gm.getByRole('application', { name: 'Battlemap' }).boundingBox())!;
  const hint = (await gm.getByTestId('calibrate-hint').boundingBox())!;
  expect(hint.y + hint.height).toBeLessThan(map.y + map.height * 0.2);
  await gm.screenshot({ path: `${SCREENS}/calibrate-grid-1366x768.png` });

  // Two pins: the picture moves under the grid, the camera does not.
  const still = await camera(gm);
  const drag = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
    await gm.mouse.move(from.x, from.y);
    await gm.mouse.down();
    await gm.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await gm.mouse.move(to.x, to.y, { steps: 4 });
    await gm.mouse.up();
  };
  const scale = still.scale * 32;
  const a = await hexOnScreen(gm, { q: 4, r: 4 });
  await drag({ x: a.x + scale - 18, y: a.y - 12 }, { x: a.x + scale, y: a.y });
  await expect(gm.getByTestId('calibrate-hint')).toContainText('Pin 1 set');
  expect(await camera(gm)).toEqual(still);
  const b = await hexOnScreen(gm, { q: 20, r: -4 });
  await drag({ x: b.x + scale - 40, y: b.y + 10 }, { x: b.x + scale, y: b.y });
  await expect(gm.getByTestId('calibrate-hint')).toContainText('Two pins set');
  expect(await camera(gm)).toEqual(still);
  await settle(gm);
  await gm.screenshot({ path: `${SCREENS}/calibrate-pinned-1366x768.png` });
  // Done: the grid is plain again and the camera fits the calibrated map.
  await gm.getByTestId('map-image-calibrate').click();
  await expect.poll(() => gm.evaluate(() => window.__battleMap.isAutoCamera)).toBe(true);
  await settle(gm);
  expect(distance(await colourAt(gm, corner, 1, 0), [0x4f, 0xf0, 0xff])).toBeGreaterThan(150);
  await expect(player.getByTestId('player-map')).toHaveAttribute('data-map-image', /\.png$/);
});

test('terrain kinds have marks of their own on both pages, and a legend on the GM map', async ({ gmPage: gm, playerPage: player }) => {
  const wall = { q: 12, r: 8 };
  const fire = { q: 14, r: 8 };
  await gm.getByRole('button', { name: 'Paint', exact: true }).click();
  await gm.getByRole('button', { name: 'Brush: 1 hex' }).click();
  for (const [kind, hex] of [
    ['Wall', wall],
    ['Fire', fire],
  ] as const) {
    await gm.getByRole('button', { name: kind, exact: true }).click();
    const p = await hexOnScreen(gm, hex);
    await gm.mouse.click(p.x, p.y);
  }
  await gm.getByRole('button', { name: 'Select', exact: true }).click();
  const legend = gm.getByTestId('terrain-legend');
  await expect(legend.getByTestId('legend-wall')).toContainText('Wall');
  await expect(legend.getByTestId('legend-fire')).toContainText('Fire');
  // The sample's ford already has broken ground: the legend lists it too.
  await expect(legend.getByTestId('legend-broken')).toContainText('Broken ground');
  for (const page of [gm, player]) {
    await settle(page);
    // The wall's course of stone (0.3 of a hex below its centre) is dark ink; the flame's tip is pale gold.
    const wallMark = await colourAt(page, wall, 0, 0.3);
    expect(distance(wallMark, [0x1c, 0x1b, 0x19])).toBeLessThan(60);
    expect(distance(wallMark, await colourAt(page, wall))).toBeGreaterThan(40);
    const flame = await colourAt(page, fire, 0, -0.55);
    expect(distance(flame, [0xff, 0xe0, 0x8a])).toBeLessThan(80);
  }
  await gm.screenshot({ path: `${SCREENS}/terrain-legend-1366x768.png` });
  await player.screenshot({ path: `${SCREENS}/terrain-marks-player-1366x768.png` });
});
