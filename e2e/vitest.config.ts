import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The page audit first: it is the longest journey by far, and started last it would run alone at the
 * end. The others in vitest's order (the longest first when a previous run's times are known).
 */
class PageAuditFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isAudit = (file: TestSpecification) => file.moduleId.endsWith('/e2e/pages.e2e.test.ts');
    return [...sorted.filter(isAudit), ...sorted.filter((file) => !isAudit(file))];
  }
}

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
    // Two files at a time, each with its own server and browser: a journey spends much of its time
    // waiting (pages loading, mail and job polling), which the other file fills.
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: PageAuditFirst },
    testTimeout: 120_000,
    // expect.poll waits up to 10 s for the page to reach the expected state (vitest's default is
    // 1 s, too short for a page still loading on a busy machine); polls that name a timeout keep it.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
  },
});
