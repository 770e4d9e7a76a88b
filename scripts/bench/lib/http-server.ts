/**
 * Child process for the HTTP bench: serves createBenchApp on 127.0.0.1, port 0, and prints
 * `port=<n>` on stdout once listening. Exits on SIGTERM/SIGINT, or when the parent's IPC channel
 * closes (the parent died), so it can never be left behind.
 *
 * Env: BENCH_DB=pglite (in-memory, default) | postgres; BENCH_DB_URL for postgres;
 * BENCH_LOG_LEVEL (default warn, as the startup measurement uses).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { openDatabase } from '../../../server/db';
import { buildDeps } from '../../../server/deps';
import { createLogger } from '../../../server/logging';
import { databaseOptions } from '../../../server/server';
import { createBenchApp } from './bench-app';
import { benchServerConfig } from './server-config';

const { kind, config } = benchServerConfig();

// The benched queries need no tables, so no migrations run: a Postgres database given to the
// bench is only read from.
const database = await openDatabase(kind === 'postgres' ? databaseOptions(config) : { kind: 'pglite', dataDir: undefined });
const logger = createLogger(config);
// Nothing started: the benched routes enqueue and publish nothing.
const deps = buildDeps({ config, database, logger });
const app = createBenchApp(deps);

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  process.stdout.write(`port=${info.port}\n`);
});

let closing = false;
function shutdown(): void {
  if (closing) return;
  closing = true;
  server.close();
  if ('closeAllConnections' in server) server.closeAllConnections();
  void database.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
process.once('disconnect', shutdown);
