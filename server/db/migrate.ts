import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import { dropTenantViews, syncTenantViews } from './tenant-views';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations', import.meta.url));

export class MigrationFailedError extends Error {
  override name = 'MigrationFailedError';
}

const MIGRATION_FILE = /^(?!.*\.d\.ts$).*\.(ts|js|mjs|mts)$/;

/** Reads db/migrations; the import runs from this module so tsx and vitest can load .ts files. */
class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of (await fs.readdir(this.folder)).filter((f) => MIGRATION_FILE.test(f)).sort()) {
      const module = (await import(pathToFileURL(path.join(this.folder, file)).href)) as Migration;
      migrations[file.replace(/\.[^.]+$/, '')] = module;
    }
    return migrations;
  }
}

/** The migrations this code knows, in order (db:move checks the embedded database has exactly these). */
export async function knownMigrations(migrationFolder: string = MIGRATIONS_DIR): Promise<string[]> {
  return Object.keys(await new FolderMigrationProvider(migrationFolder).getMigrations());
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
  const provider = new FolderMigrationProvider(migrationFolder);
  await refuseSchemaAhead(db, Object.keys(await provider.getMigrations()));
  const migrator = new Migrator({ db, provider });
  // The tenant views select their tables' columns: out of a migration's way, then made anew (decision 033).
  if ((await migrator.getMigrations()).some((m) => !m.executedAt)) await dropTenantViews(db);
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationFailedError(failed ? `Migration "${failed.migrationName}" failed: ${reason}` : `Migrations failed: ${reason}`, { cause: error });
  }
  await syncTenantViews(db);
  return results;
}

/**
 * Fails closed when a newer version migrated this database: its code expects tables this one does
 * not know, and serving would write what the newer one misreads (Kysely alone says only "corrupted
 * migrations").
 */
async function refuseSchemaAhead(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
  db: Kysely<any>,
  known: string[],
): Promise<void> {
  const { rows: table } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!table[0]?.present) return;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  const knownNames = new Set(known);
  const unknown = rows.map((r) => r.name).filter((name) => !knownNames.has(name));
  if (unknown.length === 0) return;
  throw new MigrationFailedError(
    `The database schema is ahead of this version of Switchboard: it has ${unknown.length === 1 ? 'migration' : 'migrations'} ${unknown.map((n) => `"${n}"`).join(', ')} that this code does not know (a newer version migrated it). Run that version, or restore a backup taken before the upgrade.`,
  );
}
