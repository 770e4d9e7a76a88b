import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { createTestDatabase, postgresUrlOf, testDatabaseKind } from './db';
import { migratedSnapshot } from './pglite-snapshot';

/**
 * A database another process can open, for the crash tests (a worker process killed mid-work):
 * PGlite in a data directory on disk (one process at a time), or a Postgres database of its own
 * (the killed queue's leftovers must not meet other tests' workers).
 */
export async function crashDatabase(): Promise<{ location: string; open: () => Promise<DatabaseHandle> }> {
  if (testDatabaseKind === 'postgres') {
    const created = await createTestDatabase();
    const url = postgresUrlOf(created);
    await created.close();
    return { location: url, open: () => openDatabase({ kind: 'postgres', url, maxConnections: 5 }) };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-crash-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  // Written from the migrated dump (pglite-snapshot.ts), not made and migrated anew.
  const created = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: await migratedSnapshot() });
  await migrateToLatest(created.db);
  await created.close();
  return { location: dataDir, open: () => openDatabase({ kind: 'pglite', dataDir }) };
}
