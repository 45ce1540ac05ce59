import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A JSON report per run, added up into CI's closing line (scripts/test-summary.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: `.tmp/test-reports/unit-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json` },
    include: ['apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    environment: 'node',
    // Builds the migrated database each test file copies (apps/api/test/global-setup.ts).
    globalSetup: ['apps/api/test/global-setup.ts'],
    pool: 'forks',
    // Three on two cores: files spend time waiting (job backoff, SMTP retries, PostgreSQL), and a
    // third worker fills it (measured: 113 s -> 100 s on PGlite, 100 s -> 75 s on PostgreSQL).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every test file gets its own database; files run in parallel, tests in a file in order.
    fileParallelism: true,
  },
});
