import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A JSON report per run, added up into CI's closing line (scripts/test-summary.mjs).
    reporters: ['default', 'json'],
    outputFile: { json: `.tmp/test-reports/unit-${process.env.DATABASE_URL ? 'postgres' : 'pglite'}.json` },
    include: ['apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every test file gets its own database; files run in parallel, tests in a file in order.
    fileParallelism: true,
  },
});
