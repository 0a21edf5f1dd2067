import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { frameOf, layerDigests, rightDragPan, settle } from './mapProbes';

/**
 * A map that comes to rest with tiles still missing settles (the hang fixed in 577e7ed):
 * on a 4096² map image a zoom in and a pan leave tiles of the new zoom unpainted when the camera
 * stops; they are painted at rest, the map is drawn once and sharpened strip by strip, and then
 * the map layer draws nothing more. Before the fix it was drawn whole on every frame, forever,
 * and never settled. Asserted on what the map does at rest, whatever the machine's pace: it
 * settles, paints and sharpens what was missing when the camera stopped, then draws nothing,
 * and shows the pixels of a whole redraw and of a freshly loaded page.
 */
const SCREENS = 'test-results/screens';
/** Animation frames the map layer must stay quiet once the page says it has settled (~1 s at 60 Hz). */
const QUIET_FRAMES = 60;
/** Wheel notches of the GM's gesture (×1.1 each) as real input, then the last ones in one task: more than the √2 between two tile levels (tileGrid.ts). */
const WHEEL_NOTCHES = 8;
const LAST_NOTCHES = 4;

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** A real 4096² JPEG drawn in the page: a landscape of soft blots, so misplaced or blurred tiles change its pixels. */
async function bigJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const n = 4096;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = n;
    const ctx = canvas.getContext('2d')!;
    const g = ctx.createLinearGradient(0, 0, n, n);
    g.addColorStop(0, '#4c5d3f');
    g.addColorStop(0.5, '#6b6a4a');
    g.addColorStop(1, '#3d4f5a');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, n, n);
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 3000; i++) {
      ctx.fillStyle = `hsla(${Math.floor(rnd() * 360)}, 30%, ${30 + rnd() * 30}%, 0.35)`;
      ctx.beginPath();
      ctx.arc(rnd() * n, rnd() * n, 4 + rnd() * 40, 0, Math.PI * 2);
      ctx.fill();
    }
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/jpeg', 0.85));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}

/** What a page's map layer (the first) did since `watchIfSettled`: whole draws, grid tiles painted, strips sharpened, and whether its camera moved or its map image changed (a player page's is main's copy, fog painted out). */
interface RestWork {
  draws: number;
  tiles: number;
  strips: number;
  moved: boolean;
}

/**
 * Starts counting, from now, what the map layer of a page draws and paints, if the page has
 * settled; false if it has not. One task, so nothing (a frame from main moving the camera) comes
 * between seeing it settled and the counting.
 */
const watchIfSettled = (page: Page) =>
  page.evaluate(() => {
    const map = window.__battleMap;
    if (!map.settled) return false;
    const layer = map.stage.getLayers()[0]!;
    layer.off('draw.restTiles');
    const watch = {
      draws: 0,
      tiles: map.gridRepaints,
      strips: map.frames.stripsDrawn,
      camera: JSON.stringify([map.cameraState, document.querySelector('[data-testid=player-map]')?.getAttribute('data-map-image') ?? null]),
    };
    layer.on('draw.restTiles', () => watch.draws++);
    (window as unknown as { __restWatch: typeof watch }).__restWatch = watch;
    return true;
  });

const restWork = (page: Page): Promise<RestWork> =>
  page.evaluate(() => {
    const map = window.__battleMap;
    const watch = (window as unknown as { __restWatch: { draws: number; tiles: number; strips: number; camera: string } }).__restWatch;
    return {
      draws: watch.draws,
      tiles: map.gridRepaints - watch.tiles,
      strips: map.frames.stripsDrawn - watch.strips,
      moved: JSON.stringify([map.cameraState, document.querySelector('[data-testid=player-map]')?.getAttribute('data-map-image') ?? null]) !== watch.camera,
    };
  });

/** Resolves after `n` animation frames of the page. */
const animationFrames = (page: Page, n: number) =>
  page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );

const settled = (page: Page) => page.evaluate(() => window.__battleMap.settled);

/**
 * The map at rest: it settles (a hung map never does), and then, while its camera stays where it
 * is and its map image stays the same, its layer draws, paints and sharpens nothing more as the
 * page goes on giving it frames. A camera still moving (a projector following the GM converges in
 * a step or two), or a new copy of the map image arriving, is waited out.
 */
async function expectAtRest(page: Page, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await expect.poll(() => watchIfSettled(page), { message: `${name}: the map settles once the camera stops`, timeout: 30_000 }).toBe(true);
    await animationFrames(page, QUIET_FRAMES);
    const { moved, ...work } = await restWork(page);
    if (moved && attempt < 5) continue;
    expect(moved, `${name}: the camera and the map image stay as they came to rest`).toBe(false);
    expect(work, `${name}: what the map layer drew in the ${QUIET_FRAMES} frames after it settled`).toEqual({ draws: 0, tiles: 0, strips: 0 });
    return;
  }
}

