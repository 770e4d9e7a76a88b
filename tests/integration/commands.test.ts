import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contactsWorld, member } from './contacts-helpers';
import { smsWorld } from './sms-helpers';

const said = (utterance: string, intent: string, source: 'voice' | 'clicked' | 'typed' | 'palette' = 'voice') => ({ utterance, intent, source });

describe('search.global', () => {
  it("finds the caller's organization's records of every kind, never another's, and Zoë by Zoe", async () => {
    const world = await contactsWorld();
    const { api } = world;
    const julian = await api.contacts.create({ firstName: 'Julian', lastName: 'Hughes', email: 'julian@example.com', phone: '+14155550100' });
    const zoe = await api.contacts.create({ firstName: 'Zoë', lastName: 'Martin' });
    const deal = await api.deals.create({ title: 'Julian renewal', contactId: julian.id });
    await api.tasks.create({ title: 'Call Julian back' });
    const other = await contactsWorld();
    await other.api.contacts.create({ firstName: 'Julian', lastName: 'Bright' });
    await other.api.deals.create({ title: 'Julian secret deal' });

    const found = await api.search.global({ q: 'julian' });
    expect(found.hits.filter((h) => h.kind === 'contact').map((h) => h.title)).toEqual(['Julian Hughes']);
    expect(found.hits.find((h) => h.kind === 'contact')).toMatchObject({ id: julian.id, link: `/contacts/${julian.id}`, detail: 'julian@example.com · +14155550100' });
    expect(found.hits.filter((h) => h.kind === 'deal').map((h) => h.id)).toEqual([deal.id]);
    expect(found.hits.filter((h) => h.kind === 'task').map((h) => h.title)).toEqual(['Call Julian back']);
    expect(found.fuzzy).toBe(false);

    const accentBlind = await api.search.global({ q: 'zoe mart', kinds: ['contact'] });
    expect(accentBlind).toEqual({ hits: [expect.objectContaining({ id: zoe.id, title: 'Zoë Martin' })], fuzzy: true });
    // Accent-blind, the words of three letters or more must all match; shorter ones are not asked for.
    expect(await api.search.global({ q: 'zoe mz', kinds: ['contact'] })).toEqual({ hits: [expect.objectContaining({ id: zoe.id })], fuzzy: true });
    expect(await api.search.global({ q: 'zoe marx', kinds: ['contact'] })).toEqual({ hits: [], fuzzy: false });

    expect((await api.search.global({ q: 'julian', kinds: ['deal'] })).hits.map((h) => h.kind)).toEqual(['deal']);
    expect((await api.search.global({ q: 'billing', kinds: ['page'] })).hits).toEqual([
      { kind: 'page', id: 'billing', title: 'Settings → Billing', detail: '/settings/billing', link: '/settings/billing' },
    ]);
  });

  it("finds titles from three characters anywhere and from one or two at the start of a word: the first five of each kind, in the lists' order", async () => {
    const { api } = await contactsWorld();
    const renewal = await api.deals.create({ title: 'Julian renewal' });
    const upsell = await api.deals.create({ title: 'Upsell for Julian' });
    const adjust = await api.deals.create({ title: 'Adjust pricing' });
    const deals = async (q: string) => (await api.search.global({ q, kinds: ['deal'] })).hits.map((h) => h.id);
    // Most recently updated first; "ju" inside "Adjust" is no word's start, "jus" anywhere is.
    expect(await deals('ju')).toEqual([upsell.id, renewal.id]);
    expect(await deals('JU')).toEqual([upsell.id, renewal.id]);
    expect(await deals('jus')).toEqual([adjust.id]);
    await api.deals.update({ id: renewal.id, value: { valueMinor: 120_000, currency: 'USD' } });
    expect(await deals('j')).toEqual([renewal.id, upsell.id]);
    const half = await api.deals.create({ title: '50% off' });
    await api.deals.create({ title: '500 seats' });
    expect(await deals('50%')).toEqual([half.id]);
    for (let n = 1; n <= 6; n++) await api.deals.create({ title: `Batch ${n}` });
    expect((await api.search.global({ q: 'batch', kinds: ['deal'] })).hits.map((h) => h.title)).toEqual(['Batch 6', 'Batch 5', 'Batch 4', 'Batch 3', 'Batch 2']);

    // Open tasks only, soonest due first and undated last.
    await api.tasks.create({ title: 'Julian, undated' });
    await api.tasks.create({ title: 'Call Julian later', dueAt: '2030-01-02T09:00:00Z' });
    await api.tasks.create({ title: 'Call Julian first', dueAt: '2030-01-01T09:00:00Z' });
    const done = await api.tasks.create({ title: 'Julian, done', dueAt: '2029-12-31T09:00:00Z' });
    await api.tasks.complete({ id: done.id });
    await api.tasks.create({ title: 'Adjust the quote' });
    expect((await api.search.global({ q: 'ju', kinds: ['task'] })).hits.map((h) => [h.title, h.detail])).toEqual([
      ['Call Julian first', 'due 2030-01-01T09:00:00.000Z'],
      ['Call Julian later', 'due 2030-01-02T09:00:00.000Z'],
      ['Julian, undated', null],
    ]);

    // Latest start first.
    await api.appointments.create({ title: 'Julian demo', startsAt: '2030-03-04T09:00:00Z', endsAt: '2030-03-04T10:00:00Z', timeZone: 'UTC' });
    await api.appointments.create({ title: 'Julian kickoff', startsAt: '2030-03-05T09:00:00Z', endsAt: '2030-03-05T10:00:00Z', timeZone: 'UTC' });
    await api.appointments.create({ title: 'Adjust the plan', startsAt: '2030-03-06T09:00:00Z', endsAt: '2030-03-06T10:00:00Z', timeZone: 'UTC' });
    expect((await api.search.global({ q: 'ju', kinds: ['appointment'] })).hits).toEqual([
      expect.objectContaining({ title: 'Julian kickoff', link: '/appointments?view=day&date=2030-03-05' }),
      expect.objectContaining({ title: 'Julian demo', link: '/appointments?view=day&date=2030-03-04' }),
    ]);
  });

  it('shows a Sales Rep who sees only their own records only their contacts and deals, and no other contact beside a task or appointment', async () => {
    const world = await contactsWorld();
    const { api } = world;
    const rep = await member(world.deps, world.owner.organizationId, 'sales_rep');
    const asRep = world.as(rep);
    const theirs = await api.contacts.create({ firstName: 'Julian', lastName: 'Owner' });
    const own = await api.contacts.create({ firstName: 'Julian', lastName: 'Rep', ownerId: rep.userId });
    await api.deals.create({ title: 'Julian owner deal', contactId: theirs.id });
    const ownDeal = await api.deals.create({ title: 'Julian rep deal', ownerId: rep.userId, contactId: own.id });
    await api.tasks.create({ title: 'Call Julian', contactId: theirs.id, assigneeId: rep.userId });
    await api.appointments.create({ title: 'Julian demo', contactId: theirs.id, assigneeId: rep.userId, startsAt: '2030-03-04T09:00:00Z', endsAt: '2030-03-04T10:00:00Z', timeZone: 'UTC' });
    const found = async () => {
      const { hits } = await asRep.search.global({ q: 'julian' });
      return hits.filter((h) => h.kind !== 'page').map((h) => [h.kind, h.title, h.detail]);
    };
    // Off by default: the rep finds everything.
    expect((await found()).map(([kind, title]) => [kind, title])).toEqual([
      ['contact', 'Julian Rep'],
      ['contact', 'Julian Owner'],
      ['deal', 'Julian rep deal'],
      ['deal', 'Julian owner deal'],
      ['task', 'Call Julian'],
      ['appointment', 'Julian demo'],
    ]);

    await api.organizations.update({ salesRepsSeeOwnOnly: true });
    expect(await found()).toEqual([
      ['contact', 'Julian Rep', null],
      ['deal', 'Julian rep deal', expect.stringContaining('Julian Rep')],
      ['task', 'Call Julian', null],
      ['appointment', 'Julian demo', '2030-03-04T09:00:00.000Z'],
    ]);
    expect((await asRep.search.global({ q: 'julian', kinds: ['deal'] })).hits.map((h) => h.id)).toEqual([ownDeal.id]);
  });

  it('offers a viewer only what the role may open, and names the field of a bad query', async () => {
    const world = await contactsWorld();
    const viewer = await member(world.deps, world.owner.organizationId, 'viewer');
    await world.api.contacts.create({ firstName: 'Billie', lastName: 'Ng' });
    const asViewer = world.as(viewer);
    const hits = (await asViewer.search.global({ q: 'bill' })).hits;
    expect(hits.map((h) => h.title)).toEqual(['Billie Ng']);
    await expect(asViewer.search.global({ q: '  ' })).rejects.toMatchObject({ message: 'q: is required' });
    await expect(asViewer.search.global({ q: 'x', kinds: ['planets' as never] })).rejects.toMatchObject({ message: expect.stringContaining('kinds.0: must be one of contact') });
  });
});

