import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db';
import type { AppDeps } from '../../server/deps';
import { TENANT_ROLE } from '../../server/db/tenant';
import { orgProcedure, router } from '../../server/trpc/init';
import { buildTestDeps, callerFor } from '../helpers/app';
import { getTestDatabase, postgresUrlOf } from '../helpers/db';
import { browser, createAccount, type Account } from '../helpers/factories';

/**
 * Decision 044: many concurrent reads, each sending several statements at once, over a pool of 10
 * connections (PGlite: its one session). Every read answers, sees only its own organization's rows
 * and settings, and leaves every connection clean. The pool is smaller than the statements in flight
 * (20 reads × 5 statements), so a read that held one connection while waiting for another would hang
 * here — decision 033's reverted attempt did, on `npm run bench:search`.
 */
let database: DatabaseHandle;
let deps: AppDeps;
const accounts: Account[] = [];
const CONTACTS: Record<string, string[]> = {};

const names = (db: Db) =>
  db
    .selectFrom('contacts')
    .select('first_name')
    .where('last_name', '=', 'Concurrent')
    .orderBy('first_name')
    .execute()
    .then((rows) => rows.map((r) => r.first_name));
const count = (db: Db) =>
  db
    .selectFrom('contacts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('last_name', '=', 'Concurrent')
    .executeTakeFirstOrThrow()
    .then((r) => r.n);
const session = async (db: Db) =>
  (await sql<{ role: string; organization: string | null }>`select current_user as role, nullif(current_setting('app.organization_id', true), '') as organization`.execute(db)).rows[0]!;
/** A statement that takes a little while, so the reads really overlap. */
const slowOrganization = async (db: Db) =>
  (await sql<{ organization: string | null }>`select nullif(current_setting('app.organization_id', true), '') as organization from pg_sleep(0.02)`.execute(db)).rows[0]!.organization;

const probeRouter = router({
  /** Like a contact search: five statements at once, then more, one after the other, and a transaction. */
  search: orgProcedure.query(async ({ ctx }) => {
    const [rows, n, first, slow, joined] = await Promise.all([
      names(ctx.db),
      count(ctx.db),
      session(ctx.db),
      slowOrganization(ctx.db),
      ctx.db
        .selectFrom('contacts')
        .leftJoin('tasks', 'tasks.contact_id', 'contacts.id')
        .select('contacts.organization_id')
        .where('contacts.last_name', '=', 'Concurrent')
        .execute()
        .then((r) => [...new Set(r.map((c) => c.organization_id))]),
    ]);
    const failed = await sql`select 1 / 0`.execute(ctx.db).then(
      () => 'answered',
      () => 'failed',
    );
    const after = await names(ctx.db);
    const inTransaction = await ctx.db.transaction().execute(async (trx) => ({ rows: await names(trx), session: await session(trx) }));
    return { rows, n, first, slow, joined, failed, after, inTransaction };
  }),
});
const probe = (account: Account) => callerFor(probeRouter, { deps, headers: browser(account.cookie) }).api;

beforeAll(async () => {
  const shared = await getTestDatabase();
  // Postgres: a second handle on the worker's database with a pool of 10; PGlite: its one session.
  database = shared.kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: postgresUrlOf(shared), maxConnections: 10, rowLevelSecurity: true }) : shared;
  deps = await buildTestDeps({ database });
  for (const [slug, people] of [
    ['conc-a', ['Ada', 'Alan']],
    ['conc-b', ['Bea']],
    ['conc-c', ['Cy', 'Cleo', 'Cato']],
  ] as const) {
    const account = await createAccount(deps, slug);
    accounts.push(account);
    CONTACTS[account.organizationId] = [...people].sort();
    await database.db
      .insertInto('contacts')
      .values(people.map((first_name) => ({ organization_id: account.organizationId, first_name, last_name: 'Concurrent' })))
      .execute();
  }
});

afterAll(async () => {
  if (database && database.kind === 'postgres') await database.close();
});

describe('concurrent multi-statement reads (decision 044)', () => {
  it('20 reads of 5 statements at once over a pool of 10: each answers, as its own organization only', async () => {
    const reads = Array.from({ length: 20 }, (_, i) => accounts[i % accounts.length]!);
    const results = await Promise.all(reads.map((account) => probe(account).search()));
    results.forEach((result, i) => {
      const organizationId = reads[i]!.organizationId;
      const own = CONTACTS[organizationId]!;
      expect(result).toEqual({
        rows: own,
        n: own.length,
        first: { role: TENANT_ROLE, organization: organizationId },
        slow: organizationId,
        joined: [organizationId],
        failed: 'failed',
        after: own,
        inTransaction: { rows: own, session: { role: TENANT_ROLE, organization: organizationId } },
      });
    });
    // Every connection went home, out of any transaction, with neither the role nor an organization.
    expect(database.pool().inUse).toBe(0);
    const after = await Promise.all(Array.from({ length: 10 }, () => session(database.db)));
    expect(after.filter((s) => s.role === TENANT_ROLE || s.organization !== null)).toEqual([]);
    if (database.kind === 'postgres') {
      const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`.execute(database.db);
      expect(open.rows[0]!.n).toBe(0);
    }
  });

  it('does it again and again: 5 rounds of 20, with the system reading beside them', async () => {
    for (let round = 0; round < 5; round++) {
      const reads = Array.from({ length: 20 }, (_, i) => accounts[(i + round) % accounts.length]!);
      const [results, system] = await Promise.all([Promise.all(reads.map((account) => probe(account).search())), Promise.all(Array.from({ length: 10 }, () => session(database.db)))]);
      results.forEach((result, i) => expect(result.rows).toEqual(CONTACTS[reads[i]!.organizationId]));
      expect(system.every((s) => s.role !== TENANT_ROLE && s.organization === null)).toBe(true);
    }
    expect(database.pool().inUse).toBe(0);
  });
});
