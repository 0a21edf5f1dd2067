// The host answers the GM while anything else happens: a GM command's round trip and the host's
// memory under each abuse a page can cause (a player asking masked map images in a loop, replays of
// 64-figure simulated fights, a cancelled simulation, a flood of display reports).
//   node tests/bench/stalls/run.mjs [--root DIR] [--repeats 2] [--seconds 6] [--no-fail] [--only NAME]
// (needs `npm run build` first; --root measures another checkout's build). Each abuse runs on a
// console of its own; the GM sends a logged command every 50 ms through the window and times each
// answer. Prints every row with its budget and PASS/FAIL; exits 1 when a row's median misses its
// budget, unless --no-fail.
import { resolve } from 'node:path';
import { cancelAbuse, idle, maskingAbuse, replayAbuse, reportFlood } from './abuses.mjs';
import { median, p95, printTable, row } from '../chromium/report.mjs';

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const ROOT = resolve(arg('--root', resolve(import.meta.dirname, '..', '..', '..')));
const REPEATS = Number(arg('--repeats', 2));
const SECONDS = Number(arg('--seconds', 6));
const ONLY = arg('--only', null);
const failOnMiss = !process.argv.includes('--no-fail');

/** Budget: a GM command's round trip under any abuse. */
const ROUND_TRIP_MS = 50;
/**
 * The host's resident memory at its peak in the window, whatever the abuse: the console's own
 * size with a campaign open (about 150–250 MiB here), one map image being masked (a 4096² image
 * decoded, its fog drawn, encoded: under 200 MiB, and only one at a time), the simulation pool.
 */
const PEAK_MIB = 640;
/** A projector change reaches the other pages at most once in this many ms (projector.ts). */
const PUSHES_PER_SECOND = 20;
/** After a cancel the workers are stopped: what CPU the host still spends is its own answering of the GM. */
const CORES_AFTER_CANCEL = 0.25;

const SCENARIOS = {
  idle: (seconds) => idle(ROOT, seconds),
  masking: (seconds) => maskingAbuse(ROOT, seconds),
  replay: (seconds) => replayAbuse(ROOT, seconds),
  cancel: (seconds) => cancelAbuse(ROOT, seconds),
  reports: (seconds) => reportFlood(ROOT, seconds),
};

const trips = (r) => `median ${median(r.trips).toFixed(1)} ms, max ${Math.max(...r.trips).toFixed(0)} ms (n=${r.trips.length})`;
const memory = (r) => `resident ${r.rssBefore.toFixed(0)} MiB before the window; host CPU ${r.cores.toFixed(2)} cores`;
const answers = (a) =>
  Object.entries(a)
    .map(([k, v]) => `${v}× ${k}`)
    .join(', ');

const ROWS = [
  row(
    'Idle: GM command round trip, p95',
    ' ms',
    (r) => p95(r.idle.trips),
    ROUND_TRIP_MS,
    (r) => `${trips(r.idle)}; ${memory(r.idle)}`,
  ),
  row('Idle: host resident memory at its peak', ' MiB', (r) => r.idle.peak, PEAK_MIB),
  row(
    'Player asking masked map images, 6 at once: GM round trip p95',
    ' ms',
    (r) => p95(r.masking.trips),
    ROUND_TRIP_MS,
    (r) => `${trips(r.masking)}; ${r.masking.names} names asked in turn, answers ${answers(r.masking.answers)}; ${memory(r.masking)}`,
  ),
  row('Player asking masked map images: host resident memory at its peak', ' MiB', (r) => r.masking.peak, PEAK_MIB),
  row(
    'Replaying simulated fights of 64 figures: GM round trip p95',
    ' ms',
    // A window in which no fight was replayed and jumped about measured nothing.
    (r) => (r.replay.jumps.length < 12 ? NaN : p95(r.replay.trips)),
    ROUND_TRIP_MS,
    (r) =>
      `${trips(r.replay)}; ${r.replay.replays.length} fights replayed (median ${median(r.replay.replays.map((x) => x.ms)).toFixed(0)} ms, ${median(r.replay.replays.map((x) => x.steps))} steps each), ${r.replay.jumps.length} jumps to a step (median ${median(r.replay.jumps).toFixed(0)} ms, max ${Math.max(0, ...r.replay.jumps).toFixed(0)} ms); ${memory(r.replay)}`,
  ),
  row('Replaying simulated fights: host resident memory at its peak', ' MiB', (r) => r.replay.peak, PEAK_MIB),
  row(
    'After cancelling a 64-figure simulation: GM round trip p95',
    ' ms',
    (r) => p95(r.cancel.trips),
    ROUND_TRIP_MS,
    (r) => `${trips(r.cancel)}; ${r.cancel.doneAtCancel} fights done at the cancel; ${memory(r.cancel)}`,
  ),
  row('After cancelling a simulation: host CPU in the window', ' cores', (r) => r.cancel.cores, CORES_AFTER_CANCEL),
  row('After cancelling a simulation: host resident memory at its peak', ' MiB', (r) => r.cancel.peak, PEAK_MIB),
  row(
    'A player flooding display reports: GM round trip p95',
    ' ms',
    (r) => p95(r.reports.trips),
    ROUND_TRIP_MS,
    (r) =>
      `${trips(r.reports)}; ${r.reports.sent} reports sent, answers ${answers(r.reports.answers)}; the host closed the flooding socket ${r.reports.closes ?? 0}× and refused ${r.reports.refusedConnections ?? 0} of its new sockets (it connected again at once each time); ${memory(r.reports)}`,
  ),
  row(
    'A player flooding display reports: projector pushes per second to another player page',
    '/s',
    (r) => r.reports.pushesPerSecond.player,
    PUSHES_PER_SECOND,
    (r) => `to the GM page ${r.reports.pushesPerSecond.gm.toFixed(1)}/s`,
  ),
  row('A player flooding display reports: host resident memory at its peak', ' MiB', (r) => r.reports.peak, PEAK_MIB),
];

async function main() {
  const runs = [];
  for (let i = 0; i < REPEATS; i++) {
    const run = { index: i };
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      if (ONLY !== null && name !== ONLY) continue;
      run[name] = await scenario(SECONDS);
      process.stderr.write(`repeat ${i + 1}: ${name} done\n`);
    }
    runs.push(run);
  }
  const measured = (r, run) => {
    try {
      return Number.isFinite(r.measure(run));
    } catch {
      return false;
    }
  };
  const rows = ONLY === null ? ROWS : ROWS.filter((r) => runs.every((run) => measured(r, run)));
  const header = `Stall bench: ${ROOT}\nEach abuse on a console of its own (the sample campaign; 64 figures on a 30 × 30 map for the simulations); the GM sends a logged command every 50 ms for ${SECONDS} s`;
  const misses = printTable(rows, runs, header);
  console.log(misses.length ? `\nBudgets missed (${misses.length}): ${misses.join('; ')}` : '\nAll budgets met.');
  if (misses.length && failOnMiss) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
