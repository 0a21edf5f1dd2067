/** A simulation worker thread: plays the fights it is sent (or replays one) and sends back what came of them. */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { playFight } from '../engine/tactics/playFight';
import { rulesFor } from '../engine/rules';
import { replayFight } from './fightReplay';
import type { WarmUpJob, WorkerJob, WorkerReply, WorkerSetup } from './protocol';

/**
 * The GM's page and main come before the odds (pan and zoom stay smooth while the
 * fights are played). On Linux a thread's nice value is its own, so this lowers only this worker;
 * elsewhere the call would lower the whole console, so it is left alone (console's choice).
 * Idle cores still go to the fights: a nice thread is only put behind busier ones.
 */
const WORKER_NICE = 10;
if (process.platform === 'linux') {
  try {
    setPriority(0, WORKER_NICE);
  } catch {
    // Not allowed here: the fights run at the console's own priority.
  }
}

const played = new Int32Array((workerData as WorkerSetup).played);

function answer(job: WorkerJob): WorkerReply {
  if (job.type === 'replay') return { type: 'replay', batchId: job.batchId, replay: replayFight(job) };
  if (job.type === 'warmUp') return warmUp(job);
  const rules = rulesFor(job.rules);
  const results = job.seeds.map((seed) => {
    const result = playFight(job.state, rules, { seed, maxTurns: job.maxTurns, settings: job.settings });
    Atomics.add(played, 0, 1);
    return result;
  });
  return { type: 'fights', batchId: job.batchId, results };
}

function warmUp(job: WarmUpJob): WorkerReply {
  const rules = rulesFor(job.rules);
  const started = performance.now();
  const stopAt = started + job.forMs;
  let fights = 0;
  while (performance.now() < stopAt) {
    playFight(job.state, rules, { seed: job.firstSeed + fights, maxTurns: job.maxTurns, settings: job.settings, stopAt });
    fights++;
  }
  return { type: 'warmedUp', batchId: job.batchId, fights, ms: performance.now() - started };
}

parentPort?.on('message', (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    reply = answer(job);
  } catch (e) {
    reply = { type: 'failed', batchId: job.batchId, message: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(reply);
});
