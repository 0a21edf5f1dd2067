// The abuses of the host that the stall bench times the GM under, each on a console of its own
// (the real web host, out/main/serve.js, as a child process), each driven over real sockets and
// HTTP the way a page (or someone posing as one) would drive them.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { makeDataDir, startHost } from '../chromium/host.mjs';
import { Client, gmRoundTrips, sleep, watchHost } from './client.mjs';

/** The sample campaign as it ships, in a data folder of its own. */
async function sampleHost(root) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pillars-bench-stalls-'));
  const campaignDir = join(dataDir, 'campaigns', 'Sample Campaign');
  await cp(join(root, 'resources', 'sample-campaign'), campaignDir, { recursive: true });
  await writeFile(join(dataDir, 'recent.json'), JSON.stringify({ schemaVersion: 1, campaigns: [campaignDir] }));
  return startHost(root, dataDir);
}

/** A console whose encounter has `figures` figures on both sides (the bench's encounter builder), for the simulation abuses. */
const crowdHost = async (root, figures) => startHost(root, await makeDataDir(root, { cols: 30, rows: 30, figures }));

/** Runs `body(host, gm)` on a fresh console and stops it after, whatever happens. */
async function onConsole(start, body) {
  const host = await start();
  const gm = await Client.connect(host.gm);
  try {
    return await body(host, gm);
  } finally {
    gm.close();
    await host.stop();
  }
}

/**
 * Starts `abuser.mjs` in a process of its own; `stop()` ends it and resolves to what it did. It
 * runs at the lowest priority: at a table it is another device, and here its own loop would
 * otherwise take the host's share of this machine's two cores.
 */
async function startAbuser(mode, pageUrl, names = []) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'abuser.mjs'), mode, pageUrl, ...names], { stdio: ['ignore', 'pipe', 'inherit'] });
  setPriority(child.pid, 19);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.value !== 'ready') throw new Error(`the abuser did not start: ${first.value}`);
  return {
    async stop() {
      child.kill('SIGTERM');
      const last = await lines.next();
      return JSON.parse(last.value);
    },
  };
}

/** Idle: the GM's round trip with nothing else going on, for comparison. */
export const idle = (root, seconds) =>
  onConsole(
    () => sampleHost(root),
    (host, gm) => watchHost(host.pid, async () => ({ trips: await gmRoundTrips(gm, seconds) })),
  );

