import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts its own production server on a fresh database (a copy of the
// run's migrated template).
export default defineConfig({
  test: {
    // A JSON report per run, added up into CI's closing line (scripts/test-summary.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: `.tmp/test-reports/e2e-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json` },
    include: ['e2e/**/*.e2e.test.ts'],
    setupFiles: ['e2e/support/setup.ts'],
    // Builds the migrated database every journey's server starts from (a copy of it), as the API
    // tests do: an empty embedded database costs ~8 s of CPU (initdb, migrations), a copy ~0.5 s.
    globalSetup: ['apps/api/test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
