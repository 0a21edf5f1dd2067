/**
 * The worker threads' entries built from source for the unit tests, the way `npm run build` bundles
 * them for the app (a worker thread cannot load TypeScript): one ES module each, its packages left
 * to node_modules.
 */
import { resolve } from 'node:path';
import { build } from 'vite';

/** Builds `src/<entry>` into test-results/<name>/worker.mjs and returns that file's path. */
export async function buildWorkerEntry(entry: string, name: string): Promise<string> {
  const out = resolve('test-results', name);
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      ssr: resolve(entry),
      outDir: out,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: 'worker.mjs' } },
    },
  });
  return resolve(out, 'worker.mjs');
}

export const buildSimulationWorker = (): Promise<string> => buildWorkerEntry('src/main/simulation/worker.ts', 'simulation-worker');

/** The players' map image masking worker (`src/main/store/maskWorker.ts`). */
export const buildMaskWorker = (): Promise<string> => buildWorkerEntry('src/main/store/maskWorker.ts', 'mask-worker');
