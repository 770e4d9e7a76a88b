import { sql, type SelectQueryBuilder } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDashboard } from '../../server/analytics/dashboard';
import { getInsights } from '../../server/analytics/insights';
import type { Db } from '../../server/db';
import { scoped } from '../../server/db/scoped';
import { DEMO_EMAIL, seedDemoWorkspace } from '../../server/organizations/demo';
import { DEMO_MEMBERS, DEMO_SOURCES, seedDemoData, type DemoDataSummary } from '../../server/organizations/demo-data';
import { normalizePhone } from '../../server/phone';
import { buildTestApp } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';
import { createAccount, type Account } from '../helpers/factories';
import { ctxFor, NOW } from './analytics-fixture';

const DAY = 86_400_000;

describe('demo data generator', () => {
  let db: Db;
  let account: Account;
  let summary: DemoDataSummary;

  beforeAll(async () => {
    const { deps } = await buildTestApp();
    db = deps.database.db;
    account = await createAccount(deps, 'demo-data');
    summary = await db.transaction().execute((trx) => seedDemoData(trx, account.organizationId, { ownerId: account.userId, now: NOW }));
  }, 60_000);

  const org = () => scoped(db, account.organizationId);
  const count = async <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    Number(((await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()) as unknown as { n: unknown }).n);

  it('fills the workspace with the promised volumes', async () => {
    expect(summary).toMatchObject({ members: 6, contacts: 2000, deals: 300 });
    expect(await count(org().selectFrom('contacts'))).toBe(2000);
    expect(await count(org().selectFrom('deals'))).toBe(300);
    const roles = await org().selectFrom('memberships').select('role').execute();
    expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'manager', 'sales_rep', 'sales_rep', 'super_admin', 'viewer']);
    expect(summary.tasks).toBeGreaterThan(200);
    expect(summary.appointments).toBeGreaterThan(100);
    expect(summary.activities).toBeGreaterThan(summary.contacts + summary.deals);
  });

  it('keeps every deal consistent with its pipeline, stage and history', async () => {
    const wrongPipeline = await count(org().selectFrom('deals').innerJoin('pipeline_stages as st', 'st.id', 'deals.stage_id').whereRef('st.pipeline_id', '!=', 'deals.pipeline_id'));
    expect(wrongPipeline).toBe(0);
    const wrongStatus = await count(org().selectFrom('deals').innerJoin('pipeline_stages as st', 'st.id', 'deals.stage_id').whereRef('st.kind', '!=', 'deals.status'));
    expect(wrongStatus).toBe(0);

    const deals = await org()
      .selectFrom('deals')
      .select(['id', 'status', 'stage_id', 'won_at', 'lost_at', 'lost_reason', 'is_recurring', 'monthly_value_minor', 'value_minor', 'created_at', 'stage_changed_at', 'contact_id', 'owner_id'])
      .execute();
    const history = await org().selectFrom('deal_stage_history').select(['deal_id', 'from_stage_id', 'to_stage_id', 'changed_at']).orderBy('changed_at').orderBy('id').execute();
    const members = new Set((await org().selectFrom('memberships').select(['user_id', 'role']).execute()).filter((m) => m.role !== 'viewer').map((m) => m.user_id));
    const byDeal = new Map<string, typeof history>();
    for (const h of history) byDeal.set(h.deal_id, [...(byDeal.get(h.deal_id) ?? []), h]);
    const statuses = new Set<string>();
    for (const d of deals) {
      statuses.add(d.status);
      expect(d.won_at !== null, `won_at of a ${d.status} deal`).toBe(d.status === 'won');
      expect(d.lost_at !== null, `lost_at of a ${d.status} deal`).toBe(d.status === 'lost');
      expect(d.lost_reason !== null).toBe(d.status === 'lost');
      if (d.is_recurring) expect(d.monthly_value_minor).toBeGreaterThan(0);
      else expect(d.monthly_value_minor).toBeNull();
      expect(Number.isInteger(d.value_minor) && d.value_minor > 0).toBe(true);
      expect(d.created_at.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 181 * DAY);
      expect(d.created_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      for (const at of [d.won_at, d.lost_at]) if (at) expect(at.getTime()).toBeGreaterThan(d.created_at.getTime());
      expect(d.contact_id).not.toBeNull();
      expect(members.has(d.owner_id!)).toBe(true);
      const moves = byDeal.get(d.id)!;
      expect(moves[0]!.from_stage_id).toBeNull();
      expect(moves[0]!.changed_at.getTime()).toBe(d.created_at.getTime());
      expect(moves.at(-1)!.to_stage_id).toBe(d.stage_id);
      expect(moves.at(-1)!.changed_at.getTime()).toBe(d.stage_changed_at.getTime());
      for (let i = 1; i < moves.length; i++) expect(moves[i]!.from_stage_id).toBe(moves[i - 1]!.to_stage_id);
    }
    expect([...statuses].sort()).toEqual(['lost', 'open', 'won']);
    expect(deals.filter((d) => d.is_recurring && d.status === 'won').length).toBeGreaterThan(5);
  });

  it('gives contacts real-looking, valid and unique details, and lifecycle follows the deals', async () => {
    const contacts = await org().selectFrom('contacts').select(['id', 'first_name', 'last_name', 'email', 'phone', 'source', 'lifecycle_stage', 'owner_id', 'tags']).execute();
    const emails = contacts.map((c) => c.email!);
    expect(new Set(emails).size).toBe(emails.length);
    for (const c of contacts) {
      expect(c.email).toMatch(/^[a-z0-9.]+@[a-z0-9.-]+\.[a-z]+$/);
      if (c.phone) expect(normalizePhone(c.phone, 'US')).toEqual({ ok: true, e164: c.phone, country: 'US' });
      expect(DEMO_SOURCES).toContain(c.source);
      expect(c.first_name.length).toBeGreaterThan(0);
    }
    const sources = new Set(contacts.map((c) => c.source));
    expect(sources.size).toBe(DEMO_SOURCES.length);
    const stages = new Set(contacts.map((c) => c.lifecycle_stage));
    expect(stages.size).toBeGreaterThanOrEqual(5);
    expect(contacts.filter((c) => c.phone).length).toBeGreaterThan(1500);
    expect(contacts.filter((c) => c.tags.length > 0).length).toBeGreaterThan(1000);
    const owners = new Set(contacts.map((c) => c.owner_id));
    expect(owners.size).toBe(5);

    const wonContacts = new Set((await org().selectFrom('deals').select('contact_id').where('status', '=', 'won').execute()).map((d) => d.contact_id));
    const customers = contacts.filter((c) => c.lifecycle_stage === 'customer').map((c) => c.id);
    expect(new Set(customers)).toEqual(wonContacts);
  });

  it('has overdue and done tasks, past appointments with outcomes and booked ones, spend every month, and a timeline', async () => {
    const tasks = await org().selectFrom('tasks').select(['status', 'due_at', 'completed_at']).execute();
    expect(tasks.filter((t) => t.status === 'open' && t.due_at! < NOW).length).toBeGreaterThan(5);
    expect(tasks.filter((t) => t.status === 'done').length).toBeGreaterThan(100);
    for (const t of tasks) expect(t.completed_at !== null).toBe(t.status === 'done');

    const appointments = await org().selectFrom('appointments').select(['status', 'starts_at', 'ends_at']).execute();
    const past = appointments.filter((a) => a.ends_at < NOW);
    const future = appointments.filter((a) => a.starts_at > NOW);
    expect(new Set(past.map((a) => a.status))).toEqual(new Set(['completed', 'no_show', 'cancelled', 'scheduled']));
    expect(future.length).toBeGreaterThan(20);
    expect(future.every((a) => a.status === 'scheduled' || a.status === 'cancelled')).toBe(true);
    expect(appointments.every((a) => a.ends_at > a.starts_at)).toBe(true);

    const months = await org()
      .selectFrom('marketing_spend')
      .select(sql<string>`to_char(spent_on, 'YYYY-MM')`.as('month'))
      .distinct()
      .execute();
    expect(months.length).toBeGreaterThanOrEqual(12);

    const types = await org()
      .selectFrom('activities')
      .select(['type', sql<number>`count(*)`.as('n')])
      .groupBy('type')
      .execute();
    const byType = Object.fromEntries(types.map((t) => [t.type, Number(t.n)]));
    expect(byType.contact_created).toBe(2000);
    expect(byType.deal_created).toBe(300);
    expect(byType.deal_moved).toBe(summary.stageChanges - 300);
    expect(byType.deal_won! + byType.deal_lost!).toBe(await count(org().selectFrom('deals').where('status', '!=', 'open')));
    expect(byType.task_created).toBe(summary.tasks);
    expect(byType.appointment_scheduled).toBe(summary.appointments);
    const future_ = await count(org().selectFrom('activities').where('created_at', '>', NOW));
    expect(future_).toBe(0);
  });

  it('is deterministic for the same seed and date', async () => {
    const { deps } = await buildTestApp();
    const other = await createAccount(deps, 'demo-data-again');
    await deps.database.db.transaction().execute((trx) => seedDemoData(trx, other.organizationId, { ownerId: other.userId, now: NOW }));
    const project = async (organizationId: string) => ({
      contacts: await scoped(db, organizationId).selectFrom('contacts').select(['first_name', 'last_name', 'email', 'phone', 'source', 'lifecycle_stage', 'created_at']).orderBy('email').execute(),
      deals: await scoped(db, organizationId)
        .selectFrom('deals')
        .select(['title', 'value_minor', 'status', 'won_at', 'created_at'])
        .orderBy('created_at')
        .orderBy('title')
        .orderBy('value_minor')
        .execute(),
      spend: await scoped(db, organizationId).selectFrom('marketing_spend').select(['channel', 'amount_minor', 'spent_on']).orderBy('spent_on').orderBy('channel').execute(),
    });
    expect(await project(other.organizationId)).toEqual(await project(account.organizationId));
  });

  it('gives the dashboards real figures to show', async () => {
    const ctx = ctxFor(db, account.organizationId, account.userId);
    const dashboard = await getDashboard(ctx, { period: '30d' }, NOW);
    for (const k of dashboard.kpis) expect(k.value, k.key).not.toBeNull();
    expect(dashboard.kpis.find((k) => k.key === 'mrr')!.value).toBeGreaterThan(0);
    const insights = await getInsights(ctx, { period: '30d' }, NOW);
    expect(insights.insights.length).toBeGreaterThan(0);
  });
});

describe('demo workspace seeding', () => {
  it('creates the owner, the members and the data once, on a fresh database', async () => {
    const database = await createTestDatabase();
    try {
      const login = await seedDemoWorkspace(database.db);
      const org = scoped(database.db, login.organizationId);
      expect(
        Number(
          (
            await org
              .selectFrom('contacts')
              .select(sql<number>`count(*)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(2000);
      const users = await database.db.selectFrom('users').select('email').execute();
      expect(users.map((u) => u.email).sort()).toEqual([DEMO_EMAIL, ...DEMO_MEMBERS.map((m) => m.email)].sort());
      // Run again: no second copy of the data.
      const again = await seedDemoWorkspace(database.db);
      expect(again.created).toBe(false);
      expect(
        Number(
          (
            await org
              .selectFrom('deals')
              .select(sql<number>`count(*)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(300);
    } finally {
      await database.close();
    }
  }, 60_000);
});
