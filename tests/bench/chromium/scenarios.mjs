// What the bench does to the pages, as a GM would: real wheel notches and right-drags on the GM
// map, commands from the GM's socket timed until Konva has drawn them, page loads.
import NodeSocket from 'ws';
import { hookLayerDraws, startRecording, stopRecording, takeLayerWork } from './probes.mjs';
import { TRACE_CATEGORIES, workPerFrame } from './trace.mjs';

/** Draws a 4096² landscape in the page and imports it as a JPEG through the campaign's own import. */
export async function importMapImage(gm, player) {
  const base64 = await gm.evaluate(async () => {
    const n = 4096;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = n;
    const ctx = canvas.getContext('2d');
    const g = ctx.createLinearGradient(0, 0, n, n);
    g.addColorStop(0, '#4c5d3f');
    g.addColorStop(0.5, '#6b6a4a');
    g.addColorStop(1, '#3d4f5a');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, n, n);
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 6000; i++) {
      ctx.fillStyle = `hsla(${Math.floor(rnd() * 360)}, 30%, ${30 + rnd() * 30}%, 0.35)`;
      ctx.beginPath();
      ctx.arc(rnd() * n, rnd() * n, 4 + rnd() * 40, 0, Math.PI * 2);
      ctx.fill();
    }
    const blob = await new Promise((r) => canvas.toBlob(r, 'image/jpeg', 0.85));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  const buffer = Buffer.from(base64, 'base64');
  await gm.getByTestId('map-image-file').setInputFiles({ name: 'bench-4096.jpg', mimeType: 'image/jpeg', buffer });
  await player.waitForFunction(() => /\.jpg$/.test(document.querySelector('[data-testid=player-map]')?.dataset.mapImage ?? ''), undefined, { timeout: 60_000 });
  return { bytes: buffer.length, width: 4096, height: 4096 };
}

