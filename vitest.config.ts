import { defineConfig } from 'vitest/config';

const setupFiles = ['tests/helpers/setup.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Integration and security tests share one database per worker; each test builds its own organizations. */
const databaseSuite = (kind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `integration:${kind}`,
    include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
    // scoped-filter.ts: the test-only SCOPED_FILTER=off build of decision 024.
    setupFiles: [...setupFiles, 'tests/helpers/scoped-filter.ts'],
    env: { TEST_DB_KIND: kind },
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: [kind === 'postgres' ? 'tests/helpers/postgres-global-setup.ts' : 'tests/helpers/pglite-global-setup.ts'],
  },
});

/**
 * Vitest's default in `run` mode is one worker fewer than the cores: on CI's two cores that ran every
 * server suite file one after another. Each integration worker has its own database, so two run side
 * by side (the projects of one group share this count).
 */
const WORKERS = 2;

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], setupFiles } },
      databaseSuite('pglite'),
      ...(onPostgres ? [databaseSuite('postgres')] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles,
          globalSetup: ['tests/e2e/helpers/global-setup.ts'],
          // Each file starts its own server, database and browser in its hooks, so a worker's files can share
          // the loaded modules: importing the server once per worker, not per file, was about a fifth of each file's time.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: WORKERS,
          // Browsers run after the server suites, never competing with them for the two cores.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
