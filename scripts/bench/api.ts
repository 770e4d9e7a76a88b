/**
 * REST API bench (issue #19): contacts upserted by e-mail through `POST /api/v1/contacts/batch/upsert`
 * with an API key, 100 a call, BENCH_API_CONCURRENCY (default 4) calls in flight. Per database
 * (Postgres in a fresh database sb_bench_api when BENCH_DATABASE_URL or DATABASE_URL is set;
 * embedded PGlite in memory), BENCH_API_COUNT (default 100,000) contacts:
 *
 * 1. new contacts: three runs, each of BENCH_API_COUNT addresses no contact holds (all created) —
 *    the median reported; target > 5,000 contacts/s on Postgres;
 * 2. existing contacts: the last run's addresses again with a changed field (all updated), once.
 *
 * Each run prints contacts per second, the p50 and p99 of a call and the process's peak memory.
 * The calls go through app.request() in this process — the whole app: API-key auth, rate limits
 * (lifted, as the email bench does: 600 a minute would hold 1,000 calls for minutes), body limits,
 * the input guard, the per-record schemas, the set-based writes under the row-level policies and
 * their events — not over a socket. The organization is on a plan without a contact limit, so no
 * call counts the contacts. Prints figures and the load average; asserts nothing.
 */
import { sql } from 'kysely';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db';
import { buildDeps, type AppDeps } from '../../server/deps';
import { createLogger } from '../../server/logging';
import { BATCH_MAX } from '../../server/records/schema';
import { envNumber, loadLine, percentile } from './lib/common';
import { figures, onEachDatabase, repeated } from './lib/runs';
import { num, printTable } from './lib/table';
import { benchApiKey, benchOrganization } from './lib/world';

const RUNS = 3;

function depsFor(database: DatabaseHandle): AppDeps {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    JOBS_ENABLED: 'false',
    API_RATE_LIMIT: '1000000',
    API_RATE_LIMIT_ORGANIZATION: '1000000',
  });
  return buildDeps({ config, database, logger: createLogger(config) });
}

type Run = { ms: number; calls: number[]; peakRss: number };

/** `count` contacts `<prefix>-<n>@example.test` upserted in calls of BATCH_MAX, `concurrency` in flight. */
async function upsert(deps: AppDeps, key: string, prefix: string, count: number, concurrency: number, fields: Record<string, unknown>): Promise<Run> {
  const app = createApp(deps);
  const calls: number[] = [];
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const from = next;
      next = Math.min(count, next + BATCH_MAX);
      const inputs = Array.from({ length: next - from }, (_, i) => ({ email: `${prefix}-${from + i}@example.test`, firstName: 'Bench', lastName: String(from + i), tags: ['api-bench'], ...fields }));
      const started = performance.now();
      const res = await app.request('/api/v1/contacts/batch/upsert', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ idProperty: 'email', inputs }),
      });
      if (res.status !== 200) throw new Error(`batch/upsert answered ${res.status}: ${await res.text()}`);
      const { results } = (await res.json()) as { results: { error?: unknown }[] };
      const refused = results.find((r) => r.error);
      if (refused) throw new Error(`batch/upsert refused a record: ${JSON.stringify(refused)}`);
      calls.push(performance.now() - started);
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: concurrency }, lane));
  } finally {
    clearInterval(sampler);
  }
  return { ms: performance.now() - started, calls: calls.sort((a, b) => a - b), peakRss };
}

const describeRun = (count: number, run: Run) =>
  `${num((count * 1000) / run.ms)} contacts/s (${num(run.ms / 1000, 1)} s; call p50 ${num(percentile(run.calls, 50))} ms, p99 ${num(percentile(run.calls, 99))} ms; peak RSS ${num(run.peakRss / 2 ** 20)} MB)`;

async function benchDatabase(label: string, database: DatabaseHandle, count: number, concurrency: number): Promise<string[][]> {
  const { rows, record } = figures('api');
  const deps = depsFor(database);
  const ctx = await benchOrganization(deps, { name: 'API bench', count: 0, tag: 'api-bench', prefix: 'api' });
  // A plan without a contact limit: the bench measures the upsert, not the plan's count.
  await sql`update organization_billing set plan = 'enterprise_plus', status = 'active', trial_ends_at = null where organization_id = ${ctx.organizationId}`.execute(deps.database.db);
  const key = await benchApiKey(deps, ctx);
  await upsert(deps, key, 'warm-up', 1000, concurrency, {});

  const runs: Run[] = [];
  const { values, median } = await repeated(RUNS, `${label}: upsert ${num(count)} new contacts, ${concurrency} calls in flight ${loadLine('now')}`, async (run) => {
    runs[run] = await upsert(deps, key, `run${run}`, count, concurrency, {});
    return (count * 1000) / runs[run]!.ms;
  });
  const middle = runs[values.indexOf(median)]!;
  record([
    label,
    `upsert ${num(count)} new contacts (all created), ${BATCH_MAX} a call, ${concurrency} in flight (median of ${RUNS}) ${loadLine('at the end')}`,
    `${describeRun(count, middle)}; runs ${values.map((v) => num(v)).join(' / ')}/s`,
    '> 5,000/s (Postgres)',
  ]);

  const updated = await upsert(deps, key, `run${RUNS - 1}`, count, concurrency, { jobTitle: 'Updated' });
  record([label, `upsert the same ${num(count)} again, a field changed (all updated), once ${loadLine('at the end')}`, describeRun(count, updated), '']);
  return rows;
}

export async function run(): Promise<void> {
  const count = envNumber('BENCH_API_COUNT', 100_000, { whole: true });
  const concurrency = envNumber('BENCH_API_CONCURRENCY', 4, { whole: true });
  console.log(`\n[api] ${loadLine('at start')}`);
  // Under the row-level policies, as the server runs by default (ROW_LEVEL_SECURITY).
  const rows = await onEachDatabase('api', ({ label, database }) => benchDatabase(label, database, count, concurrency), { rowLevelSecurity: true });
  console.log(`[api] ${loadLine('at the end')}`);
  printTable('REST API (POST /api/v1/contacts/batch/upsert by e-mail, API key, in process)', ['database', 'case', 'figure', 'target'], rows, 2);
}
