import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../server/deps';
import { openDatabase, type Db } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { scoped } from '../../server/db/scoped';
import { TENANT_ROLE } from '../../server/db/tenant';
import { dropTenantViews, ORGANIZATION_TABLES, syncTenantViews, tenantViewOf } from '../../server/db/tenant-views';
import { and, filterConditions } from '../../server/contacts/repo';
import { createJobQueue } from '../../server/jobs/queue';
import { createLogger } from '../../server/logging';
import { orgProcedure, router } from '../../server/trpc/init';
import { buildTestApp, callerFor, testConfig } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';
import { browser, createAccount, type Account } from '../helpers/factories';

/**
 * Decision 024: the organization context's database runs as the tenant role with the organization
 * set, local to each transaction, so Postgres itself keeps organizations apart — a query that
 * forgets its organization filter still sees only the caller's rows.
 */
let deps: AppDeps;
let a: Account;
let b: Account;

async function addContacts(organizationId: string, names: string[]): Promise<void> {
  await deps.database.db
    .insertInto('contacts')
    .values(names.map((first_name) => ({ organization_id: organizationId, first_name, last_name: 'Wall' })))
    .execute();
}

/** Who the database says is asking, and for which organization. */
const session = async (db: Db) =>
  (await sql<{ role: string; organization: string | null }>`select current_user as role, nullif(current_setting('app.organization_id', true), '') as organization`.execute(db)).rows[0]!;

beforeAll(async () => {
  ({ deps } = await buildTestApp());
  a = await createAccount(deps, 'rls-a');
  b = await createAccount(deps, 'rls-b');
  await addContacts(a.organizationId, ['Ada', 'Alan']);
  await addContacts(b.organizationId, ['Bea']);
});

