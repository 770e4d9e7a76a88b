import { describe, expect, it } from 'vitest';
import { ZEmailOnly } from '../../server/contacts/schema';
import { findOrCreateContactByPhone, upsertContactByEmail } from '../../server/contacts/service';
import { createKey } from '../helpers/factories';
import { contactsWorld, member, setOrgSettings, timelineOf } from './contacts-helpers';

/** A pipeline with one stage, a deal, a task and an appointment for a contact, inserted directly. */
async function relatedRecords(deps: Awaited<ReturnType<typeof contactsWorld>>['deps'], organizationId: string, contactId: string) {
  const db = deps.database.db;
  const pipeline = await db.insertInto('pipelines').values({ organization_id: organizationId, name: 'Sales' }).returning('id').executeTakeFirstOrThrow();
  const stage = await db.insertInto('pipeline_stages').values({ organization_id: organizationId, pipeline_id: pipeline.id, name: 'New', position: 0 }).returning('id').executeTakeFirstOrThrow();
  const deal = await db
    .insertInto('deals')
    .values({ organization_id: organizationId, pipeline_id: pipeline.id, stage_id: stage.id, title: 'Deal', contact_id: contactId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('deals').values({ organization_id: organizationId, pipeline_id: pipeline.id, stage_id: stage.id, title: 'Won deal', contact_id: contactId, status: 'won' }).execute();
  const task = await db.insertInto('tasks').values({ organization_id: organizationId, title: 'Call back', contact_id: contactId }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('tasks').values({ organization_id: organizationId, title: 'Done', contact_id: contactId, status: 'done' }).execute();
  const soon = new Date(Date.now() + 86_400_000);
  const appointment = await db
    .insertInto('appointments')
    .values({ organization_id: organizationId, title: 'Demo', contact_id: contactId, starts_at: soon, ends_at: new Date(soon.getTime() + 1_800_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { dealId: deal.id, taskId: task.id, appointmentId: appointment.id };
}

describe('contacts: create and read', () => {
  it('creates a contact with the minimum fields, owned by its creator, on the timeline', async () => {
    const { api, owner, deps } = await contactsWorld();
    const c = await api.contacts.create({ firstName: 'Ada', lastName: 'Lovelace', email: ' Ada@Example.COM ', phone: '(415) 555-2671', companyName: 'Analytical', tags: ['vip', 'vip', 'math'] });
    expect(c).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+14155552671',
      companyName: 'Analytical',
      tags: ['vip', 'math'],
      ownerId: owner.userId,
      owner: { id: owner.userId, email: owner.email },
      lifecycleStage: 'lead',
      leadScore: 0,
      doNotContact: { sms: false, email: false, calls: false },
      firstAttribution: null,
      customFields: {},
      counts: { deals: 0, tasks: 0, appointments: 0 },
    });
    expect(Date.parse(c.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await timelineOf(deps, owner.organizationId, c.id)).toEqual([{ type: 'contact_created', payload: { name: 'Ada Lovelace', via: 'manual' }, actor: owner.userId }]);
  });

  it('takes every field, and null owner leaves the contact unassigned', async () => {
    const { api } = await contactsWorld();
    const c = await api.contacts.create({
      firstName: 'Grace',
      email: 'grace@example.com',
      otherEmails: ['G.Hopper@Navy.example', 'grace@example.com'],
      otherPhones: ['+44 20 7946 0958'],
      jobTitle: 'Rear Admiral',
      lifecycleStage: 'customer',
      source: 'Referral',
      ownerId: null,
      leadScore: 42,
      doNotContact: { sms: true, calls: true },
    });
    expect(c).toMatchObject({
      lastName: '',
      otherEmails: ['g.hopper@navy.example'],
      otherPhones: ['+442079460958'],
      jobTitle: 'Rear Admiral',
      lifecycleStage: 'customer',
      source: 'Referral',
      ownerId: null,
      owner: null,
      leadScore: 42,
      doNotContact: { sms: true, email: false, calls: true },
    });
  });

  it('reads phones without a country code in the organization country', async () => {
    const { api, deps, owner } = await contactsWorld();
    await setOrgSettings(deps, owner.organizationId, { country: 'GB' });
    expect((await api.contacts.create({ phone: '020 7946 0958' })).phone).toBe('+442079460958');
    expect((await api.contacts.create({ phone: '+1 415 555 2671' })).phone).toBe('+14155552671');
  });

  it('gets one contact with its owner and its deals, tasks and appointments counted', async () => {
    const { api, deps, owner } = await contactsWorld();
    const c = await api.contacts.create({ firstName: 'Linus' });
    await relatedRecords(deps, owner.organizationId, c.id);
    expect(await api.contacts.get({ id: c.id })).toMatchObject({
      id: c.id,
      owner: { id: owner.userId, name: 'Test contacts', email: owner.email },
      counts: { deals: 2, openDeals: 1, tasks: 2, openTasks: 1, appointments: 1, upcomingAppointments: 1 },
    });
    await expect(api.contacts.get({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Contact not found' });
  });

  it('created through an API key: no owner by default, recorded as via api', async () => {
    const { caller, deps, owner } = await contactsWorld();
    const key = await createKey(deps, owner.organizationId, 'admin');
    const api = caller({ authorization: `Bearer ${key}` });
    const c = await api.contacts.create({ email: 'key@example.com' });
    expect(c.ownerId).toBeNull();
    expect(await timelineOf(deps, owner.organizationId, c.id)).toEqual([{ type: 'contact_created', payload: { name: 'key@example.com', via: 'api' }, actor: null }]);
  });
});

describe('contacts: field errors', () => {
  it('names the field and the rule', async () => {
    const { api, deps, owner } = await contactsWorld();
    const stranger = await contactsWorld();
    await expect(api.contacts.create({ firstName: 'X', email: 'not-an-email' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'email: must be a valid e-mail address' });
    await expect(api.contacts.create({ firstName: 'X', phone: '12' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'phone: must be a valid phone number; include the country code, for example +1 for US numbers',
    });
    await expect(api.contacts.create({ companyName: 'Nobody Inc' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'A contact needs a name, an e-mail or a phone' });
    await expect(api.contacts.create({ firstName: '   ', email: '' })).rejects.toMatchObject({ message: 'A contact needs a name, an e-mail or a phone' });
    await expect(api.contacts.create({ firstName: 'X', ownerId: stranger.owner.userId })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'ownerId: is not a member of this organization' });
    await expect(api.contacts.create({ firstName: 'X', lifecycleStage: 'hot' as never })).rejects.toMatchObject({
      message: 'lifecycleStage: must be one of subscriber, lead, mql, sql, customer, other',
    });
    await expect(api.contacts.create({ firstName: 'X', leadScore: 1.5 })).rejects.toMatchObject({ message: 'leadScore: must be a whole number' });
    await expect(api.contacts.create({ firstName: 'X', tags: [''] })).rejects.toMatchObject({ message: 'tags.0: must not be empty' });
    await expect(api.contacts.create({ firstName: 'X', first_name: 'Y' } as never)).rejects.toMatchObject({ message: 'first_name: is not a known field' });
    await expect(api.contacts.create({ firstName: 'X', otherPhones: ['+1 415 555 2671', 'nope'] })).rejects.toMatchObject({
      message: expect.stringMatching(/^otherPhones\.1: must be a valid phone number/),
    });
    // All problems at once, for a form.
    const error = (await api.contacts.create({ firstName: 'X', phone: '12', customFields: { nope: 'x' } }).then(
      () => null,
      (e: unknown) => e,
    )) as { cause?: { issues?: unknown } } | null;
    expect(error?.cause?.issues).toEqual([
      { path: 'phone', message: expect.stringMatching(/^must be a valid phone number/) },
      { path: 'customFields.nope', message: 'is not a custom field of this organization' },
    ]);
    // Within this organization: other test files share the worker's database and may have their own 'X'.
    expect(await deps.database.db.selectFrom('contacts').select('id').where('organization_id', '=', owner.organizationId).where('first_name', '=', 'X').execute()).toEqual([]);
  });
});

describe('contacts: update and the timeline', () => {
  it('writes one entry per change: field_changed, stage_changed, owner_changed, tags_changed', async () => {
    const { api, deps, owner } = await contactsWorld();
    const rep = await member(deps, owner.organizationId, 'sales_rep');
    const c = await api.contacts.create({ firstName: 'Alan', email: 'alan@example.com', tags: ['a', 'b'] });
    const updated = await api.contacts.update({
      id: c.id,
      firstName: 'Alan M.',
      companyName: 'Bletchley',
      lifecycleStage: 'sql',
      ownerId: rep.userId,
      tags: ['b', 'c'],
      doNotContact: { email: true },
      email: 'alan@example.com',
    });
    expect(updated).toMatchObject({ firstName: 'Alan M.', companyName: 'Bletchley', lifecycleStage: 'sql', ownerId: rep.userId, tags: ['b', 'c'], doNotContact: { email: true } });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(c.updatedAt));
    const entries = (await timelineOf(deps, owner.organizationId, c.id)).slice(1);
    expect(entries).toEqual([
      { type: 'field_changed', payload: { field: 'firstName', from: 'Alan', to: 'Alan M.' }, actor: owner.userId },
      { type: 'field_changed', payload: { field: 'companyName', from: null, to: 'Bletchley' }, actor: owner.userId },
      { type: 'stage_changed', payload: { from: 'lead', to: 'sql' }, actor: owner.userId },
      { type: 'tags_changed', payload: { added: ['c'], removed: ['a'] }, actor: owner.userId },
      { type: 'owner_changed', payload: { from: owner.userId, to: rep.userId }, actor: owner.userId },
      { type: 'field_changed', payload: { field: 'doNotContact.email', from: false, to: true }, actor: owner.userId },
    ]);
    // Nothing changed: nothing written.
    await api.contacts.update({ id: c.id, firstName: 'Alan M.' });
    expect(await timelineOf(deps, owner.organizationId, c.id)).toHaveLength(7);
  });

  it('refuses to empty a contact of its name, e-mail and phone, and an unknown contact', async () => {
    const { api } = await contactsWorld();
    const c = await api.contacts.create({ email: 'only@example.com' });
    await expect(api.contacts.update({ id: c.id, email: null })).rejects.toMatchObject({ message: 'A contact needs a name, an e-mail or a phone' });
    await expect(api.contacts.update({ id: c.id, email: '' })).rejects.toMatchObject({ message: 'A contact needs a name, an e-mail or a phone' });
    expect((await api.contacts.update({ id: c.id, email: null, firstName: 'Named' })).email).toBeNull();
    await expect(api.contacts.update({ id: '00000000-0000-4000-8000-000000000000', firstName: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps the first attribution and moves the latest one', async () => {
    const { api, deps, owner } = await contactsWorld();
    const c = await api.contacts.create({ email: 'utm@example.com', attribution: { source: 'google', medium: 'cpc', campaign: 'spring', landingPage: 'https://example.com/a' } });
    expect(c.source).toBe('google');
    expect(c.firstAttribution).toMatchObject({ source: 'google', medium: 'cpc', campaign: 'spring', landingPage: 'https://example.com/a', at: expect.any(String) });
    expect(c.latestAttribution).toEqual(c.firstAttribution);
    const later = await api.contacts.update({ id: c.id, attribution: { source: 'newsletter', medium: 'email', referrer: 'https://mail.example' } });
    expect(later.firstAttribution).toEqual(c.firstAttribution);
    expect(later.latestAttribution).toMatchObject({ source: 'newsletter', medium: 'email', referrer: 'https://mail.example' });
    expect(later.latestAttribution).not.toHaveProperty('campaign');
    const entries = await timelineOf(deps, owner.organizationId, c.id);
    expect(entries.at(-1)).toMatchObject({ type: 'field_changed', payload: { field: 'latestAttribution', to: { source: 'newsletter' } } });
    // A contact without attribution gets its first on the first touch.
    const plain = await api.contacts.create({ email: 'plain@example.com' });
    const touched = await api.contacts.update({ id: plain.id, attribution: { source: 'ads' } });
    expect(touched.firstAttribution).toMatchObject({ source: 'ads' });
    expect(touched.latestAttribution).toMatchObject({ source: 'ads' });
  });

  it('adds notes and pages the timeline newest first', async () => {
    const { api, owner } = await contactsWorld();
    const c = await api.contacts.create({ firstName: 'Noted' });
    const note = await api.contacts.addNote({ contactId: c.id, body: '  Called, wants a demo  ' });
    expect(note).toMatchObject({ type: 'note', payload: { body: 'Called, wants a demo' }, contactId: c.id, actor: 'Test contacts' });
    for (let i = 0; i < 3; i++) await api.contacts.addNote({ contactId: c.id, body: `note ${i}` });
    const first = await api.contacts.timeline({ id: c.id, limit: 2 });
    expect(first.items.map((i) => i.payload)).toEqual([{ body: 'note 2' }, { body: 'note 1' }]);
    const next = await api.contacts.timeline({ id: c.id, limit: 10, before: first.nextBefore! });
    expect(next.items.map((i) => i.type)).toEqual(['note', 'note', 'contact_created']);
    expect(next.nextBefore).toBeNull();
    await expect(api.contacts.addNote({ contactId: c.id, body: ' ' })).rejects.toMatchObject({ message: 'body: is required' });
    await expect(api.contacts.addNote({ contactId: '00000000-0000-4000-8000-000000000000', body: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(owner).toBeTruthy();
  });
});

describe('contacts: delete', () => {
  it('needs contacts:delete; deals keep a trace and the audit log records it', async () => {
    const { api, deps, owner, as } = await contactsWorld();
    const manager = await member(deps, owner.organizationId, 'manager');
    const c = await api.contacts.create({ firstName: 'Gone', lastName: 'Soon' });
    const { dealId, taskId } = await relatedRecords(deps, owner.organizationId, c.id);
    await expect(as(manager).contacts.delete({ id: c.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await api.contacts.delete({ id: c.id })).toEqual({ id: c.id });
    await expect(api.contacts.get({ id: c.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(api.contacts.delete({ id: c.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const db = deps.database.db;
    expect((await db.selectFrom('tasks').select('contact_id').where('id', '=', taskId).executeTakeFirstOrThrow()).contact_id).toBeNull();
    const dealActivity = await db.selectFrom('activities').select(['type', 'payload']).where('deal_id', '=', dealId).executeTakeFirstOrThrow();
    expect(dealActivity).toEqual({ type: 'contact_deleted', payload: { contactId: c.id, name: 'Gone Soon' } });
    const audit = await db.selectFrom('audit_events').select(['action', 'target_id', 'details']).where('organization_id', '=', owner.organizationId).where('action', '=', 'contacts.deleted').execute();
    expect(audit).toEqual([{ action: 'contacts.deleted', target_id: c.id, details: { count: 1, names: ['Gone Soon'] } }]);
  });
});

describe('contacts: owner-only visibility for Sales Reps', () => {
  it('with the setting on a Sales Rep sees and changes only their own contacts; off, everything', async () => {
    const { api, deps, owner, as } = await contactsWorld();
    const rep = await member(deps, owner.organizationId, 'sales_rep');
    const manager = await member(deps, owner.organizationId, 'manager');
    const repApi = as(rep);
    const mine = await repApi.contacts.create({ firstName: 'Mine' });
    const theirs = await api.contacts.create({ firstName: 'Theirs' });
    expect(mine.ownerId).toBe(rep.userId);

    expect((await repApi.contacts.list({})).total).toBe(2);
    await setOrgSettings(deps, owner.organizationId, { salesRepsSeeOwnOnly: true });
    const list = await repApi.contacts.list({});
    expect(list.items.map((c) => c.firstName)).toEqual(['Mine']);
    expect(list.total).toBe(1);
    await expect(repApi.contacts.get({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(repApi.contacts.update({ id: theirs.id, firstName: 'Hacked' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(repApi.contacts.timeline({ id: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(repApi.contacts.addNote({ contactId: theirs.id, body: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(repApi.contacts.bulk({ ids: [theirs.id], action: { type: 'addTag', tag: 'x' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await repApi.contacts.bulk({ filter: {}, action: { type: 'addTag', tag: 'mine' } })).toEqual({ matched: 1, changed: 1 });
    expect((await api.contacts.get({ id: theirs.id })).tags).toEqual([]);
    await expect(repApi.contacts.merge({ keepId: mine.id, mergeId: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await repApi.contacts.get({ id: mine.id })).firstName).toBe('Mine');
    // Managers and above always see everything.
    expect((await as(manager).contacts.list({})).total).toBe(2);

    await setOrgSettings(deps, owner.organizationId, { salesRepsSeeOwnOnly: false });
    expect((await repApi.contacts.list({})).total).toBe(2);
    expect((await repApi.contacts.get({ id: theirs.id })).firstName).toBe('Theirs');
  });
});

describe('contacts: custom fields', () => {
  it('defines fields (settings:manage), validates values against them, and clears values of a deleted field', async () => {
    const { api, deps, owner, as } = await contactsWorld();
    const rep = await member(deps, owner.organizationId, 'sales_rep');
    await expect(as(rep).customFields.create({ label: 'Budget', type: 'number' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const budget = await api.customFields.create({ label: 'Budget (USD)', type: 'number' });
    expect(budget).toMatchObject({ key: 'budget_usd', label: 'Budget (USD)', type: 'number', options: [], position: 0 });
    const plan = await api.customFields.create({ label: 'Plan', key: 'plan', type: 'select', options: ['Basic', 'Pro'] });
    const since = await api.customFields.create({ label: 'Customer since', type: 'date' });
    await api.customFields.create({ label: 'Notes', type: 'text' });
    expect((await as(rep).customFields.list()).map((f) => [f.key, f.position])).toEqual([
      ['budget_usd', 0],
      ['plan', 1],
      ['customer_since', 2],
      ['notes', 3],
    ]);
    await expect(api.customFields.create({ label: 'Plan again', key: 'plan', type: 'text' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'key: is already used by another custom field' });
    await expect(api.customFields.create({ label: 'Size', type: 'select' })).rejects.toMatchObject({ message: 'options: must list at least one option for a select field' });
    await expect(api.customFields.create({ label: 'Age', type: 'number', options: ['1'] })).rejects.toMatchObject({ message: 'options: are only for select fields' });
    await expect(api.customFields.create({ label: 'Bad', key: '9lives', type: 'text' })).rejects.toMatchObject({ message: expect.stringMatching(/^key: must start with a letter/) });

    const c = await api.contacts.create({ firstName: 'Custom', customFields: { budget_usd: 1500, plan: 'pro', customer_since: '2024-02-29', notes: 'likes tea' } });
    expect(c.customFields).toEqual({ budget_usd: 1500, plan: 'Pro', customer_since: '2024-02-29', notes: 'likes tea' });
    await expect(api.contacts.update({ id: c.id, customFields: { budget_usd: 'lots' } })).rejects.toMatchObject({ message: 'customFields.budget_usd: must be a number' });
    await expect(api.contacts.update({ id: c.id, customFields: { plan: 'Enterprise' } })).rejects.toMatchObject({ message: 'customFields.plan: must be one of Basic, Pro' });
    await expect(api.contacts.update({ id: c.id, customFields: { customer_since: '2023-02-29' } })).rejects.toMatchObject({ message: 'customFields.customer_since: must be a date as YYYY-MM-DD' });
    await expect(api.contacts.update({ id: c.id, customFields: { unknown_key: 'x' } })).rejects.toMatchObject({ message: 'customFields.unknown_key: is not a custom field of this organization' });
    const cleared = await api.contacts.update({ id: c.id, customFields: { notes: null, budget_usd: 2000 } });
    expect(cleared.customFields).toEqual({ budget_usd: 2000, plan: 'Pro', customer_since: '2024-02-29' });
    const entries = await timelineOf(deps, owner.organizationId, c.id);
    expect(entries.slice(-2).map((e) => e.payload)).toEqual([
      { field: 'customFields.budget_usd', from: 1500, to: 2000 },
      { field: 'customFields.notes', from: 'likes tea', to: null },
    ]);

    // Options in use cannot be removed; labels and order can change.
    await expect(api.customFields.update({ id: plan.id, options: ['Basic'] })).rejects.toMatchObject({ code: 'CONFLICT', message: 'options: "Pro" is still set on 1 contact; change those first' });
    expect(await api.customFields.update({ id: plan.id, label: 'Plan tier', options: ['Basic', 'Pro', 'Team'], position: 9 })).toMatchObject({
      label: 'Plan tier',
      options: ['Basic', 'Pro', 'Team'],
      position: 9,
    });
    await expect(api.customFields.update({ id: since.id, options: ['x'] })).rejects.toMatchObject({ message: 'options: are only for select fields' });

    expect(await api.customFields.delete({ id: budget.id })).toEqual({ id: budget.id, clearedContacts: 1 });
    expect((await api.contacts.get({ id: c.id })).customFields).toEqual({ plan: 'Pro', customer_since: '2024-02-29' });
    expect((await timelineOf(deps, owner.organizationId, c.id)).at(-1)).toMatchObject({ type: 'field_changed', payload: { field: 'customFields.budget_usd', from: 2000, to: null } });
    await expect(api.customFields.delete({ id: budget.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('contacts: helpers for lead capture and SMS', () => {
  it('upsertContactByEmail creates with first = latest attribution, then only unions tags and moves the latest', async () => {
    const { api, deps, owner, callerWithHeaders } = await contactsWorld();
    const db = deps.database.db;
    // Callers pass the e-mail as their schema parsed it (the lead form's and chat's).
    const { email } = ZEmailOnly.parse({ email: 'Lead@Example.com' });
    const first = await db
      .transaction()
      .execute((trx) => upsertContactByEmail(trx, owner.organizationId, { email, firstName: 'Lea', phone: '415 555 2671', tags: ['webinar'] }, { source: 'facebook', campaign: 'launch' }));
    expect(first.created).toBe(true);
    expect(first.contact).toMatchObject({
      email: 'lead@example.com',
      firstName: 'Lea',
      phone: '+14155552671',
      tags: ['webinar'],
      source: 'facebook',
      ownerId: null,
      firstAttribution: { source: 'facebook', campaign: 'launch' },
    });
    expect(first.contact.latestAttribution).toEqual(first.contact.firstAttribution);
    const again = await db
      .transaction()
      .execute((trx) => upsertContactByEmail(trx, owner.organizationId, { email: 'lead@example.com', firstName: 'Other Name', tags: ['ebook', 'webinar'] }, { source: 'google' }));
    expect(again.created).toBe(false);
    expect(again.contact).toMatchObject({ id: first.contact.id, firstName: 'Lea', tags: ['webinar', 'ebook'], firstAttribution: { source: 'facebook' }, latestAttribution: { source: 'google' } });
    const types = (await timelineOf(deps, owner.organizationId, first.contact.id)).map((e) => [e.type, e.payload.via]);
    expect(types).toEqual([
      ['contact_created', 'lead_capture'],
      ['tags_changed', 'lead_capture'],
      ['field_changed', 'lead_capture'],
    ]);
    // An invalid e-mail never reaches capture: the door refuses it, naming the field.
    const anonymous = callerWithHeaders({}, { ip: '203.0.113.7', userAgent: 'vitest' }).api;
    await expect(anonymous.leads.submit({ email: 'nope', formId: 'demo-request' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'email: must be a valid e-mail address' });
    expect((await api.contacts.list({})).total).toBe(1);
  });

  it('findOrCreateContactByPhone finds by primary or other phone, or creates from the number', async () => {
    const { api, deps, owner } = await contactsWorld();
    const db = deps.database.db;
    const known = await api.contacts.create({ firstName: 'Known', otherPhones: ['+14155552671'] });
    const found = await db.transaction().execute((trx) => findOrCreateContactByPhone(trx, owner.organizationId, '+14155552671'));
    expect(found).toMatchObject({ created: false, contact: { id: known.id } });
    const created = await db.transaction().execute((trx) => findOrCreateContactByPhone(trx, owner.organizationId, '+442079460958'));
    expect(created).toMatchObject({ created: true, contact: { phone: '+442079460958', source: 'sms', name: '+442079460958' } });
    expect(await timelineOf(deps, owner.organizationId, created.contact.id)).toEqual([{ type: 'contact_created', payload: { name: '+442079460958', via: 'sms' }, actor: null }]);
    await expect(db.transaction().execute((trx) => findOrCreateContactByPhone(trx, owner.organizationId, '0207'))).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('keeps organizations apart: another organization answers NOT_FOUND', async () => {
    const a = await contactsWorld();
    const b = await contactsWorld();
    const c = await a.api.contacts.create({ firstName: 'Private' });
    await expect(b.api.contacts.get({ id: c.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Contact not found' });
    expect((await b.api.contacts.list({})).total).toBe(0);
    await expect(b.deps.database.db.transaction().execute((trx) => upsertContactByEmail(trx, b.owner.organizationId, { email: 'x@example.com' }))).resolves.toMatchObject({ created: true });
  });
});
