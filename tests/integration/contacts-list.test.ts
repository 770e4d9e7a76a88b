import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contactsWorld, member, setOrgSettings } from './contacts-helpers';

type World = Awaited<ReturnType<typeof contactsWorld>>;

/** Sets created_at (and updated_at) of a contact directly. */
async function backdate(world: World, id: string, createdAt: string, updatedAt = createdAt) {
  await world.deps.database.db
    .updateTable('contacts')
    .set({ created_at: new Date(createdAt), updated_at: new Date(updatedAt) })
    .where('id', '=', id)
    .execute();
}

async function seedPeople(world: World) {
  const { api } = world;
  const ada = await api.contacts.create({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@analytical.example',
    phone: '+1 415 555 2671',
    companyName: 'Analytical Engines',
    tags: ['vip', 'math'],
    lifecycleStage: 'customer',
    source: 'Referral',
    leadScore: 90,
  });
  const alan = await api.contacts.create({
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@bletchley.example',
    phone: '+44 20 7946 0958',
    companyName: 'Bletchley Park',
    tags: ['math'],
    lifecycleStage: 'sql',
    source: 'referral',
    leadScore: 70,
    doNotContact: { sms: true },
  });
  const grace = await api.contacts.create({
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@navy.example',
    companyName: 'US Navy',
    tags: ['navy'],
    lifecycleStage: 'lead',
    source: 'Website',
    leadScore: 50,
    doNotContact: { email: true, calls: true },
  });
  const anon = await api.contacts.create({ email: 'zz-anon@mail.example', leadScore: 10, ownerId: null });
  await backdate(world, ada.id, '2026-01-01T10:00:00Z', '2026-03-01T00:00:00Z');
  await backdate(world, alan.id, '2026-01-02T10:00:00Z', '2026-01-05T00:00:00Z');
  await backdate(world, grace.id, '2026-01-03T23:30:00Z', '2026-02-01T00:00:00Z');
  await backdate(world, anon.id, '2026-01-04T10:00:00Z', '2026-01-04T10:00:00Z');
  return { ada, alan, grace, anon };
}

const names = (list: { items: { name: string }[] }) => list.items.map((c) => c.name);

