/**
 * Webhooks bench: BENCH_WEBHOOKS_EVENTS (default 10,000) contact_created events fanned out to
 * BENCH_WEBHOOKS_ENDPOINTS (default 10) endpoints on a local receiver (node:http on 127.0.0.1, private
 * targets allowed for it), through the real path: the outbox, the webhooks consumer writing delivery
 * rows and jobs, and the signed sends of one process's workers. Per database (embedded PGlite in
 * memory; Postgres in a fresh database sb_bench_webhooks when BENCH_DATABASE_URL or DATABASE_URL is
 * set) it prints deliveries per second, p50 / p99 from an event's commit to its delivery (target p99
 * < 1 s) and the peak resident memory. The events are committed back to back (a burst: the p99 is
 * then the backlog's drain time), or at BENCH_WEBHOOKS_RATE events a second (a steady flow, which
 * shows a delivery's own latency while the server keeps up). Asserts nothing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
// The assembly installs the kernel registry that sign-up and event notifications read.
import '../../server/assembly';
import { signup } from '../../server/auth/service';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db';
import { buildDeps } from '../../server/deps';
import { publishEvents } from '../../server/events/publish';
import { createLogger } from '../../server/logging';
import { registerWebhookJobs } from '../../server/webhooks/jobs';
import { newSigningSecret } from '../../server/webhooks/sender';
import { envNumber, loadLine, percentile, progress } from './lib/common';
import { figures, onEachDatabase } from './lib/runs';
import { num, printTable } from './lib/table';

/** Events committed per transaction, as a busy organization's changes arrive. */
const EVENTS_PER_COMMIT = 50;

async function benchDatabase(label: string, database: DatabaseHandle, events: number, endpoints: number, rate: number): Promise<string[][]> {
  const { rows, record } = figures('webhooks');
  const committedAt = new Map<number, number>();
  const latencies: number[] = [];
  let received = 0;
  let allReceived: () => void = () => {};
  const done = new Promise<void>((resolve) => (allReceived = resolve));
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const eventId = Number(String(req.headers['webhook-id']).slice('evt_'.length));
      latencies.push(performance.now() - committedAt.get(eventId)!);
      res.writeHead(204).end();
      if (++received === events * endpoints) allReceived();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', JOBS_POLL_MS: '50', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' });
  const deps = buildDeps({ config, database, logger: createLogger(config) });
  registerWebhookJobs(deps);
  await deps.jobs.start();
  await deps.consumers.start();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  // A long run shows it is alive, and whether its rate holds as the backlog grows.
  let reported = { at: performance.now(), received: 0 };
  const reporter = setInterval(() => {
    const at = performance.now();
    const rate = (received - reported.received) / ((at - reported.at) / 1000);
    progress(`${label}: ${num(received)} of ${num(events * endpoints)} deliveries received (${num(rate)}/s over the last ${num((at - reported.at) / 1000)} s) ${loadLine('now')}`);
    reported = { at, received };
  }, 10_000);
  try {
    const email = `bench-webhooks-${randomUUID().slice(0, 8)}@example.test`;
    const { payload } = await signup(deps, { name: 'Bench', email, password: 'correct horse battery', organizationName: 'Webhooks bench' }, { ip: '127.0.0.1', userAgent: 'bench' });
    const organizationId = payload.organization!.id;
    await database.db
      .insertInto('webhook_endpoints')
      .values(Array.from({ length: endpoints }, () => ({ organization_id: organizationId, url, event_types: JSON.stringify(['contact.created']), secret: newSigningSecret() })))
      .execute();

    progress(`${label}: ${num(events)} events to ${endpoints} endpoints ${loadLine('now')}`);
    const started = performance.now();
    for (let sent = 0; sent < events; sent += EVENTS_PER_COMMIT) {
      // At a steady rate, each commit waits for its moment.
      const due = rate > 0 ? started + (sent / rate) * 1000 : 0;
      if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      const batch = Array.from({ length: Math.min(EVENTS_PER_COMMIT, events - sent) }, () => ({
        organizationId,
        type: 'contact_created' as const,
        payload: { contactId: randomUUID(), name: 'Bench contact' },
        actorUserId: null,
      }));
      const ids = await database.db.transaction().execute((trx) => publishEvents(trx, batch));
      const at = performance.now();
      for (const id of ids) committedAt.set(id, at);
    }
    await done;
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const flow = rate > 0 ? `at ${num(rate)} events/s` : 'back to back';
    record([label, `${num(events)} events × ${endpoints} endpoints, ${flow} ${loadLine('at the end')}`, `${num(received / seconds)} deliveries/s (${num(seconds, 1)} s)`, '—']);
    record([label, 'commit → delivery, p50 / p99', `${num(percentile(latencies, 50))} / ${num(percentile(latencies, 99))} ms`, 'p99 < 1,000 ms']);
    record([label, 'peak resident memory', `${num(peakRss / 2 ** 20)} MB`, '—']);
  } finally {
    clearInterval(sampler);
    clearInterval(reporter);
    await deps.consumers.stop();
    await deps.jobs.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
  return rows;
}

export async function run(): Promise<void> {
  const events = envNumber('BENCH_WEBHOOKS_EVENTS', 10_000, { whole: true });
  const endpoints = envNumber('BENCH_WEBHOOKS_ENDPOINTS', 10, { whole: true });
  const rate = envNumber('BENCH_WEBHOOKS_RATE', 0);
  console.log(`\n[webhooks] ${loadLine('at start')}`);
  const rows = await onEachDatabase('webhooks', ({ label, database }) => benchDatabase(label, database, events, endpoints, rate));
  console.log(`[webhooks] ${loadLine('at the end')}`);
  printTable('Webhooks (outbox → consumer → signed deliveries to a local receiver)', ['database', 'case', 'figure', 'target'], rows, 2);
}
