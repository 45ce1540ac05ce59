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
    // A worker runs file after file with the modules it has loaded (the app, Fastify, drizzle, zod,
    // PGlite) instead of a new process that loads them all again for every file: that start-up was a
    // third of the run (a CI log: 76 workers, "import 34%"). Each file still builds its own app on its
    // own database (createTestApp); nothing in the app keeps state between apps but caches keyed by
    // app or database. Measured on two loaded cores: 842 -> 362 s of CPU on PGlite, both databases green.
    isolate: false,
  },
});
