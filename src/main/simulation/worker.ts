/** A simulation worker thread: plays the fights it is sent and sends back their results. */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { playFight } from '../engine/tactics/playFight';
import { rulesFor } from '../engine/rules';
import type { FightBatch, WorkerReply } from './protocol';

/**
 * The GM's page and main come before the odds (issue 16: pan and zoom stay smooth while the
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

parentPort?.on('message', (batch: FightBatch) => {
  let reply: WorkerReply;
  try {
    const rules = rulesFor(batch.rules);
    const results = batch.seeds.map((seed) => playFight(batch.state, rules, { seed, maxTurns: batch.maxTurns, settings: batch.settings }));
    reply = { type: 'fights', batchId: batch.batchId, results };
  } catch (e) {
    reply = { type: 'failed', batchId: batch.batchId, message: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(reply);
});
