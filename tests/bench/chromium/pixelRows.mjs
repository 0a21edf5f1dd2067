// A GM's move and turn, timed to the pixels the players see. Each page's figure
// layer is read back at the start of every animation frame around the token's hex; the time is
// the first frame whose pixels differ from the ones before the command (not a Konva event, which a
// partial draw bypasses). The bench's 100×100 map with its 4096² image, at 250 and 1,000 figures.
//   node tests/bench/chromium/pixelRows.mjs [--root DIR] [--repeats 1] [--samples 20]
// runs these rows alone (after `npm run build`).
import { withBenchConsole } from './benchConsole.mjs';
import { figuresDrawn } from './pages.mjs';
import { median, p95, row } from './report.mjs';
import { openBenchSocket, settle } from './scenarios.mjs';
import { arg, runAlone } from './standalone.mjs';

/** How long a command may take to reach the pixels before the bench counts it as never shown. */
const WAIT_MS = 5000;

/**
 * Starts a watch (in `page`) of the figure layer's pixels in a square `reach` hexes wide around
 * `hex`: the baseline is read at the start of the next animation frame, then the start of every
 * frame until they differ or WAIT_MS passed. Resolves once the baseline is read;
 * `window.__pixelWatch` resolves to the page-clock epoch ms of the first frame that differs (`shown`,
 * NaN: none) and of the layer's last draw before it (`drawn`).
 */
