import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dragHex, expect, figureOnMap, mustCall, test } from './fixtures';
import { settle } from './mapProbes';
import { SCREENS } from './setupSteps';

/**
 * A map change repaints only the ground it touched (map/mapChanges.ts, tiledPainter.ts): a walk
 * under sight-driven fog and a terrain stroke repaint rings and strokes of hexes over the tiles'
 * old pixels. At rest, each page's ground must be what a freshly opened page paints whole —
 * pixel for pixel, over the sample's map image.
 */
test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

const hook = (page: Page) => page.evaluate(() => window.__battleMap !== undefined);
const frameOf = (page: Page) => page.evaluate(() => window.__battleMap.getFrame());

const LEVELS = 12;

/** The ground layer's pixels (RGBA, device pixels). */
const groundPixels = async (page: Page) =>
  Buffer.from(
    await page.evaluate(() => {
      const canvas = document.querySelectorAll<HTMLCanvasElement>('[role=application] canvas')[0]!;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let text = '';
      for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return btoa(text);
    }),
    'base64',
  );

/**
 * The pixels of `a` unlike `b`'s by more than `LEVELS` in a channel, as "x,y: a vs b" (at most 20
 * listed) and their count. A few levels are allowed: over the GM's translucent shading, an
 * antialiased edge repainted as part of a few hexes' path came out up to 6 levels off the same
 * edge in a whole map's path. A hex left stale differs by tens of levels (lit against dimmed).
 */
function differing(a: Buffer, b: Buffer, width: number): { count: number; first: string[] } {
  expect(a.length).toBe(b.length);
  const first: string[] = [];
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 4; c++) worst = Math.max(worst, Math.abs(a[i + c]! - b[i + c]!));
    if (worst <= LEVELS) continue;
    count++;
    if (first.length < 20)
      first.push(`${(i / 4) % width},${Math.floor(i / 4 / width)}: ${[...a.subarray(i, i + 4)].join(' ')} vs ${[...b.subarray(i, i + 4)].join(' ')}`);
  }
  return { count, first };
}

/** A page opened now at the same size as `page`, once it frames what `page` frames and has settled. */
async function freshPageLike(page: Page, url: string, newPage: () => Promise<Page>): Promise<Page> {
  const fresh = await newPage();
  await fresh.setViewportSize(page.viewportSize()!);
  await fresh.goto(url);
  await expect.poll(() => hook(fresh)).toBe(true);
  await fresh.bringToFront();
  const frame = await frameOf(page);
  await expect
    .poll(async () => {
      const loaded = await frameOf(fresh);
      return Math.abs(loaded.x - frame.x) + Math.abs(loaded.y - frame.y) + Math.abs(loaded.width - frame.width);
    })
    .toBeLessThan(0.01);
  await expect.poll(() => fresh.evaluate(() => window.__battleMap.hasBackground)).toBe(true);
  await settle(fresh);
  return fresh;
}

test('after a walk under sight and a terrain stroke, the players’ ground is what a fresh page paints', async ({
  gmPage,
  playerPage,
  context,
  consoleServer,
}) => {
  test.setTimeout(120_000);
  await gmPage.bringToFront();
  const range = gmPage.getByTestId('sight-range');
  await range.fill('5');
  await range.press('Enter');
  await gmPage.getByTestId('sight-side').selectOption({ label: 'The Party' });
  await expect.poll(async () => (await mustCall(gmPage, 'getGmView', {})).encounter.sight?.range).toBe(5);
  // Let the player page paint its ground whole once, so what follows repaints over it.
  await playerPage.bringToFront();
  await settle(playerPage);
  await gmPage.bringToFront();

  for (const [from, to] of [
    [
      { q: 9, r: 5 },
      { q: 10, r: 4 },
    ],
    [
      { q: 10, r: 4 },
      { q: 11, r: 4 },
    ],
  ] as const) {
    await dragHex(gmPage, from, to);
    await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject(to);
  }
  const painted = async () => Object.keys((await mustCall(gmPage, 'getGmView', {})).encounter.map.terrain).length;
  const before = await painted();
  await gmPage.getByRole('button', { name: 'Paint', exact: true }).click();
  await gmPage.getByRole('button', { name: 'Wall', exact: true }).click();
  await dragHex(gmPage, { q: 4, r: 8 }, { q: 6, r: 7 });
  await expect.poll(painted).toBeGreaterThan(before);
  await gmPage.getByRole('button', { name: 'Select', exact: true }).click();

  await playerPage.bringToFront();
  await settle(playerPage);
  const repainted = await groundPixels(playerPage);
  const fresh = await freshPageLike(playerPage, `${consoleServer.player}&e2e=1`, () => context.newPage());
  const whole = await groundPixels(fresh);
  await playerPage.screenshot({ path: `${SCREENS}/ground-repaint-player-1366x768.png` });
  const width = await playerPage.evaluate(() => document.querySelectorAll<HTMLCanvasElement>('[role=application] canvas')[0]!.width);
  expect(differing(repainted, whole, width), 'pixels of the repainted ground unlike a fresh page’s').toEqual({ count: 0, first: [] });

  await gmPage.bringToFront();
  await settle(gmPage);
  const gmRepainted = await groundPixels(gmPage);
  const gmFresh = await freshPageLike(gmPage, gmPage.url(), () => context.newPage());
  const gmWidth = await gmPage.evaluate(() => document.querySelectorAll<HTMLCanvasElement>('[role=application] canvas')[0]!.width);
  expect(differing(gmRepainted, await groundPixels(gmFresh), gmWidth), 'pixels of the GM’s repainted ground unlike a fresh GM page’s').toEqual({
    count: 0,
    first: [],
  });
});
