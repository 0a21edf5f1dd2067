import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/bench/**/*.bench.ts'],
    benchmark: {
      include: ['tests/bench/**/*.bench.ts'],
    },
  },
});
