// Where a GM command's time goes on each page, a diagnostic:
//   node tests/bench/chromium/profileCommand.mjs [--figures 1000] [--commands 20] [--top 25]
// Turns a figure `--commands` times from the GM's socket while Chrome's sampling profiler runs on
// the GM page and the player page, then prints each page's functions by self time per command.
import { resolve } from 'node:path';
import { withHostAndBrowser } from './benchConsole.mjs';
import { openConsolePages } from './pages.mjs';
import { commandLatency, settle } from './scenarios.mjs';

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const root = resolve(import.meta.dirname, '..', '..', '..');
const figures = Number(arg('--figures', 1000));
const commands = Number(arg('--commands', 20));
const top = Number(arg('--top', 25));

function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]);
}

await withHostAndBrowser(root, { cols: 100, rows: 100, figures }, async ({ host, browser }) => {
  const { gm, player, gmContext, playerContext } = await openConsolePages(browser, host);
  for (const p of [gm, player])
    await p.waitForFunction((n) => window.__battleMap?.stage.getLayers()[2]?.getChildren().length >= n, figures, { timeout: 120_000 });
  await Promise.all([settle(gm), settle(player)]);
  const figure = await gm.evaluate(() => {
    const node = window.__battleMap.stage.getLayers()[2].getChildren()[0];
    return { id: node.id(), name: node.findOne('.name').text().split(' · ')[0] };
  });
  const sessions = [await gmContext.newCDPSession(gm), await playerContext.newCDPSession(player)];
  for (const s of sessions) {
    await s.send('Profiler.enable');
    await s.send('Profiler.setSamplingInterval', { interval: 100 });
    await s.send('Profiler.start');
  }
  await browser.startTracing(gm, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const result = await commandLatency(gm, player, figure.id, figure.name, commands);
  const trace = JSON.parse(String(await browser.stopTracing()));
  const [gmProfile, playerProfile] = await Promise.all(sessions.map((s) => s.send('Profiler.stop')));
  // The GM page's main-thread events by name: total duration per command (nested events overlap).
  const main = trace.traceEvents.filter(
    (e) =>
      e.ph === 'X' &&
      e.dur &&
      [
        'UpdateLayoutTree',
        'Layout',
        'Paint',
        'PrePaint',
        'Layerize',
        'Commit',
        'ParseHTML',
        'FunctionCall',
        'EventDispatch',
        'TimerFire',
        'FireAnimationFrame',
        'RunMicrotasks',
        'v8.run',
        'HitTest',
        'UpdateLayer',
        'RasterTask',
        'GPUTask',
        'ScheduleStyleRecalculation',
        'RunTask',
        'ThreadControllerImpl::RunTask',
      ].includes(e.name),
  );
  const byName = new Map();
  for (const e of main) byName.set(`${e.name} (tid ${e.tid})`, (byName.get(`${e.name} (tid ${e.tid})`) ?? 0) + e.dur / 1000);
  console.log('GM page trace, ms per command:');
  for (const [k, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${(ms / commands).toFixed(2).padStart(8)}  ${k}`);
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `${figures} figures, ${commands} commands: player p50 ${med(result.toPlayer).toFixed(1)} ms, GM p50 ${med(result.toGm).toFixed(1)} ms, arrival p50 ${med(result.arrival).toFixed(1)} ms`,
  );
  for (const [name, p] of [
    ['GM page', gmProfile.profile],
    ['player page', playerProfile.profile],
  ]) {
    console.log(`\n${name}: self time per command (ms)`);
    for (const [k, ms] of selfTimes(p)
      .filter(([k]) => !k.startsWith('(idle)'))
      .slice(0, top))
      console.log(`${(ms / commands).toFixed(2).padStart(8)}  ${k}`);
  }
});
