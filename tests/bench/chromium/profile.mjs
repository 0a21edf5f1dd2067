// Where the time of a pan/zoom goes, page by page: the bench's gesture on the GM
// page of the bench map while the player page follows, with a Chrome trace and a CPU profile of
// each page. Prints, per page, what the main thread did in its tasks over `--task` ms (trace
// events by self time) and the hottest JavaScript functions (CPU profile, self time).
//   node tests/bench/chromium/profile.mjs [--seconds 6] [--art] [--task 16] [--dpr 1] [--save DIR] [--rounds 1]
// `--rounds N` opens both pages and profiles the gesture N times in the same browser and host, as
// the bench's repeats do; each round prints both pages' cameras and the projector's framing at its
// start (and saves under DIR/round-N after the first).
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { withHostAndBrowser } from './benchConsole.mjs';
import { openConsolePages } from './pages.mjs';
import { startRecording, stopRecording } from './probes.mjs';
import { gesture, settle } from './scenarios.mjs';
import { longTaskAnatomy, mainThreadOf, otherRenderer, selfTimes } from './trace.mjs';
import { importBenchImage } from './browser.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const ROOT = resolve(arg('--root', resolve(import.meta.dirname, '..', '..', '..')));
const SECONDS = Number(arg('--seconds', 6));
const TASK_MS = Number(arg('--task', 16));
const DPR = Number(arg('--dpr', 1));
const SAVE = arg('--save', null);
const ART = process.argv.includes('--art');
const ROUNDS = Number(arg('--rounds', 1));
/**
 * `--reset-framing`: before each round's gesture the GM page presses 0 (the whole map, which the
 * projector follows), so both pages start at the fitted framing and not at the one the previous
 * round's GM page left in the host (a GM page takes that one back when it loads). The bench's
 * repeats reset the host's framing before their pages load instead (`resetFraming`).
 */
const RESET_FRAMING = process.argv.includes('--reset-framing');
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink',
  'cc',
  'v8',
  'disabled-by-default-v8.gc',
  'blink.console',
  'blink.user_timing',
];

/** The hottest functions of a CPU profile by self time (ms), with their script position. */
function hotFunctions(profile, top = 25) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dts = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${String(f.url).split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dts[i + 1] ?? 0) / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
}

async function main() {
  await withHostAndBrowser(ROOT, { cols: 100, rows: 100, figures: 250, art: ART }, async ({ host, browser }) => {
    await importBenchImage(browser, host);
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`\n##### round ${round} of ${ROUNDS}`);
      await profileRound(browser, host, round === 1 ? SAVE : SAVE && resolve(SAVE, `round-${round}`));
    }
  });
}

