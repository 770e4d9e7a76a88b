/**
 * SMS bench: the send pipeline against the local Twilio double (tests/doubles/twilio.ts), with the
 * official SDK pointed at it through TWILIO_API_BASE_URL. Per database (embedded PGlite in memory;
 * Postgres in a fresh database sb_bench_sms when BENCH_DATABASE_URL or DATABASE_URL is set):
 *
 * 1. answer time of POST /api/sms/bulk-send with 10,000 recipients (messages and jobs stored in one
 *    transaction; no worker runs meanwhile) — target < 1 s;
 * 2. queue throughput with the rate limit lifted (TWILIO_SENDER_MPS=0): one process's workers
 *    (default concurrency) drain a batch; messages accepted by the double per second — target
 *    ≥ 500/s on Postgres;
 * 3. the achieved rate with a 10 messages-per-second sender limit — target within 5 % of 10.
 *
 * On PGlite the database, the workers and the double share one event loop (the database lives in
 * this process), so the double's answers wait behind queries: its figures are a floor, and under
 * heavy load calls may time out and be reconciled.
 *
 * Prints figures; asserts nothing. Env: BENCH_SMS_THROUGHPUT (messages drained in 2, default 5,000
 * on Postgres, 1,000 on PGlite), BENCH_SMS_LIMITED (messages in 3, default 150), BENCH_SMS_VARIANTS
 * (some of postgres,pglite; default both).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { createApp } from '../../server/app';
import { signup } from '../../server/auth/service';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db';
import { buildDeps, type AppDeps } from '../../server/deps';
import { createLogger } from '../../server/logging';
import { registerSmsJobs } from '../../server/sms/jobs';
import { SEND_JOB } from '../../server/sms/send-job';
import { startTwilioDouble, twilioEnv, type TwilioDouble } from '../../tests/doubles/twilio';
import { num, printTable } from './lib/table';
import { envNumber } from './lib/common';
import { figures, onEachDatabase, repeated } from './lib/runs';

const BULK_SIZE = 10_000;
const ANSWER_RUNS = 3;

let numberSequence = 0;
/** Distinct valid US numbers (415-2xx-xxxx). */
const numbers = (count: number) => Array.from({ length: count }, () => `+1415${2000000 + numberSequence++}`);

async function depsFor(database: DatabaseHandle, double: TwilioDouble, env: Record<string, string>): Promise<AppDeps> {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', JOBS_POLL_MS: '50', ...twilioEnv(double), ...env });
  const deps = buildDeps({ config, database, logger: createLogger(config) });
  registerSmsJobs(deps);
  await deps.jobs.start();
  return deps;
}

async function account(deps: AppDeps): Promise<string> {
  const email = `bench-sms-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const { setCookie } = await signup(deps, { name: 'Bench', email, password: 'correct horse battery', organizationName: 'SMS bench' }, { ip: '127.0.0.1', userAgent: 'bench' });
  return setCookie!.split(';')[0]!;
}

async function bulkSend(deps: AppDeps, cookie: string, recipients: string[]): Promise<{ ms: number; successful: number }> {
  const app = createApp(deps);
  const started = performance.now();
  const res = await app.request('/api/sms/bulk-send', {
    method: 'POST',
    headers: { cookie, origin: deps.config.publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ recipients, message: 'Bench: spring sale, 20% off this week. Reply STOP to opt out.' }),
  });
  const body = (await res.json()) as { successful: number };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`bulk-send answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms, successful: body.successful };
}

/** Waits until the double has accepted `count` more messages; the rate is taken from the double's own receive times. */
async function drain(double: TwilioDouble, before: number, count: number): Promise<{ seconds: number; rate: number }> {
  const started = performance.now();
  await double.waitForMessages(before + count);
  const seconds = (performance.now() - started) / 1000;
  const received = double.messages.slice(before, before + count);
  const span = (received.at(-1)!.dateCreated.getTime() - received[0]!.dateCreated.getTime()) / 1000;
  return { seconds, rate: span > 0 ? (received.length - 1) / span : Infinity };
}

async function benchDatabase(label: string, database: DatabaseHandle, throughputCount: number, limitedCount: number): Promise<string[][]> {
  const double = await startTwilioDouble();
  const { rows, record } = figures('sms');
  try {
    // 1. Answer time: enqueue only (JOBS_ENABLED=false), so nothing else uses the database meanwhile.
    const enqueuer = await depsFor(database, double, { JOBS_ENABLED: 'false' });
    const cookie = await account(enqueuer);
    await bulkSend(enqueuer, cookie, numbers(500)); // warm-up: metadata, prepared paths
    const answers = await repeated(ANSWER_RUNS, `${label}: bulk-send of ${num(BULK_SIZE)}`, async () => (await bulkSend(enqueuer, cookie, numbers(BULK_SIZE))).ms);
    record([label, `bulk-send of ${num(BULK_SIZE)}: API answer (${ANSWER_RUNS} runs)`, answers.values.map((ms) => `${num(ms)} ms`).join(' / '), '< 1,000 ms']);
    // Those batches are not part of the throughput runs.
    await database.db.deleteFrom('sms_messages').execute();
    await sql`delete from pgboss.job where name = ${SEND_JOB}`.execute(database.db);

    // 2. Throughput with the rate limit lifted: the batch is stored first, then one process's workers drain it.
    const batch = numbers(throughputCount);
    await bulkSend(enqueuer, cookie, batch);
    await enqueuer.jobs.stop();
    const before = double.messages.length;
    const workers = await depsFor(database, double, { TWILIO_SENDER_MPS: '0' });
    const lifted = await drain(double, before, throughputCount);
    await workers.jobs.stop();
    record([
      label,
      `queue throughput, limit lifted (${num(throughputCount)} messages)`,
      `${num(throughputCount / lifted.seconds, 0)} msg/s (${num(lifted.seconds, 1)} s)`,
      label === 'Postgres' ? '≥ 500 msg/s' : '—',
    ]);

    // 3. A 10 messages-per-second sender.
    const limitedEnqueuer = await depsFor(database, double, { JOBS_ENABLED: 'false', TWILIO_SENDER_MPS: '10' });
    await bulkSend(limitedEnqueuer, cookie, numbers(limitedCount));
    await limitedEnqueuer.jobs.stop();
    const beforeLimited = double.messages.length;
    const limitedWorkers = await depsFor(database, double, { TWILIO_SENDER_MPS: '10' });
    const limited = await drain(double, beforeLimited, limitedCount);
    await limitedWorkers.jobs.stop();
    const deviation = ((limited.rate - 10) / 10) * 100;
    record([label, `achieved rate at a 10 MPS limit (${num(limitedCount)} messages)`, `${num(limited.rate, 2)} msg/s (${deviation >= 0 ? '+' : ''}${num(deviation, 1)} %)`, 'within ±5 %']);
    await sleep(100);
  } finally {
    await double.close();
  }
  return rows;
}

export async function run(): Promise<void> {
  const limitedCount = envNumber('BENCH_SMS_LIMITED', 150);
  const rows = await onEachDatabase('sms', ({ kind, label, database }) => benchDatabase(label, database, envNumber('BENCH_SMS_THROUGHPUT', kind === 'postgres' ? 5000 : 1000), limitedCount));
  printTable('SMS (local Twilio double, official SDK)', ['database', 'case', 'figure', 'target'], rows, 2);
}
