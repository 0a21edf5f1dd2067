import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { frameOf, layerDigests, rightDragPan, settle } from './mapProbes';

/**
 * A map that comes to rest with tiles still missing settles (issue 18; the hang fixed in 577e7ed):
 * on a 4096² map image a zoom in and a pan leave tiles of the new zoom unpainted when the camera
 * stops; they are painted at rest, the map is drawn once and sharpened strip by strip, and then
 * the map layer draws nothing more. Before the fix it was drawn whole on every frame, forever.
 * Frames are counted, never timed.
 */
const SCREENS = 'test-results/screens';
/** Animation frames the map layer must stay quiet once the page says it has settled (~1 s at 60 Hz). */
const QUIET_FRAMES = 60;
/** Animation frames after the camera's last move within which the map must settle (a hung map never does). */
const MAX_FRAMES = 600;

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

/** One animation frame of the map: its layer's whole draws, tiles painted and strips sharpened in it, and whether the page says it has settled. */
interface MapFrame {
  draws: number;
  tiles: number;
  strips: number;
  settled: boolean;
}

/**
 * Starts watching, frame by frame, the map layer (the first) of a page's battlemap: the frames
 * since the camera last moved, what each drew, and whether the map said it had settled.
 */
const watchMap = (page: Page) =>
  page.evaluate(() => {
    const map = (window as unknown as { __battleMap: any }).__battleMap;
    type Watch = { moved: boolean; frames: MapFrame[]; draws: number };
    const watch: Watch = { moved: false, frames: [], draws: 0 };
    (window as unknown as { __restWatch: Watch }).__restWatch = watch;
    map.stage.getLayers()[0].on('draw.restTiles', () => watch.draws++);
    const camera = () => JSON.stringify(map.cameraState);
    let last = { camera: camera(), draws: 0, tiles: map.gridRepaints as number, strips: map.frames.stripsDrawn as number };
    const tick = () => {
      const now = { camera: camera(), draws: watch.draws, tiles: map.gridRepaints as number, strips: map.frames.stripsDrawn as number };
      if (now.camera !== last.camera) {
        watch.moved = true;
        watch.frames = [];
      } else if (watch.moved) {
        watch.frames.push({ draws: now.draws - last.draws, tiles: now.tiles - last.tiles, strips: now.strips - last.strips, settled: map.settled as boolean });
      }
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

/**
 * The frames since the camera last moved, once the map has been settled `quiet` frames, or
 * `max` frames have passed without it settling.
 */
const restOf = (page: Page) =>
  page.evaluate(
    ({ quiet, max }) =>
      new Promise<MapFrame[]>((resolve) => {
        const watch = (window as unknown as { __restWatch: { moved: boolean; frames: MapFrame[] } }).__restWatch;
        const check = () => {
          const at = watch.frames.findIndex((f) => f.settled);
          if (watch.moved && ((at >= 0 && watch.frames.length - at > quiet) || watch.frames.length >= max)) resolve(watch.frames.slice());
          else requestAnimationFrame(check);
        };
        check();
      }),
    { quiet: QUIET_FRAMES, max: MAX_FRAMES },
  );

const sum = (frames: readonly MapFrame[], key: 'draws' | 'tiles' | 'strips') => frames.reduce((n, f) => n + f[key], 0);

/** The map came to rest with tiles missing, painted them, sharpened once, and then drew nothing for `QUIET_FRAMES` frames. */
function expectSettled(frames: readonly MapFrame[], page: string): void {
  const at = frames.findIndex((f) => f.settled);
  const drawn = frames.filter((f) => f.draws > 0).length;
  expect(
    at,
    `${page}: the map settles after the camera stops (the map layer was drawn in ${drawn} of the ${frames.length} frames since)`,
  ).toBeGreaterThanOrEqual(0);
  // The frame it settled in holds the work that settled it (its rAF callbacks run in either order).
  const resting = frames.slice(0, at + 1);
  expect(sum(resting, 'tiles'), `${page}: tiles still missing when the camera stopped, painted at rest`).toBeGreaterThan(0);
  expect(sum(resting, 'strips'), `${page}: the map sharpened strip by strip at rest`).toBeGreaterThan(0);
  const quiet = frames.slice(at + 1, at + 1 + QUIET_FRAMES);
  expect(quiet.length).toBe(QUIET_FRAMES);
  expect(sum(quiet, 'draws'), `${page}: map layer draws in the ${QUIET_FRAMES} frames after it settled`).toBe(0);
  expect(sum(quiet, 'tiles'), `${page}: tiles painted after it settled`).toBe(0);
  expect(sum(quiet, 'strips'), `${page}: strips drawn after it settled`).toBe(0);
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
  await watchMap(gmPage);
  await watchMap(playerPage);

  // Twelve wheel notches in (tiles of several closer zoom levels) and a right-drag pan (new tiles come into view).
  const box = (await gmPage.getByRole('application', { name: 'Battlemap' }).boundingBox())!;
  const at = { x: box.x + box.width * 0.45, y: box.y + box.height * 0.5 };
  await gmPage.mouse.move(at.x, at.y);
  for (let i = 0; i < 12; i++) await gmPage.mouse.wheel(0, -100);
  await rightDragPan(gmPage, at, { x: -12, y: -7 }, 20);

  expectSettled(await restOf(gmPage), 'GM page');
  await gmPage.screenshot({ path: `${SCREENS}/rest-tiles-gm-at-rest-1366x768.png` });
  const gm = await layerDigests(gmPage);
  for (const c of gm) expect(c).toContain(':none:');
  // The GM page drawn again whole at its camera shows the same pixels.
  await gmPage.evaluate(() => (window as unknown as { __battleMap: { stage: { draw(): void } } }).__battleMap.stage.draw());
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
  expectSettled(await restOf(playerPage), 'player page');
  await playerPage.screenshot({ path: `${SCREENS}/rest-tiles-player-at-rest-1366x768.png` });
  const player = await layerDigests(playerPage);
  for (const c of player) expect(c).toContain(':none:');

  // A freshly loaded player page takes the same frame and shows the same pixels on every layer: the
  // tokens too, whose art the followed page had cut at the zooms it passed through.
  const fresh = await context.newPage();
  await fresh.goto(`${consoleServer.player}&e2e=1`);
  await expect(fresh.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.jpg$/);
  await fresh.bringToFront();
  await expect
    .poll(async () => {
      const loaded = await frameOf(fresh);
      return Math.abs(loaded.x - frame.x) + Math.abs(loaded.y - frame.y);
    })
    .toBeLessThan(0.01);
  await settle(fresh);
  await fresh.screenshot({ path: `${SCREENS}/rest-tiles-player-fresh-1366x768.png` });
  expect(await layerDigests(fresh), 'the layers of a fresh player page').toEqual(player);
});
