// Sight-driven fog on the projector. A console of its own: a 100×100 map (the bench's
// scattered terrain, walls included), 6 figures of The Party, the party's sight on at range 20
// (`setPartySight` from the GM's socket), the GM page (1366×768) and the player page (1920×1080).
// The GM walks one party figure a hex at a time down a cleared column (`moveFigure` from the GM's
// socket); each step brings the hex 20 ahead into sight (never seen: black → lit) and takes the hex
// 21 behind out of it (lit → dimmed). Timed from the command's send to the first animation frame at
// whose start the player page's ground-layer canvas (`getImageData` at the hex's centre) shows each
// hex's new state; the step counts as drawn when both do. Run twice: with the bench's 4096² map
// image, of which main masks for the players again the pieces the explored ground grows into (the
// lit hex stays black on the old piece until the new one is drawn), and with no map image (the fog
// drawn over plain ground: the page's own work alone).
//   node tests/bench/chromium/sightRows.mjs [--root DIR] [--repeats 1] [--samples 25] [--profile]
// runs these rows alone (--profile adds the player page's busiest functions, from a CPU profile) (after `npm run build`); run.mjs prints them with the rest.
import { buildEncounter } from './campaign.mjs';
import { makeDataDir, startHost } from './host.mjs';
import { figuresDrawn, openConsolePages } from './pages.mjs';
import { median, p95, row } from './report.mjs';
import { openBenchSocket, resetFraming, settle } from './scenarios.mjs';
import { arg, runAlone } from './standalone.mjs';

const RANGE = 20;
const PARTY = 6;
/** The walker's column and first row (offset coordinates); the others stand far off, 55+ columns east. */
const WALK_COL = 20;
// The bench's 4096² image, as its import places it, covers rows 7 to 92 of the column: the dimmed
// hexes (rows 10…) and the lit ones (…90) lie on it.
const WALK_ROW = 30;
const LAST_LIT_ROW = 90;
const WARM_UP = 2;
/** How long one step may take to reach the projector before it counts as never drawn. */
const WAIT_MS = 15_000;
/** The most steps the walk holds (WARM_UP of them untimed). */
export const MAX_SAMPLES = 38;

/** Offset (col, row) → axial, flat-topped hexes (the sample map's orientation). */
const axial = (col, row) => ({ q: col, r: row - Math.floor(col / 2) });
const key = (h) => `${h.q},${h.r}`;

/**
 * The bench's 100×100 encounter with 6 figures, all of The Party: one at the top of a column kept
 * clear of terrain (a hex line along a flat-topped column runs through that column alone), the other
 * five together far enough off that their sight never reaches the column's lit and dimmed hexes.
 */
function sightEncounter(image) {
  return (sample, size) => {
    const base = buildEncounter(sample, { ...size, figures: PARTY });
    const party = sample.sides.find((s) => s.id === 'party') ?? sample.sides[0];
    const terrain = { ...base.map.terrain };
    for (let row = 0; row < size.rows; row++) for (let col = WALK_COL - 1; col <= WALK_COL + 1; col++) delete terrain[key(axial(col, row))];
    const spots = [axial(WALK_COL, WALK_ROW), ...[0, 1, 2, 3, 4].map((i) => axial(76 + i, 84))];
    for (const h of spots) delete terrain[key(h)];
    const { image: _image, ...bare } = base.map;
    return {
      ...base,
      name: 'Bench: sight-driven fog, 100×100, 6 of the party',
      map: { ...(image ? base.map : bare), terrain, hidden: [] },
      figures: base.figures.map((f, i) => ({ ...f, sideId: party.id, position: spots[i], hidden: false, posture: 'standing' })),
      spells: [],
    };
  };
}

/** Replies to the bench socket's calls, by id (`window.__benchReplies`). */
const collectReplies = (gm) =>
  gm.evaluate(() => {
    window.__benchReplies = {};
    window.__benchSocket.addEventListener('message', (e) => {
      const m = JSON.parse(e.data);
      if (m.id !== undefined) window.__benchReplies[m.id] = m.result;
    });
  });

/** Sends a command from the GM's bench socket; resolves to the page clock's epoch ms at the send. */
const sendCommand = (gm, command, id) =>
  gm.evaluate(
    ({ command, id }) => {
      const at = performance.timeOrigin + performance.now();
      window.__benchSocket.send(JSON.stringify({ id, channel: 'sendCommand', args: { command, seen: window.__benchSeen } }));
      return at;
    },
    { command, id },
  );

