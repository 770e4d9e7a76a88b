/**
 * E-mail bench: one-to-one e-mails through the integrators' doors with an API key, delivered by
 * the real nodemailer transport into the in-process SMTP sink (tests/doubles/smtp.ts; counting,
 * not parsing nor keeping, what it accepts: a real server's cost is not the sender's). Per
 * database (embedded PGlite in memory; Postgres in a fresh database sb_bench_email, or
 * BENCH_DATABASE_NAME, when BENCH_DATABASE_URL or DATABASE_URL is set):
 *
 * 1. acceptance, single: BENCH_EMAIL_COUNT (default 10,000) `POST /api/v1/emails`,
 *    BENCH_EMAIL_CONCURRENCY (default 32) in flight — three runs, the median reported;
 * 2. acceptance, batches: the same count through `POST /api/v1/emails/batch`, 100 a request,
 *    BENCH_EMAIL_BATCH_CONCURRENCY (default 4) in flight — target < 1 s; three runs, the median;
 *    each answered 202 once its messages and send jobs are stored (no worker runs meanwhile);
 * 3. delivery: one process's workers drain one run's worth of those messages into the sink (the
 *    rest are set aside first) — messages the sink received per second, target ≥ 300/s
 *    (SMTP_MAX_RATE lifted to 10,000 unless set); BENCH_EMAIL_DELIVERY=false skips it.
 *
 * The requests go through app.request() in this process (the whole app: auth by API key, its rate
 * limits, body limits, validation, the service under the row-level policies), not over a socket. On PGlite the database, the workers and the
 * sink share one event loop, so its figures are a floor. Prints figures and the load average;
 * asserts nothing.
 */
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db';
import { buildDeps, type AppDeps } from '../../server/deps';
import { registerEmailJobs } from '../../server/email/jobs';
import { EMAIL_BATCH_MAX } from '../../server/email/schema';
import { SEND_JOB } from '../../server/email/send-job';
import { createLogger } from '../../server/logging';
import { startSmtpSink, type SmtpSink } from '../../tests/doubles/smtp';
import { envNumber, loadLine, progress } from './lib/common';
import { figures, onEachDatabase, repeated } from './lib/runs';
import { num, printTable } from './lib/table';
import { benchApiKey, benchOrganization } from './lib/world';

const RUNS = 3;
const BATCH = EMAIL_BATCH_MAX;

async function depsFor(database: DatabaseHandle, sink: SmtpSink, env: Record<string, string>): Promise<AppDeps> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    JOBS_POLL_MS: '50',
    SMTP_URL: sink.url,
    SMTP_MAX_RATE: process.env.SMTP_MAX_RATE || '10000',
    // What is measured is acceptance, not the API's rate limit (600 a minute per key would hold 10,000 requests for 17 minutes).
    API_RATE_LIMIT: '1000000',
    API_RATE_LIMIT_ORGANIZATION: '1000000',
    ...env,
  });
  const deps = buildDeps({ config, database, logger: createLogger(config) });
  registerEmailJobs(deps);
  await deps.jobs.start();
  return deps;
}

/** An organization and an API key of its owner (Super Admin), as an integrator would hold. */
async function apiKey(deps: AppDeps): Promise<string> {
  return benchApiKey(deps, await benchOrganization(deps, { name: 'E-mail bench', count: 0, tag: 'bench', prefix: 'email' }));
}

let sequence = 0;

/** One e-mail of the bench: a distinct address, a variable and a fallback to fill. */
function item() {
  const n = sequence++;
  return { to: `reader-${n}@example.test`, subject: 'Your order {{order}}', text: 'Hello {{firstName|there}},\n\nyour order {{order}} has shipped.', variables: { order: String(n) } };
}

