// The host answers the GM while an export file of ~530 MiB moves: a campaign of eleven 4096² map
// images (noise PNGs, ~48 MiB each, as the probe that found the export failing), exported over
// GET /campaign/export and imported back over POST /campaign/import on the real web host, while a
// GM socket sends a command every 25 ms and times each answer; the host's resident memory is read
// from /proc every 50 ms. No browser: the transfers are HTTP, the GM a WebSocket.
//   node tests/bench/chromium/transferRows.mjs [--root DIR] [--mib 528] [--legacy]
// runs these rows alone (after `npm run build`). --legacy measures a build from before the zip
// archive (export over the exportCampaign channel, import of a version 1 JSON file under its
// 256 MiB cap), for the figures before the change.
import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { WebSocket } from 'ws';
import { median, p95, row } from './report.mjs';

const IMAGE_SIDE = 4096;

/** Noise PNGs (incompressible, stored: ~48 MiB each) under content-hash names in `dir`, `mib` MiB in all. */
async function noiseImages(dir, mib) {
  const names = [];
  let total = 0;
  while (total < mib * 1024 * 1024) {
    const png = await sharp(randomBytes(IMAGE_SIDE * IMAGE_SIDE * 3), { raw: { width: IMAGE_SIDE, height: IMAGE_SIDE, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const name = `${createHash('sha256').update(png).digest('hex')}.png`;
    await writeFile(join(dir, name), png);
    names.push(name);
    total += png.length;
  }
  return { names, total };
}

/** A data folder whose one campaign is the sample with `mib` MiB of map images beside it. */
async function bigCampaign(root, mib) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pillars-bench-transfer-'));
  const campaignDir = join(dataDir, 'campaigns', 'Transfer Bench');
  await cp(join(root, 'resources', 'sample-campaign'), campaignDir, { recursive: true });
  const images = await noiseImages(join(campaignDir, 'assets'), mib);
  await writeFile(join(dataDir, 'recent.json'), JSON.stringify({ schemaVersion: 1, campaigns: [campaignDir] }));
  return { dataDir, campaignDir, ...images };
}

/** The web host of `root`'s build on `dataDir`, with its pid (for /proc) and URLs. */
async function startHost(root, dataDir) {
  const serve = join(root, 'out', 'main', 'serve.js');
  if (!existsSync(serve)) throw new Error(`${serve} is missing: run \`npm run build\` first.`);
  const child = spawn(process.execPath, [serve, '--data', dataDir, '--json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  const line = await new Promise((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`the console exited (${code}):\n${stderr}`)));
    setTimeout(() => fail(new Error(`no URLs within 60 s:\n${stderr}`)), 60_000);
  });
  const urls = JSON.parse(line);
  const gm = new URL(urls.gm);
  return { pid: child.pid, child, base: `${gm.protocol}//${gm.host}`, token: gm.searchParams.get('token'), stderr: () => stderr };
}

/** Resident memory of `pid` now (VmRSS) and its peak so far (VmHWM), in MiB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
}

/** A GM socket that sends a command every `everyMs` while `running()`, timing each answer. */
async function gmPinger(host) {
  const ws = new WebSocket(`${host.base.replace('http', 'ws')}/ws?token=${host.token}`);
  await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
  const waiting = new Map();
  /** The transfer's steps as the GM page hears them, with when: to tell which step a slow answer fell in. */
  const steps = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    if (m.event === 'transferProgress' && steps.at(-1)?.step !== m.payload.step) steps.push({ at: performance.now(), step: m.payload.step });
    if (m.id !== undefined && waiting.has(m.id)) {
      waiting.get(m.id)(m.result);
      waiting.delete(m.id);
    }
  });
  let next = 1;
  const call = (channel, args) =>
    new Promise((ok) => {
      const id = next++;
      waiting.set(id, ok);
      ws.send(JSON.stringify({ id, channel, args }));
    });
  return {
    call,
    /** Round trips of `turnFigure` commands, one every `everyMs`, until `until` settles. */
    async during(until, everyMs = 25) {
      const times = [];
      const slow = [];
      const refused = [];
      let settled = false;
      until.finally(() => (settled = true)).catch(() => undefined);
      for (let i = 0; !settled; i++) {
        const t = performance.now();
        const r = await call('sendCommand', { command: { type: 'turnFigure', figureId: 'bram', facing: i % 6 } });
        times.push(performance.now() - t);
        if (times.at(-1) > 50) slow.push(`${times.at(-1).toFixed(0)} ms in “${steps.findLast((x) => x.at <= t)?.step ?? 'before any step'}”`);
        if (!r.ok) refused.push(r.error.message);
        await new Promise((ok) => setTimeout(ok, everyMs));
      }
      return { times, refused, slow };
    },
    close: () => ws.close(),
  };
}

