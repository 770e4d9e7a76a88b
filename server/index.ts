import { ConfigError, loadConfig } from './config';
import { EmbeddedDatabaseInUseError } from './db/embedded-lock';
import { MigrationFailedError } from './db/migrate';
import { startServer } from './server';

try {
  const config = loadConfig();
  const server = await startServer(config);
  server.deps.logger.info({ url: config.publicUrl, port: server.port, database: server.deps.database.kind, version: config.version }, `Switchboard listening on http://localhost:${server.port}`);
  let stopping = false;
  const shutdown = (signal: string) => {
    // Ctrl-C in a terminal signals the whole process group: the server gets SIGINT from the terminal and once more
    // from npm, which forwards it. One drain; a repeated signal must not fall back to Node's default (an abrupt exit).
    if (stopping) return server.deps.logger.info({ signal }, 'already shutting down');
    stopping = true;
    server.deps.logger.info({ signal }, 'shutting down: draining requests, then stopping jobs and the database');
    server.close().then(
      () => {
        server.deps.logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        server.deps.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  // One clear line for the operator: which setting or migration, and why.
  if (error instanceof ConfigError || error instanceof MigrationFailedError || error instanceof EmbeddedDatabaseInUseError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}
