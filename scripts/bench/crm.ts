/**
 * CRM bench: contact list queries and dashboard queries on one organization with many contacts,
 * through the real services (contacts listContacts, analytics getDashboard & co). On Postgres
 * (BENCH_DATABASE_URL or DATABASE_URL; skipped with a message when unset) with 1,000,000 contacts
 * in a dedicated database (sb_bench_crm or BENCH_DATABASE_NAME, seeded once and reused), and on embedded PGlite in
 * memory with 100,000. Prints p50/p95 and the targets; never asserts timing.
 *
 * Env: BENCH_CRM_CONTACTS (Postgres, default 1000000), BENCH_CRM_PGLITE_CONTACTS (default 100000),
 * BENCH_CRM_ITERATIONS (default 30), BENCH_DATABASE_NAME (default sb_bench_crm), BENCH_CRM_CASES (only the
 * cases whose label contains one of these comma-separated words, e.g. `search`).
 */
import { sql } from 'kysely';
// The assembly installs the domains' permissions (permissionsFor) and the rules services read.
import '../../server/assembly';
import type { OrgContext } from '../../server/kernel/context';
import { getDashboard } from '../../server/analytics/dashboard';
import { getInsights } from '../../server/analytics/insights';
import { getPipelineAnalysis } from '../../server/analytics/pipeline';
import { getReport } from '../../server/analytics/reports';
import { getTrends } from '../../server/analytics/trends';
import { listAppointments } from '../../server/appointments/service';
import { loadConfig } from '../../server/config';
import { ZListContactsInput, type TListContactsInput } from '../../server/contacts/schema';
import { listContacts } from '../../server/contacts/service';
import { actingForOrganization, openDatabase, readingForOrganization, type DatabaseHandle, type Db } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { scoped } from '../../server/db/scoped';
import { buildDeps } from '../../server/deps';
import { createLogger } from '../../server/logging';
import { taskCounts } from '../../server/tasks/service';
import { seedScale } from '../seed-scale';
import { num, printTable } from './lib/table';
import { ownerAuth } from './lib/world';
import { benchDatabaseName, benchDatabaseUrl, envNumber, loadLine, percentile, progress } from './lib/common';

const CONTACT_TARGET_MS = 50;
const DASHBOARD_TARGET_MS = 300;

type BenchCtx = OrgContext;
type Case = { label: string; target: number; run: (ctx: BenchCtx, i: number) => Promise<unknown> };
type Result = { label: string; target: number; p50: number; p95: number; max: number; p95PerStatement: number; p95System: number; p50System: number };

/**
 * How a run reaches the database: as a query procedure does — read-only under the row-level policies,
 * each statement a transaction of its own on Postgres (decision 044), one read transaction on PGlite
 * (decision 028) —, under the policies with a transaction per statement (as
 * mutations and decision 024's reads), and through the system's database without the policies.
 */
type Variant = 'read' | 'perStatement' | 'system';
type Runner = (c: Case, i: number) => Promise<unknown>;
const VARIANTS: Variant[] = ['read', 'perStatement', 'system'];

/**
 * Times a case through each variant, interleaved run for run (the order rotating) so all see the
 * same load: the differences are what the second wall costs, with and without the read transaction.
 */
async function time(c: Case, iterations: number, runners: Record<Variant, Runner>): Promise<Result> {
  for (let i = 0; i < 3; i++) {
    // warm-up: plans, caches
    for (const variant of VARIANTS) await runners[variant](c, i);
  }
  const samples: Record<Variant, number[]> = { read: [], perStatement: [], system: [] };
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < VARIANTS.length; k++) {
      const variant = VARIANTS[(i + k) % VARIANTS.length]!;
      const started = performance.now();
      await runners[variant](c, i + 3);
      samples[variant].push(performance.now() - started);
    }
  }
  const [read, perStatement, system] = VARIANTS.map((v) => samples[v].sort((x, y) => x - y)) as [number[], number[], number[]];
  return {
    label: c.label,
    target: c.target,
    p50: percentile(read, 50),
    p95: percentile(read, 95),
    max: read.at(-1)!,
    p95PerStatement: percentile(perStatement, 95),
    p95System: percentile(system, 95),
    p50System: percentile(system, 50),
  };
}

