import type { Page } from '@playwright/test';
import type { CameraFrame, CameraWatch } from './pageProbes';

/**
 * A map page watched frame by frame from a change of its camera (a jump to the whole map, a zoom
 * in one step): what each frame painted and drew, and whether the map said it had settled.
 * Frames are counted, never timed.
 */

/** The watch gives up after this many animation frames (a deadline for a busy machine, not a budget: the tests assert the page settled, not when). */
const MAX_FRAMES = 1200;
/** Animation frames it must stay settled before the frames are read. */
const QUIET_FRAMES = 20;

/** What a page's map had painted so far: grid tiles (map image, terrain and grid) and token bitmaps. */
export const painted = (page: Page) =>
  page.evaluate(() => {
    const map = window.__battleMap;
    return { tiles: map.gridRepaints, bitmaps: map.tokens.bitmapPaints };
  });

/** Resolves after `n` animation frames of the page. */
export const animationFrames = (page: Page, n: number) =>
  page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );

export type { CameraFrame } from './pageProbes';

/**
 * Starts watching the page frame by frame: once its camera changes, each frame's grid tiles and
 * token bitmaps painted, the map layer's and the figure layer's draws, and whether the map has
 * settled.
 */
export const watchFromCameraMove = (page: Page) =>
  page.evaluate(() => {
    const map = window.__battleMap;
    const watch: CameraWatch = { moved: 0, frames: [], mapDraws: 0, figureDraws: 0 };
    window.__cameraWatch = watch;
    const layers = map.stage.getLayers();
    layers[0]!.on('draw.cameraWatch', () => watch.mapDraws++);
    layers[2]!.on('draw.cameraWatch', () => watch.figureDraws++);
    const camera = () => JSON.stringify(map.cameraState);
    const read = () => ({
      camera: camera(),
      tiles: map.gridRepaints,
      bitmaps: map.tokens.bitmapPaints,
      mapDraws: watch.mapDraws,
      figureDraws: watch.figureDraws,
    });
    const from = camera();
    let last = read();
    const tick = () => {
      const now = read();
      // The frame whose callbacks first see the new camera: this one's draws may run before or after it, so it counts too.
      if (now.camera !== from) watch.moved++;
      if (watch.moved > 0) {
        watch.frames.push({
          tiles: now.tiles - last.tiles,
          bitmaps: now.bitmaps - last.bitmaps,
          mapDraws: now.mapDraws - last.mapDraws,
          figureDraws: now.figureDraws - last.figureDraws,
          settled: map.settled,
        });
      }
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

/** The frames since the camera changed, once the map has been settled `QUIET_FRAMES` frames in a row, or `MAX_FRAMES` have passed. */
export const framesUntilSettled = (page: Page) =>
  page.evaluate(
    ({ quiet, max }) =>
      new Promise<CameraFrame[]>((resolve) => {
        const watch = window.__cameraWatch;
        const check = () => {
          const f = watch.frames;
          const still = f.length >= quiet && f.slice(-quiet).every((x) => x.settled);
          if (still || f.length >= max) resolve(f.slice());
          else requestAnimationFrame(check);
        };
        check();
      }),
    { quiet: QUIET_FRAMES, max: MAX_FRAMES },
  );

export const sumFrames = (list: readonly CameraFrame[], key: keyof Omit<CameraFrame, 'settled'>) => list.reduce((n, f) => n + f[key], 0);