describe('row-level security', () => {
  it('a query that forgets its organization filter gets only the caller’s rows, in or out of a transaction', async () => {
    const db = deps.database.forOrganization(a.organizationId);
    const alone = await db.selectFrom('contacts').select(['organization_id', 'first_name']).where('last_name', '=', 'Wall').execute();
    expect(alone.map((c) => c.organization_id)).toEqual([a.organizationId, a.organizationId]);
    expect(alone.map((c) => c.first_name).sort()).toEqual(['Ada', 'Alan']);

    const inTransaction = await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('contacts').select('first_name').where('last_name', '=', 'Wall').execute();
      return { rows: rows.map((c) => c.first_name).sort(), session: await session(trx) };
    });
    expect(inTransaction).toEqual({ rows: ['Ada', 'Alan'], session: { role: TENANT_ROLE, organization: a.organizationId } });

    // Updates and deletes without the filter reach no other organization's row.
    const updated = await db.updateTable('contacts').set({ last_name: 'Wall' }).where('last_name', '=', 'Wall').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('contacts').where('first_name', '=', 'Bea').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(0n);
    expect(await deps.database.db.selectFrom('contacts').select('id').where('organization_id', '=', b.organizationId).execute()).toHaveLength(1);
  });

  it('refuses to write a row into another organization, or to move one there', async () => {
    const db = deps.database.forOrganization(a.organizationId);
    await expect(db.insertInto('contacts').values({ organization_id: b.organizationId, first_name: 'Intruder', last_name: 'Wall' }).execute()).rejects.toThrow(/row-level security/);
    await expect(db.updateTable('contacts').set({ organization_id: b.organizationId }).where('first_name', '=', 'Ada').execute()).rejects.toThrow(/row-level security/);
    // A failed transaction rolls back whole, and its connection goes back clean.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('contacts').values({ organization_id: a.organizationId, first_name: 'Kept?', last_name: 'Wall' }).execute();
        await trx.insertInto('tasks').values({ organization_id: b.organizationId, title: 'Intruder' }).execute();
      }),
    ).rejects.toThrow(/row-level security/);
    expect(await deps.database.db.selectFrom('contacts').select('id').where('first_name', 'in', ['Intruder', 'Kept?']).execute()).toEqual([]);
    expect(await session(deps.database.db)).toMatchObject({ organization: null });
  });

  it('leaves nothing behind on a shared connection: two organizations and the system at once', async () => {
    const forA = deps.database.forOrganization(a.organizationId);
    const forB = deps.database.forOrganization(b.organizationId);
    const names = (db: Db) =>
      db
        .selectFrom('contacts')
        .select('first_name')
        .where('last_name', '=', 'Wall')
        .execute()
        .then((rows) => rows.map((r) => r.first_name).sort());
    const failing = (db: Db) =>
      sql`select 1 / 0`.execute(db).then(
        () => 'answered',
        () => 'failed',
      );
    const system = deps.database.db;
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      calls.push(names(forA), names(forB), session(system), failing(i % 2 ? forA : forB));
      calls.push(forA.transaction().execute(async (trx) => ({ names: await names(trx), session: await session(trx) })));
    }
    const results = await Promise.all(calls);
    for (let i = 0; i < results.length; i += 5) {
      expect(results[i]).toEqual(['Ada', 'Alan']);
      expect(results[i + 1]).toEqual(['Bea']);
      expect(results[i + 2]).toEqual({ role: expect.not.stringMatching(TENANT_ROLE), organization: null });
      expect(results[i + 3]).toBe('failed');
      expect(results[i + 4]).toEqual({ names: ['Ada', 'Alan'], session: { role: TENANT_ROLE, organization: a.organizationId } });
    }
    // Every connection of the pool (PGlite: its one session) is back to the system's role.
    const after = await Promise.all(Array.from({ length: 10 }, () => session(system)));
    expect(after.every((s) => s.role !== TENANT_ROLE && s.organization === null)).toBe(true);
  });

  it('leaves system work unaffected: the system sees every organization, migrations and jobs run, a member signs in', async () => {
    const system = deps.database.db;
    const everyone = await system.selectFrom('contacts').select('organization_id').where('last_name', '=', 'Wall').execute();
    expect(new Set(everyone.map((c) => c.organization_id))).toEqual(new Set([a.organizationId, b.organizationId]));
    expect(await migrateToLatest(system)).toEqual([]);

    // A request enqueues its job inside its own transaction, as the tenant role.
    const queue = createJobQueue<Record<string, { organizationId: string }>>({ database: deps.database, logger: createLogger(testConfig()), workers: false });
    const name = `rls-${randomUUID().slice(0, 8)}`;
    queue.register(name, () => {});
    await queue.start();
    try {
      const id = await deps.database
        .forOrganization(a.organizationId)
        .transaction()
        .execute((trx) => queue.send(name, { organizationId: a.organizationId }, { db: trx }));
      expect((await queue.getJob(name, id!))?.state).toBe('created');
    } finally {
      await queue.stop({ timeoutMs: 1000 });
    }

    const { caller } = await buildTestApp();
    expect((await caller(browser(b.cookie)).auth.me()).organization?.id).toBe(b.organizationId);
  });

  it('walls every table with an organization_id: RLS enabled, forced, and the tenant policy on it', async () => {
    const tables = await sql<{ table: string; enabled: boolean; forced: boolean; policy: string | null }>`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced, p.qual as policy
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped
      left join pg_policies p on p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'organization_isolation' and ${TENANT_ROLE} = any (p.roles)
      where c.relkind = 'r'
      order by 1`.execute(deps.database.db);
    expect(tables.rows.length).toBeGreaterThan(40);
    const unwalled = tables.rows.filter((t) => !t.enabled || !t.forced || !t.policy?.includes("current_setting('app.organization_id'"));
    // A session belongs to its user; its organization_id is only the one the user switched to (decision 024).
    expect(unwalled.map((t) => t.table)).toEqual(['sessions']);
    // The tenant views' list (decision 033) is exactly the walled tables.
    expect([...ORGANIZATION_TABLES].sort()).toEqual(tables.rows.filter((t) => !unwalled.includes(t)).map((t) => t.table));

    // Views read the tables with the caller's rights, so they do not open a way around the wall; those
    // that do not (the tenant views) keep to the organization in their own condition.
    const views = await sql<{ view: string; definition: string }>`
      select c.relname as view, pg_get_viewdef(c.oid) as definition from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind = 'v' and not coalesce('security_invoker=true' = any (c.reloptions), false)
      order by 1`.execute(deps.database.db);
    expect(views.rows.map((v) => v.view)).toEqual(ORGANIZATION_TABLES.map(tenantViewOf).sort());
    for (const view of views.rows) expect(view.definition).toMatch(/WHERE \((\w+\.)?organization_id = \(NULLIF\(current_setting\('app\.organization_id'::text, true\), ''::text\)\)::uuid\);$/);
  });

  it('reads walled tables through their tenant views, which show only the organization the transaction set (decision 033)', async () => {
    const forA = deps.database.forOrganization(a.organizationId);
    // The SELECT names the view under the table's name (or the query's alias); writes name the table.
    const read = forA.selectFrom('contacts').innerJoin('deals as d', 'd.contact_id', 'contacts.id').innerJoin('users', 'users.id', 'd.owner_id').select('contacts.id').compile().sql;
    expect(read).toContain('from "contacts_in_organization" as "contacts"');
    expect(read).toContain('join "deals_in_organization" as "d"');
    expect(read).toContain('join "users" on');
    expect(forA.updateTable('contacts').set({ last_name: 'Wall' }).where('id', 'in', forA.selectFrom('deals').select('contact_id')).compile().sql).toMatch(/^update "contacts"/);
    expect(deps.database.db.selectFrom('contacts').select('id').compile().sql).toBe('select "id" from "contacts"');

    // The view alone keeps to the organization: no filter, and nothing when none is set.
    const viewed = (db: Db) =>
      sql<{ first_name: string }>`select first_name from contacts_in_organization where last_name = 'Wall' order by 1`.execute(db).then((r) => r.rows.map((c) => c.first_name));
    expect(await viewed(forA)).toEqual(['Ada', 'Alan']);
    expect(await viewed(deps.database.forOrganization(b.organizationId))).toEqual(['Bea']);
    const unset = await forA.transaction().execute(async (trx) => {
      await sql`select set_config('app.organization_id', '', true)`.execute(trx);
      return viewed(trx);
    });
    expect(unset).toEqual([]);

    // A search answers the tenant as it answers the system.
    const search = async (db: Db, q: string) =>
      (
        await db
          .selectFrom('contacts')
          .select('first_name')
          // Written out rather than scoped(): the test build without the scoped filter runs this too.
          .where('organization_id', '=', a.organizationId)
          .where(and(filterConditions({ q }, 'UTC')))
          .orderBy('first_name')
          .execute()
      ).map((c) => c.first_name);
    for (const q of ['wall', 'ada wall', 'al']) expect(await search(forA, q)).toEqual(await search(deps.database.db, q));
    expect(await search(forA, 'wall')).toEqual(['Ada', 'Alan']);
  });

  it('keeps the tenant views in step with their tables’ columns', async () => {
    const database = await createTestDatabase();
    try {
      const columns = async () =>
        (
          await sql<{ name: string }>`select attname as name from pg_attribute where attrelid = 'marketing_spend_in_organization'::regclass and attnum > 0 order by attnum`.execute(database.db)
        ).rows.map((r) => r.name);
      const before = await columns();
      // A migration's change to a walled table: the views are out of its way, and follow it after.
      await dropTenantViews(database.db);
      await sql`alter table marketing_spend add column note text`.execute(database.db);
      await syncTenantViews(database.db);
      expect(await columns()).toEqual([...before, 'note']);
      // A view left behind by an older column list is made anew.
      await sql`alter table marketing_spend drop column note cascade`.execute(database.db);
      expect(await sql`select to_regclass('marketing_spend_in_organization') as v`.execute(database.db).then((r) => r.rows[0])).toEqual({ v: null });
      await syncTenantViews(database.db);
      expect(await columns()).toEqual(before);
    } finally {
      await database.close();
    }
  });
});

