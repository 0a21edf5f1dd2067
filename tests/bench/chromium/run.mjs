// What the GM and the players feel, on the real web host in Chromium:
//   node tests/bench/chromium/run.mjs [--root DIR] [--repeats 3] [--seconds 8] [--no-fail] [--art]
// (needs `npm run build` first; --root measures another checkout's build). A 100×100 hex map with
// 250 figures and a 4096² JPEG imported through the campaign's own asset import; real wheel and
// drag input; frame intervals from requestAnimationFrame and long tasks from PerformanceObserver
// on the GM page and the player page at once; commands counted as shown when Konva has drawn
// them. Prints every row of the bench's table with its budget and PASS/FAIL. Exits 1 when a
// budgeted row's median misses its budget (diagnostic rows never fail), unless --no-fail.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pageScripts } from './bundle.mjs';
import { withHostAndBrowser } from './benchConsole.mjs';
import { median, p95, p99, printTable, row } from './report.mjs';
import { commandLatency, pageLoad, panZoom, resetFraming, settle } from './scenarios.mjs';
import { latencyAt1000, LATENCY_ROWS, timeouts } from './latencyRows.mjs';
import { panWhileSimulating, TACTICS_ROWS } from './tacticsRows.mjs';
import { importBenchImage } from './browser.mjs';
import { openConsolePages, probedWindow } from './pages.mjs';
import { TRANSFER_ROWS, transferRound } from './transferRows.mjs';
import { MAX_SAMPLES as SIGHT_SAMPLES, SIGHT_ROWS, sightRound } from './sightRows.mjs';
import { PING_ROWS, pingLatency } from './pingRows.mjs';
import { MIRROR_ROWS, mirrorCost } from './mirrorRows.mjs';
import { measurePixels, PIXEL_ROWS } from './pixelRows.mjs';
import { ODDS_ROWS, oddsRound } from './oddsRows.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const ROOT = resolve(arg('--root', resolve(import.meta.dirname, '..', '..', '..')));
const REPEATS = Number(arg('--repeats', 3));
const SECONDS = Number(arg('--seconds', 8));
const SAMPLES = Number(arg('--samples', 30));
const failOnMiss = !process.argv.includes('--no-fail');
const FIGURES = 250;
/** `--art` gives every figure token art (the budgets are the same as without). */
const ART = process.argv.includes('--art');

async function oneRepeat(browser, host) {
  const run = {};
  await resetFraming(host.gm);
  // Page load: a fresh window each repeat.
  const loadContext = await probedWindow(browser);
  const load = await pageLoad(loadContext, `${host.gm}&e2e=1`, FIGURES);
  run.load = load;
  await loadContext.close();
  // The projector's page too, 1920×1080: its map image is the players' masked copy.
  const playerLoadContext = await probedWindow(browser, { width: 1920, height: 1080 });
  run.playerLoad = await pageLoad(playerLoadContext, `${host.player}&e2e=1`, FIGURES);
  await playerLoadContext.close();

  const pages = await openConsolePages(browser, host);
  const { gm, player } = pages;
  await player.waitForFunction(() => window.__battleMap?.hasBackground, undefined, { timeout: 60_000 });
  await gm.waitForFunction(() => window.__battleMap?.hasBackground, undefined, { timeout: 60_000 });
  await gm.bringToFront();
  await Promise.all([settle(gm), settle(player)]);
  run.pan = await panZoom(browser, gm, player, host.gm, SECONDS);
  await Promise.all([settle(gm), settle(player)]);
  // A figure both pages show, by the GM's id and its name (the player page has its own ids); one in
  // view after the gesture: a token culled out of view is, rightly, not drawn when it turns.
  const figure = await gm.evaluate(() => {
    const node = window.__battleMap.stage
      .getLayers()[2]
      .getChildren()
      .find((n) => n.isVisible());
    return { id: node.id(), name: node.findOne('.name').text().split(' · ')[0] };
  });
  run.command = await commandLatency(gm, player, figure.id, figure.name, SAMPLES);
  await pages.close();

  await resetFraming(host.gm);
  // The same pan and zoom at twice the pixel density (a laptop's or a 4K projector's screen).
  const hiDpi = await openConsolePages(browser, host, { dpr: 2 });
  const { gm: gm2, player: player2 } = hiDpi;
  await gm2.waitForFunction(() => window.__battleMap?.hasBackground, undefined, { timeout: 60_000 });
  await gm2.bringToFront();
  await Promise.all([settle(gm2), settle(player2)]);
  run.hiDpi = await panZoom(browser, gm2, player2, host.gm, Math.max(3, SECONDS / 2));
  await hiDpi.close();
  run.sim = await panWhileSimulating(browser, host, SECONDS);
  run.at1000 = await latencyAt1000(browser, ROOT, SAMPLES);
  // Sight-driven fog on the projector, consoles of their own (sightRows.mjs; its walk holds 38 steps).
  run.sight = await sightRound(browser, ROOT, Math.min(SAMPLES, SIGHT_SAMPLES));
  // The GM's ping on the projector's pixels (pingRows.mjs).
  run.ping = await pingLatency(browser, ROOT, SAMPLES);
  // The GM's mirror of the TV, at rest and during pan/zoom (mirrorRows.mjs).
  run.mirror = await mirrorCost(browser, ROOT, Math.max(3, SECONDS / 2));
  // A GM's move and turn to the pixels each page shows (pixelRows.mjs).
  run.pixels = (await measurePixels(browser, ROOT, SAMPLES)).pixels;
  return run;
}

