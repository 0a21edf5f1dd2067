/**
 * One process of coldReplay.mjs: `make FILE` writes the duel's 5,000-command log and its start
 * state as JSON; `replay FILE [COUNT]` reads them and replays the log once in this fresh process
 * with the session's `replay()`, as the product does when it opens an encounter without a
 * snapshot, and prints the replay's CPU and
 * wall time as JSON. `cpu` is the whole process's (V8 compiles optimised code and helps the GC on
 * threads of its own); `main` is the replaying thread's alone, what the caller waits for, read from
 * Linux's /proc (null elsewhere).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { EncounterState } from '../../../src/main/engine/encounter/schema';
import { replay as replayLog } from '../../../src/main/session/replay';
import type { LogEntry } from '../../../src/main/store/schema';
import type { Command } from '../../../src/shared/contract/commands';
import { makeLog } from '../../support/duelLog';

/** Nanoseconds the calling thread has run, from Linux's scheduler statistics. */
const SCHEDSTAT = '/proc/thread-self/schedstat';
const threadNs = (): number | null => (existsSync(SCHEDSTAT) ? Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) : null);

const [mode, file, countArg] = process.argv.slice(2);
const replay = (start: EncounterState, log: readonly LogEntry[]): EncounterState => replayLog({ initial: start, seed: 11 }, log).state;
if (mode === 'make') {
  writeFileSync(file!, JSON.stringify(makeLog(Number(countArg ?? 5000))));
} else if (mode === 'replay') {
  const read = JSON.parse(readFileSync(file!, 'utf8')) as { start: EncounterState; log: Command[] };
  const start = read.start;
  // The log's lines as the store reads them (replay reads only the command and entered dice).
  const log: LogEntry[] = read.log.map((command, i) => ({ seq: i + 1, at: '', command, events: [], rolls: [] }));
  // With COUNT, the log's first COUNT commands are replayed first, untimed: what a warm-up at
  // start-up (not the product's today) would leave for the encounter's replay.
  const warmStart = threadNs();
  if (countArg !== undefined) replay(start, log.slice(0, Number(countArg)));
  const warmEnd = threadNs();
  const prewarm = warmStart === null || warmEnd === null ? null : (warmEnd - warmStart) / 1e6;
  const mainBefore = threadNs();
  const before = process.cpuUsage();
  const t = performance.now();
  const s = replay(start, log);
  const wall = performance.now() - t;
  const used = process.cpuUsage(before);
  const mainAfter = threadNs();
  const main = mainBefore === null || mainAfter === null ? null : (mainAfter - mainBefore) / 1e6;
  process.stdout.write(
    `${JSON.stringify({ cpu: (used.user + used.system) / 1000, main, wall, turn: s.turn, ...(countArg === undefined ? {} : { prewarm }) })}\n`,
  );
} else {
  throw new Error('usage: make FILE [COUNT] | replay FILE [COUNT]');
}
