import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';

export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          serve: resolve('src/main/serve.ts'),
          // Simulated fights run on worker threads (the Odds tab): the worker is an entry of its own.
          simulationWorker: resolve('src/main/simulation/worker.ts'),
          // The players' fog-masked map image is made on a worker thread: an entry of its own too.
          maskWorker: resolve('src/main/store/maskWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can only be CommonJS and may require nothing but `electron`:
      // bundle everything else in, one standalone file per window role.
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        input: {
          gm: resolve('src/preload/gm.ts'),
          player: resolve('src/preload/player.ts'),
        },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [svelte()],
    build: {
      // electron-vite leaves the renderer unminified; the GM page's script is half the size minified.
      minify: process.env.NO_MINIFY ? false : true,
      // `BUNDLE_STATS=1 npx electron-vite build` writes source maps for tests/bench/chromium/bundleStats.mjs.
      sourcemap: process.env.BUNDLE_STATS ? true : false,
      rolldownOptions: {
        input: {
          index: resolve('src/renderer/index.html'),
          player: resolve('src/renderer/player.html'),
          seat: resolve('src/renderer/seat.html'),
        },
      },
    },
  },
});
