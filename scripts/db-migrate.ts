/** `npm run db:migrate`: apply pending migrations to the configured database and list them. */
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { MigrationFailedError, migrateToLatest } from '../server/db/migrate';
import { databaseOptions } from '../server/server';

try {
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    const results = await migrateToLatest(database.db);
    for (const r of results) console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
    console.log(results.length ? `${results.length} migration(s) applied to ${database.kind}.` : `The ${database.kind} database is up to date.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof MigrationFailedError ? error.message : error);
  process.exit(1);
}
