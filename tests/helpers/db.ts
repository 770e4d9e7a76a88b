import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { migratedSnapshot } from './pglite-snapshot';

export const testDatabaseKind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

let shared: Promise<DatabaseHandle> | undefined;

/**
 * One migrated database per test worker: in-memory PGlite, or a database of its own on the
 * TEST_DATABASE_URL server. Tests isolate their data by creating their own organizations.
 */
export function getTestDatabase(): Promise<DatabaseHandle> {
  shared ??= createTestDatabase();
  return shared;
}

const urls = new WeakMap<DatabaseHandle, string>();

/** A fresh, migrated database that no other test sees (for tests of first-run behaviour). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = testDatabaseKind === 'postgres' ? await createPostgresDatabase() : undefined;
  // The suites run organization work under the row-level policies (decisions 024, 033), as production does by default.
  // PGlite starts from the migrated dump (pglite-snapshot.ts); migrating it again finds nothing left to do.
  const database = url
    ? await openDatabase({ kind: 'postgres', url, maxConnections: 5, rowLevelSecurity: true })
    : await openDatabase({ kind: 'pglite', dataDir: undefined, rowLevelSecurity: true, loadDataDir: await migratedSnapshot() });
  if (url) urls.set(database, url);
  await migrateToLatest(database.db);
  return database;
}

/** The connection URL of a Postgres test database (to open a second, independent connection to it). */
export function postgresUrlOf(database: DatabaseHandle): string {
  const url = urls.get(database);
  if (!url) throw new Error('not a Postgres test database');
  return url;
}

let counter = 0;
async function createPostgresDatabase(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres suite');
  const name = `${inject('postgresRunId')}_${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}_${counter++}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
