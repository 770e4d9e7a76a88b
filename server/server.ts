import type { Server as HttpServer } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db';
import { claimEmbeddedDatabase } from './db/embedded-lock';
import { migrateToLatest } from './db/migrate';
import { buildDeps, type AppDeps } from './deps';
import { loadClientBuild } from './http/client';
import { closeDomains, registerJobHandlers, runStartupChecks } from './assembly';
import { createLifecycle, type Lifecycle } from './http/lifecycle';
import { startingAnswer } from './http/starting';
import { createLogger, type Logger } from './logging';
import { demoLoginBanner, seedDemoWorkspace } from './demo/demo';
import { startInboundSmtp, type InboundSmtpListener } from './email/inbound-smtp';
import { resealProviderSettings } from './kernel/provider-settings';
import { withInstanceProviders } from './providers/instance';
import { sealEndpointSecrets } from './webhooks/secrets';

export const CLIENT_DIST = fileURLToPath(new URL('../dist/client', import.meta.url));

export type RunningServer = {
  url: string;
  port: number;
  /** The inbound SMTP listener's port, when INBOUND_SMTP_PORT started one. */
  inboundSmtpPort: number | undefined;
  deps: AppDeps;
  /** Resolves once the process takes traffic (a fresh embedded database: once its demo workspace exists). */
  ready: Promise<void>;
  /** Drains (see DRAIN_TIMEOUT_MS), stops the queue and consumers, closes what this server opened. */
  close(): Promise<void>;
};

export function databaseOptions(config: Config) {
  const { rowLevelSecurity } = config;
  return config.databaseUrl ? ({ kind: 'postgres', url: config.databaseUrl, rowLevelSecurity } as const) : ({ kind: 'pglite', dataDir: embeddedDataDir(config), rowLevelSecurity } as const);
}

/** Where the embedded database lives under DATA_DIR (the db: scripts find it here even when DATABASE_URL is set). */
export function embeddedDataDir(config: Config): string {
  return path.resolve(config.dataDir, 'pglite');
}

/** How long a graceful stop waits for the requests in flight before it closes their connections. */
export const DRAIN_TIMEOUT_MS = 10_000;

type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Listens first, then opens the database and applies migrations (a failure closes the port and
 * throws: the server never serves a schema it does not match), then serves. Until the app is ready
 * the port answers anyway — `/api/health` 200, `/api/health/ready` and everything else 503 with the
 * phase (a browser, a page that reloads itself: http/starting.ts) — so a proxy or orchestrator
 * sees a starting process, not a refused connection. A fresh embedded database gets its demo
 * workspace after the app serves (readiness 503 meanwhile).
 * Used by server/index.ts, the e2e suite and the benchmarks.
 */
export async function startServer(config: Config, options: { logger?: Logger; database?: DatabaseHandle; clientDir?: string | false } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config);
  // A database handed in (tests, benchmarks) stays open when the server closes.
  const ownsDatabase = !options.database;
  const target = databaseOptions(config);
  const freshEmbedded = ownsDatabase && target.kind === 'pglite' && !existsSync(path.join(target.dataDir, 'PG_VERSION'));
  // One process at a time on an embedded database (the db: scripts check this too); before the port opens.
  const releaseEmbedded = ownsDatabase && target.kind === 'pglite' ? claimEmbeddedDatabase(target.dataDir, 'a Switchboard server') : () => {};
  const lifecycle = createLifecycle('migrating');
  let handler: FetchHandler = startingAnswer(lifecycle, options.database?.kind ?? target.kind, config);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: (request, env) => handler(request, env), port: config.port, hostname: '0.0.0.0' }, () => resolve(s));
  });
  const http = server as HttpServer;
  // Idle keep-alive sockets outlive the clients' and proxies' own idle limits (load balancers keep
  // about 60 s): Node's default 5 s let a client reuse a socket the server was closing (ECONNRESET).
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  let database: DatabaseHandle | undefined = options.database;
  let deps: AppDeps;
  try {
    database ??= await openDatabase(target);
    await migrateToLatest(database.db);
    // Secrets at rest under the current key (decision 038): those from before it, and those under a rotated key.
    const sealed = (await sealEndpointSecrets(database.db, config)) + (await resealProviderSettings(database.db, config));
    if (sealed > 0) logger.info({ rows: sealed }, 'stored secrets sealed under the current key');
    // Domains register their handlers before the queue creates its schema and queues and starts.
    deps = buildDeps({ config: await withInstanceProviders(config, database.db, logger), database, logger, lifecycle });
    deps.metrics.collectProcessMetrics();
    registerJobHandlers(deps);
    await deps.jobs.start();
    await deps.events.start();
    // After the queue: a consumer's handler may enqueue jobs.
    await deps.consumers.start();
    deps.presence.start();
    await runStartupChecks(deps);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (ownsDatabase) await database?.close();
    releaseEmbedded();
    throw error;
  }
  const { jobs, events, consumers, presence } = deps;
  const clientDir = options.clientDir ?? (config.nodeEnv === 'production' ? CLIENT_DIST : false);
  const client = clientDir ? loadClientBuild(clientDir) : undefined;
  if (clientDir && !client) logger.warn({ clientDir }, 'no client build found; serving the API only');
  handler = createApp(deps, { client }).fetch;

  const ready = freshEmbedded ? seedDemo(deps) : Promise.resolve();
  if (!freshEmbedded) lifecycle.enter('serving');

  const { inboundSmtpPort } = config.email;
  let inboundSmtp: InboundSmtpListener | undefined;
  if (inboundSmtpPort !== undefined) {
    inboundSmtp = await startInboundSmtp(deps, inboundSmtpPort);
    logger.info({ port: inboundSmtp.port }, 'inbound SMTP listener started');
  }
  const ownedDatabase = database;
  return {
    url: `http://localhost:${port}`,
    port,
    inboundSmtpPort: inboundSmtp?.port,
    deps,
    ready,
    async close() {
      // The port stops accepting first, so a client told to reconnect (below) finds it closed, never
      // a connection accepted and then dropped; then readiness turns 503 and event streams end with a
      // reconnect hint.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      lifecycle.enter('draining');
      // No new mail while the rest shuts down; a message being received finishes first.
      await inboundSmtp?.close();
      http.closeIdleConnections();
      await drain(lifecycle);
      // What is left after the drain: tRPC subscriptions and requests that outlived it.
      http.closeAllConnections();
      await closed;
      await ready;
      await presence.stop();
      await events.stop();
      await consumers.stop();
      // Running jobs finish (bounded) or go back to the queue before the database they write to closes.
      await jobs.stop();
      await closeDomains(deps);
      if (ownsDatabase) await ownedDatabase.close();
      releaseEmbedded();
    },
  };
}

/** Waits for the requests in flight, DRAIN_TIMEOUT_MS at most. */
async function drain(lifecycle: Lifecycle): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([lifecycle.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_TIMEOUT_MS)))]);
  clearTimeout(timer);
}

/** A newcomer's first `npm start`: a workspace to sign in to, with a password printed once. */
async function seedDemo(deps: AppDeps): Promise<void> {
  deps.lifecycle.enter('seeding');
  try {
    process.stdout.write(demoLoginBanner(await seedDemoWorkspace(deps.database.db, deps.config.publicUrl), deps.config.publicUrl));
    // The demo's scheduled campaign gets its sending job.
    await runStartupChecks(deps);
  } catch (error) {
    deps.logger.error({ err: error }, 'the demo workspace could not be created; sign up instead');
  } finally {
    if (deps.lifecycle.phase === 'seeding') deps.lifecycle.enter('serving');
  }
}
