/**
 * The tables the dashboards read (migration 800) stay equal to their definitions — the `*_derived`
 * views and functions computed from the facts — after every kind of write, made through the
 * services as users make them.
 */
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runImport } from '../../server/contacts/imports';
import { registerContactJobs } from '../../server/contacts/jobs';
import type { Db } from '../../server/db';
import { contactsWorld, member } from './contacts-helpers';

const DAY_TABLES = ['contact_days', 'deal_close_days', 'deal_open_days', 'deal_currency_counts', 'task_days', 'appointment_days', 'deal_stage_entry_days'] as const;

const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

async function stored(db: Db, table: string, organizationId: string) {
  return sorted((await sql`select * from ${sql.table(table)} where organization_id = ${organizationId}`.execute(db)).rows);
}

/** Every derived table of the organization against its definition over the facts as they are now. */
async function expectExact(db: Db, organizationId: string) {
  for (const table of DAY_TABLES) {
    const derived = sorted((await sql`select * from ${sql.table(`${table}_derived`)} where organization_id = ${organizationId}`.execute(db)).rows);
    expect(await stored(db, table, organizationId), table).toEqual(derived);
  }
  const entries = await sql`select * from deal_stage_entries_for(array(select id from deals where organization_id = ${organizationId}))`.execute(db);
  expect(await stored(db, 'deal_stage_entries', organizationId), 'deal_stage_entries').toEqual(sorted(entries.rows));
  const conversions = await sql`select * from contact_conversions_derived where organization_id = ${organizationId}`.execute(db);
  expect(await stored(db, 'contact_conversions', organizationId), 'contact_conversions').toEqual(sorted(conversions.rows));
  const order = await sql`
    select id as stage_id, organization_id, pipeline_id, lead(id) over (partition by pipeline_id order by position, created_at, id) as next_stage_id
    from pipeline_stages where organization_id = ${organizationId}`.execute(db);
  expect(await stored(db, 'deal_stage_next', organizationId), 'deal_stage_next').toEqual(sorted(order.rows));
}

async function count(db: Db, table: string, organizationId: string) {
  return (await stored(db, table, organizationId)).length;
}

async function world() {
  const w = await contactsWorld({ env: { JOBS_ENABLED: 'false' } });
  const rep = await member(w.deps, w.owner.organizationId, 'sales_rep');
  const db = w.deps.database.db;
  const pipeline = (await w.api.pipelines.list()).items[0]!;
  const stage = (name: string) => pipeline.stages.find((s) => s.name === name)!.id;
  return { ...w, rep, db, pipeline, stage, exact: () => expectExact(db, w.owner.organizationId) };
}

