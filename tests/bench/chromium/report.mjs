// The bench's table: every row, three repeats each, min/median/max of the
// repeats' figures, the budget and PASS/FAIL.
import { cpus, loadavg, totalmem } from 'node:os';

export const quantile = (values, q) => {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return s[lo] + (s[hi] - s[lo]) * (i - lo);
};
export const median = (values) => quantile(values, 0.5);
export const p95 = (values) => quantile(values, 0.95);
export const p99 = (values) => quantile(values, 0.99);

/**
 * A row: `measure(run)` gives one repeat's figure for the budget (a number), `detail(run)` the
 * rest as text; `budget` is the limit, `under` whether the figure must be ≤ it (always here).
 * A row without a budget is a diagnostic and never fails.
 */
export function row(what, unit, measure, budget, detail = () => '') {
  return { what, unit, measure, budget, detail };
}

const shown = (v) => (v >= 100 ? Math.round(v) : Math.round(v * 10) / 10);
const num = (v, unit) => (Number.isFinite(v) ? `${v >= 100 ? v.toFixed(0) : v.toFixed(1)}${unit}` : 'n/a');

/** Prints the table; resolves to the names of the rows whose median missed its budget. */
export function printTable(rows, runs, header) {
  const cpu = cpus();
  const [l1, l5, l15] = loadavg();
  console.log(header);
  console.log(
    `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; load average ${l1.toFixed(2)} ${l5.toFixed(2)} ${l15.toFixed(2)}`,
  );
  console.log(`Repeats: ${runs.length}. Figures: min / median / max over the repeats.\n`);
  const misses = [];
  for (const r of rows) {
    const values = runs.map((run) => {
      try {
        return r.measure(run);
      } catch {
        return NaN;
      }
    });
    const finite = values.filter(Number.isFinite);
    const mid = median(finite);
    // A repeat that measured nothing (n = 0, a broken scenario) is a miss, never hidden by the others.
    const unmeasured = finite.length < values.length;
    // The figure is judged as printed: a frame interval of 16.72 ms (vsync timestamps jitter by
    // tens of microseconds) is one frame at 60 Hz, the 16.7 ms budget, not a miss.
    const verdict = r.budget === null ? 'diag' : unmeasured || !Number.isFinite(mid) ? 'n/a' : shown(mid) <= r.budget ? 'PASS' : 'FAIL';
    if (verdict === 'FAIL' || (r.budget !== null && verdict === 'n/a')) misses.push(r.what);
    const spread = finite.length
      ? `${num(Math.min(...finite), r.unit)} / ${num(mid, r.unit)} / ${num(Math.max(...finite), r.unit)}${unmeasured ? ` (${values.length - finite.length} of ${values.length} unmeasured)` : ''}`
      : 'n/a';
    const budget = r.budget === null ? '' : `budget ≤ ${r.budget}${r.unit}`;
    console.log(`${verdict.padEnd(5)} ${r.what.padEnd(58)} ${spread.padEnd(30)} ${budget}`);
    const details = runs.map((run) => {
      try {
        return r.detail(run);
      } catch {
        return '';
      }
    });
    if (details.some(Boolean)) details.forEach((d, i) => d && console.log(`        run ${i + 1}: ${d}`));
  }
  return misses;
}
