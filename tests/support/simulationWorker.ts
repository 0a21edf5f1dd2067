/**
 * The simulation worker built from source for the unit tests, the way `npm run build` bundles it
 * for the app (a worker thread cannot load TypeScript): one ES module, its packages left to
 * node_modules.
 */
import { resolve } from 'node:path';
import { build } from 'vite';

const OUT = resolve('test-results/simulation-worker');

export async function buildSimulationWorker(): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      ssr: resolve('src/main/simulation/worker.ts'),
      outDir: OUT,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: 'worker.mjs' } },
    },
  });
  return resolve(OUT, 'worker.mjs');
}