const watchPixels = (page, hex, reach) =>
  page.evaluate(
    ({ hex, reach, waitMs }) =>
      new Promise((ready) => {
        const map = window.__battleMap;
        const layer = map.stage.getLayers()[2];
        const read = () => {
          const canvas = layer.getCanvas()._canvas;
          const ratio = layer.getCanvas().getPixelRatio();
          const c = map.hexToScreen(hex);
          const half = Math.max(3, reach * map.layout.size * map.cameraState.scale) * ratio;
          const x = Math.max(0, Math.floor(c.x * ratio - half));
          const y = Math.max(0, Math.floor(c.y * ratio - half));
          const w = Math.min(canvas.width - x, Math.ceil(half * 2));
          const h = Math.min(canvas.height - y, Math.ceil(half * 2));
          return canvas.getContext('2d').getImageData(x, y, w, h).data;
        };
        const differs = (a, b) => a.length !== b.length || a.some((v, i) => v !== b[i]);
        let finish;
        window.__pixelWatch = new Promise((r) => (finish = r));
        // A diagnostic: when the figure layer was last drawn (Konva's draw event, partial draws too).
        let drawn = NaN;
        const done = (shown) => (layer.off('draw.pixelWatch'), finish({ shown, drawn }));
        requestAnimationFrame(() => {
          const base = read();
          const gaveUpAt = performance.now() + waitMs;
          layer.on('draw.pixelWatch', () => (drawn = performance.timeOrigin + performance.now()));
          ready();
          const frame = () => {
            if (differs(read(), base)) return done(performance.timeOrigin + performance.now());
            if (performance.now() > gaveUpAt) return done(NaN);
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
      }),
    { hex, reach, waitMs: WAIT_MS },
  );

const send = (gm, command, n) =>
  gm.evaluate(
    ({ command, n }) => {
      const at = performance.timeOrigin + performance.now();
      window.__benchSocket.send(JSON.stringify({ id: 6000 + n, channel: 'sendCommand', args: { command, seen: window.__benchSeen } }));
      return at;
    },
    { command, n },
  );

/** Sends a command untimed and waits for main's reply (throws on a refusal). */
const sendUntimed = async (gm, command, n) => {
  const reply = await gm.evaluate(
    ({ command, id }) =>
      new Promise((done) => {
        const ws = window.__benchSocket;
        const onReply = (e) => {
          const m = JSON.parse(e.data);
          if (m.id !== id) return;
          ws.removeEventListener('message', onReply);
          done(m.result);
        };
        ws.addEventListener('message', onReply);
        ws.send(JSON.stringify({ id, channel: 'sendCommand', args: { command, seen: window.__benchSeen } }));
      }),
    { command, id: 7000 + n },
  );
  if (!reply.ok) throw new Error(`${command.type} refused: ${reply.error?.message}`);
};

/** Hex radius on screen at which a GM plays (the whole 100×100 map is ~4 px a hex: no facing notch is drawn at that size). */
const PLAY_HEX_PX = 28;

/** Zooms the GM's map in with real wheel notches over the figures' part of the map; the projector follows. */
async function zoomToPlay(gm) {
  const box = await gm.getByRole('application', { name: 'Battlemap' }).boundingBox();
  await gm.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.6);
  for (let i = 0; i < 60; i++) {
    const px = await gm.evaluate(() => window.__battleMap.layout.size * window.__battleMap.cameraState.scale);
    if (px >= PLAY_HEX_PX) return;
    await gm.mouse.wheel(0, -100);
    await gm.waitForTimeout(30);
  }
  throw new Error('the wheel did not zoom the GM map in');
}

/**
 * A figure both pages show well inside their canvases, with a free neighbouring hex to step to:
 * its GM id, its name, its hex and the neighbour.
 */
async function pickFigure(gm, player) {
  const inside = (page) =>
    page.evaluate(() => {
      const map = window.__battleMap;
      const { width, height } = map.stage.size();
      const margin = map.layout.size * map.cameraState.scale * 3;
      return map.tokens.all
        .filter((f) => f.size === 1)
        .filter((f) => {
          const p = map.hexToScreen(f.position);
          return p.x > margin && p.y > margin && p.x < width - margin && p.y < height - margin;
        })
        .map((f) => ({ id: f.id, name: f.name, position: f.position }));
    });
  const [gmSide, playerSide] = await Promise.all([inside(gm), inside(player)]);
  const shownToPlayers = new Set(playerSide.map((f) => f.name));
  const taken = new Set([...gmSide].map((f) => `${f.position.q},${f.position.r}`));
  const steps = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
    [1, -1],
    [-1, 1],
  ];
  let tries = 0;
  for (const f of gmSide.filter((g) => shownToPlayers.has(g.name))) {
    for (const [dq, dr] of steps) {
      const to = { q: f.position.q + dq, r: f.position.r + dr };
      if (taken.has(`${to.q},${to.r}`)) continue;
      try {
        await sendUntimed(gm, { type: 'moveFigure', figureId: f.id, to }, tries++);
        await sendUntimed(gm, { type: 'moveFigure', figureId: f.id, to: f.position }, tries++);
        return { ...f, to };
      } catch {
        // A wall or an edge: the next neighbour.
      }
    }
  }
  throw new Error('no figure shown on both pages has a free neighbouring hex');
}

/**
 * `samples` moves (there and back) then `samples` turns of one figure from the GM's socket; for
 * each, the ms from the send to the first frame whose pixels show it on the player page and on the
 * GM page, and to the message's arrival on the player page.
 */
async function timeCommands(gm, player, samples) {
  await openBenchSocket(gm);
  await zoomToPlay(gm);
  const figure = await pickFigure(gm, player);
  await sendUntimed(gm, { type: 'turnFigure', figureId: figure.id, facing: 0 }, 90);
  await Promise.all([settle(gm), settle(player)]);
  const sample = () => ({ toPlayer: [], toGm: [], arrival: [], drawnAfterArrival: [] });
  const out = { move: sample(), turn: sample(), missed: 0 };
  let n = 0;
  const time = async (kind, command, hex, reach) => {
    await Promise.all([settle(gm), settle(player)]);
    await watchPixels(player, hex, reach);
    const playerWatch = player.evaluate(() => window.__pixelWatch);
    await watchPixels(gm, hex, reach);
    const gmWatch = gm.evaluate(() => window.__pixelWatch);
    const sent = await send(gm, command, n++);
    const [p, g] = await Promise.all([playerWatch, gmWatch]);
    if (!Number.isFinite(p.shown) || !Number.isFinite(g.shown)) out.missed++;
    out[kind].toPlayer.push(Number.isFinite(p.shown) ? p.shown - sent : WAIT_MS);
    out[kind].toGm.push(Number.isFinite(g.shown) ? g.shown - sent : WAIT_MS);
    const arrived = await player.evaluate((t) => window.__probe.arrivals.find((a) => a >= t) ?? NaN, sent);
    if (Number.isFinite(arrived)) out[kind].arrival.push(arrived - sent);
    if (Number.isFinite(arrived) && Number.isFinite(p.drawn)) out[kind].drawnAfterArrival.push(p.drawn - arrived);
  };
  for (let i = 0; i < samples; i++) {
    const to = i % 2 === 0 ? figure.to : figure.position;
    await time('move', { type: 'moveFigure', figureId: figure.id, to }, to, 0.5);
  }
  for (let i = 0; i < samples; i++) {
    await time('turn', { type: 'turnFigure', figureId: figure.id, facing: i % 2 === 0 ? 3 : 0 }, figure.position, 0.9);
  }
  return out;
}

async function measureAt(browser, root, figures, samples) {
  const ready = async ({ gm, player }) => {
    await figuresDrawn(gm, figures);
    await figuresDrawn(player, figures);
  };
  return withBenchConsole(browser, root, { figures, ready }, ({ gm, player }) => timeCommands(gm, player, samples));
}

const detail = (side, kind) => (r) =>
  `p50 ${median(r.pixels[side][kind].toPlayer).toFixed(1)} ms to the players, ${median(r.pixels[side][kind].toGm).toFixed(1)} ms to the GM (p95 ${p95(r.pixels[side][kind].toGm).toFixed(1)}); ` +
  `message arrives p50 ${median(r.pixels[side][kind].arrival).toFixed(1)} ms (p95 ${p95(r.pixels[side][kind].arrival).toFixed(1)}), drawn p50 ${median(r.pixels[side][kind].drawnAfterArrival).toFixed(1)} ms after (p95 ${p95(r.pixels[side][kind].drawnAfterArrival).toFixed(1)}) (n=${r.pixels[side][kind].toPlayer.length}${r.pixels[side].missed ? `, ${r.pixels[side].missed} never shown` : ''})`;

const rowsAt = (side, label) => [
  row(`${label}: GM move → players' pixels, p95`, ' ms', (r) => p95(r.pixels[side].move.toPlayer), 33, detail(side, 'move')),
  row(`${label}: GM move → GM's own pixels, p95`, ' ms', (r) => p95(r.pixels[side].move.toGm), 33),
  row(`${label}: GM turn → players' pixels, p95`, ' ms', (r) => p95(r.pixels[side].turn.toPlayer), 33, detail(side, 'turn')),
  row(`${label}: GM turn → GM's own pixels, p95`, ' ms', (r) => p95(r.pixels[side].turn.toGm), 33),
];

export const PIXEL_ROWS = [...rowsAt('at250', '250 figures, 4096² image'), ...rowsAt('at1000', '1,000 figures, 4096² image')];

/** Both consoles' figures, as `pixels` (run.mjs calls this once per repeat). */
export const measurePixels = async (browser, root, samples) => ({
  pixels: { at250: await measureAt(browser, root, 250, samples), at1000: await measureAt(browser, root, 1000, samples) },
});

await runAlone(import.meta, PIXEL_ROWS, 'Commands to the pixels', (browser, root) => measurePixels(browser, root, Number(arg('--samples', 20))));
