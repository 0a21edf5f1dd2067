import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/** The bench's Node rows (replay, opening a long log, the GM view at 1,000 figures): `npm run bench` runs them. */
export default defineConfig({
  root: resolve(import.meta.dirname, '..', '..', '..'),
  test: { environment: 'node', include: ['tests/bench/node/**/*.measure.ts'], testTimeout: 600_000 },
});
