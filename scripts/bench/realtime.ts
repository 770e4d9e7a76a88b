/**
 * Realtime bench: many SSE subscribers of realtime.events in ONE organization on a real server
 * (startServer in a child process: migrations, event bus, presence, NODE_ENV=production), then a
 * series of events published at a fixed rate. Per delivery: latency = receive time in the
 * subscriber − publish time (a monotonic-clock timestamp in the payload; subscribers run in this
 * process, on the same machine clock as the publisher), and per subscriber: events lost. Also the
 * server's memory per connection ((RSS with all connected − RSS before) ÷ subscribers, both after a
 * full GC) and connection setup time. Prints figures and the targets beside them; never asserts.
 *
 * Variants: embedded PGlite in memory (events published inside the server child through a
 * bench-only control port — the database lives in that process); when BENCH_DATABASE_URL (or
 * DATABASE_URL) is set, Postgres in a dedicated database (BENCH_DATABASE_NAME, default sb_bench_rt,
 * created if missing, migrated by startServer): one server with events published from this process
 * on its own connection (NOTIFY fan-out), then two servers on the same database with subscribers on
 * B and events published through A.
 *
 * All subscriptions use one member's session cookie: every connection is still authenticated,
 * joins presence and is fanned out to separately by the server. (2,000 distinct members would each
 * announce user_joined to everyone connected: ~2 million extra deliveries before the run starts.)
 *
 * When the server cannot keep up, deliveries queue in it. To keep the total bounded the publisher
 * stops after 1.5 × events ÷ rate seconds (on PGlite it shares the server's busy event loop), and
 * the run is cut off BENCH_RT_DRAIN_MAX seconds after the last publish; what has not arrived by
 * then is reported as not received, not as lost: a stream delivers in publish order, so only a gap
 * before a later event the same subscriber received is certainly a loss.
 *
 * Env: BENCH_RT_SUBSCRIBERS (default 2000), BENCH_RT_EVENTS (default 1000), BENCH_RT_RATE (events
 * per second, default 50), BENCH_RT_DRAIN_MAX (seconds, default 10), BENCH_DATABASE_URL /
 * DATABASE_URL, BENCH_DATABASE_NAME (default sb_bench_rt), BENCH_RT_VARIANTS (some of
 * pglite,postgres,cross; default all), BENCH_LOG_LEVEL (server log level, default warn).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/db';
import { hasExited, spawnTracked, stopChild, tail } from './lib/children';
import { monotonicMicros, publishSeries, type PublishOptions, type PublishResult } from './lib/realtime-publish';
import type { RealtimeServerStats } from './lib/realtime-server';
import { SubscriberPool } from './lib/sse-subscribers';
import { num, printTable } from './lib/table';
import { benchDatabaseName, benchDatabaseUrl, envNumber, loadLine, machineLine, percentile, progress, redactUrl } from './lib/common';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('./lib/realtime-server.ts', import.meta.url));

const TARGET_P99_MS = 300;
const TARGET_KB_PER_CONNECTION = 100;
const CONNECT_TIMEOUT_MS = 120_000;
/** The publisher stops after this many times the series' nominal duration (events ÷ rate). */
const PUBLISH_BUDGET = 1.5;

type ServerChild = { url: string; control: string; stop(): Promise<void>; /** Exit code/signal and the end of stderr, once exited. */ exitReport(): string | undefined };

async function startRealtimeServer(env: Record<string, string>): Promise<ServerChild> {
  const child = spawnTracked(process.execPath, ['--expose-gc', '--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const errors = tail(child.stderr);
  try {
    const [port, control] = await new Promise<[number, number]>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`realtime bench server did not start within 90 s:\n${errors()}`)), 90_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /port=(\d+) control=(\d+)/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve([Number(match[1]), Number(match[2])]);
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`realtime bench server exited (${code ?? signal}) before listening:\n${errors()}`));
      });
    });
    return {
      url: `http://127.0.0.1:${port}`,
      control: `http://127.0.0.1:${control}`,
      stop: () => stopChild(child),
      exitReport: () => (hasExited(child) ? `exited with ${child.exitCode ?? child.signalCode}:\n${errors()}` : undefined),
    };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

