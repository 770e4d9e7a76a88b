/**
 * Slots bench (issue #20): 60 days of slots of a 10-member round-robin calendar whose members hold
 * 5,000 appointments, through the real service (`slotsOf`: one range query, the computation in
 * memory), under the organization's row-level policies as a booking page reads. On Postgres
 * (BENCH_DATABASE_URL or DATABASE_URL, a fresh database sb_bench_slots; skipped with a message when
 * unset) and on embedded PGlite in memory. Prints p50/p95 and the target; never asserts timing.
 *
 * Env: BENCH_SLOTS_MEMBERS (default 10), BENCH_SLOTS_APPOINTMENTS (default 5000), BENCH_SLOTS_DAYS
 * (default 60), BENCH_SLOTS_ITERATIONS (default 30). Run tiny: `BENCH_SLOTS_MEMBERS=2
 * BENCH_SLOTS_APPOINTMENTS=50 BENCH_SLOTS_ITERATIONS=2 npx tsx scripts/bench/slots.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCalendar } from '../../server/calendars/repo';
import { DEFAULT_WEEKLY } from '../../server/calendars/schema';
import { slotsOf } from '../../server/calendars/service';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { scoped } from '../../server/db/scoped';
import { benchDatabaseName, benchDatabaseUrl, envNumber, loadLine, percentile, progress } from './lib/common';
import { num, printTable } from './lib/table';

const TARGET_MS = 50;
const DAY_MS = 86_400_000;
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];

/** An organization, its members, a round-robin calendar with them all, and their appointments spread over the range. */
async function seed(database: DatabaseHandle, members: number, appointments: number, days: number) {
  const db = database.db;
  const org = await db.insertInto('organizations').values({ name: 'Slots bench', settings: '{}' }).returning('id').executeTakeFirstOrThrow();
  const run = Date.now().toString(36);
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: members }, (_, i) => ({ email: `slots-${run}-${i}@bench.test`, name: `Member ${i + 1}`, password_hash: 'x', preferences: '{}' })))
    .returning('id')
    .execute();
  await db
    .insertInto('memberships')
    .values(users.map((u) => ({ organization_id: org.id, user_id: u.id, role: 'sales_rep' as const })))
    .execute();
  const calendar = await scoped(db, org.id)
    .insertInto('calendars', { slug: 'team', name: 'Team call', kind: 'round_robin', slot_minutes: 30, buffer_after_minutes: 10, horizon_days: days + 1, questions: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await scoped(db, org.id)
    .insertInto(
      'calendar_members',
      users.map((u, position) => ({ calendar_id: calendar.id, user_id: u.id, position, time_zone: ZONES[position % ZONES.length]!, weekly: JSON.stringify(DEFAULT_WEEKLY), overrides: '[]' })),
    )
    .execute();
  const start = Date.now();
  const rows = Array.from({ length: appointments }, (_, i) => {
    const at = start + Math.floor((i / appointments) * days * DAY_MS);
    const startsAt = new Date(Math.floor(at / 1_800_000) * 1_800_000);
    return { title: `Booked ${i}`, assignee_id: users[i % users.length]!.id, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 1_800_000), time_zone: 'UTC' };
  });
  for (let i = 0; i < rows.length; i += 1000)
    await scoped(db, org.id)
      .insertInto('appointments', rows.slice(i, i + 1000))
      .execute();
  return { organizationId: org.id, calendarId: calendar.id };
}

async function measure(label: string, database: DatabaseHandle) {
  const members = envNumber('BENCH_SLOTS_MEMBERS', 10, { whole: true });
  const appointments = envNumber('BENCH_SLOTS_APPOINTMENTS', 5000, { whole: true });
  const days = envNumber('BENCH_SLOTS_DAYS', 60, { whole: true });
  const iterations = envNumber('BENCH_SLOTS_ITERATIONS', 30, { whole: true });
  progress(`[slots] ${label}: seeding ${members} members, ${appointments} appointments`);
  const { organizationId, calendarId } = await seed(database, members, appointments, days);
  const db = database.forOrganization(organizationId);
  const query = { from: new Date().toISOString(), to: new Date(Date.now() + days * DAY_MS).toISOString(), timeZone: 'Europe/Paris' };
  const once = async () => {
    const started = performance.now();
    const calendar = (await loadCalendar(db, organizationId, calendarId))!;
    const answer = await slotsOf(db, calendar, query);
    return { ms: performance.now() - started, slots: answer.slots.length };
  };
  await once(); // warm-up: plans, caches
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < iterations; i++) {
    const result = await once();
    times.push(result.ms);
    slots = result.slots;
  }
  times.sort((a, b) => a - b);
  return { label, members, appointments, days, slots, p50: percentile(times, 50), p95: percentile(times, 95) };
}

export async function run(): Promise<void> {
  console.log(loadLine('before'));
  const results = [];
  const pglite = await openDatabase({ kind: 'pglite', dataDir: undefined, rowLevelSecurity: true });
  try {
    await migrateToLatest(pglite.db);
    results.push(await measure('PGlite', pglite));
  } finally {
    await pglite.close();
  }
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (base) {
    const postgres = await openDatabase({ kind: 'postgres', url: await benchDatabaseUrl(base, benchDatabaseName('slots'), { fresh: true }), rowLevelSecurity: true });
    try {
      await migrateToLatest(postgres.db);
      results.push(await measure('Postgres', postgres));
    } finally {
      await postgres.close();
    }
  } else console.log('[slots] Postgres skipped: set BENCH_DATABASE_URL or DATABASE_URL');
  printTable(
    'Slots of a round-robin calendar (one range query, computed in memory)',
    ['database', 'members', 'appointments', 'days', 'slots', 'p50 ms', 'p95 ms', 'target ms'],
    results.map((r) => [r.label, String(r.members), String(r.appointments), String(r.days), String(r.slots), num(r.p50, 1), num(r.p95, 1), `< ${TARGET_MS} (Postgres)`]),
  );
  console.log(loadLine('after'));
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) await run();
