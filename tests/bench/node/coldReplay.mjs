/**
 * The bench's replay row measured cold: each replay runs in a fresh Node process, once, so the
 * JIT has seen none of the engine before (the bench's row replays after a warm-up in one process).
 * Usage: node tests/bench/node/coldReplay.mjs [PROCESSES=7] [-- node flags, e.g. --trace-deopt]
 * With node flags the first process's output is printed whole instead of timed. With PREWARM=N in
 * the environment each process first replays the log's first N commands, untimed (an experiment:
 * what a warm-up at start-up would leave; the product has none).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'rolldown';

const dash = process.argv.indexOf('--');
const flags = dash < 0 ? [] : process.argv.slice(dash + 1);
const processes = Number(process.argv[2] && process.argv[2] !== '--' ? process.argv[2] : 7);
const prewarm = process.env.PREWARM === undefined ? [] : [String(Number(process.env.PREWARM))];
const dir = mkdtempSync(join(tmpdir(), 'pillars-cold-'));
try {
  const bundle = join(dir, 'replay.mjs');
  await build({
    input: join(import.meta.dirname, 'coldReplayProcess.ts'),
    platform: 'node',
    output: { file: bundle, format: 'esm' },
    logLevel: 'silent',
  });
  const data = join(dir, 'log.json');
  execFileSync(process.execPath, [bundle, 'make', data]);
  if (flags.length > 0) {
    process.stdout.write(execFileSync(process.execPath, [...flags, bundle, 'replay', data, ...prewarm], { maxBuffer: 1 << 30 }));
  } else {
    const runs = [];
    for (let i = 0; i < processes; i++) runs.push(JSON.parse(execFileSync(process.execPath, [bundle, 'replay', data, ...prewarm], { encoding: 'utf8' })));
    const at = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
    const cpu = runs.map((r) => r.cpu);
    const main = runs.map((r) => r.main).filter((v) => v !== null);
    const wall = runs.map((r) => r.wall);
    const warmed =
      prewarm.length === 0
        ? ''
        : `, each after an untimed replay of the first ${prewarm[0]} commands (median ${at(
            runs.map((r) => r.prewarm ?? 0),
            0.5,
          ).toFixed(1)} ms main-thread CPU)`;
    console.log(
      `cold replay of 5,000 commands, ${processes} fresh processes${warmed}, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`  process CPU ms:  ${cpu.map((v) => v.toFixed(1)).join(' ')}  median ${at(cpu, 0.5).toFixed(1)}  p95 ${at(cpu, 0.95).toFixed(1)}`);
    if (main.length === runs.length)
      console.log(`  main-thread CPU ms: ${main.map((v) => v.toFixed(1)).join(' ')}  median ${at(main, 0.5).toFixed(1)}  p95 ${at(main, 0.95).toFixed(1)}`);
    console.log(`  wall ms: ${wall.map((v) => v.toFixed(1)).join(' ')}  median ${at(wall, 0.5).toFixed(1)}  p95 ${at(wall, 0.95).toFixed(1)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