test('a map that stops with tiles of a 4096² image missing paints them, sharpens once and then draws nothing more, on both pages', async ({
  gmPage,
  playerPage,
  context,
  consoleServer,
}) => {
  test.setTimeout(90_000);
  const jpeg = await bigJpeg(gmPage);
  await gmPage.getByTestId('map-image-file').setInputFiles({ name: 'valley-4096.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(gmPage.getByTestId('map-image-menu')).toBeVisible();
  await expect(playerPage.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.jpg$/, { timeout: 30_000 });
  await gmPage.bringToFront();
  await settle(gmPage);

  // Wheel notches in (tiles of several closer zoom levels) and a right-drag pan (new tiles come into view).
  const box = (await gmPage.getByRole('application', { name: 'Battlemap' }).boundingBox())!;
  const at = { x: box.x + box.width * 0.45, y: box.y + box.height * 0.5 };
  await gmPage.mouse.move(at.x, at.y);
  for (let i = 0; i < WHEEL_NOTCHES; i++) await gmPage.mouse.wheel(0, -100);
  await rightDragPan(gmPage, at, { x: -12, y: -7 }, 20);
  // The gesture's last notches and drag reach the map in one task: real input lets a busy machine
  // rest (and paint) between events, these cannot, so on any machine the camera stops with tiles
  // of its last zoom missing. The counting starts in the same task, before any frame.
  const end = { x: at.x - 20 * 12, y: at.y - 20 * 7 };
  const moved = await gmPage.evaluate(
    ({ from, notches, steps }) => {
      const map = window.__battleMap;
      const el = map.stage.container();
      const before = JSON.stringify(map.cameraState);
      const at = (x: number, y: number) => ({ clientX: x, clientY: y, bubbles: true, cancelable: true });
      for (let i = 0; i < notches; i++) el.dispatchEvent(new WheelEvent('wheel', { ...at(from.x, from.y), deltaY: -100 }));
      // The mouse's own pointer (id 1), with the right button held as the real drag did.
      const pointer = { pointerId: 1, pointerType: 'mouse', isPrimary: true };
      el.dispatchEvent(new PointerEvent('pointerdown', { ...at(from.x, from.y), ...pointer, button: 2, buttons: 2 }));
      for (let i = 1; i <= steps; i++)
        el.dispatchEvent(new PointerEvent('pointermove', { ...at(from.x - 12 * i, from.y - 7 * i), ...pointer, button: -1, buttons: 2 }));
      el.dispatchEvent(new PointerEvent('pointerup', { ...at(from.x - 12 * steps, from.y - 7 * steps), ...pointer, button: 2, buttons: 0 }));
      // As watchIfSettled does, unconditionally (an evaluated function cannot call one of this file's).
      const layer = map.stage.getLayers()[0]!;
      const watch = {
        draws: 0,
        tiles: map.gridRepaints,
        strips: map.frames.stripsDrawn,
        camera: JSON.stringify([map.cameraState, document.querySelector('[data-testid=player-map]')?.getAttribute('data-map-image') ?? null]),
      };
      layer.on('draw.restTiles', () => watch.draws++);
      (window as unknown as { __restWatch: typeof watch }).__restWatch = watch;
      return watch.camera !== before;
    },
    { from: end, notches: LAST_NOTCHES, steps: 10 },
  );
  expect(moved, "the gesture's end moved the camera").toBe(true);
  await expect.poll(() => settled(gmPage), { message: 'GM page: the map settles once the camera stops', timeout: 30_000 }).toBe(true);
  const resting = await restWork(gmPage);
  expect(resting.tiles, 'GM page: tiles missing when the camera stopped, painted at rest').toBeGreaterThan(0);
  expect(resting.strips, 'GM page: the map sharpened strip by strip at rest').toBeGreaterThan(0);
  await expectAtRest(gmPage, 'GM page');
  await gmPage.screenshot({ path: `${SCREENS}/rest-tiles-gm-at-rest-1366x768.png` });
  const gm = await layerDigests(gmPage);
  for (const c of gm) expect(c).toContain(':none:');
  // The GM page drawn again whole at its camera shows the same pixels.
  await gmPage.evaluate(() => window.__battleMap.stage.draw());
  expect(await layerDigests(gmPage)).toEqual(gm);

  // The player page follows the GM's frame; a page not in front is given no frames once it draws nothing, so it is brought forward.
  const frame = await frameOf(gmPage);
  await playerPage.bringToFront();
  await expect
    .poll(async () => {
      const player = await frameOf(playerPage);
      return Math.abs(player.x - frame.x) + Math.abs(player.y - frame.y);
    })
    .toBeLessThan(0.01);
  await expectAtRest(playerPage, 'player page');
  await playerPage.screenshot({ path: `${SCREENS}/rest-tiles-player-at-rest-1366x768.png` });
  const player = await layerDigests(playerPage);
  for (const c of player) expect(c).toContain(':none:');

  // A freshly loaded player page takes the same frame and shows the same pixels on every layer: the
  // tokens too, whose art the followed page had cut at the zooms it passed through.
  const fresh = await context.newPage();
  await fresh.goto(`${consoleServer.player}&e2e=1`);
  await expect(fresh.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.jpg$/, { timeout: 30_000 });
  await fresh.bringToFront();
  await expect
    .poll(async () => {
      const loaded = await frameOf(fresh);
      return Math.abs(loaded.x - frame.x) + Math.abs(loaded.y - frame.y);
    })
    .toBeLessThan(0.01);
  await expect(fresh.getByTestId('player-map')).toHaveAttribute(
    'data-map-image',
    (await playerPage.getByTestId('player-map').getAttribute('data-map-image'))!,
    { timeout: 30_000 },
  );
  await expectAtRest(fresh, 'fresh player page');
  expect(await frameOf(fresh), 'a fresh player page frames what the followed one does').toEqual(await frameOf(playerPage));
  await fresh.screenshot({ path: `${SCREENS}/rest-tiles-player-fresh-1366x768.png` });
  const freshLayers = await layerDigests(fresh);
  // The followed page, at rest again once the fresh page has joined, shows the same pixels (with
  // both cores busy its map layer was seen to draw again after its first rest, to these pixels).
  await playerPage.bringToFront();
  await expectAtRest(playerPage, 'player page after a fresh page joined');
  expect(freshLayers, 'the layers of a fresh player page').toEqual(await layerDigests(playerPage));
});
