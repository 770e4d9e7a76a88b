import { describe, expect, it } from 'vitest';
import { contactsWorld, member, timelineOf } from './contacts-helpers';

type World = Awaited<ReturnType<typeof contactsWorld>>;

async function three(world: World) {
  const { api } = world;
  const a = await api.contacts.create({ firstName: 'A', tags: ['keep'], lifecycleStage: 'lead' });
  const b = await api.contacts.create({ firstName: 'B', tags: ['x'], lifecycleStage: 'lead' });
  const c = await api.contacts.create({ firstName: 'C', tags: ['keep', 'x'], lifecycleStage: 'customer' });
  return { a, b, c };
}

const tagsOf = async (world: World, ids: string[]) => Promise.all(ids.map(async (id) => (await world.api.contacts.get({ id })).tags));

describe('bulk changes', () => {
  it('adds and removes a tag on the selected contacts, writing each changed contact’s timeline', async () => {
    const world = await contactsWorld();
    const { api, deps, owner } = world;
    const { a, b, c } = await three(world);
    expect(await api.contacts.bulk({ ids: [a.id, b.id, c.id], action: { type: 'addTag', tag: 'x' } })).toEqual({ matched: 3, changed: 1 });
    expect(await tagsOf(world, [a.id, b.id, c.id])).toEqual([['keep', 'x'], ['x'], ['keep', 'x']]);
    expect((await timelineOf(deps, owner.organizationId, a.id)).at(-1)).toEqual({ type: 'tags_changed', payload: { added: ['x'], removed: [], bulk: true }, actor: owner.userId });
    expect(await timelineOf(deps, owner.organizationId, b.id)).toHaveLength(1);
    expect(await api.contacts.bulk({ ids: [a.id, c.id], action: { type: 'removeTag', tag: 'keep' } })).toEqual({ matched: 2, changed: 2 });
    expect(await tagsOf(world, [a.id, c.id])).toEqual([['x'], ['x']]);
    expect((await timelineOf(deps, owner.organizationId, c.id)).at(-1)).toMatchObject({ type: 'tags_changed', payload: { added: [], removed: ['keep'] } });
  });

  it('assigns an owner and changes the stage of all contacts matching a filter', async () => {
    const world = await contactsWorld();
    const { api, deps, owner } = world;
    const rep = await member(deps, owner.organizationId, 'sales_rep');
    const { a, b, c } = await three(world);
    expect(await api.contacts.bulk({ filter: { tag: 'x' }, action: { type: 'assignOwner', ownerId: rep.userId } })).toEqual({ matched: 2, changed: 2 });
    expect((await api.contacts.list({ ownerId: rep.userId, sort: 'name' })).items.map((i) => i.id)).toEqual([b.id, c.id]);
    expect((await timelineOf(deps, owner.organizationId, b.id)).at(-1)).toEqual({ type: 'owner_changed', payload: { from: owner.userId, to: rep.userId, bulk: true }, actor: owner.userId });
    expect(await api.contacts.bulk({ filter: { lifecycleStage: 'lead' }, action: { type: 'changeStage', lifecycleStage: 'mql' } })).toEqual({ matched: 2, changed: 2 });
    expect((await api.contacts.get({ id: a.id })).lifecycleStage).toBe('mql');
    expect((await api.contacts.get({ id: c.id })).lifecycleStage).toBe('customer');
    expect((await timelineOf(deps, owner.organizationId, a.id)).at(-1)).toMatchObject({ type: 'stage_changed', payload: { from: 'lead', to: 'mql', bulk: true } });
    expect(await api.contacts.bulk({ filter: {}, action: { type: 'assignOwner', ownerId: null } })).toEqual({ matched: 3, changed: 3 });
    expect((await api.contacts.list({ ownerId: 'none' })).total).toBe(3);
    const stranger = await contactsWorld();
    await expect(api.contacts.bulk({ filter: {}, action: { type: 'assignOwner', ownerId: stranger.owner.userId } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'action.ownerId: is not a member of this organization',
    });
  });

  it('deletes in bulk only with contacts:delete, and changes nothing when one id is unknown', async () => {
    const world = await contactsWorld();
    const { api, deps, owner, as } = world;
    const manager = await member(deps, owner.organizationId, 'manager');
    const other = await contactsWorld();
    const foreign = await other.api.contacts.create({ firstName: 'Foreign' });
    const { a, b, c } = await three(world);
    await expect(as(manager).contacts.bulk({ ids: [a.id], action: { type: 'delete' } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your role does not allow this action (contacts:delete is required)',
    });
    expect(await as(manager).contacts.bulk({ ids: [a.id], action: { type: 'addTag', tag: 'ok' } })).toEqual({ matched: 1, changed: 1 });
    await expect(api.contacts.bulk({ ids: [a.id, foreign.id], action: { type: 'addTag', tag: 'leak' } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: '1 of the 2 selected contacts were not found',
    });
    await expect(api.contacts.bulk({ ids: [a.id, foreign.id], action: { type: 'delete' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await other.api.contacts.get({ id: foreign.id })).tags).toEqual([]);
    expect((await api.contacts.get({ id: a.id })).tags).toEqual(['keep', 'ok']);
    expect(await api.contacts.bulk({ filter: { tag: 'x' }, action: { type: 'delete' } })).toEqual({ matched: 2, changed: 2 });
    expect((await api.contacts.list()).items.map((i) => i.id)).toEqual([a.id]);
    await expect(api.contacts.get({ id: b.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.contacts.get({ id: c.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const audit = await deps.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('organization_id', '=', owner.organizationId)
      .where('action', '=', 'contacts.deleted')
      .executeTakeFirstOrThrow();
    expect(audit.details).toEqual({ count: 2, names: expect.arrayContaining(['B', 'C']) });
  });

  it('names input mistakes', async () => {
    const { api } = await contactsWorld();
    await expect(api.contacts.bulk({ action: { type: 'addTag', tag: 'x' } })).rejects.toMatchObject({ message: 'ids: choose the contacts: either ids or filter, not both' });
    await expect(api.contacts.bulk({ ids: [], action: { type: 'addTag', tag: 'x' } })).rejects.toMatchObject({ message: 'ids: must select at least one contact' });
    await expect(api.contacts.bulk({ filter: {}, action: { type: 'explode' } as never })).rejects.toMatchObject({
      message: 'action.type: must be one of addTag, removeTag, assignOwner, changeStage, delete',
    });
    await expect(api.contacts.bulk({ filter: {}, action: { type: 'addTag', tag: ' ' } })).rejects.toMatchObject({ message: 'action.tag: must not be empty' });
  });
});

describe('duplicates and merge', () => {
  it('finds contacts sharing an e-mail, a phone, or a name at the same company', async () => {
    const { api } = await contactsWorld();
    const e1 = await api.contacts.create({ firstName: 'Sam', email: 'sam@example.com' });
    const e2 = await api.contacts.create({ firstName: 'Samuel', email: 'other@example.com', otherEmails: ['SAM@example.com'] });
    const p1 = await api.contacts.create({ firstName: 'Pat', phone: '+14155552671' });
    const p2 = await api.contacts.create({ firstName: 'Patricia', otherPhones: ['415-555-2671'] });
    const n1 = await api.contacts.create({ firstName: 'Jo', lastName: 'Smith', companyName: 'Acme' });
    const n2 = await api.contacts.create({ firstName: ' jo ', lastName: 'SMITH', companyName: 'acme ' });
    await api.contacts.create({ firstName: 'Jo', lastName: 'Smith', companyName: 'Other Co' });
    await api.contacts.create({ firstName: 'Unique', email: 'unique@example.com', phone: '+442079460958' });
    const { groups } = await api.contacts.duplicates();
    const summary = groups.map((g) => ({ reasons: g.reasons, ids: g.contacts.map((c) => c.id) }));
    expect(summary).toEqual([
      { reasons: [{ type: 'email', value: 'sam@example.com' }], ids: [e1.id, e2.id] },
      { reasons: [{ type: 'phone', value: '+14155552671' }], ids: [p1.id, p2.id] },
      { reasons: [{ type: 'name', value: 'jo smith @ acme' }], ids: [n1.id, n2.id] },
    ]);
  });

  it('merges: chosen values, united lists, related records and timeline moved, one merged entry, the other deleted', async () => {
    const { api, deps, owner } = await contactsWorld();
    const db = deps.database.db;
    const rep = await member(deps, owner.organizationId, 'sales_rep');
    await api.customFields.create({ label: 'Plan', type: 'text' });
    await api.customFields.create({ label: 'Seats', type: 'number' });
    const keep = await api.contacts.create({
      firstName: 'Kim',
      lastName: 'Lee',
      email: 'kim@example.com',
      phone: '+14155552671',
      tags: ['a', 'b'],
      leadScore: 10,
      doNotContact: { sms: true },
      attribution: { source: 'later-first' },
      customFields: { plan: 'basic' },
    });
    const other = await api.contacts.create({
      firstName: 'Kimberly',
      lastName: 'Lee',
      email: 'kimberly@work.example',
      otherEmails: ['kim.lee@old.example'],
      phone: '+442079460958',
      companyName: 'Work Inc',
      jobTitle: 'CTO',
      tags: ['b', 'c'],
      leadScore: 80,
      ownerId: rep.userId,
      doNotContact: { email: true },
      customFields: { plan: 'pro', seats: 12 },
    });
    // The merged contact was first seen earlier, and touched later.
    await db
      .updateTable('contacts')
      .set({
        created_at: new Date('2025-01-01T00:00:00Z'),
        first_attribution: JSON.stringify({ source: 'earliest', at: '2025-01-01T00:00:00.000Z' }),
        latest_attribution: JSON.stringify({ source: 'newest', at: '2099-01-01T00:00:00.000Z' }),
      })
      .where('id', '=', other.id)
      .execute();
    await api.contacts.addNote({ contactId: other.id, body: 'note on the duplicate' });
    const pipeline = await db.insertInto('pipelines').values({ organization_id: owner.organizationId, name: 'P' }).returning('id').executeTakeFirstOrThrow();
    const stage = await db.insertInto('pipeline_stages').values({ organization_id: owner.organizationId, pipeline_id: pipeline.id, name: 'S', position: 0 }).returning('id').executeTakeFirstOrThrow();
    const deal = await db
      .insertInto('deals')
      .values({ organization_id: owner.organizationId, pipeline_id: pipeline.id, stage_id: stage.id, title: 'D', contact_id: other.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const task = await db.insertInto('tasks').values({ organization_id: owner.organizationId, title: 'T', contact_id: other.id }).returning('id').executeTakeFirstOrThrow();
    const appointment = await db
      .insertInto('appointments')
      .values({ organization_id: owner.organizationId, title: 'A', contact_id: other.id, starts_at: new Date('2030-01-01T10:00:00Z'), ends_at: new Date('2030-01-01T11:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dealActivity = await db
      .insertInto('activities')
      .values({ organization_id: owner.organizationId, contact_id: other.id, deal_id: deal.id, type: 'deal_created', actor_user_id: null, payload: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const merged = await api.contacts.merge({ keepId: keep.id, mergeId: other.id, fields: { firstName: 'merge', email: 'merge', leadScore: 'merge', ownerId: 'keep', 'customFields.plan': 'merge' } });
    expect(merged).toMatchObject({
      id: keep.id,
      firstName: 'Kimberly',
      lastName: 'Lee',
      email: 'kimberly@work.example',
      otherEmails: ['kim@example.com', 'kim.lee@old.example'],
      phone: '+14155552671',
      otherPhones: ['+442079460958'],
      companyName: 'Work Inc',
      jobTitle: 'CTO',
      tags: ['a', 'b', 'c'],
      leadScore: 80,
      ownerId: owner.userId,
      doNotContact: { sms: true, email: true, calls: false },
      firstAttribution: { source: 'earliest' },
      latestAttribution: { source: 'newest' },
      customFields: { plan: 'pro', seats: 12 },
      counts: { deals: 1, tasks: 1, appointments: 1 },
    });
    expect(merged.createdAt).toBe('2025-01-01T00:00:00.000Z');
    await expect(api.contacts.get({ id: other.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await db.selectFrom('deals').select('contact_id').where('id', '=', deal.id).executeTakeFirstOrThrow()).contact_id).toBe(keep.id);
    expect((await db.selectFrom('tasks').select('contact_id').where('id', '=', task.id).executeTakeFirstOrThrow()).contact_id).toBe(keep.id);
    expect((await db.selectFrom('appointments').select('contact_id').where('id', '=', appointment.id).executeTakeFirstOrThrow()).contact_id).toBe(keep.id);
    expect((await db.selectFrom('activities').select('contact_id').where('id', '=', dealActivity.id).executeTakeFirstOrThrow()).contact_id).toBe(keep.id);
    const timeline = await timelineOf(deps, owner.organizationId, keep.id);
    expect(timeline.map((e) => e.type)).toEqual(['contact_created', 'contact_created', 'note', 'deal_created', 'merged']);
    expect(timeline.at(-1)!.payload).toMatchObject({
      mergedId: other.id,
      mergedName: 'Kimberly Lee',
      taken: expect.arrayContaining(['firstName', 'email', 'leadScore', 'companyName', 'jobTitle', 'customFields.plan', 'customFields.seats']),
    });
    expect(timeline.at(-1)!.payload.changes).toContainEqual({ type: 'field_changed', field: 'firstName', from: 'Kim', to: 'Kimberly' });
  });

  it('refuses merging a contact into itself or with an unknown one', async () => {
    const { api } = await contactsWorld();
    const other = await contactsWorld();
    const c = await api.contacts.create({ firstName: 'Solo' });
    const foreign = await other.api.contacts.create({ firstName: 'Foreign' });
    await expect(api.contacts.merge({ keepId: c.id, mergeId: c.id })).rejects.toMatchObject({ message: 'mergeId: must be a different contact from keepId' });
    await expect(api.contacts.merge({ keepId: c.id, mergeId: foreign.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.contacts.merge({ keepId: foreign.id, mergeId: c.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.contacts.merge({ keepId: c.id, mergeId: foreign.id, fields: { password: 'keep' } as never })).rejects.toMatchObject({
      message: expect.stringMatching(/^fields\.password: is not a field to choose; use one of firstName/),
    });
    expect((await other.api.contacts.get({ id: foreign.id })).firstName).toBe('Foreign');
  });
});
