/**
 * CRM bench: contact list queries and dashboard queries on one organization with many contacts,
 * through the real services (contacts listContacts, analytics getDashboard & co). On Postgres
 * (BENCH_DATABASE_URL or DATABASE_URL; skipped with a message when unset) with 1,000,000 contacts
 * in a dedicated database (sb_bench_crm, seeded once and reused), and on embedded PGlite in
 * memory with 100,000. Prints p50/p95 and the targets; never asserts timing.
 *
 * Env: BENCH_CRM_CONTACTS (Postgres, default 1000000), BENCH_CRM_PGLITE_CONTACTS (default 100000),
 * BENCH_CRM_ITERATIONS (default 30), BENCH_CRM_DATABASE (default sb_bench_crm).
 */
import { sql } from 'kysely';
import { permissionsFor } from '../../server/auth/permissions';
import type { OrgAuth } from '../../server/auth/resolve';
import { getDashboard } from '../../server/analytics/dashboard';
import { getInsights } from '../../server/analytics/insights';
import { getPipelineAnalysis } from '../../server/analytics/pipeline';
import { getReport } from '../../server/analytics/reports';
import { getTrends } from '../../server/analytics/trends';
import { listAppointments } from '../../server/appointments/service';
import { loadConfig } from '../../server/config';
import { ZListContactsInput, type TListContactsInput } from '../../server/contacts/schema';
import { listContacts } from '../../server/contacts/service';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { scoped } from '../../server/db/scoped';
import { buildDeps } from '../../server/deps';
import { createLogger } from '../../server/logging';
import { taskCounts } from '../../server/tasks/service';
import { seedScale } from '../seed-scale';
import { num, printTable } from './lib/table';
import { benchDatabaseUrl, envNumber, loadLine, percentile, progress } from './lib/common';

const CONTACT_TARGET_MS = 50;
const DASHBOARD_TARGET_MS = 300;

type Case = { label: string; target: number; run: (i: number) => Promise<unknown> };
type Result = { label: string; target: number; p50: number; p95: number; max: number };

async function time(c: Case, iterations: number): Promise<Result> {
  for (let i = 0; i < 3; i++) await c.run(i); // warm-up: plans, caches
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await c.run(i + 3);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { label: c.label, target: c.target, p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples.at(-1)! };
}

