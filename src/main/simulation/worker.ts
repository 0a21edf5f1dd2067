/** A simulation worker thread: plays the fights it is sent and sends back their results. */
import { parentPort } from 'node:worker_threads';
import { playFight } from '../engine/tactics/playFight';
import { rulesFor } from '../engine/rules';
import type { FightBatch, WorkerReply } from './protocol';

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