async function controlCall<T>(server: ServerChild, method: 'GET' | 'POST', path: string, body?: unknown, timeoutMs = 120_000): Promise<T> {
  const res = await fetch(server.control + path, { method, body: method === 'GET' ? undefined : JSON.stringify(body ?? {}), signal: AbortSignal.timeout(timeoutMs) });
  const json = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${json.message ?? ''}`);
  return json;
}

const stats = (server: ServerChild, timeoutMs?: number) => controlCall<RealtimeServerStats>(server, 'GET', '/stats', undefined, timeoutMs);
const gcStats = (server: ServerChild, timeoutMs?: number) => controlCall<RealtimeServerStats>(server, 'POST', '/gc', undefined, timeoutMs);

/** A new user with a new organization, through POST /api/auth/signup (one Argon2 hash). */
async function signUp(server: ServerChild, runId: string): Promise<{ cookie: string; organizationId: string }> {
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Realtime Bench', email: `bench-rt-${runId}@example.test`, password: 'correct horse battery staple', organizationName: `Realtime bench ${runId}` }),
  });
  const body = (await res.json()) as { organization?: { id: string }; message?: string };
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 201 || !cookie || !body.organization) throw new Error(`signup failed: HTTP ${res.status} ${body.message ?? ''}`);
  return { cookie, organizationId: body.organization.id };
}

type Settings = { subscribers: number; events: number; rate: number; drainMaxMs: number };

type Variant = {
  key: 'pglite' | 'postgres' | 'cross';
  label: string;
  /** Server children, started in order (the first migrates). */
  servers: Record<string, string>[];
  /** Index of the server the subscribers connect to. */
  subscribeTo: number;
  /** Who publishes: a server child through its control port, or this process on its own connection. */
  publisher: { via: 'child'; server: number; label: string } | { via: 'bench'; url: string; label: string };
};

type Outcome = {
  variant: Variant;
  pool: SubscriberPool;
  /** Latencies in ms, ascending. */
  sorted: Float64Array;
  publish: PublishResult;
  connectWallMs: number;
  subscribedWallMs: number;
  connectSorted: Float64Array;
  before: RealtimeServerStats;
  connected: RealtimeServerStats;
  afterEvents: RealtimeServerStats | undefined;
  rssPeak: number;
  serverCpuMicros: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  benchCpuMicros: number;
  /** First publish → last delivery received, in seconds. */
  fanoutSeconds: number;
  drainMs: number;
  allDelivered: boolean;
};

/** Opens a few subscriptions and closes them, so the baseline includes what the first one loads. */
async function warmUp(url: string, cookie: string, runId: string): Promise<void> {
  const pool = new SubscriberPool({ url, cookie, subscribers: 10, events: 1, runId: `${runId}-warm-up` });
  await pool.connectAll(30_000);
  await sleep(500);
  pool.close();
  await sleep(500);
}

async function runVariant(variant: Variant, settings: Settings): Promise<Outcome> {
  const runId = randomUUID().slice(0, 8);
  const servers: ServerChild[] = [];
  let pool: SubscriberPool | undefined;
  try {
    for (const [i, env] of variant.servers.entries()) {
      progress(`${variant.label}: starting server ${variant.servers.length > 1 ? `${'AB'[i]} ` : ''}(startServer, migrations)`);
      servers.push(await startRealtimeServer(env));
    }
    const target = servers[variant.subscribeTo]!;
    const { cookie, organizationId } = await signUp(target, runId);
    const url = `${target.url}/trpc/realtime.events`;
    await warmUp(url, cookie, runId);
    const before = await gcStats(target);

    progress(`${variant.label}: opening ${num(settings.subscribers)} subscriptions at once`);
    pool = new SubscriberPool({ url, cookie, subscribers: settings.subscribers, events: settings.events, runId });
    const connectStarted = performance.now();
    await pool.connectAll(CONNECT_TIMEOUT_MS);
    const connectWallMs = performance.now() - connectStarted;
    // `connected` is sent before the subscription's generator runs: wait until the bus has them all.
    let subscribedWallMs = Number.NaN;
    while (performance.now() - connectStarted < 2 * CONNECT_TIMEOUT_MS) {
      if ((await stats(target)).subscribers >= settings.subscribers) {
        subscribedWallMs = performance.now() - connectStarted;
        break;
      }
      await sleep(50);
    }
    if (pool.errors.length) throw new Error(`subscriptions failed:\n  ${pool.errors.join('\n  ')}`);
    if (!Number.isFinite(subscribedWallMs)) throw new Error(`the server never counted ${settings.subscribers} subscribers`);
    await sleep(1000); // the presence joins (a transaction each) finish
    const connected = await gcStats(target);

    progress(`${variant.label}: publishing ${num(settings.events)} events at ${num(settings.rate)}/s (${variant.publisher.label})`);
    const options: PublishOptions = { organizationId, runId, count: settings.events, ratePerSecond: settings.rate, maxSeconds: PUBLISH_BUDGET * (settings.events / settings.rate) };
    let rssPeak = connected.rssBytes;
    let sampling = true;
    const sampler = (async () => {
      let ticks = 0;
      while (sampling) {
        // A busy server may answer late; a missed sample is no reason to fail the run.
        rssPeak = Math.max(rssPeak, (await stats(target, 10_000).catch(() => undefined))?.rssBytes ?? 0);
        if (++ticks % 10 === 0) progress(`${num(pool.deliveries)} / ${num(pool.expected)} delivered`);
        await sleep(500);
      }
    })();
    await controlCall(target, 'POST', '/loop-delay/reset');
    const benchCpu = process.cpuUsage();
    const publishStartedMicros = monotonicMicros();
    const publish =
      variant.publisher.via === 'child'
        ? await controlCall<PublishResult>(servers[variant.publisher.server]!, 'POST', '/publish', options, 120_000 + (3000 * settings.events) / settings.rate)
        : await (async (publisherUrl: string) => {
            const database = await openDatabase({ kind: 'postgres', url: publisherUrl, maxConnections: 1 });
            try {
              return await publishSeries(database.db, options);
            } finally {
              await database.close();
            }
          })(variant.publisher.url);
    pool.setPublished(publish.published);

    // Drain: until every delivery arrived, or the cut-off (the rest is still queued in a server that
    // cannot keep up, or lost: a quiet stream could be either, so only gaps count as lost).
    const drainStarted = performance.now();
    while (pool.deliveries < pool.expected && performance.now() - drainStarted < settings.drainMaxMs) await sleep(100);
    const drainMs = performance.now() - drainStarted;
    const allDelivered = pool.deliveries === pool.expected;
    const cpu = process.cpuUsage(benchCpu);
    sampling = false;
    await sampler;
    // A server still busy with a backlog may not answer at once; the figures that need it say n/a.
    const afterCpu = await stats(target, 30_000).catch(() => undefined);
    pool.close();
    await sleep(500);
    // Closed streams still leave presence (a transaction each): wait until the heap stops shrinking.
    for (let waited = 0; waited < 15_000; waited += 100) {
      if ((await stats(target, 30_000).catch(() => undefined))?.subscribers === 0) break;
      await sleep(100);
    }
    let afterEvents = await gcStats(target, 30_000).catch(() => undefined);
    for (let i = 0; afterEvents && i < 10; i++) {
      await sleep(1000);
      const next = await gcStats(target, 30_000).catch(() => undefined);
      const settled = !next || afterEvents.heapUsedBytes - next.heapUsedBytes < 2 ** 20;
      afterEvents = next ?? afterEvents;
      if (settled) break;
    }

    const sorted = pool.latencies
      .slice(0, pool.deliveries)
      .map((us) => us / 1000)
      .sort();
    const connectSorted = pool.connectMs.filter(Number.isFinite).sort();
    return {
      variant,
      pool,
      sorted,
      publish,
      connectWallMs,
      subscribedWallMs,
      connectSorted,
      before,
      connected,
      afterEvents,
      rssPeak: Math.max(rssPeak, afterCpu?.rssBytes ?? 0),
      serverCpuMicros: afterCpu ? afterCpu.cpuMicros - connected.cpuMicros : Number.NaN,
      loopDelayP99Ms: afterCpu?.loopDelayP99Ms ?? Number.NaN,
      loopDelayMaxMs: afterCpu?.loopDelayMaxMs ?? Number.NaN,
      benchCpuMicros: cpu.user + cpu.system,
      fanoutSeconds: (pool.lastReceivedMicros - publishStartedMicros) / 1e6,
      drainMs,
      allDelivered,
    };
  } catch (error) {
    const reports = servers.map((server, i) => [i, server.exitReport()] as const).filter(([, r]) => r);
    if (reports.length === 0) throw error;
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${reports.map(([i, r]) => `server ${'AB'[i]} ${r}`).join('\n')}`, { cause: error });
  } finally {
    pool?.close();
    for (const server of servers.reverse()) await server.stop();
  }
}

