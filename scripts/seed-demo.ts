/** `npm run seed:demo`: create (or refresh the password of) the demo workspace on the configured database. */
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { migrateToLatest } from '../server/db/migrate';
import { demoLoginBanner, seedDemoWorkspace } from '../server/demo/demo';
import { databaseOptions } from '../server/server';

try {
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    await migrateToLatest(database.db);
    const login = await seedDemoWorkspace(database.db, config.publicUrl);
    process.stdout.write(demoLoginBanner(login, config.publicUrl));
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
