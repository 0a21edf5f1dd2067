// The bench's console: a data folder with the sample campaign stretched to the bench's size, and
// the real web host (out/main/serve.js) serving it on 127.0.0.1.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildEncounter } from './campaign.mjs';

/**
 * A data folder whose recent list opens a copy of the sample campaign rewritten to `size`; `build`
 * (the sample's initial state, `size`) → the bench's encounter, campaign.mjs's by default.
 */
export async function makeDataDir(root, size, build = buildEncounter) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pillars-bench-'));
  const campaignDir = join(dataDir, 'campaigns', 'Bench Campaign');
  await cp(join(root, 'resources', 'sample-campaign'), campaignDir, { recursive: true });
  const encounters = join(campaignDir, 'encounters');
  const sampleFile = (await readdir(encounters)).find((n) => n.endsWith('.json') && !n.endsWith('.snapshot.json'));
  for (const n of await readdir(encounters)) if (n !== sampleFile) await rm(join(encounters, n), { force: true });
  const file = JSON.parse(await readFile(join(encounters, sampleFile), 'utf8'));
  file.initial = build(file.initial, size);
  if (Array.isArray(file.log)) file.log = [];
  await writeFile(join(encounters, sampleFile), JSON.stringify(file, null, 1));
  await writeFile(join(dataDir, 'recent.json'), JSON.stringify({ schemaVersion: 1, campaigns: [campaignDir] }));
  return dataDir;
}

/** Starts the web host on a data folder; resolves to its URLs, its process id and a stop(). */
export async function startHost(root, dataDir) {
  const serve = join(root, 'out', 'main', 'serve.js');
  if (!existsSync(serve)) throw new Error(`${serve} is missing: run \`npm run build\` first.`);
  const child = spawn(process.execPath, [serve, '--data', dataDir, '--json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  const line = await new Promise((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`the console exited (${code}):\n${stderr}`)));
    setTimeout(() => fail(new Error(`no URLs within 30 s:\n${stderr}`)), 30_000);
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  };
  return { ...JSON.parse(line), pid: child.pid, stop };
}