const over = (xs, ms) => (xs.length ? (100 * xs.filter((x) => x > ms).length) / xs.length : NaN);
const longest = (xs) => (xs.length ? Math.max(...xs) : 0);
const msList = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
/** The slowest animation frame's make-up (long-animation-frame entries), so a rare long task names its source. */
function slowest(frames = []) {
  if (frames.length === 0) return '';
  const f = frames.reduce((a, b) => (b.duration > a.duration ? b : a));
  const scripts = [...f.scripts].sort((a, b) => b.duration - a.duration).slice(0, 3);
  const named = scripts.map((x) => `${x.what} ${x.duration.toFixed(0)}${x.layout ? ` (+layout ${x.layout.toFixed(0)})` : ''}`).join(', ');
  return `; slowest frame ${f.duration.toFixed(0)} ms (blocking ${f.blocking.toFixed(0)}, rendering ${f.render.toFixed(0)}${named ? `; scripts: ${named}` : '; no script'})`;
}

const ROWS = [
  row(
    'GM pan/zoom: main-thread work per drawn frame (trace), median',
    ' ms',
    (r) => median(r.pan.work),
    8,
    (r) =>
      `p95 ${p95(r.pan.work).toFixed(1)} ms (budget ≤ 16.7) over ${r.pan.work.length} frames; Konva's layer draws (JS, diagnostic) median ${median(r.pan.layerWork).toFixed(1)} ms, p95 ${p95(r.pan.layerWork).toFixed(1)} ms`,
  ),
  row('GM pan/zoom: main-thread work per drawn frame (trace), p95', ' ms', (r) => p95(r.pan.work), 16.7),
  row(
    'GM pan/zoom: interval between frames, p95',
    ' ms',
    (r) => p95(r.pan.gm.intervals),
    16.7,
    (r) =>
      `median ${median(r.pan.gm.intervals).toFixed(1)}, p99 ${p99(r.pan.gm.intervals).toFixed(1)} ms, ${over(r.pan.gm.intervals, 20).toFixed(0)} % of ${r.pan.gm.intervals.length} frames over 20 ms`,
  ),
  row(
    `GM pan/zoom: long tasks over 50 ms in ${SECONDS} s`,
    '',
    (r) => r.pan.gm.longTasks.length,
    0,
    (r) =>
      `longest ${longest(r.pan.gm.longTasks).toFixed(0)} ms${r.pan.gm.longTasks.length ? ` (${msList(r.pan.gm.longTasks)})${slowest(r.pan.gm.slowFrames)}` : ''}`,
  ),
  row(
    'Player page following the GM: interval between frames, p95',
    ' ms',
    (r) => p95(r.pan.player.intervals),
    16.7,
    (r) =>
      `median ${median(r.pan.player.intervals).toFixed(1)}, p99 ${p99(r.pan.player.intervals).toFixed(1)} ms; ${r.pan.player.longTasks.length} long tasks, longest ${longest(r.pan.player.longTasks).toFixed(0)} ms`,
  ),
  row(
    'Player page following the GM: long tasks over 50 ms',
    '',
    (r) => r.pan.player.longTasks.length,
    0,
    (r) => (r.pan.player.longTasks.length ? `${msList(r.pan.player.longTasks)} ms${slowest(r.pan.player.slowFrames)}` : ''),
  ),
  row(
    'GM command → drawn on the player page (map image), p95',
    ' ms',
    (r) => p95(r.command.toPlayer),
    33,
    (r) =>
      `p50 ${median(r.command.toPlayer).toFixed(1)} ms; the message arrives after p50 ${median(r.command.arrival).toFixed(1)} ms (n=${r.command.toPlayer.length})${timeouts(r.command, 'player')}`,
  ),
  row(
    "GM command → drawn on the GM's own page, p95",
    ' ms',
    (r) => p95(r.command.toGm),
    33,
    (r) => `p50 ${median(r.command.toGm).toFixed(1)} ms (n=${r.command.toGm.length})${timeouts(r.command, 'gm')}`,
  ),
  row(
    `GM page load → ${FIGURES} figures drawn`,
    ' ms',
    (r) => r.load.figuresAt,
    800,
    (r) => `longest task during the load ${r.load.longest.toFixed(0)} ms`,
  ),
  row('GM page load → map image drawn', ' ms', (r) => r.load.imageAt, 1000),
  row(
    'Player page load → map image drawn (1920×1080)',
    ' ms',
    (r) => r.playerLoad.imageAt,
    1000,
    (r) => `${FIGURES} figures drawn ${r.playerLoad.figuresAt.toFixed(0)} ms; longest task during the load ${r.playerLoad.longest.toFixed(0)} ms`,
  ),
  row(
    'Renderer JS the GM page loads (gzip)',
    ' kB',
    (r) => r.gmBundle.gzipKb,
    150,
    (r) =>
      `${r.gmBundle.files} files, ${r.gmBundle.rawKb.toFixed(0)} kB raw${r.gmBundle.zod ? ', WITH zod' : ', no zod'}; player page ${r.playerBundle.gzipKb.toFixed(0)} kB gzip${r.playerBundle.zod ? ', WITH zod' : ''}`,
  ),
  row(
    'At 2× pixel density: GM pan/zoom interval between frames, p95',
    ' ms',
    (r) => p95(r.hiDpi.gm.intervals),
    16.7,
    (r) =>
      `median ${median(r.hiDpi.gm.intervals).toFixed(1)} ms, ${r.hiDpi.gm.longTasks.length} long tasks (longest ${longest(r.hiDpi.gm.longTasks).toFixed(0)} ms); player p95 ${p95(r.hiDpi.player.intervals).toFixed(1)} ms`,
  ),
];

