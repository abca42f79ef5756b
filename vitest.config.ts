import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@core': fileURLToPath(new URL('./src/core', import.meta.url)),
  '@': fileURLToPath(new URL('./src/web', import.meta.url)),
};

// Four kinds of tests, run separately by scripts/test.ts: unit (pure core), server (real
// database: SQLite or PostgreSQL by TEST_DB), browser (Chromium), deploy (docs/deploy's steps).
// Each project names its own aliases: inline projects do not inherit the root's settings.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        // Property tests run thousands of cases: on a busy shared machine one took 8 s (default limit 5 s).
        test: { name: 'unit', isolate: false, include: ['src/core/**/*.test.ts', 'src/web/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          // The test files share each worker's module cache (each file still starts its own app and
          // database): importing the app once per worker, not once per file, took the SQLite run
          // from 337 s to 196 s (issue 34). A test that changes a module's behaviour spies on it and
          // restores it (vi.spyOn), never vi.mock, which would not reach a module already imported.
          isolate: false,
          include: ['src/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          // As the server's: one module cache per worker (each file starts its own server and browser).
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // A shared, busy machine makes pages slow, not wrong: polls wait up to 15 s (default 1 s).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          maxWorkers: 2,
        },
      },
      {
        // docs/deploy's Dockerfile, run step by step (an install and a build): after the build phase.
        test: { name: 'deploy', include: ['tests/deploy/**/*.test.ts'], environment: 'node', testTimeout: 600_000, hookTimeout: 60_000 },
      },
    ],
  },
});
