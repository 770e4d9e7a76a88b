/**
 * Child process for the realtime bench: the real app through startServer (migrations, job queue,
 * event bus, presence; NODE_ENV=production, no client build), plus a bench-only control server on
 * its own loopback port that the app never sees:
 *   GET  /stats    this process's memory, CPU and the event bus's subscriber count
 *   POST /gc       a full GC (the child runs with --expose-gc), then /stats
 *   POST /loop-delay/reset  starts the event-loop delay figures in /stats afresh
 *   POST /publish  {organizationId, runId, count, ratePerSecond}: publishes that series through
 *                  this process's database connection and answers when done
 * Prints `port=<app> control=<control>` on stdout once both listen. Exits on SIGTERM/SIGINT, or
 * when the parent's IPC channel closes (the parent died), so it can never be left behind.
 *
 * Env: BENCH_DB=pglite (in memory, default) | postgres; BENCH_DB_URL for postgres (migrated by
 * startServer); BENCH_LOG_LEVEL (default warn).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../../../server/db';
import { startServer } from '../../../server/server';
import { publishSeries, type PublishOptions } from './realtime-publish';
import { benchServerConfig } from './server-config';

export type RealtimeServerStats = {
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  cpuMicros: number;
  subscribers: number;
  /** Event-loop delay since the last POST /loop-delay/reset: how long anything else had to wait. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
};

const { kind, config } = benchServerConfig();

// PGlite in memory is handed in (startServer would otherwise create a data dir); Postgres is opened
// by startServer itself from DATABASE_URL, with the production pool.
const embedded = kind === 'pglite' ? await openDatabase({ kind: 'pglite', dataDir: undefined }) : undefined;
const app = await startServer(config, { database: embedded, clientDir: false });
const { deps } = app;

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

function stats(): RealtimeServerStats {
  const mem = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    rssBytes: mem.rss,
    heapUsedBytes: mem.heapUsed,
    externalBytes: mem.external + mem.arrayBuffers,
    cpuMicros: cpu.user + cpu.system,
    subscribers: deps.events.subscriberCount(),
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body ? JSON.parse(body) : {};
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const control = createServer((req, res) => {
  void (async () => {
    try {
      if (req.method === 'GET' && req.url === '/stats') return send(res, 200, stats());
      if (req.method === 'POST' && req.url === '/gc') {
        globalThis.gc?.();
        await new Promise((resolve) => setTimeout(resolve, 50));
        globalThis.gc?.();
        return send(res, 200, stats());
      }
      if (req.method === 'POST' && req.url === '/loop-delay/reset') {
        loopDelay.reset();
        return send(res, 200, stats());
      }
      if (req.method === 'POST' && req.url === '/publish') {
        return send(res, 200, await publishSeries(deps.database.db, (await readJson(req)) as PublishOptions));
      }
      send(res, 404, { message: 'not found' });
    } catch (error) {
      send(res, 500, { message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
// The bench reuses its connection; under fan-out load the event loop may run late, and a keep-alive
// timeout firing then would reset a request already sent on it.
control.keepAliveTimeout = 0;
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
process.stdout.write(`port=${app.port} control=${(control.address() as AddressInfo).port}\n`);

let closing = false;
function shutdown(): void {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(0), 3000).unref();
  control.close();
  control.closeAllConnections();
  void app
    .close()
    .then(() => embedded?.close())
    .finally(() => process.exit(0));
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
process.once('disconnect', shutdown);
