import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, mustCall, npcFighter, test } from './fixtures';
import { frameOf, layerDigests, scaleOf, settle } from './mapProbes';
import { animationFrames, framesUntilSettled, painted, sumFrames, watchFromCameraMove } from './cameraFrames';

/**
 * The projector's jump from a close framing to the whole map (3ae4a9a, 14a6c04): a
 * player page that loaded at the GM's close framing paints, at rest, the whole map as one tile at
 * its fitted zoom and a bitmap for each token culled out of view, so when the GM presses 0 the
 * frame that shows the whole map draws that tile and those bitmaps instead of painting them (the
 * map image, terrain and grid of every hex, and every token brought into view, inside one frame).
 * The GM page keeps its own whole-map tile so too: zoomed back out after a change to the map, it
 * draws the tile it repainted at rest. Frames are counted, never timed.
 */
const SCREENS = 'test-results/screens';
/** Animation frames the player page sits at rest after loading, for its background work (~1 s at 60 Hz). */
const SIT_FRAMES = 60;

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

/** Axial hex of an offset (col, row) on the sample's flat-topped map (src/shared/mapGrid.ts). */
const flatHex = (col: number, row: number) => ({ q: col, r: row - Math.floor(col / 2) });

/** NPCs spread over the sample's 30×20 map, away from its figures and its fogged corner, so a close framing leaves most out of view. */
const SPREAD = [2, 6, 12, 19, 25, 28].flatMap((col) => [2, 9, 17].map((row) => flatHex(col, row)));

type Frame = { x: number; y: number; width: number; height: number };
/** How far apart two framings' top-left corners are, in world pixels (a page's framing is as wide as its own map area allows). */
const near = (a: Frame, b: Frame) => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);

/** The figure tokens on a page's map: how many, and how many are in view (not culled). */
const tokensShown = (page: Page) =>
  page.evaluate(() => {
    const map = window.__battleMap;
    const tokens = map.stage.getLayers()[2]!.getChildren((n) => n.getType() === 'Group' && n.id() !== '');
    return { all: tokens.length, inView: tokens.filter((n) => n.isVisible()).length };
  });

test('the projector jumps from a close framing to the whole map drawing the kept whole-map tile and every token from its bitmap', async ({
  gmPage,
  playerPage,
  context,
  consoleServer,
}) => {
  test.setTimeout(40_000);
  for (const [i, position] of SPREAD.entries()) {
    const side = i % 2 ? 'foes' : 'party';
    await mustCall(gmPage, 'sendCommand', {
      command: { type: 'addFigure', figure: npcFighter(`Scout ${i + 1}`, side, { STR: 11, DEX: 11 }, 'club'), position },
    });
  }
  // The sample's Bram, Ilsa and Grak and the scouts; Sella is hidden from the players.
  const figures = 3 + SPREAD.length;
  await expect.poll(async () => (await tokensShown(playerPage)).all).toBe(figures);

  // The GM zooms in with the toolbar; the projector follows to a close framing.
  await gmPage.bringToFront();
  const whole = await scaleOf(playerPage);
  for (let i = 0; i < 5; i++) await gmPage.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => scaleOf(playerPage)).toBeGreaterThan(whole * 2);
  const framed = await frameOf(gmPage);
  await expect.poll(async () => (await mustCall(gmPage, 'getProjector', {})).frame).toEqual(framed);
  await expect.poll(() => frameOf(playerPage).then((f) => near(f, framed))).toBeLessThan(0.01);
  const following = await scaleOf(playerPage);

  // The projector's page is loaded again: it comes up at the close framing (host state), settles and sits.
  await playerPage.reload();
  await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
  await playerPage.bringToFront();
  await expect
    .poll(() =>
      frameOf(playerPage)
        .then((f) => near(f, framed))
        .catch(() => Infinity),
    )
    .toBeLessThan(0.01);
  expect(await scaleOf(playerPage)).toBeCloseTo(following, 6);
  await expect.poll(async () => (await tokensShown(playerPage)).all).toBe(figures);
  await settle(playerPage);
  const loaded = await painted(playerPage);
  await animationFrames(playerPage, SIT_FRAMES);
  await settle(playerPage);
  const close = await tokensShown(playerPage);
  expect(close.inView, 'figures in view at the close framing').toBeGreaterThan(0);
  expect(close.inView, 'figures in view at the close framing').toBeLessThan(figures / 2);
  // The counters read are the page's own: it has painted its tiles and tokens since it loaded.
  expect(loaded.tiles, 'grid tiles painted since the page loaded').toBeGreaterThan(0);
  expect(loaded.bitmaps, 'token bitmaps painted since the page loaded').toBeGreaterThan(0);
  await playerPage.screenshot({ path: `${SCREENS}/projector-jump-close-1366x768.png` });

  // The GM presses 0: the projector follows to the whole map in one step.
  const before = await painted(playerPage);
  await watchFromCameraMove(playerPage);
  await gmPage.keyboard.press('0');
  const after = await framesUntilSettled(playerPage);
  expect(after.at(-1)?.settled, 'the player page settled after the jump').toBe(true);
  expect(await scaleOf(playerPage), 'the whole map').toBeLessThan(following / 2);

  // The jump's frames: until the map layer and the figure layer have each drawn at the new camera.
  const drawnBy = (key: 'mapDraws' | 'figureDraws') => after.findIndex((f) => f[key] > 0);
  const jump = after.slice(0, Math.max(drawnBy('mapDraws'), drawnBy('figureDraws')) + 1);
  expect(drawnBy('mapDraws'), 'the map layer drew the whole map').toBeGreaterThanOrEqual(0);
  expect(drawnBy('figureDraws'), 'the figure layer drew the whole map').toBeGreaterThanOrEqual(0);
  const log = after
    .map((f, i) => `${i}: tiles ${f.tiles} bitmaps ${f.bitmaps} map ${f.mapDraws} figures ${f.figureDraws}${f.settled ? ' settled' : ''}`)
    .join('\n');
  test
    .info()
    .annotations.push({ type: 'jump frames', description: `${jump.length} of ${after.length}; painted before the jump: ${JSON.stringify(before)}\n${log}` });
  expect(
    jump.every((f) => !f.settled),
    `the jump's frames come before the map rests:\n${log}`,
  ).toBe(true);
  expect(sumFrames(jump, 'tiles'), `grid tiles painted in the jump's frames (the whole map is drawn from the kept tile):\n${log}`).toBe(0);
  // The kept tile is the one the whole map needs: none is painted after the jump either, as it would be in the frames after a jump that drew the map without it.
  expect(sumFrames(after, 'tiles'), `grid tiles painted from the jump until the page settled:\n${log}`).toBe(0);
  expect(sumFrames(jump, 'bitmaps'), `token bitmaps painted in the jump's frames (every token drawn from a bitmap it had):\n${log}`).toBe(0);

  // At rest the page shows every figure, and what a freshly loaded player page shows at the whole map.
  expect(await tokensShown(playerPage), 'figures in view at the whole map').toEqual({ all: figures, inView: figures });
  await playerPage.screenshot({ path: `${SCREENS}/projector-jump-whole-1366x768.png` });
  const followed = await layerDigests(playerPage);
  for (const c of followed) expect(c).toContain(':none:');
  const wholeFrame = await frameOf(playerPage);

  const fresh = await context.newPage();
  await fresh.goto(`${consoleServer.player}&e2e=1`);
  await expect(fresh.getByTestId('player-map')).toHaveAttribute('data-map-image', /^[0-9a-f]{64}\.png$/);
  await fresh.bringToFront();
  // Its automatic camera frames the whole map again once the image (reaching a little past the hexes) is in.
  await expect.poll(async () => near(await frameOf(fresh), wholeFrame), 'the fresh page frames the whole map as the followed one').toBeLessThan(1e-9);
  expect(await scaleOf(fresh)).toBeCloseTo(await scaleOf(playerPage), 12);
  await expect.poll(async () => (await tokensShown(fresh)).inView).toBe(figures);
  await settle(fresh);
  await fresh.screenshot({ path: `${SCREENS}/projector-jump-fresh-1366x768.png` });
  expect(await layerDigests(fresh), 'the layers of a fresh player page').toEqual(followed);
});

