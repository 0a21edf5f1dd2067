// Browser benchmarks of the battlemap (issue 7 budgets), on the real web host in Chromium:
//   node tests/bench/chromium/run.mjs            (needs `npm run build` first)
// A 100×100 hex map with 250 figures and a 4096×4096 map image; prints medians and 95th
// percentiles of frame work and frame intervals while panning and zooming, the delay from a GM
// command to the player page, and the GM page's time to interactive. Exits 1 when a budget is
// missed (unless --no-fail).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { buildEncounter } from './campaign.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const BUDGET = { frameMedianMs: 8, frameP95Ms: 16.7, commandP95Ms: 50, interactiveMs: 1000 };
const failOnMiss = !process.argv.includes('--no-fail');

const quantile = (values, q) => {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return s[lo] + (s[hi] - s[lo]) * (i - lo);
};
const stats = (values) => ({ n: values.length, median: quantile(values, 0.5), p95: quantile(values, 0.95), max: Math.max(...values) });
const fmt = (s) => `median ${s.median.toFixed(2)} ms · p95 ${s.p95.toFixed(2)} ms · max ${s.max.toFixed(2)} ms (n=${s.n})`;

/** A data folder whose recent list opens a copy of the sample campaign rewritten to the bench's size. */
async function makeDataDir() {
  const dataDir = await mkdtemp(join(tmpdir(), 'pillars-bench-'));
  const campaignDir = join(dataDir, 'campaigns', 'Bench Campaign');
  await cp(join(ROOT, 'resources', 'sample-campaign'), campaignDir, { recursive: true });
  const encounters = join(campaignDir, 'encounters');
  const sampleFile = (await readdir(encounters)).find((n) => n.endsWith('.json') && !n.endsWith('.snapshot.json'));
  for (const n of await readdir(encounters)) if (n !== sampleFile) await rm(join(encounters, n), { force: true });
  const file = JSON.parse(await readFile(join(encounters, sampleFile), 'utf8'));
  file.initial = buildEncounter(file.initial, { cols: 100, rows: 100, figures: 250 });
  if (Array.isArray(file.log)) file.log = [];
  await writeFile(join(encounters, sampleFile), JSON.stringify(file, null, 1));
  await mkdir(join(dataDir), { recursive: true });
  await writeFile(join(dataDir, 'recent.json'), JSON.stringify({ schemaVersion: 1, campaigns: [campaignDir] }));
  return dataDir;
}

async function startHost(dataDir) {
  const serve = join(ROOT, 'out', 'main', 'serve.js');
  if (!existsSync(serve)) throw new Error('out/main/serve.js is missing: run `npm run build` first.');
  const child = spawn(process.execPath, [serve, '--data', dataDir, '--json'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  const line = await new Promise((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`the console exited (${code}):\n${stderr}`)));
    setTimeout(() => fail(new Error(`no URLs within 20 s:\n${stderr}`)), 20_000);
  });
  return { ...JSON.parse(line), child };
}

/** Draws a 4096×4096 picture in the page and hands it to the map as its image. */
async function addMapImage(page) {
  return page.evaluate(async () => {
    const map = window.__battleMap;
    const canvas = document.createElement('canvas');
    canvas.width = 4096;
    canvas.height = 4096;
    const ctx = canvas.getContext('2d');
    const g = ctx.createLinearGradient(0, 0, 4096, 4096);
    g.addColorStop(0, '#4c5d3f');
    g.addColorStop(0.5, '#6b6a4a');
    g.addColorStop(1, '#3d4f5a');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 4096, 4096);
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 6000; i++) {
      ctx.fillStyle = `hsla(${Math.floor(rnd() * 360)}, 30%, ${30 + rnd() * 30}%, 0.35)`;
      ctx.beginPath();
      ctx.arc(rnd() * 4096, rnd() * 4096, 4 + rnd() * 40, 0, Math.PI * 2);
      ctx.fill();
    }
    const image = await createImageBitmap(canvas);
    const f = map.wholeMapFrame();
    const s = 32;
    map.setBackground({ image, rect: { x0: (f.x - f.width / 2) * s, y0: (f.y - f.height / 2) * s, x1: (f.x + f.width / 2) * s, y1: (f.y + f.height / 2) * s } });
    return { width: image.width, height: image.height };
  });
}

/**
 * Pans and zooms in requestAnimationFrame: each frame moves the camera the way the pointer and
 * wheel handlers do and draws the stage; "work" is that frame's script + canvas time, "interval"
 * the time between animation frames (what the GM sees).
 */
async function panZoom(page, frames) {
  return page.evaluate(async (n) => {
    const map = window.__battleMap;
    const stage = map.stage;
    // The loop draws every frame itself; Konva's own scheduled draws would draw twice.
    const layers = stage.getLayers();
    for (const l of layers) l.batchDraw = function () { return this; };
    map.fitToView();
    stage.draw();
    const work = [];
    const perLayer = layers.map(() => []);
    const intervals = [];
    let last = 0;
    const w = stage.width();
    const h = stage.height();
    await new Promise((done) => {
      let i = 0;
      const step = (ts) => {
        if (last) intervals.push(ts - last);
        last = ts;
        const t0 = performance.now();
        const phase = Math.floor(i / 60) % 4;
        if (phase === 0) map.zoomAt({ x: w * 0.45, y: h * 0.5 }, 1.035);
        else if (phase === 1) map.panBy(-9, -5);
        else if (phase === 2) map.zoomAt({ x: w * 0.6, y: h * 0.4 }, 1 / 1.035);
        else map.panBy(9, 5);
        let t = performance.now();
        layers.forEach((layer, k) => {
          layer.draw();
          const now = performance.now();
          perLayer[k].push(now - t);
          t = now;
        });
        work.push(performance.now() - t0);
        if (++i < n) requestAnimationFrame(step);
        else done();
      };
      requestAnimationFrame(step);
    });
    for (const l of layers) delete l.batchDraw;
    return { work, intervals, perLayer };
  }, frames);
}