/** Waits until a page's map has nothing pending and two frames have been drawn. */
export async function settle(page) {
  await page.waitForFunction(() => window.__battleMap?.settled, undefined, { timeout: 20_000, polling: 50 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * About `seconds` of pan and zoom with real input on the GM map: bursts of wheel notches in and
 * out around different points, and right-button drags, as a GM looks around the table's map.
 */
export async function gesture(gm, seconds) {
  const box = await gm.getByRole('application', { name: 'Battlemap' }).boundingBox();
  const at = (fx, fy) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  const end = Date.now() + seconds * 1000;
  const spots = [
    [0.45, 0.5],
    [0.3, 0.35],
    [0.65, 0.6],
    [0.5, 0.4],
  ];
  let i = 0;
  while (Date.now() < end) {
    const [fx, fy] = spots[i++ % spots.length];
    const p = at(fx, fy);
    await gm.mouse.move(p.x, p.y);
    for (let k = 0; k < 12; k++) await gm.mouse.wheel(0, -100);
    await gm.mouse.down({ button: 'right' });
    for (let k = 1; k <= 20; k++) await gm.mouse.move(p.x - k * 12, p.y - k * 7);
    await gm.mouse.up({ button: 'right' });
    for (let k = 0; k < 12; k++) await gm.mouse.wheel(0, 100);
    await gm.mouse.down({ button: 'right' });
    for (let k = 1; k <= 20; k++) await gm.mouse.move(p.x - 240 + k * 12, p.y - 140 + k * 7);
    await gm.mouse.up({ button: 'right' });
  }
}

/** Pan/zoom on the GM page while the player page follows: frames, long tasks, main-thread work. */
export async function panZoom(browser, gm, player, gmUrl, seconds) {
  await hookLayerDraws(gm);
  await takeLayerWork(gm);
  const [g0, p0] = await Promise.all([startRecording(gm), startRecording(player)]);
  await browser.startTracing(gm, { categories: TRACE_CATEGORIES });
  await gesture(gm, seconds);
  const trace = await browser.stopTracing();
  const [gmSide, playerSide] = await Promise.all([stopRecording(gm, g0), stopRecording(player, p0)]);
  return { gm: gmSide, player: playerSide, work: workPerFrame(trace, new URL(gmUrl).origin + new URL(gmUrl).pathname), layerWork: await takeLayerWork(gm) };
}

/**
 * Opens a socket from the GM page with its token, for commands the bench times. Its commands name
 * the view they were made on, as the GM page's own do, so main answers them with an
 * acknowledgement and the view comes once, by the push (a bare command is answered with the
 * whole view, which the page would then parse: not what a GM's command costs).
 */
export const openBenchSocket = (gm) =>
  gm.evaluate(async () => {
    const token = new URLSearchParams(location.search).get('token');
    const ws = new WebSocket(`ws://${location.host}/ws?token=${token}`);
    await new Promise((r) => ws.addEventListener('open', r, { once: true }));
    const view = await new Promise((r) => {
      const onView = (e) => {
        const m = JSON.parse(e.data);
        if (m.id !== 4998) return;
        ws.removeEventListener('message', onView);
        r(m.result.value);
      };
      ws.addEventListener('message', onView);
      ws.send(JSON.stringify({ id: 4998, channel: 'getGmView', args: {} }));
    });
    window.__benchSeen = { encounterId: view.encounter.id, session: view.session, revision: view.revision };
    window.__benchSocket = ws;
  });

/**
 * Gives the projector the framing a fresh campaign has (following the GM, whole map): a GM page
 * takes back the framing the projector follows when it loads, so without this each repeat would
 * start where the last one's gesture stopped, not where the first repeat did.
 */
export async function resetFraming(gmUrl) {
  const url = new URL(gmUrl);
  const ws = new NodeSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`, { origin: url.origin });
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  const reply = new Promise((resolve) =>
    ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.id === 4997) resolve(m.result);
    }),
  );
  ws.send(JSON.stringify({ id: 4997, channel: 'setProjector', args: { mode: 'follow', frame: null } }));
  const result = await reply;
  ws.close();
  if (!result.ok) throw new Error(`resetting the projector's framing: ${result.error.message}`);
}

/** How long a command may take to be drawn before the bench counts it as never drawn. */
const DRAW_WAIT_MS = 5000;

/** Resolves (in `page`) when Konva has drawn figure `id` with its facing notch changed: page-clock epoch ms (NaN: not within DRAW_WAIT_MS). */
const watchTurn = (page, id, name) =>
  page.evaluate(
    ({ figureId, figureName, waitMs }) =>
      new Promise((done) => {
        const map = window.__battleMap;
        // The player page knows figures by its own opaque ids (design-notes §Secrecy at the player boundary): there, by the token's name.
        const byName = (n) => n.getType() === 'Group' && n.id() !== '' && n.findOne('.name')?.text().split(' · ')[0] === figureName;
        const node = map.stage.findOne(`#${figureId}`) ?? map.stage.findOne(byName);
        const layer = node.getLayer();
        const before = JSON.stringify(node.findOne('.notch').points());
        const onDraw = () => {
          if (JSON.stringify(node.findOne('.notch').points()) === before) return;
          layer.off('draw.bench');
          done(performance.timeOrigin + performance.now());
        };
        layer.on('draw.bench', onDraw);
        setTimeout(() => (layer.off('draw.bench'), done(NaN)), waitMs);
      }),
    { figureId: id, figureName: name, waitMs: DRAW_WAIT_MS },
  );

/**
 * Turns a figure from the GM's socket `samples` times; for each, the delay until the message
 * arrived on the player page, until Konva drew it there, and until Konva drew it on the GM page.
 */
export async function commandLatency(gm, player, figureId, figureName, samples) {
  await openBenchSocket(gm);
  const toPlayer = [];
  const toGm = [];
  const arrival = [];
  const timedOut = { player: 0, gm: 0 };
  // Untimed: face the figure to 0 first, so the first timed turn (to 3) always changes it (a turn
  // to the facing it already has is drawn nowhere and would count as never drawn).
  await gm.evaluate(
    (id) =>
      window.__benchSocket.send(
        JSON.stringify({ id: 4999, channel: 'sendCommand', args: { command: { type: 'turnFigure', figureId: id, facing: 0 }, seen: window.__benchSeen } }),
      ),
    figureId,
  );
  await Promise.all([settle(gm), settle(player)]);
  for (let i = 0; i < samples; i++) {
    const facing = i % 2 === 0 ? 3 : 0;
    const seenPlayer = watchTurn(player, figureId, figureName);
    const seenGm = watchTurn(gm, figureId, figureName);
    await player.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    const sent = await gm.evaluate(
      ({ id, f, n }) => {
        const at = performance.timeOrigin + performance.now();
        window.__benchSocket.send(
          JSON.stringify({
            id: 5000 + n,
            channel: 'sendCommand',
            args: { command: { type: 'turnFigure', figureId: id, facing: f }, seen: window.__benchSeen },
          }),
        );
        return at;
      },
      { id: figureId, f: facing, n: i },
    );
    const [p, g] = await Promise.all([seenPlayer, seenGm]);
    // A command never drawn counts as the whole wait, so it weighs in the p95 instead of vanishing.
    if (!Number.isFinite(p)) timedOut.player++;
    if (!Number.isFinite(g)) timedOut.gm++;
    toPlayer.push(Number.isFinite(p) ? p - sent : DRAW_WAIT_MS);
    toGm.push(Number.isFinite(g) ? g - sent : DRAW_WAIT_MS);
    const arrived = await player.evaluate((t) => window.__probe.arrivals.find((a) => a >= t) ?? NaN, sent);
    if (Number.isFinite(arrived)) arrival.push(arrived - sent);
  }
  return { toPlayer, toGm, arrival, sent: samples, timedOut, waitMs: DRAW_WAIT_MS };
}

/**
 * Loads the GM page and times, from navigation start, the first frame with all `figures` drawn
 * and the first frame with the map image drawn; and the longest task of the load.
 */
export async function pageLoad(context, url, figures) {
  const page = await context.newPage();
  await page.goto(url);
  const marks = await page.waitForFunction(
    (n) => {
      const map = window.__battleMap;
      const w = (window.__loadMarks ??= {});
      if (map) {
        const figureLayer = map.stage.getLayers()[2];
        if (!w.figures && figureLayer?.getChildren().length >= n) w.figures = performance.now();
        if (!w.image && map.hasBackground) w.image = performance.now();
      }
      return w.figures && w.image ? w : null;
    },
    figures,
    { polling: 'raf', timeout: 60_000 },
  );
  const { figures: figuresAt, image: imageAt } = await marks.jsonValue();
  const longest = await page.evaluate(() => Math.max(0, ...window.__probe.longTasks.map((t) => t.duration)));
  return { page, figuresAt, imageAt, longest };
}