/** Percentile over every expected delivery, an undelivered one counting as later than any received. */
function latencyAt(o: Outcome, p: number): string {
  const index = Math.max(0, Math.ceil((p / 100) * o.pool.expected) - 1);
  if (index < o.sorted.length) return `${num(o.sorted[index]!, 1)} ms`;
  return `> ${num(o.drainMs)} ms (not delivered)`;
}

function report(o: Outcome, settings: Settings): void {
  const { pool, sorted } = o;
  const n = settings.subscribers;
  const { gaps, tail } = pool.missing();
  const lost = gaps;
  const p99Index = Math.max(0, Math.ceil(0.99 * pool.expected) - 1);
  const p99Met = p99Index < sorted.length && sorted[p99Index]! < TARGET_P99_MS;
  const kbPerConnection = (o.connected.rssBytes - o.before.rssBytes) / n / 1024;
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const throughput = pool.deliveries / o.fanoutSeconds;
  const mb = (bytes: number) => num(bytes / 2 ** 20);
  printTable(
    `${o.variant.label}: ${num(n)} subscribers in one organization, ${num(settings.events)} events at ${num(settings.rate)}/s (${o.variant.publisher.label})`,
    ['figure', 'value', 'target'],
    [
      ['delivery latency p50 (receive − publish)', latencyAt(o, 50), '–'],
      ['delivery latency p99', latencyAt(o, 99), `< ${TARGET_P99_MS} ms (${met(p99Met)})`],
      ['delivery latency max received', `${num(sorted.at(-1) ?? Number.NaN, 1)} ms`, '–'],
      [
        `deliveries received / expected (${num(n)} × events published)`,
        `${num(pool.deliveries)} / ${num(pool.expected)}${o.publish.published < settings.events ? ` (publisher stopped after ${num(o.publish.published)} of ${num(settings.events)} events: out of time)` : ''}`,
        '–',
      ],
      [
        'events lost (per subscriber: a gap before a later event it received)',
        `${num(lost)} (${num(pool.incompleteSubscribers())} subscribers short)`,
        `0 (${lost > 0 ? 'MISSED' : o.allDelivered ? 'met' : 'none so far'})`,
      ],
      [
        'end of the run',
        o.allDelivered ? `all delivered ${num(o.drainMs)} ms after the last publish` : `cut off ${num(o.drainMs / 1000)} s after the last publish, ${num(tail)} not received (queued or lost)`,
        '–',
      ],
      ['duplicates / streams dropped', `${num(pool.duplicates)} / ${num(pool.dropped)}`, '–'],
      ['server fan-out throughput (first publish → last delivery)', `${num(throughput)} deliveries/s = ${num(throughput / n, 1)} events/s to ${num(n)}`, '–'],
      ['server CPU per delivery (subscriber process, publish → end)', `${num(o.serverCpuMicros / Math.max(1, pool.deliveries), 1)} µs`, '–'],
      ['server event-loop delay during fan-out p99 / max (other requests wait this long)', `${num(o.loopDelayP99Ms)} / ${num(o.loopDelayMaxMs)} ms`, '–'],
      ['load generator CPU per delivery (this process: SSE parsing)', `${num(o.benchCpuMicros / Math.max(1, pool.deliveries), 1)} µs`, '–'],
      [
        'server memory per connection: (RSS connected − RSS before) ÷ subscribers',
        `${num(kbPerConnection, 1)} KB`,
        `< ${TARGET_KB_PER_CONNECTION} KB (${met(kbPerConnection < TARGET_KB_PER_CONNECTION)})`,
      ],
      ['  same, V8 heap used', `${num((o.connected.heapUsedBytes - o.before.heapUsedBytes) / n / 1024, 1)} KB`, '–'],
      [
        'server RSS before / connected / peak during fan-out / after, closed',
        `${mb(o.before.rssBytes)} / ${mb(o.connected.rssBytes)} / ${mb(o.rssPeak)} / ${o.afterEvents ? mb(o.afterEvents.rssBytes) : 'n/a'} MB`,
        '–',
      ],
      [
        'server heap before / connected / after the events, connections closed',
        `${mb(o.before.heapUsedBytes)} / ${mb(o.connected.heapUsedBytes)} / ${o.afterEvents ? mb(o.afterEvents.heapUsedBytes) : 'n/a'} MB${o.afterEvents?.subscribers ? ` (${num(o.afterEvents.subscribers)} streams not yet closed)` : ''}`,
        '–',
      ],
      [`connection setup, all ${num(n)} opened at once: request → \`connected\` p50 / p99`, `${num(percentile(o.connectSorted, 50))} / ${num(percentile(o.connectSorted, 99))} ms`, '–'],
      ['  all connected / all subscribed on the server bus', `${num(o.connectWallMs)} / ${num(o.subscribedWallMs)} ms`, '–'],
      ['publisher: one publishEvent transaction p50 / p99', `${num(o.publish.commitP50Ms, 1)} / ${num(o.publish.commitP99Ms, 1)} ms`, '–'],
      ['publisher: behind schedule p50 / max; publishing took', `${num(o.publish.lagP50Ms, 1)} / ${num(o.publish.lagMaxMs, 1)} ms; ${num(o.publish.seconds, 1)} s`, '–'],
    ],
  );
  console.log(loadLine('after this run'));
}