describe('contacts list', () => {
  it('answers {items, total, page, limit, nextCursor} with the defaults page 1 and 20 per page, newest first', async () => {
    const world = await contactsWorld();
    await seedPeople(world);
    const list = await world.api.contacts.list();
    expect(list).toMatchObject({ total: 4, page: 1, limit: 20, nextCursor: null });
    expect(names(list)).toEqual(['zz-anon@mail.example', 'Grace Hopper', 'Alan Turing', 'Ada Lovelace']);
    expect(list.items[1]).toMatchObject({ owner: { id: world.owner.userId, name: 'Test contacts' } });
    const page2 = await world.api.contacts.list({ limit: 3, page: 2 });
    expect(page2).toMatchObject({ total: 4, page: 2, limit: 3, nextCursor: null });
    expect(names(page2)).toEqual(['Ada Lovelace']);
    await expect(world.api.contacts.list({ limit: 101 })).rejects.toMatchObject({ message: 'limit: must be at most 100' });
    await expect(world.api.contacts.list({ page: 0 })).rejects.toMatchObject({ message: 'page: must be at least 1' });
  });

  it('searches by name, e-mail, phone and company', async () => {
    const world = await contactsWorld();
    await seedPeople(world);
    const search = async (q: string) => names(await world.api.contacts.list({ q, sort: 'name' }));
    expect(await search('love')).toEqual(['Ada Lovelace']);
    expect(await search('TURING alan')).toEqual(['Alan Turing']);
    expect(await search('ada lovelace')).toEqual(['Ada Lovelace']);
    expect(await search('navy.example')).toEqual(['Grace Hopper']);
    expect(await search('bletchley')).toEqual(['Alan Turing']);
    expect(await search('(415) 555-2671')).toEqual(['Ada Lovelace']);
    expect(await search('7946')).toEqual(['Alan Turing']);
    expect(await search('+44')).toEqual(['Alan Turing']);
    expect(await search('gr')).toEqual(['Grace Hopper']);
    expect(await search('zz')).toEqual(['zz-anon@mail.example']);
    expect(await search('a')).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(await search('us')).toEqual(['Grace Hopper']);
    expect(await search('example')).toHaveLength(4);
    expect(await search('nobody')).toEqual([]);
    // A word shaped like an e-mail address matches the addresses starting with it, in any case.
    expect(await search('Grace@Navy.example')).toEqual(['Grace Hopper']);
    expect(await search('alan@bletch')).toEqual(['Alan Turing']);
    expect(await search('ada@ analytical')).toEqual(['Ada Lovelace']);
    expect(await search('race@navy.example')).toEqual([]);
    expect(await search('@navy.example')).toEqual(['Grace Hopper']);
    // LIKE wildcards are matched as text.
    expect(await search('%')).toEqual([]);
    expect(await search('__')).toEqual([]);
  });

  it('filters by tag, owner, stage, source, created range and do-not-contact', async () => {
    const world = await contactsWorld();
    const { api, deps, owner } = world;
    const people = await seedPeople(world);
    const rep = await member(deps, owner.organizationId, 'sales_rep');
    await api.contacts.update({ id: people.grace.id, ownerId: rep.userId });
    const filter = async (input: Parameters<typeof api.contacts.list>[0]) => names(await api.contacts.list({ ...input, sort: 'name' }));
    expect(await filter({ tag: 'math' })).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(await filter({ tag: 'Math' })).toEqual([]);
    expect(await filter({ ownerId: rep.userId })).toEqual(['Grace Hopper']);
    expect(await filter({ ownerId: owner.userId })).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(await filter({ ownerId: 'none' })).toEqual(['zz-anon@mail.example']);
    expect(await filter({ lifecycleStage: 'sql' })).toEqual(['Alan Turing']);
    expect(await filter({ source: 'REFERRAL' })).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(await filter({ createdFrom: '2026-01-02', createdTo: '2026-01-03' })).toEqual(['Alan Turing', 'Grace Hopper']);
    expect(await filter({ createdFrom: '2026-01-02T12:00:00Z' })).toEqual(['Grace Hopper', 'zz-anon@mail.example']);
    expect(await filter({ createdTo: '2026-01-01T10:00:00.000Z' })).toEqual(['Ada Lovelace']);
    // Date-only bounds are days in the organization's time zone.
    await setOrgSettings(deps, owner.organizationId, { timezone: 'Europe/Paris' });
    expect(await filter({ createdFrom: '2026-01-04', createdTo: '2026-01-04' })).toEqual(['Grace Hopper', 'zz-anon@mail.example']);
    expect(await filter({ doNotContact: 'sms' })).toEqual(['Alan Turing']);
    expect(await filter({ doNotContact: 'email' })).toEqual(['Grace Hopper']);
    expect(await filter({ doNotContact: 'calls' })).toEqual(['Grace Hopper']);
    expect(await filter({ doNotContact: 'any' })).toEqual(['Alan Turing', 'Grace Hopper']);
    expect(await filter({ doNotContact: 'none' })).toEqual(['Ada Lovelace', 'zz-anon@mail.example']);
    expect(await filter({ tag: 'math', lifecycleStage: 'customer', q: 'ada' })).toEqual(['Ada Lovelace']);
    expect((await api.contacts.list({ tag: 'math' })).total).toBe(2);
    await expect(api.contacts.list({ createdFrom: 'yesterday' })).rejects.toMatchObject({ message: 'createdFrom: must be a date (YYYY-MM-DD) or an ISO date-time' });
    await expect(api.contacts.list({ doNotContact: 'fax' as never })).rejects.toMatchObject({ message: 'doNotContact: must be one of sms, email, calls, any, none' });
    const stranger = await contactsWorld();
    expect(await api.contacts.list({ ownerId: stranger.owner.userId })).toMatchObject({ items: [], total: 0 });
  });

  it('totals: exact without a filter or with only a tag; otherwise counted up to 500, then "at least"', async () => {
    const world = await contactsWorld();
    const insert = (n: number, tag: string) =>
      sql`insert into contacts (organization_id, first_name, tags) select ${world.owner.organizationId}, 'Bulk ' || i, array[${tag}] from generate_series(1, ${n}) as i`.execute(
        world.deps.database.db,
      );
    await insert(500, 'first');
    expect(await world.api.contacts.list({ limit: 1, q: 'bulk' })).toMatchObject({ total: 500, totalIsLowerBound: false });
    await insert(700, 'second');
    expect(await world.api.contacts.list({ limit: 1 })).toMatchObject({ total: 1_200, totalIsLowerBound: false });
    expect(await world.api.contacts.list({ limit: 1, tag: 'second' })).toMatchObject({ total: 700, totalIsLowerBound: false });
    expect(await world.api.contacts.list({ limit: 1, q: 'bulk' })).toMatchObject({ total: 500, totalIsLowerBound: true });
    expect(await world.api.contacts.list({ limit: 1, q: 'bulk', tag: 'first' })).toMatchObject({ total: 500, totalIsLowerBound: false });
    await sql`delete from contacts where organization_id = ${world.owner.organizationId} and first_name like 'Bulk 1%'`.execute(world.deps.database.db);
    const left = await world.deps.database.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', world.owner.organizationId)
      .executeTakeFirstOrThrow();
    expect(await world.api.contacts.list({ limit: 1 })).toMatchObject({ total: Number(left.n), totalIsLowerBound: false });
  });

  it('sorts by name, company, lead score, created and updated, either way; blanks last', async () => {
    const world = await contactsWorld();
    await seedPeople(world);
    const sorted = async (sort: 'name' | 'company' | 'leadScore' | 'created' | 'updated', direction?: 'asc' | 'desc') => names(await world.api.contacts.list({ sort, direction }));
    expect(await sorted('name')).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'zz-anon@mail.example']);
    expect(await sorted('name', 'desc')).toEqual(['Grace Hopper', 'Alan Turing', 'Ada Lovelace', 'zz-anon@mail.example']);
    expect(await sorted('company')).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'zz-anon@mail.example']);
    expect(await sorted('company', 'desc')).toEqual(['Grace Hopper', 'Alan Turing', 'Ada Lovelace', 'zz-anon@mail.example']);
    expect(await sorted('leadScore')).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'zz-anon@mail.example']);
    expect(await sorted('leadScore', 'asc')).toEqual(['zz-anon@mail.example', 'Grace Hopper', 'Alan Turing', 'Ada Lovelace']);
    expect(await sorted('created', 'asc')).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'zz-anon@mail.example']);
    expect(await sorted('updated')).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'zz-anon@mail.example']);
    await expect(world.api.contacts.list({ sort: 'email' as never })).rejects.toMatchObject({ message: 'sort: must be one of name, created, updated, leadScore, company' });
  });

  it('keyset paging walks the same order as page paging, ties included, for every sort', async () => {
    const world = await contactsWorld();
    const { api, deps, owner } = world;
    const db = deps.database.db;
    // 23 contacts with shared timestamps, scores, names and companies, so every key ties somewhere.
    const sameTime = new Date('2026-02-01T08:00:00.123456Z');
    for (let i = 0; i < 23; i++) {
      await db
        .insertInto('contacts')
        .values({
          organization_id: owner.organizationId,
          first_name: i % 5 === 0 ? '' : `name${i % 4}`,
          last_name: `last${i % 3}`,
          email: `p${i}@example.com`,
          company_name: i % 3 === 0 ? null : `co${i % 2}`,
          lead_score: i % 4,
          created_at: i % 2 === 0 ? sameTime : new Date(sameTime.getTime() + i * 1000),
          updated_at: sameTime,
        })
        .execute();
    }
    for (const sort of ['created', 'updated', 'name', 'company', 'leadScore'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const byPage: string[] = [];
        for (let page = 1; page <= 5; page++) byPage.push(...(await api.contacts.list({ sort, direction, page, limit: 5 })).items.map((c) => c.id));
        const byCursor: string[] = [];
        let cursor: string | undefined;
        for (let i = 0; i < 10; i++) {
          const res = await api.contacts.list({ sort, direction, limit: 5, ...(cursor ? { cursor } : {}) });
          byCursor.push(...res.items.map((c) => c.id));
          expect(res.total).toBe(23);
          if (cursor) expect(res.page).toBeNull();
          if (!res.nextCursor) break;
          cursor = res.nextCursor;
        }
        expect(byCursor, `${sort} ${direction}`).toEqual(byPage);
        expect(new Set(byCursor).size).toBe(23);
      }
    }
    const first = await api.contacts.list({ limit: 5 });
    await expect(api.contacts.list({ cursor: first.nextCursor!, sort: 'name' })).rejects.toMatchObject({ message: 'cursor: belongs to another sort; start again from the first page' });
    await expect(api.contacts.list({ cursor: 'garbage' })).rejects.toMatchObject({ message: 'cursor: is not a valid cursor' });
    const forged = Buffer.from(JSON.stringify({ s: 'created', d: 'desc', k: ['not a date', 'x'] })).toString('base64url');
    await expect(api.contacts.list({ cursor: forged })).rejects.toMatchObject({ message: 'cursor: is not a valid cursor' });
    // A cursor continues with the filter it is given.
    const math = await api.contacts.list({ q: 'last1', limit: 3 });
    const rest = await api.contacts.list({ q: 'last1', limit: 20, cursor: math.nextCursor! });
    expect(math.total).toBe(rest.total);
    expect(math.items.length + rest.items.length).toBe(math.total);
  });
});

