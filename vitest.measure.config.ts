import { defineConfig } from 'vitest/config';

/** Measurements with budgets that fail the run (`npm run bench`): tests/bench/*.measure.ts. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/bench/**/*.measure.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