/** Samples the host's memory every 50 ms until `until` settles; resolves to the peak RSS in MiB. */
async function memoryPeak(pid, until) {
  let peak = 0;
  let settled = false;
  until.finally(() => (settled = true)).catch(() => undefined);
  while (!settled) {
    peak = Math.max(peak, memory(pid).rss);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return peak;
}

/** Times `work` with the GM's commands and the host's memory beside it. */
async function underLoad(host, gm, work) {
  const t = performance.now();
  const done = work();
  const [result, rtt, peakMib] = await Promise.all([
    done.then(
      (value) => ({ ok: true, value }),
      (e) => ({ ok: false, error: String(e?.message ?? e) }),
    ),
    gm.during(done),
    memoryPeak(host.pid, done),
  ]);
  return { ...result, seconds: (performance.now() - t) / 1000, rtt: rtt.times, slow: rtt.slow, refused: rtt.refused, peakMib };
}

const download = (url, path) =>
  fetch(url).then(async (res) => {
    if (!res.ok) throw new Error(`export answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await pipeline(res.body, createWriteStream(path));
    return (await stat(path)).size;
  });

const upload = (url, path) =>
  stat(path).then(
    ({ size }) =>
      new Promise((ok, fail) => {
        const req = request(url, { method: 'POST', headers: { 'content-length': String(size) } }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => (res.statusCode === 200 ? ok(JSON.parse(text)) : fail(new Error(`import answered ${res.statusCode}: ${text.slice(0, 300)}`))));
        });
        req.on('error', fail);
        createReadStream(path).pipe(req);
      }),
  );

/** A version 1 export of the campaign's first `count` images (the earlier console's format, for --legacy). */
async function legacyBundle(campaignDir, names, path) {
  const campaign = JSON.parse(await readFile(join(campaignDir, 'campaign.json'), 'utf8'));
  const file = JSON.parse(await readFile(join(campaignDir, 'encounters', 'ford-ambush.json'), 'utf8'));
  const assets = [];
  for (const name of names) assets.push({ name, base64: (await readFile(join(campaignDir, 'assets', name))).toString('base64') });
  const bundle = {
    format: 'pillars-gm-console-bundle',
    bundleVersion: 1,
    kind: 'campaign',
    exportedAt: new Date().toISOString(),
    campaign,
    encounters: [{ file, log: [] }],
    assets,
  };
  await writeFile(path, JSON.stringify(bundle));
  return (await stat(path)).size;
}

/** One round: idle, export, import; the figures of each. */
export async function transferRound(root, { mib = 528, legacy = false } = {}) {
  const made = await bigCampaign(root, mib);
  const host = await startHost(root, made.dataDir);
  const gm = await gmPinger(host);
  const work = await mkdtemp(join(tmpdir(), 'pillars-bench-transfer-files-'));
  try {
    const idle = await underLoad(host, gm, () => new Promise((ok) => setTimeout(ok, 3000)));
    const file = join(work, 'export.zip');
    const exported = legacy
      ? await underLoad(host, gm, async () => {
          const r = await gm.call('exportCampaign', {});
          if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
          return r.value.text.length;
        })
      : await underLoad(host, gm, () => download(`${host.base}/campaign/export?token=${host.token}`, file));
    let importBytes = 0;
    if (legacy) importBytes = await legacyBundle(made.campaignDir, made.names.slice(0, 3), file);
    else importBytes = exported.ok ? exported.value : 0;
    const imported = importBytes > 0 ? await underLoad(host, gm, () => upload(`${host.base}/campaign/import?token=${host.token}`, file)) : null;
    return { images: made.names.length, sourceBytes: made.total, idle, exported, imported, importBytes, hwmMib: memory(host.pid).hwm, load: loadavg() };
  } finally {
    gm.close();
    host.child.kill('SIGTERM');
    await new Promise((ok) => host.child.once('exit', ok));
    await rm(work, { recursive: true, force: true });
    await rm(made.dataDir, { recursive: true, force: true });
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const outcome = (phase) => (phase.ok ? `${phase.seconds.toFixed(1)} s` : `failed after ${phase.seconds.toFixed(1)} s: ${phase.error.slice(0, 120)}`);

export const TRANSFER_ROWS = [
  row(
    'GM command round trip while a ~530 MiB campaign exports, p95',
    ' ms',
    (r) => p95(r.transfers.exported.rtt),
    50,
    (r) =>
      `p50 ${median(r.transfers.exported.rtt).toFixed(1)}, max ${Math.max(...r.transfers.exported.rtt).toFixed(0)} ms (n=${r.transfers.exported.rtt.length}); idle p95 ${p95(r.transfers.idle.rtt).toFixed(1)} ms; export of ${mb(r.transfers.sourceBytes)} in ${r.transfers.images} images: ${outcome(r.transfers.exported)}`,
  ),
  row(
    'GM command round trip while it imports back, p95',
    ' ms',
    (r) => p95(r.transfers.imported?.rtt ?? []),
    50,
    (r) =>
      r.transfers.imported
        ? `p50 ${median(r.transfers.imported.rtt).toFixed(1)}, max ${Math.max(...r.transfers.imported.rtt).toFixed(0)} ms (n=${r.transfers.imported.rtt.length}); import of ${mb(r.transfers.importBytes)}: ${outcome(r.transfers.imported)}`
        : 'nothing to import: the export failed',
  ),
  row(
    'Host memory (RSS) peak during the export / the import',
    ' MiB',
    (r) => Math.max(r.transfers.exported.peakMib, r.transfers.imported?.peakMib ?? 0),
    400,
    (r) =>
      `export ${r.transfers.exported.peakMib.toFixed(0)} MiB, import ${(r.transfers.imported?.peakMib ?? NaN).toFixed(0)} MiB, idle ${r.transfers.idle.peakMib.toFixed(0)} MiB; the process's high-water mark ${r.transfers.hwmMib.toFixed(0)} MiB`,
  ),
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  const root = resolve(arg('--root', resolve(import.meta.dirname, '..', '..', '..')));
  const r = await transferRound(root, { mib: Number(arg('--mib', 528)), legacy: process.argv.includes('--legacy') });
  const show = (name, phase) =>
    phase &&
    console.log(
      `${name.padEnd(7)} ${outcome(phase).padEnd(50)} GM round trip p50 ${median(phase.rtt).toFixed(1)} p95 ${p95(phase.rtt).toFixed(1)} max ${Math.max(...phase.rtt).toFixed(0)} ms (n=${phase.rtt.length}${phase.refused.length ? `, ${phase.refused.length} refused` : ''}); RSS peak ${phase.peakMib.toFixed(0)} MiB`,
    );
  console.log(`${root}: ${r.images} images, ${mb(r.sourceBytes)}; load ${r.load.map((l) => l.toFixed(2)).join(' ')}`);
  show('idle', r.idle);
  show('export', r.exported);
  show('import', r.imported);
  if (process.argv.includes('--slow')) for (const phase of ['exported', 'imported']) console.log(phase, r[phase]?.slow.join('; '));
  console.log(`import of ${mb(r.importBytes)}; host high-water mark ${r.hwmMib.toFixed(0)} MiB`);
}
