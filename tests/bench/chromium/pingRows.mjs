// A GM's ping reaches the projector's pixels. A console of its own: the bench's 100×100
// map with 250 figures and its 4096² map image, the GM page (1366×768) and the player page
// (1920×1080) following it. The GM's socket sends `pingHex` at a hex chosen in view; timed from
// the send to the start of the first animation frame whose player-page canvas (the ping's own
// layer, read with getImageData around the hex) holds the ping's colour there. Pings alternate
// between two hexes far apart, each after the last one's pulse has ended.
//   node tests/bench/chromium/pingRows.mjs [--root DIR] [--repeats 1] [--samples 20]
// runs this row alone (after `npm run build`); run.mjs prints it with the rest.
import { withBenchConsole } from './benchConsole.mjs';
import { median, p95, row } from './report.mjs';
import { openBenchSocket } from './scenarios.mjs';
import { arg, runAlone } from './standalone.mjs';

const FIGURES = 250;
const WAIT_MS = 5_000;
/** The ping's pulse (pingOverlay.ts PING_MS) and a frame more: the next ping starts on a clear layer. */
const PULSE_MS = 2_100;

/** Offset (col, row) → axial, flat-topped hexes (the bench map's orientation). */
const axial = (col, row) => ({ q: col, r: row - Math.floor(col / 2) });
const HEXES = [axial(30, 40), axial(70, 60)];

/**
 * Sends the ping from the GM's bench socket and, in the player page, watches the ping layer's
 * pixels around `hex` from the next animation frame on. Resolves to the ms from the send to the
 * first frame that shows it (NaN when none did within the wait).
 */
async function pingOnce(gm, player, hex, id) {
  const watching = player.evaluate(
    ({ hex, waitMs }) =>
      new Promise((resolve) => {
        const map = window.__battleMap;
        // The marks layer (mapMarks.ts), where the ping is drawn.
        const layer = map.stage.getLayers()[1];
        const read = () => {
          const canvas = layer.getCanvas()._canvas;
          const ratio = layer.getCanvas().getPixelRatio();
          const c = map.hexToScreen(hex);
          const half = Math.round(90 * ratio);
          const x = Math.max(0, Math.floor(c.x * ratio - half));
          const y = Math.max(0, Math.floor(c.y * ratio - half));
          const data = canvas.getContext('2d').getImageData(x, y, Math.min(half * 2, canvas.width - x), Math.min(half * 2, canvas.height - y)).data;
          for (let i = 0; i < data.length; i += 4) if (data[i] > 230 && data[i + 1] > 60 && data[i + 1] < 100 && data[i + 2] > 190) return true;
          return false;
        };
        const gaveUpAt = performance.now() + waitMs;
        const tick = () => {
          if (read()) return resolve(performance.timeOrigin + performance.now());
          if (performance.now() > gaveUpAt) return resolve(NaN);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { hex, waitMs: WAIT_MS },
  );
  const sentAt = await gm.evaluate(
    ({ hex, id }) => {
      const at = performance.timeOrigin + performance.now();
      window.__benchSocket.send(JSON.stringify({ id, channel: 'pingHex', args: { hex } }));
      return at;
    },
    { hex, id },
  );
  return (await watching) - sentAt;
}

/** The ping's latency to the projector's pixels, `samples` times. */
export async function pingLatency(browser, root, samples) {
  return withBenchConsole(browser, root, { figures: FIGURES }, async ({ gm, player }) => {
    await openBenchSocket(gm);
    const shown = [];
    for (let i = 0; i < samples; i++) {
      shown.push(await pingOnce(gm, player, HEXES[i % HEXES.length], 7000 + i));
      await player.waitForTimeout(PULSE_MS);
    }
    return { shown: shown.filter(Number.isFinite), missed: shown.filter((x) => !Number.isFinite(x)).length };
  });
}

export const PING_ROWS = [
  row(
    'Ping: GM pings a hex → projector pixels show it (4096² map, 250 figures), p95',
    ' ms',
    (r) => (r.ping.missed > 0 ? WAIT_MS : p95(r.ping.shown)),
    33,
    (r) => `p50 ${median(r.ping.shown).toFixed(1)} ms (n=${r.ping.shown.length}${r.ping.missed ? `; ${r.ping.missed} never shown within ${WAIT_MS} ms` : ''})`,
  ),
];

await runAlone(import.meta, PING_ROWS, 'Ping on the projector', async (browser, root) => ({
  ping: await pingLatency(browser, root, Number(arg('--samples', 20))),
}));