describe('saved views', () => {
  it('each member keeps their own: create, list, update, delete', async () => {
    const { api, deps, owner, as } = await contactsWorld();
    const viewer = await member(deps, owner.organizationId, 'viewer');
    const view = await api.savedViews.create({
      name: 'Hot leads',
      filters: { lifecycleStage: 'sql', tag: 'vip' },
      columns: ['name', 'email', 'custom.budget'],
      sort: { field: 'leadScore', direction: 'desc' },
    });
    expect(view).toMatchObject({ name: 'Hot leads', filters: { lifecycleStage: 'sql', tag: 'vip' }, columns: ['name', 'email', 'custom.budget'], sort: { field: 'leadScore', direction: 'desc' } });
    expect(await api.savedViews.list()).toEqual([view]);
    // Viewers save their own views too, and see nobody else's.
    expect(await as(viewer).savedViews.list()).toEqual([]);
    await as(viewer).savedViews.create({ name: 'Hot leads' });
    await expect(as(viewer).savedViews.update({ id: view.id, name: 'Mine now' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(as(viewer).savedViews.delete({ id: view.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.savedViews.create({ name: 'Hot leads' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'name: you already have a view with this name' });
    await expect(api.savedViews.create({ name: 'Bad', filters: { lifecycleStage: 'warm' as never } })).rejects.toMatchObject({
      message: 'filters.lifecycleStage: must be one of subscriber, lead, mql, sql, customer, other',
    });
    await expect(api.savedViews.create({ name: 'Bad', columns: ['password'] as never })).rejects.toMatchObject({ message: 'columns.0: must be a contact column or custom.<key>' });
    await expect(api.savedViews.create({ name: '' })).rejects.toMatchObject({ message: 'name: is required' });
    const updated = await api.savedViews.update({ id: view.id, name: 'Customers', filters: { lifecycleStage: 'customer' }, sort: null });
    expect(updated).toMatchObject({ id: view.id, name: 'Customers', filters: { lifecycleStage: 'customer' }, columns: ['name', 'email', 'custom.budget'], sort: null });
    expect(await api.savedViews.delete({ id: view.id })).toEqual({ id: view.id });
    expect(await api.savedViews.list()).toEqual([]);
    await expect(api.savedViews.delete({ id: view.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
