/** What the db: scripts share: their errors, and running one from the command line. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../../server/config';
import { EmbeddedDatabaseInUseError } from '../../server/db/embedded-lock';
import { MigrationFailedError } from '../../server/db/migrate';

/** A refusal or failure the operator acts on: printed as its message alone. */
export class ScriptError extends Error {
  override name = 'ScriptError';
}

export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && moduleUrl === pathToFileURL(entry).href;
}

/** The embedded database's directory under the configured DATA_DIR (whatever DATABASE_URL says). */
export async function configuredDataDir(): Promise<string> {
  // The server module only when run: importing it loads the whole app.
  const { embeddedDataDir } = await import('../../server/server');
  return embeddedDataDir(loadConfig());
}

export function requireEmbeddedDatabase(dataDir: string, action: string): void {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new ScriptError(`There is no embedded database at ${dataDir} (DATA_DIR/pglite): nothing to ${action}.`);
}

export async function runScript(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    const known = error instanceof ScriptError || error instanceof ConfigError || error instanceof EmbeddedDatabaseInUseError || error instanceof MigrationFailedError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  }
}
