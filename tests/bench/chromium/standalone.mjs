// One group of rows run alone, from its own file:
//   node tests/bench/chromium/<group>Rows.mjs [--root DIR] [--repeats 1] [--samples N] [--seconds N]
// (after `npm run build`); run.mjs prints every group together.
import { resolve } from 'node:path';
import { launchChromium } from './browser.mjs';
import { printTable } from './report.mjs';

/** The value given after `name` on the command line, else `fallback`. */
export const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);

/**
 * When the module of `meta` is the script node was started with: runs `measure(browser, root)`
 * `--repeats` times in one Chromium, prints `rows` under `header`, and fails the process when a
 * row misses its budget. Otherwise (run.mjs imports the module) does nothing.
 */
export async function runAlone(meta, rows, header, measure) {
  if (!process.argv[1] || meta.filename !== resolve(process.argv[1])) return;
  try {
    const root = resolve(arg('--root', resolve(meta.dirname, '..', '..', '..')));
    const repeats = Number(arg('--repeats', 1));
    const browser = await launchChromium();
    const runs = [];
    try {
      for (let i = 0; i < repeats; i++) {
        runs.push({ ...(await measure(browser, root)), index: i });
        process.stderr.write(`repeat ${i + 1} of ${repeats} done\n`);
      }
    } finally {
      await browser.close();
    }
    if (printTable(rows, runs, `${header}: ${root}; Chromium ${browser.version()}`).length) process.exitCode = 1;
  } catch (e) {
    console.error(e);
    process.exit(1);
  }
}
