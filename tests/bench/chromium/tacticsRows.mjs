// The bench rows that need their own setup, kept beside run.mjs:
// - the GM map panned and zoomed while main simulates 1,000 fights on its worker pool (budget:
//   the GM page stays within 20 % of its idle frame p95);
// (the 1,000-figure command latency rows are in latencyRows.mjs).
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { withHostAndBrowser } from './benchConsole.mjs';
import { startHost } from './host.mjs';
import { latencyAt1000, LATENCY_ROWS } from './latencyRows.mjs';
import { openConsolePages, probedWindow } from './pages.mjs';
import { p95, median, row } from './report.mjs';
import { openBenchSocket, panZoom, settle } from './scenarios.mjs';

const CHECKOUT = resolve(import.meta.dirname, '..', '..', '..');

/** One call from the GM page's bench socket; resolves to its result. */
const call = (gm, channel, args) =>
  gm.evaluate(
    ({ channel, args }) =>
      new Promise((done) => {
        const ws = window.__benchSocket;
        const id = 90_000 + Math.floor(Math.random() * 9_999);
        const onMessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.id !== id) return;
          ws.removeEventListener('message', onMessage);
          done(m.result);
        };
        ws.addEventListener('message', onMessage);
        ws.send(JSON.stringify({ id, channel, args }));
      }),
    { channel, args },
  );

/** The sample campaign as it ships (its 4-figure ford ambush and its map image): the encounter the simulation budget names. */
async function sampleConsole(root) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pillars-bench-sim-'));
  const campaignDir = join(dataDir, 'campaigns', 'Sample Campaign');
  await cp(join(root, 'resources', 'sample-campaign'), campaignDir, { recursive: true });
  await writeFile(join(dataDir, 'recent.json'), JSON.stringify({ schemaVersion: 1, campaigns: [campaignDir] }));
  return startHost(root, dataDir);
}

/** Collects the `simulation` pushes the bench socket hears; the latest status is `window.__simulation`. */
const watchSimulation = (gm) =>
  gm.evaluate(() => {
    window.__simulation = null;
    window.__benchSocket.addEventListener('message', (e) => {
      const m = JSON.parse(e.data);
      if (m.event === 'simulation') window.__simulation = m.payload;
    });
  });

const simulationNow = (gm) => gm.evaluate(() => window.__simulation);

/**
 * Pan and zoom with nothing else going on, then again while the console simulates 1,000 fights of
 * the open encounter on its worker pool, on the same pages. The simulation is started
 * from the GM page's socket, as the Simulate button does; the window begins once its progress
 * says fights are coming back, and the fights finished during the window are counted: none means
 * the row measured nothing, and it says n/a.
 *
 * The bench's 250-figure console (`_benchHost`) is not used: a fight of 250 figures runs for
 * minutes, so no fight of it would end inside the window. The sample encounter is the one the
 * budget of 1,000 fights names. `root` is the checkout whose build serves it.
 */
export async function panWhileSimulating(browser, _benchHost, seconds, root = CHECKOUT) {
  const host = await sampleConsole(root);
  try {
    const pages = await openConsolePages(browser, host);
    const { gm, player } = pages;
    await gm.waitForFunction(() => window.__battleMap?.hasBackground, undefined, { timeout: 60_000 });
    await player.waitForFunction(() => window.__battleMap?.hasBackground, undefined, { timeout: 60_000 });
    await gm.bringToFront();
    await Promise.all([settle(gm), settle(player)]);
    const idle = await panZoom(browser, gm, player, host.gm, seconds);
    await Promise.all([settle(gm), settle(player)]);
    await openBenchSocket(gm);
    await watchSimulation(gm);
    const started = await call(gm, 'simulate', { fights: 1000, maxTurns: 30, label: 'bench: pan while simulating' });
    if (!started.ok) throw new Error(`simulate refused: ${started.error.message}`);
    // Running means fights are coming back from the workers, not only that the run was accepted.
    await gm.waitForFunction(
      (runId) => window.__simulation?.runId === runId && (window.__simulation.done > 0 || window.__simulation.state !== 'running'),
      started.value.runId,
      { timeout: 120_000, polling: 50 },
    );
    const before = await simulationNow(gm);
    if (before.state !== 'running') throw new Error(`the simulation ${before.state} before the window began${before.error ? `: ${before.error}` : ''}`);
    const busy = await panZoom(browser, gm, player, host.gm, seconds);
    const after = await simulationNow(gm);
    const cancelled = await call(gm, 'cancelSimulation', { runId: started.value.runId });
    await pages.close();
    return {
      idle: idle.gm.intervals,
      busy: busy.gm.intervals,
      busyLongTasks: busy.gm.longTasks,
      fightsDuring: after.done - before.done,
      stillRunning: after.state === 'running',
      fightsDone: cancelled.ok ? cancelled.value.done : after.done,
    };
  } finally {
    await host.stop();
  }
}