describe('commands.run', () => {
  it('tags a contact hot-lead, audits it and keeps it in the history', async () => {
    const world = await contactsWorld();
    const { api } = world;
    const julian = await api.contacts.create({ firstName: 'Julian', lastName: 'Hughes', tags: ['vip'] });
    const done = await api.commands.run({ action: 'tag_contact', ...said('add Julian Hughes to hot leads', 'tag_hot_lead'), contactId: julian.id });
    expect(done).toMatchObject({ summary: 'Tagged Julian Hughes hot-lead', link: `/contacts/${julian.id}`, source: 'voice' });
    expect((await api.contacts.get({ id: julian.id })).tags).toEqual(['vip', 'hot-lead']);
    const again = await api.commands.run({ action: 'tag_contact', ...said('tag Julian as hot lead', 'tag_hot_lead', 'typed'), contactId: julian.id });
    expect(again.summary).toBe('Julian Hughes was already tagged hot-lead');

    const audit = await world.deps.database.db
      .selectFrom('audit_events')
      .select(['action', 'target_id', 'details'])
      .where('organization_id', '=', world.owner.organizationId)
      .where('action', 'like', 'command.%')
      .execute();
    expect(audit).toEqual([{ action: 'command.tag_contact', target_id: julian.id, details: expect.objectContaining({ utterance: 'add Julian Hughes to hot leads', source: 'voice' }) }]);

    const events = await world.deps.database.db.selectFrom('command_events').select(['event', 'value']).where('organization_id', '=', world.owner.organizationId).orderBy('created_at').execute();
    expect(events).toEqual([
      { event: 'command_spoken', value: 100 },
      { event: 'command_manual', value: 50 },
    ]);
  });

  it('schedules the call at the instant the grammar read and moves a deal', async () => {
    const world = await contactsWorld();
    const { api } = world;
    const julian = await api.contacts.create({ firstName: 'Julian', lastName: 'Hughes', phone: '+14155550100' });
    const call = await api.commands.run({
      action: 'schedule',
      ...said('schedule a call with Julian tomorrow at 3 pm', 'schedule_call'),
      contactId: julian.id,
      title: 'Call with Julian Hughes',
      startsAt: '2026-11-29T20:00:00.000Z',
    });
    expect(call.link).toMatch(/^\/appointments\?view=day&date=2026-11-29$/);
    const appointments = await api.appointments.search({ contactId: julian.id });
    expect(appointments.items).toEqual([expect.objectContaining({ title: 'Call with Julian Hughes', startsAt: '2026-11-29T20:00:00.000Z', endsAt: '2026-11-29T20:30:00.000Z' })]);

    const deal = await api.deals.create({ title: 'Acme renewal' });
    const board = await api.deals.board({});
    const won = board.stages.find((stage) => stage.kind === 'won')!;
    const moved = await api.commands.run({ action: 'move_deal', ...said('move Acme renewal to won', 'move_deal', 'typed'), dealId: deal.id, stageId: won.id });
    expect(moved).toMatchObject({ summary: `Moved "Acme renewal" to ${won.name}`, link: `/pipeline/deals/${deal.id}` });
    expect((await api.deals.get({ id: deal.id })).status).toBe('won');

    const history = await api.commands.history();
    expect(history.items.map((h) => h.intent)).toEqual(['move_deal', 'schedule_call']);
  });

  it('texts a contact through the SMS service, once however often the same plan is confirmed', async () => {
    const world = await smsWorld({ sandbox: true });
    const { api } = world;
    const julian = await api.contacts.create({ firstName: 'Julian', lastName: 'Hughes', phone: '+14155550100' });
    const command = { action: 'send_sms' as const, ...said('text Julian Hughes', 'send_sms', 'palette'), contactId: julian.id, message: 'See you tomorrow', requestId: randomUUID() };
    const text = await api.commands.run(command);
    expect(text.summary).toBe('Texted Julian Hughes: "See you tomorrow"');
    // A double click on "Confirm", at once and again later: the plan's request id keys one message.
    await Promise.all([api.commands.run(command), api.commands.run(command)]);
    const messages = () => world.deps.database.db.selectFrom('sms_messages').select(['to_number', 'body', 'contact_id']).where('organization_id', '=', world.owner.organizationId).execute();
    expect(await messages()).toEqual([{ to_number: '+14155550100', body: 'See you tomorrow', contact_id: julian.id }]);
    // Another plan (the command said again) is another message.
    await api.commands.run({ ...command, requestId: randomUUID() });
    expect(await messages()).toHaveLength(2);
    await expect(api.commands.run({ ...command, requestId: 'twice' })).rejects.toMatchObject({ message: expect.stringContaining('requestId') });
  });

  it('creates a draft workflow from a named template', async () => {
    const world = await contactsWorld();
    const made = await world.api.commands.run({ action: 'create_workflow', ...said('create an automation from the dental recall template', 'create_automation'), templateKey: 'dental-recall' });
    const id = made.link!.replace('/automation?id=', '');
    expect(made.summary).toBe('Created the draft workflow "Dental Recall" from its template');
    const workflow = await world.api.automations.get({ id });
    expect(workflow).toMatchObject({ name: 'Dental Recall', status: 'draft' });
    expect(workflow.definition.steps.length).toBeGreaterThan(0);
    await expect(world.api.commands.run({ action: 'create_workflow', ...said('create an automation from nothing', 'create_automation'), templateKey: 'nothing' })).rejects.toMatchObject({
      message: 'templateKey: is not a known template',
    });
    const viewer = await member(world.deps, world.owner.organizationId, 'viewer');
    await expect(world.as(viewer).commands.run({ action: 'create_workflow', ...said('new workflow from dental recall', 'create_automation'), templateKey: 'dental-recall' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it("refuses another organization's records, a role without the screen's permission, and a contact without a phone", async () => {
    const world = await contactsWorld();
    const other = await contactsWorld();
    const theirs = await other.api.contacts.create({ firstName: 'Eve' });
    await expect(world.api.commands.run({ action: 'tag_contact', ...said('add Eve to hot leads', 'tag_hot_lead'), contactId: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const mine = await world.api.contacts.create({ firstName: 'Nophone', email: 'np@example.com' });
    await expect(world.api.commands.run({ action: 'send_sms', ...said('text Nophone', 'send_sms'), contactId: mine.id, message: 'hi', requestId: randomUUID() })).rejects.toMatchObject({
      message: 'contactId: must be a contact with a phone number (Nophone has none)',
    });
    const viewer = await member(world.deps, world.owner.organizationId, 'viewer');
    await expect(world.as(viewer).commands.run({ action: 'tag_contact', ...said('add Nophone to hot leads', 'tag_hot_lead'), contactId: mine.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(world.api.commands.run({ action: 'schedule', ...said('schedule a call', 'schedule_call'), contactId: null, title: 'Call', startsAt: 'tomorrow' })).rejects.toMatchObject({
      message: expect.stringContaining('startsAt: must be a date and time'),
    });
    expect((await world.api.commands.history()).items).toEqual([]);
  });

  it('keeps the latest 10 commands, newest first, per member, and voice toggles apart', async () => {
    const world = await contactsWorld();
    for (let i = 1; i <= 12; i++) await world.api.commands.run({ action: 'open', ...said(`open contacts ${i}`, 'navigate', 'clicked'), summary: 'Opened Contacts', link: '/contacts' });
    await world.api.commands.voiceToggled({ listening: true });
    const history = await world.api.commands.history();
    expect(history.items.map((h) => h.utterance)).toEqual(Array.from({ length: 10 }, (_, i) => `open contacts ${12 - i}`));
    const colleague = await member(world.deps, world.owner.organizationId, 'manager');
    expect((await world.as(colleague).commands.history()).items).toEqual([]);
    const toggles = await world.deps.database.db.selectFrom('command_events').select(['value']).where('organization_id', '=', world.owner.organizationId).where('event', '=', 'voice_toggle').execute();
    expect(toggles).toEqual([{ value: 0 }]);
  });

  it('orders commands run within one tick of the clock as they were run', async () => {
    const world = await contactsWorld();
    for (let i = 1; i <= 5; i++) await world.api.commands.run({ action: 'open', ...said(`open contacts ${i}`, 'navigate', 'clicked'), summary: 'Opened Contacts', link: '/contacts' });
    // PGlite's clock ticks each millisecond: commands that close together share their created_at.
    await world.deps.database.db
      .updateTable('command_events')
      .set({ created_at: new Date('2026-12-01T09:00:00Z') })
      .where('organization_id', '=', world.owner.organizationId)
      .execute();
    const history = await world.api.commands.history();
    expect(history.items.map((h) => h.utterance)).toEqual(['open contacts 5', 'open contacts 4', 'open contacts 3', 'open contacts 2', 'open contacts 1']);
  });
});
