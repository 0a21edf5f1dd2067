// What the GM's mirror of the TV costs the GM page. A console of its own: the bench's
// 100×100 map with 250 figures and its 4096² map image, the GM page (1366×768) and the player page
// (1920×1080). Main-thread work per frame (trace) on the GM page at rest, the mirror closed and then
// open; then real pan and zoom on the GM map with the mirror open, the projector held (the TV does
// not move: the mirror draws nothing) and following (the TV moves; the mirror catches up when the
// GM's map rests, so the GM's frames stay as they are without it).
// The mirror's draws are counted at its canvases: every Konva layer draw starts with a clear.
//   node tests/bench/chromium/mirrorRows.mjs [--root DIR] [--repeats 1] [--seconds 6]
// runs these rows alone (after `npm run build`); run.mjs prints them with the rest.
import { withBenchConsole } from './benchConsole.mjs';
import { median, p95, row } from './report.mjs';
import { panZoom } from './scenarios.mjs';
import { TRACE_CATEGORIES, workPerFrame } from './trace.mjs';
import { arg, runAlone } from './standalone.mjs';

const FIGURES = 250;
const REST_MS = 3_000;

/** Main-thread work per frame on the GM page while nothing happens, for `REST_MS`. */
async function atRest(browser, gm, gmUrl) {
  await browser.startTracing(gm, { categories: TRACE_CATEGORIES });
  await gm.waitForTimeout(REST_MS);
  const url = new URL(gmUrl);
  return workPerFrame(await browser.stopTracing(), url.origin + url.pathname);
}

/** Counts, from now on, the draws of the mirror's canvases (`window.__mirrorDraws`). */
const countMirrorDraws = (gm) =>
  gm.evaluate(() => {
    window.__mirrorDraws = 0;
    for (const canvas of document.querySelectorAll('[data-testid=mirror-map] canvas')) {
      const context = canvas.getContext('2d');
      if (context.__counted) continue;
      const clear = context.clearRect;
      context.clearRect = function (...args) {
        window.__mirrorDraws++;
        return clear.apply(this, args);
      };
      context.__counted = true;
    }
  });

/** The mirror's draws since `countMirrorDraws`. */
const mirrorDraws = (gm) => gm.evaluate(() => window.__mirrorDraws);

/** The mirror's cost on the GM page, at rest and during pan/zoom of the GM map. */
export async function mirrorCost(browser, root, seconds) {
  return withBenchConsole(browser, root, { figures: FIGURES }, async ({ gm, player }, host) => {
    const closed = await atRest(browser, gm, host.gm);
    await gm.keyboard.press('i');
    await gm.waitForFunction(() => /\.jpg$/.test(document.querySelector('[data-testid=mirror-map]')?.dataset.mapImage ?? ''), undefined, { timeout: 60_000 });
    await gm.waitForTimeout(1_000);
    await countMirrorDraws(gm);
    const open = await atRest(browser, gm, host.gm);
    const restDraws = await mirrorDraws(gm);

    await gm.keyboard.press('l');
    await gm.waitForTimeout(500);
    await countMirrorDraws(gm);
    const held = await panZoom(browser, gm, player, host.gm, seconds);
    const heldDraws = await mirrorDraws(gm);

    await gm.keyboard.press('f');
    await gm.waitForTimeout(500);
    await countMirrorDraws(gm);
    const following = await panZoom(browser, gm, player, host.gm, seconds);
    const followingDraws = await mirrorDraws(gm);
    await gm.waitForTimeout(1_000);
    const caughtUp = (await mirrorDraws(gm)) - followingDraws;
    return { closed, open, restDraws, held, heldDraws, following, followingDraws, caughtUp };
  });
}

export const MIRROR_ROWS = [
  row(
    'Mirror open, GM page at rest: main-thread work per frame (trace), p95',
    ' ms',
    (r) => p95(r.mirror.open),
    2,
    (r) =>
      `median ${median(r.mirror.open).toFixed(2)} ms over ${r.mirror.open.length} frames, ${r.mirror.restDraws} mirror draws; closed: p95 ${p95(r.mirror.closed).toFixed(2)}, median ${median(r.mirror.closed).toFixed(2)} ms`,
  ),
  row(
    'Mirror open, projector held, GM pan/zoom: the mirror’s layer draws',
    '',
    (r) => r.mirror.heldDraws,
    0,
    (r) =>
      `GM work per frame median ${median(r.mirror.held.work).toFixed(1)}, p95 ${p95(r.mirror.held.work).toFixed(1)} ms; frame interval p95 ${p95(r.mirror.held.gm.intervals).toFixed(1)} ms`,
  ),
  row(
    'Mirror open, projector following, GM pan/zoom: GM frame interval, p95',
    ' ms',
    (r) => p95(r.mirror.following.gm.intervals),
    16.7,
    (r) =>
      `${r.mirror.followingDraws} mirror layer draws, in the gesture's pauses and the catch-up once the GM's map rested (${r.mirror.caughtUp} more in the next second); GM work per frame median ${median(r.mirror.following.work).toFixed(1)}, p95 ${p95(r.mirror.following.work).toFixed(1)} ms`,
  ),
];

await runAlone(import.meta, MIRROR_ROWS, 'The mirror of the TV on the GM page', async (browser, root) => ({
  mirror: await mirrorCost(browser, root, Number(arg('--seconds', 6))),
}));