/** The frame p95 ratio, or no figure at all when no fight ended while the GM panned (nothing was measured). */
function simulatingRatio(sim) {
  if (!(sim.fightsDuring > 0)) throw new Error('no fight was played during the window');
  return p95(sim.busy) / p95(sim.idle);
}

export const TACTICS_ROWS = (seconds) => [
  row(
    `GM pan/zoom while simulating 1,000 fights: frame interval p95 ÷ idle p95`,
    '×',
    (r) => simulatingRatio(r.sim),
    1.2,
    (r) =>
      `${r.sim.fightsDuring} fights played during the ${seconds} s window${r.sim.stillRunning ? '' : ' (the run ended inside it)'}${r.sim.fightsDuring > 0 ? '' : ': NOTHING MEASURED'}; simulating p95 ${p95(r.sim.busy).toFixed(1)} ms (median ${median(r.sim.busy).toFixed(1)}), idle p95 ${p95(r.sim.idle).toFixed(1)} ms; ${r.sim.busyLongTasks.length} long tasks`,
  ),
];

/**
 * Alone (`node tests/bench/chromium/tacticsRows.mjs [--root DIR] [--repeats 1] [--seconds 6]`):
 * these rows plus the page-load rows, without the whole bench, to compare two builds quickly.
 */
async function main() {
  const { resolve } = await import('node:path');
  const { pageLoad } = await import('./scenarios.mjs');
  const { importBenchImage } = await import('./browser.mjs');
  const { printTable } = await import('./report.mjs');
  const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
  const root = resolve(arg('--root', resolve(import.meta.dirname, '..', '..', '..')));
  const repeats = Number(arg('--repeats', 1));
  const seconds = Number(arg('--seconds', 6));
  const samples = Number(arg('--samples', 20));
  const runs = [];
  await withHostAndBrowser(root, { cols: 100, rows: 100, figures: 250 }, async ({ host, browser }) => {
    await importBenchImage(browser, host);
    for (let i = 0; i < repeats; i++) {
      const loadContext = await probedWindow(browser);
      const load = await pageLoad(loadContext, `${host.gm}&e2e=1`, 250);
      await loadContext.close();
      const sim = await panWhileSimulating(browser, host, seconds, root);
      const at1000 = await latencyAt1000(browser, root, samples);
      runs.push({ load, sim, at1000, index: i });
      process.stderr.write(`repeat ${i + 1} of ${repeats} done\n`);
    }
  });
  const loadRows = [
    row(
      'GM page load → 250 figures drawn',
      ' ms',
      (r) => r.load.figuresAt,
      800,
      (r) => `longest task during the load ${r.load.longest.toFixed(0)} ms`,
    ),
    row('GM page load → map image drawn', ' ms', (r) => r.load.imageAt, 1000),
  ];
  printTable([...loadRows, ...TACTICS_ROWS(seconds), ...LATENCY_ROWS], runs, `Load, simulation and 1,000-figure latency rows: ${root}`);
}

if (process.argv[1] && import.meta.filename === (await import('node:path')).resolve(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
