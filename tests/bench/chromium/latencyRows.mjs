// Command latency at scale: a GM command drawn on the player page and on the GM's own page when
// the encounter has 1,000 figures (a console of its own, no map image).
//   node tests/bench/chromium/latencyRows.mjs [--root DIR] [--repeats 1] [--samples 20]
// runs these rows alone (after `npm run build`).
import { withBenchConsole } from './benchConsole.mjs';
import { figuresDrawn } from './pages.mjs';
import { median, p95, row } from './report.mjs';
import { commandLatency } from './scenarios.mjs';
import { arg, runAlone } from './standalone.mjs';

const FIGURES = 1000;

/** Command → drawn latency on a second console whose encounter has 1,000 figures, all seen by the players. */
export async function latencyAt1000(browser, root, samples) {
  const ready = async ({ gm, player }) => {
    await figuresDrawn(gm, FIGURES);
    await figuresDrawn(player, FIGURES);
  };
  return withBenchConsole(browser, root, { figures: FIGURES, mapImage: false, ready }, async ({ gm, player }) => {
    // The watched figure by the GM's id and its name: the player page has its own opaque ids (design-notes §Secrecy at the player boundary).
    const figure = await gm.evaluate(() => {
      const node = window.__battleMap.stage.getLayers()[2].getChildren()[0];
      return { id: node.id(), name: node.findOne('.name').text().split(' · ')[0] };
    });
    return commandLatency(gm, player, figure.id, figure.name, samples);
  });
}

/** Commands a page never drew within the bench's wait (each counted as the whole wait in the p95). */
export const timeouts = (r, page) => (r.timedOut?.[page] ? `; ${r.timedOut[page]} of ${r.sent} never drawn (counted as ${r.waitMs} ms)` : '');

export const LATENCY_ROWS = [
  row(
    '1,000 figures: GM command → drawn on the player page, p95',
    ' ms',
    (r) => p95(r.at1000.toPlayer),
    33,
    (r) =>
      `p50 ${median(r.at1000.toPlayer).toFixed(1)} ms; message arrives after p50 ${median(r.at1000.arrival).toFixed(1)} ms (n=${r.at1000.toPlayer.length})${timeouts(r.at1000, 'player')}`,
  ),
  row(
    "1,000 figures: GM command → drawn on the GM's own page, p95",
    ' ms',
    (r) => p95(r.at1000.toGm),
    33,
    (r) => `p50 ${median(r.at1000.toGm).toFixed(1)} ms (n=${r.at1000.toGm.length})${timeouts(r.at1000, 'gm')}`,
  ),
];

await runAlone(import.meta, LATENCY_ROWS, `Command latency at ${FIGURES} figures`, async (browser, root) => ({
  at1000: await latencyAt1000(browser, root, Number(arg('--samples', 20))),
}));
