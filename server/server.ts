import type { Server as HttpServer } from 'node:http';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db';
import { migrateToLatest } from './db/migrate';
import { buildDeps, type AppDeps } from './deps';
import { loadClientBuild } from './http/client';
import { registerJobHandlers } from './assembly';
import { createLogger, type Logger } from './logging';
import { demoLoginBanner, seedDemoWorkspace } from './demo/demo';

export const CLIENT_DIST = fileURLToPath(new URL('../dist/client', import.meta.url));

export type RunningServer = {
  url: string;
  port: number;
  deps: AppDeps;
  close(): Promise<void>;
};

export function databaseOptions(config: Config) {
  const { rowLevelSecurity } = config;
  return config.databaseUrl
    ? ({ kind: 'postgres', url: config.databaseUrl, rowLevelSecurity } as const)
    : ({ kind: 'pglite', dataDir: path.resolve(config.dataDir, 'pglite'), rowLevelSecurity } as const);
}

/**
 * Opens the database, applies migrations (a failure throws before anything listens), and serves.
 * Used by server/index.ts, the e2e suite and the benchmarks.
 */
export async function startServer(config: Config, options: { logger?: Logger; database?: DatabaseHandle; clientDir?: string | false } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config);
  // A database handed in (tests, benchmarks) stays open when the server closes.
  const ownsDatabase = !options.database;
  const target = databaseOptions(config);
  const freshEmbedded = ownsDatabase && target.kind === 'pglite' && !existsSync(path.join(target.dataDir, 'PG_VERSION'));
  const database = options.database ?? (await openDatabase(target));
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  if (freshEmbedded) {
    // A newcomer's first `npm start`: a workspace to sign in to, with a password printed once.
    process.stdout.write(demoLoginBanner(await seedDemoWorkspace(database.db), config.publicUrl));
  }
  // Domains register their handlers before the queue creates its schema and queues and starts.
  const deps = buildDeps({ config, database, logger });
  const { jobs, events, consumers, presence } = deps;
  registerJobHandlers(deps);
  try {
    await jobs.start();
    await events.start();
    // After the queue: a consumer's handler may enqueue jobs.
    await consumers.start();
    presence.start();
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }
  const clientDir = options.clientDir ?? (config.nodeEnv === 'production' ? CLIENT_DIST : false);
  const client = clientDir ? loadClientBuild(clientDir) : undefined;
  if (clientDir && !client) logger.warn({ clientDir }, 'no client build found; serving the API only');
  const app = createApp(deps, { client });

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: '0.0.0.0' }, () => resolve(s));
  });
  // Idle keep-alive sockets outlive the clients' and proxies' own idle limits (load balancers keep
  // about 60 s): Node's default 5 s let a client reuse a socket the server was closing (ECONNRESET).
  const http = server as HttpServer;
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://localhost:${port}`,
    port,
    deps,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open SSE streams would otherwise hold close() forever.
        (server as Server).closeAllConnections?.();
      });
      await presence.stop();
      await events.stop();
      await consumers.stop();
      // Running jobs finish (bounded) before the database they write to closes.
      await jobs.stop();
      if (ownsDatabase) await database.close();
    },
  };
}
