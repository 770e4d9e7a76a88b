/**
 * GET /metrics in Prometheus text format (issue #22). Request counts and latencies are this
 * process's (metrics.ts); queue depth, consumer lag and message outcomes are read from the database
 * at each scrape, so every process reports the same shared figures for them.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db';
import type { AppEnv } from './env';

export const METRICS_PATH = '/metrics';

const states = sql`('created', 'retry')`;

/** The figures every process shares, read from the database now. */
async function databaseGauges(database: DatabaseHandle): Promise<string> {
  const db = database.db;
  const registry = new Registry();
  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] });
  const queueDepth = gauge('switchboard_job_queue_depth', 'Jobs waiting to run now (created or retrying, due), per queue', ['queue']);
  const queueOldest = gauge('switchboard_job_queue_oldest_seconds', 'Age of the oldest job waiting to run now, per queue', ['queue']);
  const queueActive = gauge('switchboard_job_queue_active', 'Jobs running now, per queue', ['queue']);
  const consumerLag = gauge('switchboard_event_consumer_lag_events', 'Events past the consumer’s cursor, not yet handled', ['consumer']);
  const consumerLagSeconds = gauge('switchboard_event_consumer_lag_seconds', 'Age of the oldest event past the consumer’s cursor', ['consumer']);
  const sms = gauge('switchboard_sms_messages', 'SMS messages by direction and status (outcomes: delivered, undelivered, failed, refused…)', ['direction', 'status']);
  const email = gauge('switchboard_email_messages', 'E-mail messages by direction and status (outcomes: delivered, bounced, failed, suppressed…)', ['direction', 'status']);
  const pool = database.pool();
  gauge('switchboard_db_pool_connections_in_use', 'Database connections in use by this process').set(pool.inUse);
  gauge('switchboard_db_pool_connections_max', 'Database connections this process may open').set(pool.max);

  // The queue's tables exist once a process started the queue (pg-boss creates them).
  const { rows: queueTables } = await sql<{ present: boolean }>`select to_regclass('pgboss.job') is not null as present`.execute(db);
  const [queues, consumers, smsRows, emailRows] = await Promise.all([
    !queueTables[0]?.present
      ? { rows: [] }
      : sql<{ name: string; waiting: number; active: number; oldest: number | null }>`
      select name,
        count(*) filter (where state in ${states} and start_after <= now())::int as waiting,
        count(*) filter (where state = 'active')::int as active,
        extract(epoch from now() - min(created_on) filter (where state in ${states} and start_after <= now()))::float8 as oldest
      from pgboss.job where state in ('created', 'retry', 'active') group by name`.execute(db),
    sql<{ name: string; lag: number; oldest: number | null }>`
      select c.name, count(e.id)::int as lag, extract(epoch from now() - min(e.created_at))::float8 as oldest
      from event_consumers c left join events e on (e.txid, e.id) > (c.last_txid, c.last_event_id)
      group by c.name`.execute(db),
    db
      .selectFrom('sms_messages')
      .select(['direction', 'status', sql<number>`count(*)::int`.as('count')])
      .groupBy(['direction', 'status'])
      .execute(),
    db
      .selectFrom('email_messages')
      .select(['direction', 'status', sql<number>`count(*)::int`.as('count')])
      .groupBy(['direction', 'status'])
      .execute(),
  ]);
  for (const q of queues.rows) {
    queueDepth.set({ queue: q.name }, q.waiting);
    queueActive.set({ queue: q.name }, q.active);
    queueOldest.set({ queue: q.name }, q.oldest ?? 0);
  }
  for (const c of consumers.rows) {
    consumerLag.set({ consumer: c.name }, c.lag);
    consumerLagSeconds.set({ consumer: c.name }, c.oldest ?? 0);
  }
  for (const row of smsRows) sms.set({ direction: row.direction, status: row.status }, row.count);
  for (const row of emailRows) email.set({ direction: row.direction, status: row.status }, row.count);
  return registry.metrics();
}

/**
 * GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN it answers 404,
 * as if it did not exist: nothing about the service is exposed by default.
 */
export async function metricsRoute(c: Context<AppEnv>) {
  const { config, metrics } = c.var.deps;
  if (!config.metricsToken) return c.json({ message: 'Not found' }, 404);
  const given = Buffer.from(/^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '');
  const expected = Buffer.from(config.metricsToken);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    return c.json({ message: 'Authorization must be "Bearer <METRICS_TOKEN>"' }, 401);
  }
  const text = (await metrics.registry.metrics()) + (await databaseGauges(c.var.deps.database));
  c.header('Cache-Control', 'no-store');
  return c.body(text, 200, { 'Content-Type': metrics.registry.contentType });
}