/** Query procedures as the app declares them, to watch what their reads do (decision 028). */
const names = (db: Db) =>
  db
    .selectFrom('contacts')
    .select('first_name')
    .where('last_name', '=', 'Wall')
    .execute()
    .then((rows) => rows.map((r) => r.first_name).sort());
/** When the current transaction started: two statements of one transaction answer the same. */
const transactionOf = async (db: Db) => (await sql<{ started: string }>`select now()::text as started`.execute(db)).rows[0]!;
const probeRouter = router({
  reads: orgProcedure.query(async ({ ctx }) => {
    const first = await transactionOf(ctx.db);
    const [session1, rows, session2] = await Promise.all([session(ctx.db), names(ctx.db), session(ctx.db)]);
    // Unset here: on PGlite it stays unset for the next statement (the settings are sent once per read);
    // on Postgres the next statement is a transaction of its own, with the settings sent again.
    await sql`select set_config('app.organization_id', '', true)`.execute(ctx.db);
    const afterUnset = await names(ctx.db);
    const inTransaction = await ctx.db.transaction().execute((trx) => transactionOf(trx));
    return { first, last: await transactionOf(ctx.db), inTransaction, sessions: [session1, session2], rows, afterUnset };
  }),
  writes: orgProcedure.query(({ ctx }) => ctx.db.insertInto('tasks').values({ organization_id: ctx.organizationId, title: 'Written by a read' }).execute()),
  fails: orgProcedure.query(async ({ ctx }) => {
    await names(ctx.db);
    await sql`select 1 / 0`.execute(ctx.db);
  }),
  recovers: orgProcedure.query(async ({ ctx }) => {
    const failed = await sql`select 1 / 0`.execute(ctx.db).then(
      () => 'answered',
      () => 'failed',
    );
    return { failed, rows: await names(ctx.db), session: await session(ctx.db) };
  }),
  /** A read whose statements outlive it (a streamed response): they run, each in a transaction of its own. */
  leavesWork: orgProcedure.query(async ({ ctx }) => {
    await names(ctx.db);
    return { read: await transactionOf(ctx.db), later: () => Promise.all([names(ctx.db), transactionOf(ctx.db), session(ctx.db)]) };
  }),
});
const probe = (account: Account) => callerFor(probeRouter, { deps, headers: browser(account.cookie) }).api;