describe('dashboard aggregates stay exact', () => {
  it('through contacts: create, edit, bulk changes, import, merge and delete', async () => {
    const w = await world();
    const { api, db, owner, rep, deps } = w;
    const ada = await api.contacts.create({ firstName: 'Ada', source: 'Referral', ownerId: owner.userId });
    const alan = await api.contacts.create({ firstName: 'Alan', source: 'Web form' });
    const grace = await api.contacts.create({ firstName: 'Grace', source: '' });
    await w.exact();
    expect(await count(db, 'contact_days', owner.organizationId)).toBeGreaterThan(0);

    await api.contacts.update({ id: alan.id, source: 'Event', ownerId: rep.userId });
    await api.contacts.update({ id: grace.id, lifecycleStage: 'customer' });
    await w.exact();
    await api.contacts.bulk({ ids: [ada.id, grace.id], action: { type: 'assignOwner', ownerId: rep.userId } });
    await api.contacts.bulk({ ids: [ada.id], action: { type: 'addTag', tag: 'vip' } });
    await w.exact();

    // A won deal makes Ada a customer; merging her into Alan moves it (and her history) to him.
    const won = await api.deals.create({ title: 'Ada deal', contactId: ada.id, stageId: w.stage('Closed Won'), value: { valueMinor: 5000, currency: 'USD' } });
    await w.exact();
    expect(await count(db, 'contact_conversions', owner.organizationId)).toBe(1);
    await api.contacts.merge({ keepId: alan.id, mergeId: ada.id, fields: { source: 'merge' } });
    await w.exact();
    expect((await api.deals.get({ id: won.id })).contact?.id).toBe(alan.id);

    registerContactJobs(deps);
    await deps.jobs.start();
    onTestFinished(() => deps.jobs.stop({ timeoutMs: 2000 }));
    const started = await api.imports.start({
      csv: ['Name,Email,Source', 'Linus,linus@example.com,Import', 'Edsger,edsger@example.com,', 'Barbara,grace@example.com,Import'].join('\n'),
      filename: 'people.csv',
      mapping: { Name: 'fullName', Email: 'email', Source: 'source' },
      dedupeBy: 'email',
      onDuplicate: 'update',
    });
    await runImport(deps, { importId: started.id, organizationId: owner.organizationId });
    await w.exact();

    // Deleting a customer takes its contact away from its won deal (a foreign key's update of deals).
    await api.contacts.delete({ id: alan.id });
    await w.exact();
    expect(await count(db, 'contact_conversions', owner.organizationId)).toBe(0);
    await api.contacts.bulk({ filter: {}, action: { type: 'delete' } });
    await w.exact();
    expect(await count(db, 'contact_days', owner.organizationId)).toBe(0);
  });

  it('through deals: create, moves to won and lost and back, edits, owner changes and deletes', async () => {
    const w = await world();
    const { api, rep } = w;
    const contact = await api.contacts.create({ firstName: 'Buyer', source: 'Referral' });
    const a = await api.deals.create({ title: 'A', contactId: contact.id, value: { valueMinor: 10000, currency: 'USD' } });
    const b = await api.deals.create({ title: 'B', value: { valueMinor: 2000, currency: 'EUR' }, probability: 40, isRecurring: true, monthlyValueMinor: 150 });
    await w.exact();
    expect(await count(w.db, 'deal_open_days', w.owner.organizationId)).toBe(2);

    await api.deals.move({ dealId: a.id, stageId: w.stage('Discovery') });
    await api.deals.move({ dealId: a.id, stageId: w.stage('Proposal') });
    await api.deals.move({ dealId: a.id, stageId: w.stage('Discovery') });
    await api.deals.move({ dealId: a.id, stageId: w.stage('Closed Won') });
    await api.deals.move({ dealId: b.id, stageId: w.stage('Closed Lost'), lostReason: 'Budget' });
    await w.exact();
    for (const table of ['deal_close_days', 'deal_stage_entries', 'deal_stage_entry_days', 'contact_conversions']) expect(await count(w.db, table, w.owner.organizationId), table).toBeGreaterThan(0);
    await api.deals.move({ dealId: b.id, stageId: w.stage('Closed Won') });
    await api.deals.move({ dealId: a.id, stageId: w.stage('Negotiation') });
    await w.exact();

    await api.deals.update({ id: a.id, value: { valueMinor: 12345, currency: 'GBP' }, probability: 70, ownerId: rep.userId });
    await api.deals.update({ id: b.id, isRecurring: false, contactId: contact.id });
    await w.exact();
    await api.deals.delete({ id: a.id });
    await w.exact();
  });

  it('through stage edits: a new stage, a new order, a deleted stage, a pipeline deleted with its deals moved', async () => {
    const w = await world();
    const { api, pipeline } = w;
    const deals = [];
    for (const title of ['One', 'Two', 'Three']) deals.push(await api.deals.create({ title }));
    await api.deals.move({ dealId: deals[0]!.id, stageId: w.stage('Discovery') });
    await api.deals.move({ dealId: deals[1]!.id, stageId: w.stage('Discovery') });
    await api.deals.move({ dealId: deals[1]!.id, stageId: w.stage('Proposal') });
    await w.exact();
    expect(await count(w.db, 'deal_stage_entries', w.owner.organizationId)).toBe(6);

    const added = await api.pipelines.createStage({ pipelineId: pipeline.id, name: 'Demo', position: 1 });
    const demo = added.stages.find((s) => s.name === 'Demo')!.id;
    await w.exact();
    await api.deals.move({ dealId: deals[2]!.id, stageId: demo });
    await api.pipelines.reorderStages({
      pipelineId: pipeline.id,
      stageIds: [w.stage('Discovery'), w.stage('Qualified Leads'), ...added.stages.map((s) => s.id).filter((id) => id !== w.stage('Discovery') && id !== w.stage('Qualified Leads'))],
    });
    await w.exact();
    await api.pipelines.deleteStage({ id: w.stage('Discovery'), moveDealsToStageId: demo });
    await w.exact();

    const other = await api.pipelines.create({ name: 'Renewals' });
    await api.pipelines.delete({ id: pipeline.id, moveDealsToStageId: other.stages[0]!.id });
    await w.exact();
  });

  it('through tasks and appointments: create, complete, reopen, reassign, reschedule, outcome, delete', async () => {
    const w = await world();
    const { api, rep } = w;
    const due = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const task = await api.tasks.create({ title: 'Call back', dueAt: due });
    const undated = await api.tasks.create({ title: 'Someday' });
    await w.exact();
    expect(await count(w.db, 'task_days', w.owner.organizationId)).toBeGreaterThan(0);
    await api.tasks.complete({ id: task.id });
    await w.exact();
    await api.tasks.reopen({ id: task.id });
    await api.tasks.update({ id: undated.id, assigneeId: rep.userId, dueAt: new Date(Date.now() + 86_400_000).toISOString() });
    await w.exact();
    await api.tasks.delete({ id: task.id });
    await w.exact();

    const startsAt = new Date(Date.now() - 2 * 86_400_000);
    const meeting = await api.appointments.create({ title: 'Demo', startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString() });
    await w.exact();
    expect(await count(w.db, 'appointment_days', w.owner.organizationId)).toBe(1);
    await api.appointments.setStatus({ id: meeting.id, status: 'no_show' });
    await api.appointments.reschedule({ id: meeting.id, startsAt: new Date(startsAt.getTime() - 86_400_000).toISOString(), endsAt: startsAt.toISOString() });
    await w.exact();
    await api.appointments.delete({ id: meeting.id });
    await w.exact();
  });

  it('through a change of the organization time zone: every day is computed again', async () => {
    const w = await world();
    const { api, db, owner } = w;
    // 23:30 UTC on 1 March is already 2 March in Tokyo.
    const late = new Date('2026-03-01T23:30:00Z');
    await db
      .updateTable('contacts')
      .set({ created_at: late })
      .where('id', '=', (await api.contacts.create({ firstName: 'Night owl' })).id)
      .execute();
    const deal = await api.deals.create({ title: 'Late win' });
    await api.deals.move({ dealId: deal.id, stageId: w.stage('Closed Won') });
    await api.tasks.create({ title: 'Late task', dueAt: late.toISOString() });
    const days = async () => (await db.selectFrom('contact_days').select('created_on').where('organization_id', '=', owner.organizationId).execute()).map((r) => r.created_on);
    expect(await days()).toContain('2026-03-01');

    await api.organizations.update({ timezone: 'Asia/Tokyo' });
    await w.exact();
    expect(await days()).toContain('2026-03-02');
    expect(await days()).not.toContain('2026-03-01');
  });
});