async function profileRound(browser, host, SAVE) {
  {
    const pages = await openConsolePages(browser, host, { dpr: DPR });
    const { gm, player } = pages;
    await player.waitForFunction(() => window.__battleMap?.hasBackground, undefined, { timeout: 60_000 });
    await gm.waitForFunction(() => window.__battleMap?.hasBackground, undefined, { timeout: 60_000 });
    await gm.bringToFront();
    await Promise.all([settle(gm), settle(player)]);
    if (RESET_FRAMING) {
      await gm.getByRole('application', { name: 'Battlemap' }).click({ position: { x: 5, y: 5 } });
      await gm.keyboard.press('0');
      await player.waitForFunction(() => window.__battleMap.cameraState.scale < 0.3, undefined, { timeout: 10_000 });
      await Promise.all([settle(gm), settle(player)]);
    }
    const where = (page) => page.evaluate(() => ({ camera: window.__battleMap.cameraState, auto: window.__battleMap.isAutoCamera }));
    const projector = await gm.evaluate(async () => {
      const token = new URLSearchParams(location.search).get('token');
      const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
      await new Promise((r) => ws.addEventListener('open', r, { once: true }));
      const answer = await new Promise((r) => {
        ws.addEventListener('message', (e) => JSON.parse(e.data).id === 4997 && r(JSON.parse(e.data).result), { once: false });
        ws.send(JSON.stringify({ id: 4997, channel: 'getProjector', args: {} }));
      });
      ws.close();
      return answer?.value ?? answer;
    });
    console.log(
      `at the start: GM ${JSON.stringify(await where(gm))}; player ${JSON.stringify(await where(player))}; projector ${JSON.stringify({ mode: projector?.mode, frame: projector?.frame })}`,
    );
    const sessions = await Promise.all([gm, player].map((p) => p.context().newCDPSession(p)));
    for (const cdp of sessions) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    // Each layer's draws and their JavaScript time, and the map tiles painted, on both pages.
    const countDraws = (page) =>
      page.evaluate(() => {
        const map = window.__battleMap;
        const counts = map.stage.getLayers().map(() => ({ draws: 0, ms: 0 }));
        map.stage.getLayers().forEach((layer, i) => {
          let t0 = 0;
          layer.on('beforeDraw.bench', () => (t0 = performance.now()));
          layer.on('draw.bench', () => {
            counts[i].draws++;
            counts[i].ms += performance.now() - t0;
            performance.mark(`layer ${i} drawn`);
          });
          // Every path that paints a layer's canvas, also those that fire no 'draw', and whether
          // it drew images filtered (a mark of each kind once a task).
          const context = layer.getCanvas()._canvas.getContext('2d');
          const marked = new Set();
          const mark = (what) => {
            if (marked.has(what)) return;
            if (marked.size === 0) setTimeout(() => marked.clear());
            marked.add(what);
            performance.mark(`layer ${i} ${what}`);
          };
          for (const method of ['drawImage', 'clearRect', 'putImageData', 'fillRect']) {
            const native = context[method];
            context[method] = function (...args) {
              mark('inked');
              if (method === 'drawImage') mark(this.imageSmoothingEnabled ? 'filtered' : 'unfiltered');
              return native.apply(this, args);
            };
          }
        });
        window.__drawCounts = { counts, tiles0: map.gridRepaints };
      });
    const takeDraws = (page) =>
      page.evaluate(() => {
        const { counts, tiles0 } = window.__drawCounts;
        return { layers: counts.map((c) => `${c.draws} draws ${c.ms.toFixed(0)} ms`).join(' | '), tiles: window.__battleMap.gridRepaints - tiles0 };
      });
    await Promise.all([countDraws(gm), countDraws(player)]);
    const [g0, p0] = await Promise.all([startRecording(gm), startRecording(player)]);
    await browser.startTracing(gm, { categories: CATEGORIES });
    await gesture(gm, SECONDS);
    const trace = await browser.stopTracing();
    const recorded = await Promise.all([stopRecording(gm, g0), stopRecording(player, p0)]);
    const profiles = await Promise.all(sessions.map((cdp) => cdp.send('Profiler.stop')));
    const draws = await Promise.all([takeDraws(gm), takeDraws(player)]);
    if (SAVE) {
      await mkdir(SAVE, { recursive: true });
      await writeFile(resolve(SAVE, 'trace.json'), trace);
      await writeFile(resolve(SAVE, 'gm.cpuprofile'), JSON.stringify(profiles[0].profile));
      await writeFile(resolve(SAVE, 'player.cpuprofile'), JSON.stringify(profiles[1].profile));
    }
    const events = JSON.parse(String(trace)).traceEvents ?? [];
    for (const [i, [name]] of [
      ['GM', host.gm],
      ['Player', host.player],
    ].entries()) {
      const { intervals, longTasks } = recorded[i];
      const sorted = [...intervals].sort((a, b) => a - b);
      const q = (x) => sorted[Math.min(sorted.length - 1, Math.floor(x * sorted.length))]?.toFixed(1);
      console.log(
        `\n=== ${name} page: ${intervals.length} frames, interval median ${q(0.5)} p95 ${q(0.95)} ms; long tasks ${longTasks.length} (${longTasks.map((t) => t.toFixed(0)).join(', ')})`,
      );
      // The player page is in its own browser context, which the trace does not list by URL: it is the other renderer.
      const gmThread = mainThreadOf(events, new URL(host.gm).origin + new URL(host.gm).pathname);
      const thread = i === 0 ? gmThread : otherRenderer(events, gmThread);
      console.log(`  layers (grid | overlays | figures | drag): ${draws[i].layers}; map tiles painted ${draws[i].tiles}`);
      if (!thread) {
        console.log('  (no main thread found in the trace)');
        continue;
      }
      const anatomy = longTaskAnatomy(events, thread, 50, 25);
      const cpus = anatomy.map((t) => t.cpu);
      console.log(
        `  tasks over 50 ms wall: ${anatomy.filter((t) => t.ms >= 50).length}; over 25 ms CPU: ${cpus.filter((c) => c >= 25).length}, over 40 ms CPU: ${cpus.filter((c) => c >= 40).length}; the longest's CPU ${Math.max(0, ...cpus).toFixed(1)} ms`,
      );
      for (const t of anatomy) {
        console.log(
          `  task ${t.ms.toFixed(1)} ms (CPU ${t.cpu.toFixed(1)}): marks since the last commit [${t.marks.join(', ')}]; JS [${t.js.join(', ')}]; canvases produced, wall/CPU ms [${t.canvases.join(', ')}]${t.gc.length ? `; GC [${t.gc.join(', ')}]` : ''}`,
        );
      }
      const { tasks, total, byName } = selfTimes(events, thread, TASK_MS);
      console.log(`  tasks over ${TASK_MS} ms: ${tasks.length}, ${total.toFixed(0)} ms in all; self time by event:`);
      for (const [k, v] of byName.slice(0, 22)) console.log(`    ${v.toFixed(1).padStart(8)} ms  ${k}`);
      console.log('  hottest JavaScript (CPU profile, self ms, whole gesture):');
      for (const [k, v] of hotFunctions(profiles[i].profile)) console.log(`    ${v.toFixed(1).padStart(8)} ms  ${k}`);
    }
    await pages.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
