import { configDefaults, defineConfig } from 'vitest/config';

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

/** …except those that need a fresh module graph: zod caches whether eval works the first time any file parses. */
const UNIT_ISOLATED = ['tests/unit/zod-jitless.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      // The unit files share a worker's loaded modules (about half the project's time was importing them again per file)…
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...UNIT_ISOLATED], setupFiles, isolate: false } },
      { extends: true, test: { name: 'unit:isolated', include: UNIT_ISOLATED, setupFiles } },
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