/** Every connection of the pool (PGlite: its one session) is back to the system's role, outside any transaction. */
async function expectCleanConnections() {
  const after = await Promise.all(Array.from({ length: 10 }, () => session(deps.database.db)));
  expect(after.filter((s) => s.role === TENANT_ROLE || s.organization !== null)).toEqual([]);
  if (deps.database.kind === 'pglite') {
    // Outside a transaction, each statement is one of its own: a new transaction id each time (now() may repeat within PGlite's clock tick).
    const xid = async () => (await sql<{ xid: string }>`select txid_current()::text as xid`.execute(deps.database.db)).rows[0]!.xid;
    const first = await xid();
    expect(await xid()).not.toEqual(first);
  } else {
    const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`.execute(deps.database.db);
    expect(open.rows[0]!.n).toBe(0);
  }
}

/**
 * What a statement sees after another of the same read unset the organization: on PGlite the read is one
 * transaction with the settings sent once, so it stays unset (nothing); on Postgres every statement is a
 * read-only transaction of its own with the settings sent again (decision 044), so it is the organization's.
 */
const afterUnset = (rows: string[]) => (deps.database.kind === 'pglite' ? [] : rows);

describe('a query procedure reads read-only: one transaction on PGlite (decision 028), one per statement on Postgres (decision 044)', () => {
  it('runs every statement as the organization, with the settings once per transaction', async () => {
    const read = await probe(a).reads();
    if (deps.database.kind === 'pglite') {
      // One transaction for the whole read, db.transaction() inside included.
      expect(read.first.started).toBe(read.last.started);
      expect(read.inTransaction).toEqual(read.first);
    } else {
      // A transaction per statement, and one for db.transaction(): none shares another's.
      expect(new Set([read.first.started, read.last.started, read.inTransaction.started]).size).toBe(3);
    }
    expect(read.sessions).toEqual([
      { role: TENANT_ROLE, organization: a.organizationId },
      { role: TENANT_ROLE, organization: a.organizationId },
    ]);
    expect(read.rows).toEqual(['Ada', 'Alan']);
    expect(read.afterUnset).toEqual(afterUnset(['Ada', 'Alan']));
    await expectCleanConnections();
  });

  it('refuses a write: a query procedure cannot commit one', async () => {
    await expect(probe(a).writes()).rejects.toThrow(/read-only transaction/);
    expect(await deps.database.db.selectFrom('tasks').select('id').where('title', '=', 'Written by a read').execute()).toEqual([]);
    await expectCleanConnections();
  });

  it('leaves no transaction open and no setting behind after an error', async () => {
    await expect(probe(a).fails()).rejects.toThrow(/division by zero/);
    await expectCleanConnections();
    // A read that recovers from a failed statement goes on in a new transaction, still as the organization.
    expect(await probe(a).recovers()).toEqual({ failed: 'failed', rows: ['Ada', 'Alan'], session: { role: TENANT_ROLE, organization: a.organizationId } });
    await expectCleanConnections();
  });

  it('runs what outlives the read in transactions of their own, still as the organization', async () => {
    const { read, later } = await probe(b).leavesWork();
    const [rows, transaction, after] = await later();
    expect(transaction).not.toEqual(read);
    expect({ rows, after }).toEqual({ rows: ['Bea'], after: { role: TENANT_ROLE, organization: b.organizationId } });
    await expectCleanConnections();
  });

  it('keeps two organizations’ concurrent reads apart, failures included', async () => {
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i++) {
      calls.push(
        probe(a).reads(),
        probe(b).reads(),
        probe(i % 2 ? a : b)
          .fails()
          .then(
            () => 'answered',
            () => 'failed',
          ),
      );
    }
    const results = await Promise.all(calls);
    for (let i = 0; i < results.length; i += 3) {
      expect(results[i]).toMatchObject({ rows: ['Ada', 'Alan'], sessions: [{ organization: a.organizationId }, { organization: a.organizationId }], afterUnset: afterUnset(['Ada', 'Alan']) });
      expect(results[i + 1]).toMatchObject({ rows: ['Bea'], sessions: [{ organization: b.organizationId }, { organization: b.organizationId }], afterUnset: afterUnset(['Bea']) });
      expect(results[i + 2]).toBe('failed');
    }
    await expectCleanConnections();
  });
});

describe('the switch', () => {
  it('without rowLevelSecurity (ROW_LEVEL_SECURITY=false), the organization’s database is the system’s', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined, rowLevelSecurity: false });
    try {
      expect(database.forOrganization(randomUUID())).toBe(database.db);
      expect(database.readForOrganization(randomUUID()).db).toBe(database.db);
    } finally {
      await database.close();
    }
  }, 120_000); // a fresh PGlite starts in seconds, and in tens of them on a loaded machine
});

describe.runIf(process.env.SCOPED_FILTER === 'off')('the test-only build without the scoped filter', () => {
  it('really has no filter: scoped() over the system database reaches every organization', async () => {
    const rows = await scoped(deps.database.db, a.organizationId).selectFrom('contacts').select('organization_id').where('last_name', '=', 'Wall').execute();
    expect(new Set(rows.map((r) => r.organization_id))).toEqual(new Set([a.organizationId, b.organizationId]));
  });
});