/** The reply to call `id` (throws when main refused it). */
async function replyTo(gm, id, what) {
  const handle = await gm.waitForFunction((n) => window.__benchReplies[n], id, { timeout: 30_000, polling: 20 });
  const result = await handle.jsonValue();
  if (!result.ok) throw new Error(`${what} refused: ${result.error?.message ?? JSON.stringify(result)}`);
}

/**
 * Installs (in the player page) a watch of two hexes' ground pixels: the baseline is read at the
 * start of the next animation frame, then at the start of every frame until both have reached
 * their new state or `waitMs` passed. `lit` must turn bright (mean brightness up by 20 or more),
 * `dim` must darken (to 0.8 of its brightness or less); the first frame whose pixels differ at all
 * is kept too. Resolves to the baseline once it is read; `window.__fogWatch.done` to the times.
 */
const watchFog = (player, lit, dim, waitMs) =>
  player.evaluate(
    ({ lit, dim, waitMs }) =>
      new Promise((ready) => {
        const map = window.__battleMap;
        const layer = map.stage.getLayers()[0];
        if (!window.__groundDraws) {
          // A diagnostic: when the ground layer's JavaScript draw ran, and for how long.
          window.__groundDraws = [];
          const draw = layer.drawScene;
          layer.drawScene = function (...args) {
            const t = performance.now();
            const out = draw.apply(this, args);
            window.__groundDraws.push({ at: performance.timeOrigin + t, ms: performance.now() - t });
            return out;
          };
        }
        window.__groundDraws.length = 0;
        const read = (h) => {
          const canvas = layer.getCanvas()._canvas;
          const ratio = layer.getCanvas().getPixelRatio();
          const c = map.hexToScreen(h);
          const half = Math.max(3, 0.25 * map.layout.size * map.cameraState.scale) * ratio;
          const x = Math.floor(c.x * ratio - half);
          const y = Math.floor(c.y * ratio - half);
          const w = Math.ceil(half * 2);
          if (x < 0 || y < 0 || x + w > canvas.width || y + w > canvas.height) return null;
          const data = canvas.getContext('2d').getImageData(x, y, w, w).data;
          let sum = 0;
          for (let i = 0; i < data.length; i += 4) sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
          return { data, mean: sum / (data.length / 4) };
        };
        const differs = (a, b) => a.data.length !== b.data.length || a.data.some((v, i) => v !== b.data[i]);
        const shownAsset = () => document.querySelector('[data-testid=player-map]')?.dataset.mapImage ?? '';
        const out = { litChanged: NaN, litShown: NaN, dimChanged: NaN, dimShown: NaN, imageSwapped: NaN, litMean: NaN, dimMean: NaN };
        let finish;
        window.__fogWatch = { done: new Promise((r) => (finish = r)) };
        requestAnimationFrame(() => {
          // A hex not asked for (null) counts as shown at once.
          const base = { lit: lit && read(lit), dim: dim && read(dim), asset: shownAsset() };
          const gaveUpAt = performance.now() + waitMs;
          ready({ lit: base.lit?.mean ?? null, dim: base.dim?.mean ?? null, asset: base.asset });
          if ((lit && !base.lit) || (dim && !base.dim)) return finish(out);
          if (!lit) out.litShown = out.litChanged = -1;
          if (!dim) out.dimShown = out.dimChanged = -1;
          const frame = () => {
            const now = performance.timeOrigin + performance.now();
            const l = lit && read(lit);
            const d = dim && read(dim);
            if (l && Number.isNaN(out.litChanged) && differs(l, base.lit)) out.litChanged = now;
            if (l && Number.isNaN(out.litShown) && l.mean >= base.lit.mean + 20) out.litShown = now;
            if (d && Number.isNaN(out.dimChanged) && differs(d, base.dim)) out.dimChanged = now;
            if (d && Number.isNaN(out.dimShown) && d.mean <= base.dim.mean * 0.8) out.dimShown = now;
            if (Number.isNaN(out.imageSwapped) && shownAsset() !== base.asset) out.imageSwapped = now;
            out.litMean = l?.mean ?? NaN;
            out.dimMean = d?.mean ?? NaN;
            if ((Number.isFinite(out.litShown) && Number.isFinite(out.dimShown)) || performance.now() > gaveUpAt) {
              out.asset = shownAsset();
              out.groundDraws = [...window.__groundDraws];
              return finish(out);
            }
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
      }),
    { lit, dim, waitMs },
  );

/** A CPU profile's functions by self time (a diagnostic of the player page during the timed steps). */
function topFunctions(profile, n = 8) {
  const self = new Map();
  const dt = profile.timeDeltas;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (let i = 0; i < profile.samples.length; i++) {
    const f = byId.get(profile.samples[i]).callFrame;
    const name = `${f.functionName || '(anonymous)'}${f.url ? ` ${f.url.split('/').pop()}:${f.lineNumber + 1}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + (dt[i + 1] ?? 0) / 1000);
  }
  const total = [...self.entries()].filter(([k]) => k !== '(idle)' && k !== '(program)').reduce((s, [, v]) => s + v, 0);
  const top = [...self.entries()]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
  return `busy ${total.toFixed(0)} ms; ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`;
}

/**
 * One console, `samples` timed steps (after WARM_UP untimed ones). `image`: the bench's 4096² JPEG
 * imported through the campaign's asset import, else no map image at all.
 */
export async function sightFog(browser, root, samples, { image, profile = false }) {
  const steps = WARM_UP + samples;
  if (samples > MAX_SAMPLES || WALK_ROW + steps + RANGE > LAST_LIT_ROW) throw new Error(`at most ${MAX_SAMPLES} samples fit the walk`);
  const dataDir = await makeDataDir(root, { cols: 100, rows: 100 }, sightEncounter(image));
  const host = await startHost(root, dataDir);
  try {
    if (image) {
      const { importBenchImage } = await import('./browser.mjs');
      await importBenchImage(browser, host);
    }
    await resetFraming(host.gm);
    const pages = await openConsolePages(browser, host);
    const { gm, player, playerContext } = pages;
    await figuresDrawn(gm, PARTY);
    await figuresDrawn(player, PARTY);
    if (image) for (const p of [gm, player]) await p.waitForFunction(() => window.__battleMap?.hasBackground, undefined, { timeout: 60_000 });
    await gm.bringToFront();
    await Promise.all([settle(gm), settle(player)]);
    await openBenchSocket(gm);
    await collectReplies(gm);
    // The masked image is fetched by the page's decoding worker: its requests, as the browser saw them (epoch ms).
    const requests = [];
    player.on('requestfinished', (r) => {
      const t = r.timing();
      if (/\.(jpg|png|webp)(\?|$)/.test(r.url())) requests.push({ url: r.url(), start: t.startTime, end: t.startTime + t.responseEnd });
    });
    let profiler = null;
    // campaign.mjs names the figures f001…; sightEncounter puts the first at the top of the column.
    const walkerId = 'f001';
    const start = axial(WALK_COL, WALK_ROW);
    // Sight on: the party's first look (and, with an image, the first masked copy), untimed.
    let callId = 7000;
    {
      // The hex just past the walker's sight goes black.
      const beyond = { q: start.q, r: start.r + RANGE + 1 };
      const base = await watchFog(player, null, beyond, WAIT_MS);
      await sendCommand(gm, { type: 'setPartySight', sideId: 'party', range: RANGE }, ++callId);
      await replyTo(gm, callId, 'setPartySight');
      const first = await player.evaluate(() => window.__fogWatch.done);
      if (!Number.isFinite(first.dimShown)) throw new Error(`sight on: the hex past the walker's sight never went dark (${JSON.stringify({ base, first })})`);
      // With an image, its first masked copy too, before the steps begin.
      if (image)
        await player.waitForFunction((raw) => document.querySelector('[data-testid=player-map]')?.dataset.mapImage !== raw, base.asset, { timeout: 60_000 });
    }
    await Promise.all([settle(gm), settle(player)]);
    const result = {
      updated: [],
      lit: [],
      dim: [],
      litChanged: [],
      arrival: [],
      imageAsked: [],
      imageFetched: [],
      imageSwapped: [],
      imageTries: [],
      groundDraw: [],
      groundDraws: [],
      longestDraw: [],
      drawn: [],
      timedOut: 0,
      sent: samples,
      waitMs: WAIT_MS,
    };
    for (let i = 0; i < steps; i++) {
      if (profile && i === WARM_UP) {
        profiler = await playerContext.newCDPSession(player);
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.send('Profiler.start');
      }
      const from = { q: start.q, r: start.r + i };
      const to = { q: start.q, r: from.r + 1 };
      const lit = { q: to.q, r: to.r + RANGE };
      const dim = { q: from.q, r: from.r - RANGE };
      const base = await watchFog(player, lit, dim, WAIT_MS);
      if (base.lit === null || base.dim === null) throw new Error(`step ${i}: a watched hex is off the player's screen`);
      // Never seen is black; in sight is lit.
      if (base.lit > 20 || base.dim < 25) throw new Error(`step ${i}: the hexes do not start as expected (${JSON.stringify(base)})`);
      const sent = await sendCommand(gm, { type: 'moveFigure', figureId: walkerId, to }, ++callId);
      await replyTo(gm, callId, `moveFigure to ${key(to)}`);
      const seen = await player.evaluate(() => window.__fogWatch.done);
      const arrived = await player.evaluate((t) => window.__probe.arrivals.find((a) => a >= t) ?? NaN, sent);
      await Promise.all([settle(gm), settle(player)]);
      if (i < WARM_UP) continue;
      const since = (t) => (Number.isFinite(t) ? t - sent : NaN);
      const both = Math.max(since(seen.litShown), since(seen.dimShown));
      if (!Number.isFinite(both)) result.timedOut++;
      // A step never drawn counts as the whole wait, so it weighs in the p95 instead of vanishing.
      result.updated.push(Number.isFinite(both) ? both : WAIT_MS);
      result.lit.push(since(seen.litShown));
      result.dim.push(since(seen.dimShown));
      result.litChanged.push(since(seen.litChanged));
      result.arrival.push(since(arrived));
      // The pieces of the masked copy this step changed: the first request and the end of the last (main answers "busy" while it masks).
      const asks = requests.filter((q) => q.start >= sent - 5 && q.start < sent + WAIT_MS);
      result.imageAsked.push(asks.length ? asks[0].start - sent : NaN);
      result.imageFetched.push(asks.length ? asks.at(-1).end - sent : NaN);
      result.imageTries.push(asks.length);
      result.imageSwapped.push(since(seen.imageSwapped));
      const draws = seen.groundDraws.filter((d) => d.at >= sent);
      result.drawn.push(draws.length ? draws[0].at - sent : NaN);
      result.groundDraw.push(draws.reduce((s, d) => s + d.ms, 0));
      result.groundDraws.push(draws.length);
      result.longestDraw.push(draws.reduce((m, d) => Math.max(m, d.ms), 0));
    }
    if (profiler) result.profile = topFunctions((await profiler.send('Profiler.stop')).profile);
    await pages.close();
    return result;
  } finally {
    await host.stop();
  }
}

const finite = (xs) => xs.filter(Number.isFinite);
const ms = (f, xs) => (finite(xs).length ? `${f(finite(xs)).toFixed(0)}` : 'n/a');
const split = (xs) => `${ms(median, xs)}/${ms(p95, xs)}`;
const timedOut = (r) => (r.timedOut ? `; ${r.timedOut} of ${r.sent} never drawn (counted as ${r.waitMs} ms)` : '');

export const SIGHT_ROWS = [
  row(
    'Sight-driven fog: GM move → projector pixels updated (4096² map), p95',
    ' ms',
    (r) => p95(r.sight.image.updated),
    33,
    (r) => {
      const s = r.sight.image;
      return (
        `p50 ${median(s.updated).toFixed(1)} ms (n=${s.updated.length}); p50/p95 ms: lit→dimmed hex ${split(s.dim)}, black→lit hex ${split(s.lit)} ` +
        `(its pixels first differ at ${split(s.litChanged)}: the fog lifts onto the old masked copy, black there too); message arrives ${split(s.arrival)}, ` +
        `ground layer drawn from ${split(s.drawn)} (${split(s.groundDraws)} draws, JS ${split(s.groundDraw)}, longest ${split(s.longestDraw)}); the masked pieces the step changed: asked ${split(s.imageAsked)}, ` +
        `fetched ${split(s.imageFetched)} (${split(s.imageTries)} requests), drawn ${split(s.imageSwapped)}${timedOut(s)}${s.profile ? `; player CPU profile: ${s.profile}` : ''}`
      );
    },
  ),
  row(
    'Sight-driven fog, no map image: GM move → pixels updated, p95',
    ' ms',
    (r) => p95(r.sight.bare.updated),
    null,
    (r) => {
      const s = r.sight.bare;
      return (
        `p50 ${median(s.updated).toFixed(1)} ms (n=${s.updated.length}; the budget ≤ 33 ms is the row above's); p50/p95 ms: lit→dimmed ${split(s.dim)}, ` +
        `black→lit ${split(s.lit)}; message arrives ${split(s.arrival)}, ground layer drawn from ${split(s.drawn)} (${split(s.groundDraws)} draws, JS ${split(s.groundDraw)}, longest ${split(s.longestDraw)})${timedOut(s)}${s.profile ? `; player CPU profile: ${s.profile}` : ''}`
      );
    },
  ),
];

/** Both consoles, one after the other: `run.sight = { image, bare }`. */
export async function sightRound(browser, root, samples, profile = false) {
  const image = await sightFog(browser, root, samples, { image: true, profile });
  const bare = await sightFog(browser, root, samples, { image: false, profile });
  return { image, bare };
}

await runAlone(import.meta, SIGHT_ROWS, 'Sight-driven fog on the projector', async (browser, root) => ({
  sight: await sightRound(browser, root, Number(arg('--samples', 25)), process.argv.includes('--profile')),
}));