function authOf(organizationId: string, userId: string): OrgAuth {
  return {
    via: 'session',
    user: { id: userId, email: 'bench@switchboard.local', name: 'Bench' },
    session: null,
    apiKey: null,
    organization: { id: organizationId, name: 'Bench', role: 'super_admin' },
    permissions: permissionsFor('super_admin'),
  };
}

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
  // The organization context the services take; nothing of the dependencies is started.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const ctx = { db, organizationId, auth: authOf(organizationId, ownerId), deps: buildDeps({ config, database, logger: createLogger(config) }) };
  const org = scoped(db, organizationId);
  // The list's input as its door parses it (defaults filled in).
  const list = (input: TListContactsInput) => listContacts(ctx, ZListContactsInput.parse(input));

  // Real values to search for: e-mails and name prefixes of existing contacts, and a deep cursor.
  const sample = await org.selectFrom('contacts').select(['email', 'first_name', 'last_name']).where('email', 'is not', null).orderBy('id').limit(50).execute();
  const prefixes = [...new Set(sample.map((c) => c.last_name.slice(0, 2).toLowerCase()))];
  const words = [...new Set(sample.map((c) => c.first_name.toLowerCase()))];
  progress('walking 100 pages of 100 for a deep keyset cursor …');
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const listed: { nextCursor: string | null } = await list({ limit: 100, ...(cursor ? { cursor } : {}) });
    cursor = listed.nextCursor;
    if (!cursor) break;
  }
  const deep = cursor;

  const contactCases: Case[] = [
    { label: 'contacts: search by 2-letter name prefix', target: CONTACT_TARGET_MS, run: (i) => list({ q: prefixes[i % prefixes.length]! }) },
    { label: 'contacts: search by first name (trigram)', target: CONTACT_TARGET_MS, run: (i) => list({ q: words[i % words.length]! }) },
    { label: 'contacts: search by exact e-mail', target: CONTACT_TARGET_MS, run: (i) => list({ q: sample[i % sample.length]!.email! }) },
    { label: 'contacts: tag filter (tag = vip)', target: CONTACT_TARGET_MS, run: () => list({ tag: 'vip' }) },
    { label: 'contacts: first page (newest first)', target: CONTACT_TARGET_MS, run: () => list({}) },
    ...(deep ? [{ label: 'contacts: deep keyset page (after 10,000 rows)', target: CONTACT_TARGET_MS, run: () => list({ limit: 100, cursor: deep }) }] : []),
  ];
  const dayStart = new Date(new Date().toISOString().slice(0, 10));
  const today = { from: dayStart.toISOString(), to: new Date(dayStart.getTime() + 86_400_000).toISOString() };
  const dashboardCases: Case[] = [
    { label: 'dashboard KPIs, 1y', target: DASHBOARD_TARGET_MS, run: () => getDashboard(ctx, { period: '1y' }) },
    { label: 'dashboard KPIs, 30d', target: DASHBOARD_TARGET_MS, run: () => getDashboard(ctx, { period: '30d' }) },
    { label: 'pipeline analysis, 1y', target: DASHBOARD_TARGET_MS, run: () => getPipelineAnalysis(ctx, { period: '1y' }) },
    { label: 'insights, 1y', target: DASHBOARD_TARGET_MS, run: () => getInsights(ctx, { period: '1y' }) },
    { label: 'performance trends, 1y', target: DASHBOARD_TARGET_MS, run: () => getTrends(ctx, { period: '1y' }) },
    { label: 'report: deals won by month, 1y', target: DASHBOARD_TARGET_MS, run: () => getReport(ctx, { report: 'deals-won', period: '1y' }) },
    { label: 'report: pipeline by stage, 1y', target: DASHBOARD_TARGET_MS, run: () => getReport(ctx, { report: 'pipeline', period: '1y' }) },
    { label: 'report: lead sources, 1y', target: DASHBOARD_TARGET_MS, run: () => getReport(ctx, { report: 'lead-sources', period: '1y' }) },
    { label: 'report: tasks, 1y', target: DASHBOARD_TARGET_MS, run: () => getReport(ctx, { report: 'tasks', period: '1y' }) },
    { label: 'report: appointment outcomes, 1y', target: DASHBOARD_TARGET_MS, run: () => getReport(ctx, { report: 'appointments', period: '1y' }) },
    // The rest of what /app loads: the task counts and today's appointments.
    { label: '/app: task counts', target: DASHBOARD_TARGET_MS, run: () => taskCounts(ctx) },
    { label: "/app: today's appointments", target: DASHBOARD_TARGET_MS, run: () => listAppointments(ctx, today) },
  ];
  const results: Result[] = [];
  for (const c of [...contactCases, ...dashboardCases]) {
    progress(`${c.label}: ${iterations} runs`);
    results.push(await time(c, iterations));
  }
  printTable(
    `${label}, ${contacts.toLocaleString('en-US')} contacts in one organization — ${iterations} runs each, ${loadLine('now')}`,
    ['query', 'p50 ms', 'p95 ms', 'max ms', 'target p95', 'meets'],
    results.map((r) => [r.label, num(r.p50, 1), num(r.p95, 1), num(r.max, 1), `< ${r.target} ms`, r.p95 < r.target ? 'yes' : 'NO']),
  );
}

export async function run(): Promise<void> {
  const iterations = envNumber('BENCH_CRM_ITERATIONS', 30, { whole: true });
  const base = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!base) {
    console.log('\n[crm] Postgres part skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to a server where a database can be created.');
  } else {
    const url = await benchDatabaseUrl(base, process.env.BENCH_CRM_DATABASE || 'sb_bench_crm');
    const database = await openDatabase({ kind: 'postgres', url, maxConnections: 10 });
    try {
      await benchDatabase(database, 'Postgres', envNumber('BENCH_CRM_CONTACTS', 1_000_000, { whole: true }), iterations);
    } finally {
      await database.close();
    }
  }
  const pglite = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await benchDatabase(pglite, 'PGlite (in memory)', envNumber('BENCH_CRM_PGLITE_CONTACTS', 100_000, { whole: true }), iterations);
  } finally {
    await pglite.close();
  }
}
