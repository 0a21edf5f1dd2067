import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The unit and property tests in two tiers, each file in exactly one (`npm test` runs both, fast
 * first): `fast`, the inner loop (`npm run test:fast`), and `slow`, the files that play whole
 * fights or kill processes — seeded soaks, the tactics' searches over random fights, the
 * simulation pool, the store's crash test. `npx vitest run <file>` finds a file in either tier.
 */
export const SLOW_TIER = [
  'tests/unit/engine/encounter/soak.test.ts',
  'tests/unit/engine/encounter/quietApply.test.ts',
  'tests/unit/engine/encounter/fastPaths.test.ts',
  'tests/unit/engine/encounter/memo.test.ts',
  'tests/unit/engine/tactics/shortcuts.test.ts',
  'tests/unit/engine/tactics/legality.test.ts',
  'tests/unit/engine/tactics/odds.test.ts',
  'tests/unit/engine/tactics/fightDigest.test.ts',
  'tests/unit/map/tokenDetail.test.ts',
  'tests/unit/simulation/pool.test.ts',
  'tests/unit/store/crash.test.ts',
];

// A tier naming a file that is gone would run less than it says.
const missing = SLOW_TIER.filter((file) => !existsSync(new URL(file, import.meta.url)));
if (missing.length > 0) throw new Error(`vitest.config.ts: SLOW_TIER names files that do not exist: ${missing.join(', ')}`);

export default defineConfig({
  test: {
    environment: 'node',
    // Every core (vitest's default leaves one idle, half the machine on two cores).
    maxWorkers: availableParallelism(),
    // Deadlines for a busy machine (both cores taken by others), not budgets: timings live in `npm run bench`.
    hookTimeout: 120_000,
    // A file handle a test file left open is closed when the file is done, not by the garbage collector.
    setupFiles: ['tests/support/closeLeftOpen.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'fast', include: ['tests/unit/**/*.test.ts'], exclude: SLOW_TIER, testTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: 'slow', include: SLOW_TIER, testTimeout: 300_000 },
      },
    ],
  },
});