const costOf = (value: number, base: number) => (100 * (value - base)) / base;
const cost = (value: number, base: number) => `${value >= base ? '+' : ''}${num(costOf(value, base), 0)} %`;
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The bench organization of this size, seeded once: found by name, else created and filled. */
async function benchOrganization(db: Db, contacts: number): Promise<{ organizationId: string; ownerId: string }> {
  const name = `Bench CRM (${contacts.toLocaleString('en-US')} contacts)`;
  const existing = await db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) {
    const count = Number(
      (
        await scoped(db, existing.id)
          .selectFrom('contacts')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const owner = await scoped(db, existing.id).selectFrom('memberships').select('user_id').where('role', '=', 'super_admin').executeTakeFirst();
    if (count >= contacts && owner) {
      progress(`reusing ${name} (${count.toLocaleString('en-US')} contacts)`);
      return { organizationId: existing.id, ownerId: owner.user_id };
    }
    // A half-seeded organization (an interrupted run): start again.
    await db.deleteFrom('organizations').where('id', '=', existing.id).execute();
  }
  progress(`seeding ${name} …`);
  const result = await seedScale(db, { contacts, organizationName: name, log: progress });
  progress(
    `seeded in ${result.seconds.toFixed(1)} s: ${result.deals.toLocaleString('en-US')} deals, ${result.tasks.toLocaleString('en-US')} tasks, ${result.appointments.toLocaleString('en-US')} appointments`,
  );
  return { organizationId: result.organizationId, ownerId: result.ownerId };
}

async function benchDatabase(database: DatabaseHandle, label: string, contacts: number, iterations: number): Promise<void> {
  const db = database.db;
  await migrateToLatest(db);
  const { organizationId, ownerId } = await benchOrganization(db, contacts);
  // The organization contexts the services take, through the organization's database (row-level
  // security) and the system's; nothing of the dependencies is started.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const deps = buildDeps({ config, database, logger: createLogger(config) });
  const auth = ownerAuth(organizationId, ownerId);
  const perStatement = actingForOrganization(deps, organizationId);
  const contexts = { perStatement: { db: perStatement.database.db, organizationId, auth, deps: perStatement }, system: { db, organizationId, auth, deps } };
  const runners: Record<Variant, Runner> = {
    async read(c, i) {
      const reading = readingForOrganization(deps, organizationId);
      let ok = false;
      try {
        await c.run({ db: reading.deps.database.db, organizationId, auth, deps: reading.deps }, i);
        ok = true;
      } finally {
        await reading.end(ok ? 'commit' : 'rollback');
      }
    },
    perStatement: (c, i) => c.run(contexts.perStatement, i),
    system: (c, i) => c.run(contexts.system, i),
  };
  const ctx = contexts.perStatement;
  const org = scoped(db, organizationId);
  // The list's input as its door parses it (defaults filled in).
  const list = (context: BenchCtx, input: TListContactsInput) => listContacts(context, ZListContactsInput.parse(input));

  // Real values to search for: e-mails and name prefixes of existing contacts, and a deep cursor.
  const sample = await org.selectFrom('contacts').select(['email', 'first_name', 'last_name']).where('email', 'is not', null).orderBy('id').limit(50).execute();
  const prefixes = [...new Set(sample.map((c) => c.last_name.slice(0, 2).toLowerCase()))];
  const words = [...new Set(sample.map((c) => c.first_name.toLowerCase()))];
  progress('walking 100 pages of 100 for a deep keyset cursor …');
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const listed: { nextCursor: string | null } = await list(ctx, { limit: 100, ...(cursor ? { cursor } : {}) });
    cursor = listed.nextCursor;
    if (!cursor) break;
  }
  const deep = cursor;

  const contactCases: Case[] = [
    { label: 'contacts: search by 2-letter name prefix', target: CONTACT_TARGET_MS, run: (ctx, i) => list(ctx, { q: prefixes[i % prefixes.length]! }) },
    { label: 'contacts: search by first name (trigram)', target: CONTACT_TARGET_MS, run: (ctx, i) => list(ctx, { q: words[i % words.length]! }) },
    { label: 'contacts: search by exact e-mail', target: CONTACT_TARGET_MS, run: (ctx, i) => list(ctx, { q: sample[i % sample.length]!.email! }) },
    { label: 'contacts: tag filter (tag = vip)', target: CONTACT_TARGET_MS, run: (ctx) => list(ctx, { tag: 'vip' }) },
    { label: 'contacts: first page (newest first)', target: CONTACT_TARGET_MS, run: (ctx) => list(ctx, {}) },
    ...(deep ? [{ label: 'contacts: deep keyset page (after 10,000 rows)', target: CONTACT_TARGET_MS, run: (ctx: BenchCtx) => list(ctx, { limit: 100, cursor: deep }) }] : []),
  ];
  const dayStart = new Date(new Date().toISOString().slice(0, 10));
  const today = { from: dayStart.toISOString(), to: new Date(dayStart.getTime() + 86_400_000).toISOString() };
  const dashboardCases: Case[] = [
    { label: 'dashboard KPIs, 1y', target: DASHBOARD_TARGET_MS, run: (ctx) => getDashboard(ctx, { period: '1y' }) },
    { label: 'dashboard KPIs, 30d', target: DASHBOARD_TARGET_MS, run: (ctx) => getDashboard(ctx, { period: '30d' }) },
    { label: 'pipeline analysis, 1y', target: DASHBOARD_TARGET_MS, run: (ctx) => getPipelineAnalysis(ctx, { period: '1y' }) },
    { label: 'insights, 1y', target: DASHBOARD_TARGET_MS, run: (ctx) => getInsights(ctx, { period: '1y' }) },
    { label: 'performance trends, 1y', target: DASHBOARD_TARGET_MS, run: (ctx) => getTrends(ctx, { period: '1y' }) },
    { label: 'report: deals won by month, 1y', target: DASHBOARD_TARGET_MS, run: (ctx) => getReport(ctx, { report: 'deals-won', period: '1y' }) },
    { label: 'report: pipeline by stage, 1y', target: DASHBOARD_TARGET_MS, run: (ctx) => getReport(ctx, { report: 'pipeline', period: '1y' }) },
    { label: 'report: lead sources, 1y', target: DASHBOARD_TARGET_MS, run: (ctx) => getReport(ctx, { report: 'lead-sources', period: '1y' }) },
    { label: 'report: tasks, 1y', target: DASHBOARD_TARGET_MS, run: (ctx) => getReport(ctx, { report: 'tasks', period: '1y' }) },
    { label: 'report: appointment outcomes, 1y', target: DASHBOARD_TARGET_MS, run: (ctx) => getReport(ctx, { report: 'appointments', period: '1y' }) },
    // The rest of what /app loads: the task counts and today's appointments.
    { label: '/app: task counts', target: DASHBOARD_TARGET_MS, run: (ctx) => taskCounts(ctx) },
    { label: "/app: today's appointments", target: DASHBOARD_TARGET_MS, run: (ctx) => listAppointments(ctx, today) },
  ];
  const only = (process.env.BENCH_CRM_CASES ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  const results: Result[] = [];
  for (const c of [...contactCases, ...dashboardCases].filter((c) => only.length === 0 || only.some((word) => c.label.includes(word)))) {
    progress(`${c.label}: ${iterations} runs`);
    results.push(await time(c, iterations, runners));
  }
  printTable(
    `${label}, ${contacts.toLocaleString('en-US')} contacts in one organization — ${iterations} runs each, ${loadLine('now')}`,
    ['query', 'p50 ms', 'p95 ms', 'max ms', 'target p95', 'meets', 'p95 ms RLS per statement', 'p95 ms without RLS', 'RLS cost', 'RLS cost per statement', 'p50 ms without RLS', 'RLS cost p50'],
    results.map((r) => [
      r.label,
      num(r.p50, 1),
      num(r.p95, 1),
      num(r.max, 1),
      `< ${r.target} ms`,
      r.p95 < r.target ? 'yes' : 'NO',
      num(r.p95PerStatement, 1),
      num(r.p95System, 1),
      cost(r.p95, r.p95System),
      cost(r.p95PerStatement, r.p95System),
      num(r.p50System, 1),
      cost(r.p50, r.p50System),
    ]),
  );
  // The measure, over the cases: the median of the p95 costs (and of the p50s, steadier under load).
  const p95Cost = median(results.map((r) => costOf(r.p95, r.p95System)));
  const p50Cost = median(results.map((r) => costOf(r.p50, r.p50System)));
  const within = results.filter((r) => r.p95 <= r.p95System * 1.1).length;
  console.log(`${label}: RLS cost median over ${results.length} cases: p95 ${num(p95Cost, 0)} %, p50 ${num(p50Cost, 0)} %; p95 within 10 %: ${within} of ${results.length}`);
}

export async function run(): Promise<void> {
  const iterations = envNumber('BENCH_CRM_ITERATIONS', 30, { whole: true });
  const base = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!base) {
    console.log('\n[crm] Postgres part skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to a server where a database can be created.');
  } else {
    const url = await benchDatabaseUrl(base, benchDatabaseName('crm'));
    const database = await openDatabase({ kind: 'postgres', url, maxConnections: 10, rowLevelSecurity: true });
    try {
      await benchDatabase(database, 'Postgres', envNumber('BENCH_CRM_CONTACTS', 1_000_000, { whole: true }), iterations);
    } finally {
      await database.close();
    }
  }
  const pglite = await openDatabase({ kind: 'pglite', dataDir: undefined, rowLevelSecurity: true });
  try {
    await benchDatabase(pglite, 'PGlite (in memory)', envNumber('BENCH_CRM_PGLITE_CONTACTS', 100_000, { whole: true }), iterations);
  } finally {
    await pglite.close();
  }
}
