// Where the GM page's load goes, a diagnostic:
//   node tests/bench/chromium/profileLoad.mjs [--root DIR] [--loads 3] [--figures 250] [--top 30] [--no-image]
// Imports the bench's 4096² map image once, then loads the GM page `--loads` times; each load
// prints when the figures and the map image were drawn, every long task and the page's performance
// marks (when the map image was decoded). The last load runs
// Chrome's sampling profiler: its hottest functions inside tasks over 50 ms (build with
// NO_MINIFY=1 to read their names).
import { resolve } from 'node:path';
import { withHostAndBrowser } from './benchConsole.mjs';
import { probedWindow } from './pages.mjs';
import { pageLoad } from './scenarios.mjs';
import { importBenchImage } from './browser.mjs';

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const root = resolve(arg('--root', resolve(import.meta.dirname, '..', '..', '..')));
const figures = Number(arg('--figures', 250));
const loads = Number(arg('--loads', 3));
const top = Number(arg('--top', 30));
const withImage = !process.argv.includes('--no-image');

/**
 * The profile's busy stretches over 50 ms (runs of samples not idle, a proxy for long tasks), each
 * with its length and its hottest functions by self time.
 */
function busyStretches(profile, topN) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const runs = [];
  let run = null;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (f.functionName === '(idle)' || f.functionName === '(program)') {
      if (run && f.functionName === '(idle)') {
        runs.push(run);
        run = null;
      }
      return;
    }
    run ??= { ms: 0, self: new Map() };
    run.ms += dt;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    run.self.set(key, (run.self.get(key) ?? 0) + dt);
  });
  if (run) runs.push(run);
  return runs.filter((r) => r.ms >= 50).map((r) => ({ ms: r.ms, top: [...r.self].sort((a, b) => b[1] - a[1]).slice(0, topN) }));
}

await withHostAndBrowser(root, { cols: 100, rows: 100, figures }, async ({ host, browser }) => {
  if (withImage) {
    await importBenchImage(browser, host);
  }
  for (let i = 0; i < loads; i++) {
    const last = i === loads - 1;
    const context = await probedWindow(browser);
    let cdp = null;
    if (last) {
      // Profile from the first script on: a blank page gets the session, then navigates.
      const blank = await context.newPage();
      cdp = await context.newCDPSession(blank);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await blank.goto(`${host.gm}&e2e=1`);
    }
    const load = last && cdp ? await timedExisting(context) : await pageLoad(context, `${host.gm}&e2e=1`, figures);
    const tasks = await load.page.evaluate(() => window.__probe.longTasks.map((t) => [Math.round(t.start), Math.round(t.duration)]));
    const resources = await load.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => `${r.name.split('?')[0].split('/').slice(-2).join('/')} ${Math.round(r.startTime)}→${Math.round(r.responseEnd)}`),
    );
    const marks = await load.page.evaluate(() => performance.getEntriesByType('mark').map((m) => `${m.name} ${Math.round(m.startTime)}`));
    console.log(
      `load ${i + 1}: figures drawn ${load.figuresAt.toFixed(0)} ms, map image drawn ${load.imageAt.toFixed(0)} ms; long tasks [start, ms]: ${JSON.stringify(tasks)}`,
    );
    console.log(`  marks: ${marks.join('; ')}`);
    if (last) console.log(`  resources: ${resources.join('; ')}`);
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      for (const stretch of busyStretches(profile, top)) {
        console.log(`  busy ${stretch.ms.toFixed(0)} ms, hottest (self ms):`);
        for (const [k, ms] of stretch.top) console.log(`${ms.toFixed(1).padStart(8)}  ${k}`);
      }
    }
    await context.close();
  }
});

/** The load marks of the context's already navigated page. */
async function timedExisting(context) {
  const page = context.pages()[0];
  const marks = await page.waitForFunction(
    ([n, image]) => {
      const map = window.__battleMap;
      const w = (window.__loadMarks ??= {});
      if (map) {
        if (!w.figures && map.stage.getLayers()[2]?.getChildren().length >= n) w.figures = performance.now();
        if (!w.image && map.hasBackground) w.image = performance.now();
      }
      return w.figures && (w.image || !image) ? w : null;
    },
    [figures, withImage],
    { polling: 'raf', timeout: 60_000 },
  );
  const { figures: figuresAt, image: imageAt = NaN } = await marks.jsonValue();
  return { page, figuresAt, imageAt };
}
