import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator, type Kysely, type MigrationResult } from 'kysely';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations', import.meta.url));

export class MigrationFailedError extends Error {
  override name = 'MigrationFailedError';
}

/**
 * Applies every pending migration. A failure throws one error naming the migration and the
 * database's own message, so the server never starts half-migrated.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
  db: Kysely<any>,
  migrationFolder: string = MIGRATIONS_DIR,
): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationFailedError(
      failed ? `Migration "${failed.migrationName}" failed: ${reason}` : `Migrations failed: ${reason}`,
      { cause: error },
    );
  }
  return results;
}