test('the GM zooms back out to the whole map after a change to the map drawing the kept whole-map tile, painting none in its frames', async ({
  gmPage,
  // The projector is open beside the GM, as at the table; this test reads the GM page only.
  playerPage: _playerPage,
}) => {
  test.setTimeout(40_000);
  await gmPage.bringToFront();
  const whole = await scaleOf(gmPage);
  for (let i = 0; i < 5; i++) await gmPage.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => scaleOf(gmPage)).toBeGreaterThan(whole * 2);
  await settle(gmPage);

  // A change to the map while the GM is zoomed in makes every tile stale, the whole map's included.
  const before = await painted(gmPage);
  await mustCall(gmPage, 'sendCommand', { command: { type: 'paintTerrain', hexes: [flatHex(3, 3), flatHex(26, 16)], terrain: 'wall' } });
  await expect.poll(async () => (await painted(gmPage)).tiles).toBeGreaterThan(before.tiles);
  await settle(gmPage);
  await animationFrames(gmPage, SIT_FRAMES);
  await settle(gmPage);

  // The GM presses 0: the whole map is drawn from the tile kept at the fitted zoom, painted at rest before.
  await watchFromCameraMove(gmPage);
  await gmPage.getByRole('application', { name: 'Battlemap' }).focus();
  await gmPage.keyboard.press('0');
  const after = await framesUntilSettled(gmPage);
  expect(after.at(-1)?.settled, 'the GM page settled after the zoom-out').toBe(true);
  expect(await scaleOf(gmPage), 'the whole map').toBeCloseTo(whole, 6);
  const log = after.map((f, i) => `${i}: tiles ${f.tiles} map ${f.mapDraws}${f.settled ? ' settled' : ''}`).join('\n');
  expect(
    after.findIndex((f) => f.mapDraws > 0),
    `the map layer drew the whole map:\n${log}`,
  ).toBeGreaterThanOrEqual(0);
  expect(sumFrames(after, 'tiles'), `grid tiles painted from the zoom-out until the page settled:\n${log}`).toBe(0);
  await gmPage.screenshot({ path: `${SCREENS}/gm-zoom-out-after-change-1366x768.png` });
});