/**
 * Rows measured in Node (replay, log opening; sight after a move, tests/bench/sight.measure.ts; the
 * seats' latencies, tests/bench/seats.measure.ts), when a Node measurement wrote them to
 * test-results/bench/node-rows.json, sight-rows.json or seat-rows.json as
 * [{ what, unit, budget, values: [one per repeat] }].
 */
async function nodeRows() {
  const rows = [];
  for (const name of ['node-rows.json', 'sight-rows.json', 'seat-rows.json']) rows.push(...(await nodeRowsOf(resolve(ROOT, 'test-results', 'bench', name))));
  return rows;
}

async function nodeRowsOf(file) {
  if (!existsSync(file)) return [];
  const measured = JSON.parse(await readFile(file, 'utf8'));
  // Run alone, this script reads the file an earlier `npm run bench` wrote: say when that was.
  const at = `measured in Node at ${(await stat(file)).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return measured.map((m) =>
    row(
      m.what,
      m.unit,
      (r) => m.values[r.index],
      m.budget,
      () => (m.detail ? `${m.detail}; ${at}` : at),
    ),
  );
}

async function main() {
  const runs = [];
  const version = await withHostAndBrowser(ROOT, { cols: 100, rows: 100, figures: FIGURES, art: ART }, async ({ host, browser }) => {
    await importBenchImage(browser, host);
    const gmBundle = await pageScripts(ROOT, 'index.html');
    const playerBundle = await pageScripts(ROOT, 'player.html');
    for (let i = 0; i < REPEATS; i++) {
      const run = await oneRepeat(browser, host);
      runs.push({ ...run, gmBundle, playerBundle, index: i });
      process.stderr.write(`repeat ${i + 1} of ${REPEATS} done\n`);
    }
    // Export files of ~530 MiB out and back in, on a console of their own (transferRows.mjs).
    for (const run of runs) {
      run.transfers = await transferRound(ROOT);
      process.stderr.write(`transfer round ${run.index + 1} of ${REPEATS} done\n`);
    }
    // 1,000 simulated fights through the host's simulate channel, with no browser beside them (oddsRows.mjs).
    for (const run of runs) {
      run.odds = await oddsRound(ROOT);
      process.stderr.write(`odds round ${run.index + 1} of ${REPEATS} done\n`);
    }
    return browser.version();
  });
  const header = `Bench: ${ROOT}\nMap: 100×100 hexes, ${FIGURES} figures${ART ? ' each with token art' : ''}, a 4096² JPEG imported through the campaign's asset import; Chromium ${version}`;
  const rows = [
    ...ROWS,
    ...TACTICS_ROWS(SECONDS),
    ...LATENCY_ROWS,
    ...PIXEL_ROWS,
    ...SIGHT_ROWS,
    ...PING_ROWS,
    ...MIRROR_ROWS,
    ...TRANSFER_ROWS,
    ...ODDS_ROWS,
    ...(await nodeRows()),
  ];
  const misses = printTable(rows, runs, header);
  console.log(misses.length ? `\nBudgets missed (${misses.length}): ${misses.join('; ')}` : '\nAll budgets met.');
  if (misses.length && failOnMiss) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