/** A 4096² landscape-like JPEG (gradients and blotches, as a painted battlemap compresses). */
async function bigMapJpeg() {
  const n = 4096;
  const pixels = Buffer.alloc(n * n * 3);
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = (y * n + x) * 3;
      const wave = Math.sin(x / 97) * Math.cos(y / 131);
      pixels[i] = 80 + 40 * wave + rnd() * 24;
      pixels[i + 1] = 95 + 30 * wave + rnd() * 24;
      pixels[i + 2] = 70 - 20 * wave + rnd() * 24;
    }
  }
  return sharp(pixels, { raw: { width: n, height: n, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A player asks, six at a time and in turn, for every masked map image name the player view has
 * handed out (7–9 of them were once still valid). The names come from the GM fogging one more hex
 * and clearing it again, eight times over a 4096² map image: each fogs more than now, so each is
 * still served.
 */
export const maskingAbuse = (root, seconds) =>
  onConsole(
    () => sampleHost(root),
    async (host, gm) => {
      const player = await Client.connect(host.player);
      const base = new URL(host.gm);
      const gmToken = base.searchParams.get('token');
      const upload = await fetch(`${base.origin}/campaign/upload-image?token=${gmToken}`, { method: 'POST', body: await bigMapJpeg() });
      const image = (await upload.json()).value;
      await gm.ok('sendCommand', { command: { type: 'setMapImage', image: { asset: image.asset, width: image.width, height: image.height } } });
      const names = new Set();
      for (const q of [4, 5, 6, 7, 8, 10, 11, 12]) {
        const hexes = [{ q, r: 3 }];
        await gm.ok('sendCommand', { command: { type: 'setHexesHidden', hexes, hidden: true } });
        names.add((await player.ok('getPlayerView', {})).encounter.map.image.asset);
        await gm.ok('sendCommand', { command: { type: 'setHexesHidden', hexes, hidden: false } });
      }
      player.close();
      const abuser = await startAbuser('masks', host.player, [...names]);
      let done;
      try {
        await sleep(1000);
        const watched = await watchHost(host.pid, async () => ({ trips: await gmRoundTrips(gm, seconds) }));
        done = await abuser.stop();
        return { ...watched, names: names.size, answers: done.answers };
      } finally {
        if (done === undefined) await abuser.stop();
      }
    },
  );

/** Waits for the run's status to leave `running` (or for `test` to hold of it). */
function simulationUntil(gm, runId, test) {
  return new Promise((resolve) => gm.on((event, status) => event === 'simulation' && status.runId === runId && test(status) && resolve(status)));
}

/**
 * The GM (on a second page) replays simulated fights of a 64-figure encounter, one new fight after
 * another, as the Odds tab's replay does when the GM opens one fight after the other, and in each
 * jumps about it (the slider: twelve steps anywhere in the fight). The window lasts until one fight
 * has been replayed and jumped about (a fight of 64 figures takes seconds to play), at most 90 s.
 */
export const replayAbuse = (root, seconds, figures = 64) =>
  onConsole(
    () => crowdHost(root, figures),
    async (host, gm) => {
      const other = await Client.connect(host.gm);
      const started = await gm.ok('simulate', { fights: 2, maxTurns: 30, label: 'bench: replay' });
      await simulationUntil(gm, started.runId, (s) => s.state !== 'running');
      let stop = false;
      const replays = [];
      const jumps = [];
      const replayer = (async () => {
        for (let seed = 1; !stop; seed++) {
          let t = performance.now();
          const first = await other.ok('replaySimulatedFight', { runId: started.runId, seed, step: 0 });
          replays.push({ ms: performance.now() - t, steps: first.total });
          for (let i = 1; i <= 12 && !stop; i++) {
            t = performance.now();
            await other.ok('replaySimulatedFight', { runId: started.runId, seed, step: Math.floor((first.total * ((i * 7) % 12)) / 11) });
            jumps.push(performance.now() - t);
          }
        }
      })();
      try {
        await sleep(300);
        const cap = performance.now() + 90_000;
        const watched = await watchHost(host.pid, async () => ({
          trips: await gmRoundTrips(gm, seconds, 50, () => jumps.length < 12 && performance.now() < cap),
        }));
        return { ...watched, replays: [...replays], jumps: [...jumps] };
      } finally {
        stop = true;
        await replayer;
        other.close();
      }
    },
  );

/**
 * A simulation of 1,000 fights of a 64-figure encounter, cancelled once its workers have fights in
 * hand; the window begins at the cancel: the GM's round trip, and the CPU the host still spends.
 */
export const cancelAbuse = (root, seconds, figures = 64) =>
  onConsole(
    () => crowdHost(root, figures),
    async (host, gm) => {
      const started = await gm.ok('simulate', { fights: 1000, maxTurns: 30, label: 'bench: cancel' });
      await sleep(1500);
      return watchHost(host.pid, async () => {
        const cancelled = await gm.ok('cancelSimulation', { runId: started.runId });
        return { trips: await gmRoundTrips(gm, seconds), doneAtCancel: cancelled.done };
      });
    },
  );

/**
 * One player socket reports its display's size as fast as it can, alternating two sizes (each a
 * change), and connects again whenever the host closes it; another player page and the GM page
 * count the projector pushes they are sent.
 */
export const reportFlood = (root, seconds) =>
  onConsole(
    () => sampleHost(root),
    async (host, gm) => {
      const watcher = await Client.connect(host.player);
      const abuser = await startAbuser('flood', host.player);
      let done;
      try {
        await sleep(500);
        const pushesBefore = { gm: gm.pushed('projector'), player: watcher.pushed('projector') };
        const t = performance.now();
        const watched = await watchHost(host.pid, async () => ({ trips: await gmRoundTrips(gm, seconds) }));
        const window = (performance.now() - t) / 1000;
        const pushesPerSecond = {
          gm: (gm.pushed('projector') - pushesBefore.gm) / window,
          player: (watcher.pushed('projector') - pushesBefore.player) / window,
        };
        done = await abuser.stop();
        return {
          ...watched,
          sent: done.sent,
          answers: { ok: done.ok, refused: done.refused },
          closes: done.closes,
          refusedConnections: done.refusedConnections,
          pushesPerSecond,
        };
      } finally {
        if (done === undefined) await abuser.stop();
        watcher.close();
      }
    },
  );
