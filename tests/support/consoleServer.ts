import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface RunningConsole {
  readonly gm: string;
  readonly player: string;
  readonly campaign: string;
  readonly dataDir: string;
  readonly port: number;
  /** Ends the process and removes its data folder. */
  stop(): Promise<void>;
  /** Ends the process and keeps its data folder (to start again on it). */
  stopProcess(): Promise<void>;
}

/**
 * Starts the real web host (`out/main/serve.js`, built by `npm run build`) on a free port with a
 * fresh data folder, and returns the GM and player URLs it prints.
 */
export async function startConsole(again?: { dataDir: string; port: number }): Promise<RunningConsole> {
  const root = resolve(import.meta.dirname, '..', '..');
  const dataDir = again?.dataDir ?? (await mkdtemp(join(tmpdir(), 'pillars-e2e-')));
  const portArgs = again ? ['--port', String(again.port)] : [];
  const child: ChildProcess = spawn(process.execPath, [join(root, 'out/main/serve.js'), '--data', dataDir, '--json', ...portArgs], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const firstLine = await new Promise<string>((resolveLine, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolveLine);
    child.once('exit', (code) => reject(new Error(`the console exited (${code}) before printing its URLs:\n${stderr}`)));
    setTimeout(() => reject(new Error(`the console printed no URLs within 15 s:\n${stderr}`)), 15_000);
  });
  const urls = JSON.parse(firstLine) as { gm: string; player: string; campaign: string };
  const stopProcess = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(killer);
    }
  };
  return {
    ...urls,
    dataDir,
    port: Number(new URL(urls.gm).port),
    stopProcess,
    async stop() {
      await stopProcess();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