/** `count` e-mails in requests of `perRequest` (1: the single door; more: the batch door), `concurrency` requests in flight; the time until the last is answered. */
async function accept(deps: AppDeps, key: string, count: number, perRequest: number, concurrency: number): Promise<number> {
  const app = createApp(deps);
  const path = perRequest === 1 ? '/api/v1/emails' : '/api/v1/emails/batch';
  const started = performance.now();
  let left = count;
  const lane = async () => {
    while (left > 0) {
      const size = Math.min(perRequest, left);
      left -= size;
      const items = Array.from({ length: size }, item);
      const res = await app.request(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(perRequest === 1 ? items[0] : { emails: items }),
      });
      if (res.status !== 202) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
      if (perRequest > 1) {
        const { results } = (await res.json()) as { results: { error?: unknown }[] };
        const refused = results.find((r) => r.error);
        if (refused) throw new Error(`POST ${path} refused an item: ${JSON.stringify(refused)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return performance.now() - started;
}

const WARM_UP = 200;

/** Which doors' acceptance is timed (BENCH_EMAIL_DOORS, some of single,batch; default both). */
const doorsWanted = (process.env.BENCH_EMAIL_DOORS ?? 'single,batch').split(',');
/** Whether delivery is timed too (BENCH_EMAIL_DELIVERY=false: acceptance only, for runs alternating two versions of a door). */
const deliveryWanted = process.env.BENCH_EMAIL_DELIVERY !== 'false';

async function benchDatabase(label: string, database: DatabaseHandle, count: number, concurrency: number, batchConcurrency: number): Promise<string[][]> {
  const sink = await startSmtpSink({ keep: false });
  const { rows, record } = figures('email');
  try {
    // 1–2. Acceptance: enqueue only (JOBS_ENABLED=false), so no worker uses the database meanwhile.
    const enqueuer = await depsFor(database, sink, { JOBS_ENABLED: 'false' });
    const key = await apiKey(enqueuer);
    await accept(enqueuer, key, WARM_UP, 1, concurrency);
    await accept(enqueuer, key, WARM_UP, BATCH, batchConcurrency);
    const doors = [
      { perRequest: 1, inFlight: concurrency, what: `accept ${num(count)} single POSTs, ${concurrency} in flight` },
      { perRequest: BATCH, inFlight: batchConcurrency, what: `accept ${num(count)} in batches of ${BATCH}, ${batchConcurrency} in flight` },
    ].filter((door) => doorsWanted.includes(door.perRequest === 1 ? 'single' : 'batch'));
    for (const door of doors) {
      const { values, median } = await repeated(RUNS, `${label}: ${door.what} ${loadLine('now')}`, () => accept(enqueuer, key, count, door.perRequest, door.inFlight));
      record([
        label,
        `${door.what} (median of ${RUNS}) ${loadLine('at the end')}`,
        `${num(median)} ms (${values.map((t) => num(t)).join(' / ')}; ${num((count * 1000) / median)} e-mails/s)`,
        '< 1,000 ms',
      ]);
    }
    await enqueuer.jobs.stop();
    if (!deliveryWanted) return rows;

    // 3. Delivery: the last run's messages (the others set aside: their jobs removed) drained by one process's workers.
    const jobs = await sql<{ id: string; n: number }>`select id, jsonb_array_length(data->'messageIds') as n from pgboss.job where name = ${SEND_JOB} order by created_on desc, id desc`.execute(
      database.db,
    );
    let kept = 0;
    const keep: string[] = [];
    for (const job of jobs.rows) {
      if (kept >= count) break;
      kept += Number(job.n);
      keep.push(job.id);
    }
    await sql`delete from pgboss.job where name = ${SEND_JOB} and not (id = any(${keep}::uuid[]))`.execute(database.db);
    progress(`${label}: delivering ${num(kept)} e-mails into the sink ${loadLine('now')}`);
    const started = performance.now();
    const workers = await depsFor(database, sink, {});
    await sink.waitFor(kept);
    const seconds = (performance.now() - started) / 1000;
    await workers.jobs.stop();
    record([label, `deliver ${num(kept)} into the SMTP sink ${loadLine('at the end')}`, `${num(kept / seconds, 0)} msg/s (${num(seconds, 1)} s)`, '≥ 300 msg/s']);
  } finally {
    await sink.close();
  }
  return rows;
}

export async function run(): Promise<void> {
  const count = envNumber('BENCH_EMAIL_COUNT', 10_000, { whole: true });
  const concurrency = envNumber('BENCH_EMAIL_CONCURRENCY', 32, { whole: true });
  const batchConcurrency = envNumber('BENCH_EMAIL_BATCH_CONCURRENCY', 4, { whole: true });
  console.log(`\n[email] ${loadLine('at start')}`);
  // Under the row-level policies, as the server runs by default (ROW_LEVEL_SECURITY).
  const rows = await onEachDatabase('email', ({ label, database }) => benchDatabase(label, database, count, concurrency, batchConcurrency), { rowLevelSecurity: true });
  console.log(`[email] ${loadLine('at the end')}`);
  printTable('E-mail (POST /api/v1/emails and /batch, nodemailer into the in-process SMTP sink)', ['database', 'case', 'figure', 'target'], rows, 2);
}
