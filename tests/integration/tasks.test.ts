import { describe, expect, it } from 'vitest';
import { listActivities } from '../../server/activities/service';
import { dayRangeIn } from '../../server/time/zoned';
import { buildTestApp } from '../helpers/app';
import { addMember, browser, createAccount, createKey } from '../helpers/factories';

const HOUR = 3_600_000;

async function setup() {
  const { deps, caller } = await buildTestApp();
  const owner = await createAccount(deps, 'tasks');
  const api = caller(browser(owner.cookie));
  const contactId = (
    await deps.database.db.insertInto('contacts').values({ organization_id: owner.organizationId, first_name: 'Grace', last_name: 'Hopper' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  return { deps, caller, owner, api, contactId };
}

describe("today in the user's time zone", () => {
  it('is the local calendar day, 23 or 25 hours long on daylight-saving days', () => {
    expect(dayRangeIn(new Date('2026-03-08T12:00:00Z'), 'America/New_York')).toEqual({
      start: new Date('2026-03-08T05:00:00Z'),
      end: new Date('2026-03-09T04:00:00Z'),
      date: '2026-03-08',
    });
    expect(dayRangeIn(new Date('2026-10-25T12:00:00Z'), 'Europe/Paris')).toEqual({
      start: new Date('2026-10-24T22:00:00Z'),
      end: new Date('2026-10-25T23:00:00Z'),
      date: '2026-10-25',
    });
    // 23:30 UTC is already tomorrow in Kolkata (+05:30) and still today in Los Angeles.
    expect(dayRangeIn(new Date('2026-01-10T23:30:00Z'), 'Asia/Kolkata')).toMatchObject({ start: new Date('2026-01-10T18:30:00Z'), date: '2026-01-11' });
    expect(dayRangeIn(new Date('2026-01-10T23:30:00Z'), 'America/Los_Angeles')).toMatchObject({ start: new Date('2026-01-10T08:00:00Z'), date: '2026-01-10' });
    expect(dayRangeIn(new Date('2026-01-10T23:30:00Z'), 'UTC')).toEqual({ start: new Date('2026-01-10T00:00:00Z'), end: new Date('2026-01-11T00:00:00Z'), date: '2026-01-10' });
    // America/Santiago skips midnight on 2026-09-06: that day starts at 01:00 (04:00 UTC), not 23:00 the day before.
    expect(dayRangeIn(new Date('2026-09-06T12:00:00Z'), 'America/Santiago')).toEqual({
      start: new Date('2026-09-06T04:00:00Z'),
      end: new Date('2026-09-07T03:00:00Z'),
      date: '2026-09-06',
    });
  });
});

describe('task views', () => {
  it('splits tasks into mine, today (in my zone), overdue, upcoming and all, with counts for the tabs', async () => {
    const { deps, caller, owner, api } = await setup();
    const colleague = await addMember(deps, owner.organizationId, 'sales_rep', 'colleague');
    await api.auth.updatePreferences({ timezone: 'Asia/Tokyo' });

    // Today in Tokyo (UTC+9, no daylight saving), computed by hand.
    const now = Date.now();
    const tokyo = new Date(now + 9 * HOUR);
    const start = Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), tokyo.getUTCDate()) - 9 * HOUR;
    const end = start + 24 * HOUR;
    const at = (ms: number) => new Date(Math.round(ms)).toISOString();
    const specs = [
      { title: 'earlier today', dueAt: at(start + (now - start) / 2) },
      { title: 'later today', dueAt: at(now + (end - now) / 2) },
      { title: 'tomorrow', dueAt: at(end + HOUR) },
      { title: 'yesterday', dueAt: at(start - HOUR) },
      { title: 'someday', dueAt: null },
      { title: 'colleague today', dueAt: at(now + ((end - now) * 3) / 4), assigneeId: colleague.userId },
      { title: 'done yesterday', dueAt: at(start - 2 * HOUR) },
    ];
    const created = [];
    for (const spec of specs) created.push(await api.tasks.create(spec));
    await api.tasks.complete({ id: created[6]!.id });

    const titles = async (view: 'mine' | 'today' | 'overdue' | 'upcoming' | 'all', extra: Record<string, unknown> = {}) => (await api.tasks.list({ view, ...extra })).items.map((t) => t.title);
    expect(await titles('mine')).toEqual(['yesterday', 'earlier today', 'later today', 'tomorrow', 'someday']);
    expect(await titles('today')).toEqual(['earlier today', 'later today', 'colleague today']);
    expect(await titles('overdue')).toEqual(['yesterday', 'earlier today']);
    expect(await titles('upcoming')).toEqual(['tomorrow']);
    expect(await titles('all')).toEqual(['yesterday', 'earlier today', 'later today', 'colleague today', 'tomorrow', 'someday', 'done yesterday']);
    expect(await titles('all', { status: 'done' })).toEqual(['done yesterday']);
    expect(await titles('mine', { status: 'any' })).toHaveLength(6);

    const counts = await api.tasks.counts();
    expect(counts).toEqual({ mine: 5, today: 3, overdue: 2, upcoming: 1, all: 7, open: 6, done: 1, timeZone: 'Asia/Tokyo' });

    const list = await api.tasks.list({ view: 'all' });
    expect(list).toMatchObject({ total: 7, page: 1, limit: 25, timeZone: 'Asia/Tokyo' });
    expect(Object.fromEntries(list.items.map((t) => [t.title, t.overdue]))).toEqual({
      yesterday: true,
      'earlier today': true,
      'later today': false,
      'colleague today': false,
      tomorrow: false,
      someday: false,
      'done yesterday': false,
    });

    // The colleague has no preference and the organization none either: their today is the UTC day.
    const utcStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
    const expectedUtcToday = specs.filter((s, i) => i !== 6 && s.dueAt && Date.parse(s.dueAt) >= utcStart && Date.parse(s.dueAt) < utcStart + 24 * HOUR).length;
    const theirs = await caller(browser(colleague.cookie)).tasks.counts();
    expect(theirs).toMatchObject({ mine: 1, today: expectedUtcToday, overdue: 2, timeZone: 'UTC' });

    // An organization time zone applies to members without their own.
    await api.organizations.update({ timezone: 'Asia/Tokyo' });
    expect(await caller(browser(colleague.cookie)).tasks.counts()).toMatchObject({ today: 3, timeZone: 'Asia/Tokyo' });
  });

  it('filters and pages the list', async () => {
    const { api, contactId } = await setup();
    const deal = await api.deals.create({ title: 'Deal with tasks' });
    await api.tasks.create({ title: 'Call Grace', contactId, priority: 'urgent' });
    await api.tasks.create({ title: 'Send proposal', dealId: deal.id, priority: 'high' });
    await api.tasks.create({ title: 'Call back', priority: 'low' });
    expect((await api.tasks.list({ contactId })).items.map((t) => t.title)).toEqual(['Call Grace']);
    expect((await api.tasks.list({ dealId: deal.id })).items.map((t) => [t.title, t.deal?.title])).toEqual([['Send proposal', 'Deal with tasks']]);
    expect((await api.tasks.list({ q: 'call' })).items.map((t) => t.title)).toEqual(['Call Grace', 'Call back']);
    expect((await api.tasks.list({ priority: 'low' })).items.map((t) => t.title)).toEqual(['Call back']);
    const page2 = await api.tasks.list({ limit: 2, page: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.items.map((t) => t.title)).toEqual(['Call back']);
    await expect(api.tasks.list({ view: 'later' as never })).rejects.toMatchObject({ message: 'view: must be mine, today, overdue, upcoming or all' });
  });
});

describe('tasks', () => {
  it('creates with defaults and links, and writes task_created / task_completed on the contact and deal', async () => {
    const { deps, owner, api, contactId } = await setup();
    const deal = await api.deals.create({ title: 'Linked deal', contactId });
    const task = await api.tasks.create({ title: ' Prepare demo ', description: 'Slides and sandbox', dueAt: '2030-05-01T09:00:00+02:00', dealId: deal.id });
    expect(task).toMatchObject({
      title: 'Prepare demo',
      description: 'Slides and sandbox',
      dueAt: '2030-05-01T07:00:00.000Z',
      priority: 'medium',
      status: 'open',
      overdue: false,
      completedAt: null,
      assignee: { id: owner.userId, name: 'Test tasks' },
      contact: null,
      deal: { id: deal.id, title: 'Linked deal' },
      createdBy: { id: owner.userId },
    });

    const done = await api.tasks.complete({ id: task.id });
    expect(done.status).toBe('done');
    expect(done.completedAt).not.toBeNull();
    // Completing twice changes nothing and writes nothing more.
    await api.tasks.complete({ id: task.id });
    const reopened = await api.tasks.reopen({ id: task.id });
    expect(reopened).toMatchObject({ status: 'open', completedAt: null });

    // On the deal, and (through the deal) on its contact.
    const onDeal = (await api.deals.timeline({ dealId: deal.id })).items.filter((a) => a.type.startsWith('task_'));
    expect(onDeal.map((a) => [a.type, a.contactId])).toEqual([
      ['task_reopened', contactId],
      ['task_completed', contactId],
      ['task_created', contactId],
    ]);
    expect(onDeal[2]!.payload).toMatchObject({ taskId: task.id, title: 'Prepare demo', dueAt: '2030-05-01T09:00:00+02:00', priority: 'medium' });
    const onContact = await listActivities({ db: deps.database.db, organizationId: owner.organizationId }, { contactId });
    expect(onContact.items.filter((a) => a.type.startsWith('task_'))).toHaveLength(3);

    // A task without links writes no timeline entry.
    const lonely = await api.tasks.create({ title: 'Tidy up' });
    await api.tasks.complete({ id: lonely.id });
    const count = await deps.database.db
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', owner.organizationId)
      .where('type', 'like', 'task_%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });

  it('updates and deletes', async () => {
    const { deps, owner, api, contactId } = await setup();
    const rep = await addMember(deps, owner.organizationId, 'sales_rep', 'rep');
    const task = await api.tasks.create({ title: 'Draft' });
    const updated = await api.tasks.update({ id: task.id, title: 'Final', priority: 'urgent', assigneeId: rep.userId, contactId, dueAt: '2031-01-01T00:00:00Z', description: null });
    expect(updated).toMatchObject({
      title: 'Final',
      priority: 'urgent',
      assignee: { id: rep.userId },
      contact: { id: contactId, name: 'Grace Hopper' },
      dueAt: '2031-01-01T00:00:00.000Z',
      description: null,
    });
    expect((await api.tasks.update({ id: task.id, dueAt: null, assigneeId: null })).assignee).toBeNull();
    expect(await api.tasks.delete({ id: task.id })).toEqual({ id: task.id });
    await expect(api.tasks.delete({ id: task.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Task not found' });
    await expect(api.tasks.update({ id: task.id, title: 'Ghost' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.tasks.complete({ id: task.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses bad input naming the field and the rule', async () => {
    const { deps, caller, api } = await setup();
    const other = await createAccount(deps, 'other');
    const otherDeal = await caller(browser(other.cookie)).deals.create({ title: 'Theirs' });
    const otherContact = (await deps.database.db.insertInto('contacts').values({ organization_id: other.organizationId, first_name: 'X' }).returning('id').executeTakeFirstOrThrow()).id;
    await expect(api.tasks.create({ title: 'X', assigneeId: other.userId })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'assigneeId: is not a member of this organization' });
    await expect(api.tasks.create({ title: 'X', contactId: otherContact })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'contactId: is not a known contact' });
    await expect(api.tasks.create({ title: 'X', dealId: otherDeal.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'dealId: is not a known deal' });
    await expect(api.tasks.create({ title: 'X', dueAt: 'tomorrow' })).rejects.toMatchObject({ message: 'dueAt: must be a date and time such as 2026-05-01T09:00:00Z' });
    await expect(api.tasks.create({ title: 'X', priority: 'asap' as never })).rejects.toMatchObject({ message: 'priority: must be low, medium, high or urgent' });
    await expect(api.tasks.create({ title: '' })).rejects.toMatchObject({ message: 'title: is required' });
    await expect(api.tasks.list({ dealId: otherDeal.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await api.tasks.list({})).total).toBe(0);
  });

  it('answers an API key with the organization zone, and refuses it the "mine" view', async () => {
    const { deps, caller, owner } = await setup();
    const key = await createKey(deps, owner.organizationId, 'manager');
    const viaKey = caller({ authorization: `Bearer ${key}` });
    const task = await viaKey.tasks.create({ title: 'From an integration' });
    expect(task.assignee).toBeNull();
    expect(task.createdBy).toBeNull();
    expect((await viaKey.tasks.counts()).mine).toBe(0);
    await expect(viaKey.tasks.list({ view: 'mine' })).rejects.toMatchObject({ message: 'view: mine needs a signed-in user' });
    expect((await viaKey.tasks.list({ view: 'all' })).timeZone).toBe('UTC');
  });

  it('needs tasks:write to change tasks', async () => {
    const { deps, caller, owner, api } = await setup();
    const viewer = caller(browser((await addMember(deps, owner.organizationId, 'viewer')).cookie));
    const task = await api.tasks.create({ title: 'Read only' });
    expect((await viewer.tasks.list({})).total).toBe(1);
    await expect(viewer.tasks.complete({ id: task.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
