/**
 * GM view build + send per command at 250 and 1,000 figures: a real Core on a
 * temp campaign folder, the real web host and a real WebSocket GM client. For each command main
 * applies, it times what main spends on the views (build and serialise every message the GM
 * windows get), counts the GM messages and their bytes, and times the whole round trip.
 *   npx vitest run --config vitest.measure.config.ts tests/bench/gmViewSend.measure.ts
 */
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { Core } from '../../src/main/host/core';
import type { Dispatcher } from '../../src/main/host/dispatch';
import { Session } from '../../src/main/session/session';
import { gmPushEncoder } from '../../src/main/session/gmPush';
import { playerPushEncoder } from '../../src/main/projection/push';
import { CHANNELS } from '../../src/shared/contract';
import { startWebHost, type WebHost } from '../../src/main/host/web/server';
import { CampaignFolder } from '../../src/main/store/campaignFolder';
import { createCampaign } from '../../src/main/store/newCampaign';
import { crowdedEncounter } from '../support/bigCampaign';
import { SAMPLE_CAMPAIGN_DIR, tempDirs } from '../support/tempCampaign';

/** Budget: at 1,000 figures, build + send ≤ 12 ms, sent once. */
const BUDGET_MS = 12;
const COMMANDS = 40;
const dirs = tempDirs();
afterAll(() => dirs.cleanup());

const quantile = (values: number[], q: number): number => {
  const s = [...values].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  return s[Math.floor(i)]! + (s[Math.ceil(i)]! - s[Math.floor(i)]!) * (i - Math.floor(i));
};

async function measure(figures: number) {
  const root = await dirs.make('pillars-measure-');
  const dataDir = join(root, 'data');
  const campaignDir = join(dataDir, 'campaigns', 'Crowd');
  await createCampaign(campaignDir, 7);
  const folder = await CampaignFolder.open(campaignDir);
  const made = await folder.createEncounter('Crowd', 7, (id, name) => crowdedEncounter(id, name, figures));
  await folder.setActiveEncounter(made.id);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(join(dataDir, 'recent.json'), JSON.stringify([campaignDir]));

  let host: WebHost | undefined;
  let viewWork = 0;
  let viewCpu = 0;
  const timed = (fn: () => void) => () => {
    const t = performance.now();
    const cpu = process.cpuUsage();
    fn();
    viewWork += performance.now() - t;
    const used = process.cpuUsage(cpu);
    viewCpu += (used.user + used.system) / 1000;
  };
  // Main's view work: a command's views built while its log line is written (`prepare`), then
  // sent (the sinks, as a command or `publish` after an undo calls them), and any GM view built
  // outside them (a reply carrying the whole view), counted once when nested.
  let depth = 0;
  const counted =
    <A extends unknown[], R>(fn: (...a: A) => R) =>
    (...a: A): R => {
      const t = performance.now();
      const cpu = process.cpuUsage();
      depth++;
      try {
        return fn(...a);
      } finally {
        if (--depth === 0) {
          viewWork += performance.now() - t;
          const used = process.cpuUsage(cpu);
          viewCpu += (used.user + used.system) / 1000;
        }
      }
    };
  const proto = Session.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const method of ['prepare', 'publish', 'gmView']) {
    const real = proto[method]!;
    vi.spyOn(proto, method as never).mockImplementation(function (this: unknown, ...a: unknown[]) {
      return counted(() => real.apply(this, a))();
    } as never);
  }
  const gmPush = gmPushEncoder();
  const playerPush = playerPushEncoder();
  const core = await Core.start(
    { dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR },
    {
      gm: counted((v) => host?.push('gmView', gmPush(v))),
      player: counted((v) => host?.push('playerView', playerPush(v))),
    },
  );
  // The reply is serialised by the host once more; its cost is the same as this one.
  const dispatcher: Dispatcher = {
    async dispatch(role, channel, args) {
      const result = await core.dispatcher.dispatch(role, channel, args);
      timed(() => JSON.stringify(result))();
      return result;
    },
  };
  host = await startWebHost({ rendererDir: root, dispatcher, port: 0 });
  const token = new URL(host.urls.gm).searchParams.get('token')!;
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${token}`, { headers: { origin: `http://127.0.0.1:${host.port}` } });
  await new Promise((r) => ws.once('open', r));
  let gmMessages = 0;
  let gmBytes = 0;
  let waiting: ((id: number) => void) | null = null;
  ws.on('message', (data: Buffer) => {
    const text = data.toString();
    if (text.startsWith('{"event":"gmView"') || (text.startsWith('{"id"') && text.includes('"encounter"'))) {
      // The GM's view: its push, or a reply that carries it whole (the mirror's playerView push is not one).
      gmMessages++;
      gmBytes += text.length;
    }
    const m = JSON.parse(text) as { id?: number };
    if (typeof m.id === 'number') waiting?.(m.id);
  });
  const work: number[] = [];
  const cpuWork: number[] = [];
  const roundTrips: number[] = [];
  const messages: number[] = [];
  const bytes: number[] = [];
  const seen = core.session.gmView();
  for (let i = 0; i < COMMANDS; i++) {
    viewWork = 0;
    viewCpu = 0;
    gmMessages = 0;
    gmBytes = 0;
    const id = i + 1;
    const command = { type: 'turnFigure', figureId: `f${(i * 7) % figures}`, facing: (i + 1) % 6 };
    const stamped = { command, seen: { encounterId: seen.encounter.id, session: seen.session, revision: seen.revision } };
    // The page states the view it acted on where the contract knows that field.
    const args = CHANNELS.sendCommand.args.safeParse(stamped).success ? stamped : { command };
    const t0 = performance.now();
    // Building the reply is main's view work too: the dispatcher's reply is timed with it.
    const replied = new Promise<void>((r) => (waiting = (got) => got === id && r()));
    ws.send(JSON.stringify({ id, channel: 'sendCommand', args }));
    await replied;
    roundTrips.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
    work.push(viewWork);
    cpuWork.push(viewCpu);
    messages.push(gmMessages);
    bytes.push(gmBytes);
  }
  ws.close();
  await host.close();
  vi.restoreAllMocks();
  return { figures, work, cpuWork, roundTrips, messages, bytes };
}

describe('GM view build + send per command', () => {
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  for (const figures of [250, 1000]) {
    it(`at ${figures} figures`, async () => {
      const r = await measure(figures);
      results.push(r);
      const line =
        `${figures} figures: views built + sent median ${quantile(r.work, 0.5).toFixed(2)} ms, p95 ${quantile(r.work, 0.95).toFixed(2)} ms ` +
        `(CPU median ${quantile(r.cpuWork, 0.5).toFixed(2)} ms); ` +
        `GM messages per command ${quantile(r.messages, 0.5)}, ${(quantile(r.bytes, 0.5) / 1024).toFixed(1)} kB; ` +
        `round trip median ${quantile(r.roundTrips, 0.5).toFixed(2)} ms (load ${loadavg()[0]!.toFixed(2)})`;
      console.log(line);
      if (figures === 1000) {
        // CPU time, not wall time: on a shared machine wall time counts other processes' turns.
        expect(quantile(r.cpuWork, 0.5), line).toBeLessThanOrEqual(BUDGET_MS);
        expect(quantile(r.messages, 0.5), line).toBe(1);
      }
    });
  }
});