/** Sends turnFigure commands from the GM page and times each until the player page's token turned. */
async function commandToPlayer(gm, player, samples) {
  const figureId = await player.evaluate(() => window.__battleMap.stage.getLayers()[2].getChildren()[0].id());
  const delays = [];
  await gm.evaluate(async () => {
    const token = new URLSearchParams(location.search).get('token');
    const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
    await new Promise((r) => ws.addEventListener('open', r, { once: true }));
    window.__benchSocket = ws;
  });
  for (let i = 0; i < samples; i++) {
    const target = i % 2 === 0 ? 3 : 0; // f001 starts facing 0: every command turns it
    const watching = player.evaluate(
      ({ id }) =>
        new Promise((resolveSeen) => {
          const node = window.__battleMap.stage.findOne(`#${id}`);
          const before = JSON.stringify(node.findOne('.notch').points());
          const check = () => {
            if (JSON.stringify(node.findOne('.notch').points()) !== before) resolveSeen(performance.timeOrigin + performance.now());
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
      { id: figureId },
    );
    await player.waitForTimeout(20);
    const sent = await gm.evaluate(
      ({ id, facing: f, n }) => {
        const at = performance.timeOrigin + performance.now();
        window.__benchSocket.send(JSON.stringify({ id: 1000 + n, channel: 'sendCommand', args: { command: { type: 'turnFigure', figureId: id, facing: f } } }));
        return at;
      },
      { id: figureId, facing: target, n: i },
    );
    const seen = await watching;
    delays.push(seen - sent);
  }
  return delays;
}

async function main() {
  const dataDir = await makeDataDir();
  const host = await startHost(dataDir);
  const browser = await chromium.launch({
    ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const results = {};
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    // Time to interactive: navigation start → the map has drawn all 250 figures.
    const loads = [];
    let gm;
    for (let i = 0; i < 5; i++) {
      gm?.close();
      gm = await context.newPage();
      await gm.goto(`${host.gm}&e2e=1`);
      const t = await gm.waitForFunction(
        () => {
          const map = window.__battleMap;
          return map && map.stage.getLayers()[2]?.getChildren().length >= 250 && document.querySelector('[data-testid=encounter-name]') ? performance.now() : 0;
        },
        undefined,
        { polling: 'raf', timeout: 20_000 },
      );
      loads.push(await t.jsonValue());
    }
    results.interactive = stats(loads);
    const image = await addMapImage(gm);
    await gm.waitForTimeout(300);
    // The player display is its own window (its own context), as on the second screen.
    const playerContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const player = await playerContext.newPage();
    await player.goto(`${host.player}&e2e=1`);
    await player.waitForFunction(() => window.__battleMap?.stage.getLayers()[2]?.getChildren().length > 0, undefined, { timeout: 20_000 });
    await gm.bringToFront();
    await panZoom(gm, 60); // warm-up
    const { work, intervals, perLayer } = await panZoom(gm, 480);
    results.frameWork = stats(work);
    results.perLayer = perLayer.map(stats);
    results.frameInterval = stats(intervals);
    results.command = stats(await commandToPlayer(gm, player, 60));
    results.image = image;
    results.chromium = browser.version();
  } finally {
    await browser.close();
    host.child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }

  const cpu = cpus();
  console.log(`Machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, Chromium ${results.chromium}`);
  console.log(`Map: 100×100 hexes, 250 figures, ${results.image.width}×${results.image.height} map image (drawn in the page: map images are not in the campaign files yet)`);
  console.log(`GM page interactive      ${fmt(results.interactive)}   budget ${BUDGET.interactiveMs} ms`);
  console.log(`Pan/zoom frame work      ${fmt(results.frameWork)}   budget median < ${BUDGET.frameMedianMs}, p95 < ${BUDGET.frameP95Ms}`);
  ['grid+terrain+image', 'overlays', 'figures', 'drag'].forEach((name, k) =>
    console.log(`  layer ${name.padEnd(20)} ${fmt(results.perLayer[k])}`),
  );
  console.log(`Pan/zoom frame interval  ${fmt(results.frameInterval)}`);
  console.log(`GM command → player map  ${fmt(results.command)}   budget p95 < ${BUDGET.commandP95Ms}`);
  const misses = [];
  if (results.interactive.median > BUDGET.interactiveMs) misses.push('GM page interactive');
  if (results.frameWork.median > BUDGET.frameMedianMs) misses.push('frame median');
  if (results.frameWork.p95 > BUDGET.frameP95Ms) misses.push('frame p95');
  if (results.command.p95 > BUDGET.commandP95Ms) misses.push('command p95');
  console.log(misses.length ? `Budgets missed: ${misses.join(', ')}` : 'All budgets met.');
  if (misses.length && failOnMiss) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
