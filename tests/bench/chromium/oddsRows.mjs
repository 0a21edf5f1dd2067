// The odds as the GM waits for them. 1,000 fights through the host's `simulate`
// channel, as the Odds tab asks for them (progress pushes included), timed from the call to the
// push that says the run finished; on the sample encounter and on a larger saved one. Three ways a
// GM meets it: Simulate pressed the moment the console is up (cold workers); pressed after the
// Odds tab has been open a few seconds (the tab warms the workers up, `prepareSimulation`); and a
// second run on the same console. No browser: the host and one GM socket.
//   node tests/bench/chromium/oddsRows.mjs [--root DIR] [--repeats 1]
import { resolve } from 'node:path';
import NodeSocket from 'ws';
import { makeDataDir, startHost } from './host.mjs';
import { printTable, row } from './report.mjs';

const FIGHTS = 1000;
const MAX_TURNS = 30;
/** How long the GM reads the Odds tab before pressing Simulate, in the "tab open" rows. */
export const READING_MS = 5000;

/** Offset (col, row) → axial on the sample's flat map (src/shared/mapGrid.ts). */
const axial = (col, row) => ({ q: col, r: row - Math.floor(col / 2) });

/**
 * The sample encounter grown to ten figures on its own 30×20 map: both mages (Ilsa and a second
 * one), both hidden archers in the shadows, three fighters a side; Blur still on Bram.
 */
export function largerEncounter(sample) {
  const byId = new Map(sample.figures.map((f) => [f.id, f]));
  const copy = (id, newId, name, [col, row], extra = {}) => ({ ...structuredClone(byId.get(id)), id: newId, name, position: axial(col, row), ...extra });
  const added = [
    copy('bram', 'corin', 'Corin', [9, 12]),
    copy('ilsa', 'maren', 'Maren', [7, 11]),
    copy('bram', 'tova', 'Tova', [10, 8]),
    copy('grak', 'urth', 'Urth', [17, 11]),
    copy('grak', 'hesk', 'Hesk', [18, 8]),
    copy('sella', 'nyx', 'Nyx', [23, 5], { hidden: true }),
  ];
  return { ...sample, name: 'Ford ambush, ten figures', figures: [...sample.figures, ...added] };
}

const ENCOUNTERS = [
  { name: 'the sample encounter (4 figures)', build: (initial) => initial },
  { name: 'a 10-figure encounter (2 mages, 2 hidden, 30×20)', build: largerEncounter },
];

/** A GM socket on the host, with `call(channel, args)` and `runTime()` timing one simulation to its end. */
async function gmSocket(host) {
  const url = new URL(host.gm);
  const ws = new NodeSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`, { origin: url.origin });
  await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
  let nextId = 1;
  const call = (channel, args) =>
    new Promise((ok, fail) => {
      const id = nextId++;
      const onMessage = (data) => {
        const m = JSON.parse(String(data));
        if (m.id !== id) return;
        ws.off('message', onMessage);
        if (m.result.ok) ok(m.result.value);
        else fail(new Error(`${channel} refused: ${m.result.error.message}`));
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, channel, args }));
    });
  /** Seconds from the Simulate call to the push saying the run finished, and how many progress pushes came. */
  const runTime = async () => {
    let pushes = 0;
    let runId = null;
    let onMessage;
    const started = performance.now();
    const finished = new Promise((ok, fail) => {
      onMessage = (data) => {
        const m = JSON.parse(String(data));
        if (m.event !== 'simulation' || (runId !== null && m.payload.runId !== runId)) return;
        pushes++;
        if (m.payload.state === 'finished') ok(performance.now());
        else if (m.payload.state !== 'running') fail(new Error(`the simulation ${m.payload.state}: ${m.payload.error ?? ''}`));
      };
      ws.on('message', onMessage);
    });
    runId = (await call('simulate', { fights: FIGHTS, maxTurns: MAX_TURNS, label: 'bench' })).runId;
    const at = await finished;
    ws.off('message', onMessage);
    return { seconds: (at - started) / 1000, pushes };
  };
  return { call, runTime, close: () => ws.close() };
}

async function onConsole(root, build, play) {
  const host = await startHost(root, await makeDataDir(root, null, build));
  const gm = await gmSocket(host);
  try {
    return await play(gm);
  } finally {
    gm.close();
    await host.stop();
  }
}

/** One repeat: per encounter, Simulate at once then again, and on a fresh console after the tab was open READING_MS. */
export async function oddsRound(root) {
  const out = [];
  for (const { name, build } of ENCOUNTERS) {
    const { atOnce, again } = await onConsole(root, build, async (gm) => ({ atOnce: await gm.runTime(), again: await gm.runTime() }));
    const afterReading = await onConsole(root, build, async (gm) => {
      // A build from before the warm-up (`--root`) refuses the call: its row times a run after the same pause.
      const warming = await gm.call('prepareSimulation', {}).then(
        (r) => r.warming,
        () => null,
      );
      if (warming === false) throw new Error('the Odds tab warmed no worker up');
      await new Promise((r) => setTimeout(r, READING_MS));
      return { ...(await gm.runTime()), warmedUp: warming === true };
    });
    out.push({ name, atOnce, afterReading, again });
  }
  return out;
}

const pushes = (t) => `${t.pushes} progress pushes${t.warmedUp === false ? ' (this build has no warm-up)' : ''}`;

export const ODDS_ROWS = ENCOUNTERS.flatMap(({ name }, i) => [
  row(
    `Odds: 1,000 fights of ${name}, Odds tab open ${READING_MS / 1000} s first`,
    ' s',
    (r) => r.odds[i].afterReading.seconds,
    10,
    (r) => pushes(r.odds[i].afterReading),
  ),
  row(
    `Odds: the same, Simulate the moment the console is up (cold workers)`,
    ' s',
    (r) => r.odds[i].atOnce.seconds,
    10,
    (r) => pushes(r.odds[i].atOnce),
  ),
  row(
    `Odds: the same, a second run on that console`,
    ' s',
    (r) => r.odds[i].again.seconds,
    10,
    (r) => pushes(r.odds[i].again),
  ),
]);

async function main() {
  const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
  const root = resolve(arg('--root', resolve(import.meta.dirname, '..', '..', '..')));
  const repeats = Number(arg('--repeats', 1));
  const runs = [];
  for (let i = 0; i < repeats; i++) {
    runs.push({ odds: await oddsRound(root), index: i });
    process.stderr.write(`repeat ${i + 1} of ${repeats} done\n`);
  }
  printTable(ODDS_ROWS, runs, `Odds through the host's simulate channel: ${root}`);
}

if (process.argv[1] && import.meta.filename === resolve(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