export async function run(): Promise<void> {
  const settings: Settings = {
    subscribers: Math.round(envNumber('BENCH_RT_SUBSCRIBERS', 2000)),
    events: Math.round(envNumber('BENCH_RT_EVENTS', 1000)),
    rate: envNumber('BENCH_RT_RATE', 50),
    drainMaxMs: envNumber('BENCH_RT_DRAIN_MAX', 10) * 1000,
  };
  const base = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
  console.log('Realtime bench');
  console.log(
    `${machineLine()}\n` +
      `server: startServer in a child process (NODE_ENV=production, LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'warn'}); subscribers: plain TCP SSE clients in this process, ` +
      `all with one member's session cookie (each connection authenticated, in presence and fanned out to separately)\n` +
      `events: contact_updated (no notification rows), one transaction each through publishEvent, at a fixed rate; latency on the machine's monotonic clock\n` +
      loadLine('at start'),
  );

  const variants: Variant[] = [
    {
      key: 'pglite',
      label: 'Embedded PGlite, in memory',
      servers: [{ BENCH_DB: 'pglite' }],
      subscribeTo: 0,
      publisher: { via: 'child', server: 0, label: 'published inside the server process, where the database lives' },
    },
  ];
  if (base) {
    const url = await benchDatabaseUrl(base, benchDatabaseName('rt'));
    const env = { BENCH_DB: 'postgres', BENCH_DB_URL: url };
    variants.push(
      {
        key: 'postgres',
        label: `Postgres at ${redactUrl(url)}, one server`,
        servers: [env],
        subscribeTo: 0,
        publisher: { via: 'bench', url, label: 'published from the bench process on its own connection: NOTIFY fan-out' },
      },
      {
        key: 'cross',
        label: `Postgres at ${redactUrl(url)}, two servers (cross-process)`,
        servers: [env, env],
        subscribeTo: 1,
        publisher: { via: 'child', server: 0, label: 'subscribers on server B, published through server A' },
      },
    );
  }

  const only = (process.env.BENCH_RT_VARIANTS ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const variant of variants) {
    if (only.length && !only.includes(variant.key)) continue;
    report(await runVariant(variant, settings), settings);
  }
  if (!base) console.log('\n(Postgres not benched: set BENCH_DATABASE_URL=postgres://… to add the one-server and cross-process runs.)');
}
