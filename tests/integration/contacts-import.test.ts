import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { IMPORT_JOB, ImportFailure, runImport } from '../../server/contacts/imports';
import { registerContactJobs } from '../../server/contacts/jobs';
import { browser } from '../helpers/factories';
import { contactsWorld, csvRows, member, timelineOf } from './contacts-helpers';

/** A world whose job queue is started; without workers unless asked, so tests run the import themselves. */
async function importWorld(workers = false) {
  const world = await contactsWorld({ env: { JOBS_ENABLED: workers ? 'true' : 'false', JOBS_POLL_MS: '100' } });
  registerContactJobs(world.deps);
  await world.deps.jobs.start();
  onTestFinished(() => world.deps.jobs.stop({ timeoutMs: 2000 }));
  return world;
}
type World = Awaited<ReturnType<typeof importWorld>>;

const run = (world: World, importId: string, options: Parameters<typeof runImport>[2] = {}) => runImport(world.deps, { importId, organizationId: world.owner.organizationId }, options);

async function contactCount(world: World) {
  return (await world.api.contacts.list({ limit: 1 })).total;
}

describe('import preview', () => {
  it('reads the header, the first rows and suggests a mapping from header synonyms and custom fields', async () => {
    const { api } = await importWorld();
    await api.customFields.create({ label: 'Plan', type: 'select', options: ['Basic', 'Pro'] });
    const lines = [
      'First Name;E-mail;Mobile;Organization;Tags;Plan;Favourite colour',
      ...Array.from({ length: 12 }, (_, i) => `P${i};p${i}@example.com;+1415555${String(2600 + i)};Acme;"a; b";Pro;red`),
    ];
    lines[1] = 'Ada;ada@example.com;"+1 415\n555 2671";"Acme; Inc";vip;Pro;"say ""hi"""';
    const preview = await api.imports.preview({ csv: `\uFEFF${lines.join('\r\n')}\r\n` });
    expect(preview).toMatchObject({
      delimiter: ';',
      headers: ['First Name', 'E-mail', 'Mobile', 'Organization', 'Tags', 'Plan', 'Favourite colour'],
      totalRows: 12,
      suggestedMapping: { 'First Name': 'firstName', 'E-mail': 'email', Mobile: 'phone', Organization: 'companyName', Tags: 'tags', Plan: 'custom.plan', 'Favourite colour': null },
    });
    expect(preview.rows).toHaveLength(10);
    expect(preview.rows[0]).toEqual(['Ada', 'ada@example.com', '+1 415\n555 2671', 'Acme; Inc', 'vip', 'Pro', 'say "hi"']);
    expect(preview.targets).toContainEqual({ value: 'custom.plan', label: 'Plan' });

    const other = await api.imports.preview({ csv: 'first_name,Given name,Email Address,Phone Number,Company,Full Name,Notes,Unknown,\nA,B,a@b.co,1,C,D,E,F,G\n' });
    expect(other.delimiter).toBe(',');
    expect(other.headers).toEqual(['first_name', 'Given name', 'Email Address', 'Phone Number', 'Company', 'Full Name', 'Notes', 'Unknown', 'Column 9']);
    expect(other.suggestedMapping).toEqual({
      first_name: 'firstName',
      'Given name': null,
      'Email Address': 'email',
      'Phone Number': 'phone',
      Company: 'companyName',
      'Full Name': 'fullName',
      Notes: 'note',
      Unknown: null,
      'Column 9': null,
    });
  });

  it('refuses a malformed file or mapping up front, naming the problem, and stores nothing', async () => {
    const world = await importWorld();
    const { api, deps, owner } = world;
    await expect(api.imports.preview({ csv: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'csv: is empty' });
    await expect(api.imports.preview({ csv: ' \r\n\r\n' })).rejects.toMatchObject({ message: 'csv: the file is empty' });
    await expect(api.imports.preview({ csv: 'Name,Email\nAda,ada@example.com\n"Bob,bob@example.com\n' })).rejects.toMatchObject({
      message: 'csv: a quoted value starting on line 3 is never closed (unbalanced quotes)',
    });
    await expect(api.imports.preview({ csv: 'Name,Email\r\n' })).rejects.toMatchObject({ message: 'csv: the file has a header row but no data rows' });
    await expect(api.imports.preview({ csv: 'ada@example.com,Ada\nbob@example.com,Bob\n' })).rejects.toMatchObject({
      message: 'csv: the first row must be a header row naming the columns; it looks like data ("ada@example.com")',
    });
    await expect(api.imports.preview({ csv: ',,\nA,B,C\n' })).rejects.toMatchObject({ message: 'csv: the first row must be a header row naming the columns' });
    await expect(api.imports.preview({ csv: `Name\n${'x'.repeat(10 * 1024 * 1024)}\n` })).rejects.toMatchObject({ message: 'csv: must be at most 10 MB' });
    const csv = 'Name,Email,Work Email,Company\nAda,ada@example.com,ada@work.example,Acme\n';
    await expect(api.imports.start({ csv, mapping: { Nope: 'email' } })).rejects.toMatchObject({
      message: 'mapping: column "Nope" is not in the file (its columns are "Name", "Email", "Work Email", "Company")',
    });
    await expect(api.imports.start({ csv, mapping: { Company: 'companyName' }, dedupeBy: 'none' })).rejects.toMatchObject({
      message: 'mapping: map at least one column to a name, an e-mail or a phone',
    });
    await expect(api.imports.start({ csv, mapping: { Email: 'email', 'Work Email': 'email' } })).rejects.toMatchObject({ message: 'mapping: "Email" and "Work Email" both map to email; choose one' });
    await expect(api.imports.start({ csv, mapping: { Name: 'fullName', Company: 'custom.nope' }, dedupeBy: 'none' })).rejects.toMatchObject({
      message: 'mapping.Company: custom.nope is not a custom field of this organization',
    });
    await expect(api.imports.start({ csv, mapping: { Name: 'fullName' }, dedupeBy: 'phone' })).rejects.toMatchObject({ message: 'dedupeBy: needs a column mapped to phone, or choose none' });
    await expect(api.imports.start({ csv, mapping: { Name: 'shoeSize' } })).rejects.toMatchObject({ message: 'mapping.Name: must be a contact field, custom.<key> or empty to skip the column' });
    await expect(api.imports.start({ csv, mapping: { Name: 'fullName' }, onDuplicate: 'merge' as never })).rejects.toMatchObject({ message: 'onDuplicate: must be skip, update or create' });
    expect(await deps.database.db.selectFrom('contact_imports').select('id').where('organization_id', '=', owner.organizationId).execute()).toEqual([]);
  });

  it('needs data:import', async () => {
    const world = await importWorld();
    const manager = await member(world.deps, world.owner.organizationId, 'manager');
    await expect(world.as(manager).imports.preview({ csv: 'Name\nA\n' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Your role does not allow this action (data:import is required)' });
    await expect(world.as(manager).imports.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('import job', () => {
  it('writes the good rows, keeps the bad ones with their reasons, and reports them as CSV', async () => {
    const world = await importWorld();
    const { api, app, deps, owner } = world;
    const rep = await member(deps, owner.organizationId, 'sales_rep');
    await api.customFields.create({ label: 'Seats', type: 'number' });
    const csv = [
      'Name,Email,Phone,Company,Stage,Tags,Owner,Seats,Score,Do not call,Notes',
      `"Lovelace, Ada",ADA@example.com,(415) 555-2671,Analytical,Customer,"vip; math",${rep.email},12,90,yes,Met at the conference`,
      'Alan Turing,not-an-email,,Bletchley,,,,,,,',
      'Grace Hopper,grace@example.com,12,,,,,,,,',
      ',,,Nameless Inc,,,,,,,',
      '=HYPERLINK("http://evil.example"),,,,warm,,,many,,,',
      'Linus,linus@example.com,,,,,,,,,,extra',
      "Edsger Dijkstra,edsger@example.com,'+31 20 123 4567,,MQL,,,,,no,",
      'Barbara,barbara@example.com,,,,,nobody@example.com,,,,',
    ].join('\n');
    const started = await api.imports.start({
      csv,
      filename: 'people.csv',
      mapping: {
        Name: 'fullName',
        Email: 'email',
        Phone: 'phone',
        Company: 'companyName',
        Stage: 'lifecycleStage',
        Tags: 'tags',
        Owner: 'owner',
        Seats: 'custom.seats',
        Score: 'leadScore',
        'Do not call': 'dncCalls',
        Notes: 'note',
      },
      dedupeBy: 'email',
      onDuplicate: 'skip',
    });
    expect(started).toMatchObject({ filename: 'people.csv', status: 'queued', total: 8, processed: 0, createdBy: { id: owner.userId, name: 'Test contacts' } });
    expect(await run(world, started.id)).toEqual({ status: 'completed', processed: 8, total: 8 });
    const done = await api.imports.get({ id: started.id });
    expect(done).toMatchObject({ status: 'completed', total: 8, processed: 8, created: 2, updated: 0, skipped: 0, errors: 6, failure: null });
    expect(done.finishedAt).not.toBeNull();
    expect(done.errorRows).toEqual([
      { row: 3, field: 'email', message: '"not-an-email" is not a valid e-mail address' },
      { row: 4, field: 'phone', message: 'must be a valid phone number; include the country code, for example +1 for US numbers' },
      { row: 5, field: null, message: 'A contact needs a name, an e-mail or a phone' },
      {
        row: 6,
        field: 'lifecycleStage, customFields.seats',
        message: 'lifecycleStage: "warm" is not a lifecycle stage (subscriber, lead, mql, sql, customer, other); customFields.seats: must be a number',
      },
      { row: 7, field: null, message: 'has 12 values but the header has 11 columns' },
      { row: 9, field: 'owner', message: '"nobody@example.com" is not the e-mail of a member of this organization' },
    ]);
    const ada = (await api.contacts.list({ q: 'ada@example.com' })).items[0]!;
    expect(ada).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+14155552671',
      companyName: 'Analytical',
      lifecycleStage: 'customer',
      tags: ['vip', 'math'],
      ownerId: rep.userId,
      customFields: { seats: 12 },
      leadScore: 90,
      doNotContact: { calls: true, sms: false, email: false },
      source: 'import',
    });
    expect((await timelineOf(deps, owner.organizationId, ada.id)).map((e) => [e.type, e.payload])).toEqual([
      ['contact_created', { name: 'Ada Lovelace', via: 'import', importId: started.id, row: 2 }],
      ['note', { body: 'Met at the conference', via: 'import', importId: started.id }],
    ]);
    // A leading quote written by a formula-safe export is taken off again.
    expect((await api.contacts.list({ q: 'edsger' })).items[0]).toMatchObject({ phone: '+31201234567', lifecycleStage: 'mql', doNotContact: { calls: false } });
    expect(await contactCount(world)).toBe(2);

    const res = await app.request(`/api/contacts/imports/${started.id}/errors.csv`, { headers: browser(owner.cookie) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('filename="people-errors.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    // UTF-8 with a byte order mark, so spreadsheet programs read accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const rows = csvRows(text);
    expect(rows[0]).toEqual(['Row', 'Field', 'Error', 'Name', 'Email', 'Phone', 'Company', 'Stage', 'Tags', 'Owner', 'Seats', 'Score', 'Do not call', 'Notes', 'Column 12']);
    expect(rows[1]).toEqual(['3', 'email', '"not-an-email" is not a valid e-mail address', 'Alan Turing', 'not-an-email', '', 'Bletchley', '', '', '', '', '', '', '', '']);
    // The formula stays text in a spreadsheet.
    expect(rows[4]![3]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(rows[5]![14]).toBe('extra');
    expect(rows).toHaveLength(7);

    const manager = await member(deps, owner.organizationId, 'manager');
    expect((await app.request(`/api/contacts/imports/${started.id}/errors.csv`, { headers: browser(manager.cookie) })).status).toBe(403);
    expect((await app.request(`/api/contacts/imports/${started.id}/errors.csv`)).status).toBe(401);
    expect((await app.request('/api/contacts/imports/not-a-uuid/errors.csv', { headers: browser(owner.cookie) })).status).toBe(404);
    const list = await api.imports.list();
    expect(list).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(list.items[0]).toMatchObject({ id: started.id, status: 'completed', errors: 6 });
    expect(list.items[0]).not.toHaveProperty('csv');
  });

  it('dedupes by e-mail: skip leaves, update fills in, create adds another', async () => {
    const csv = ['Email,First Name,Company,Tags', 'dup@example.com,New,,new', 'DUP@example.com,,Acme,', 'fresh@example.com,Fresh,,', 'fresh@example.com,Again,,'].join('\n');
    const mapping = { Email: 'email', 'First Name': 'firstName', Company: 'companyName', Tags: 'tags' };
    const setup = async () => {
      const world = await importWorld();
      const existing = await world.api.contacts.create({ email: 'dup@example.com', firstName: 'Old', tags: ['old'] });
      return { world, existing };
    };

    const skip = await setup();
    const s = await skip.world.api.imports.start({ csv, mapping, dedupeBy: 'email', onDuplicate: 'skip' });
    await run(skip.world, s.id);
    expect(await skip.world.api.imports.get({ id: s.id })).toMatchObject({ created: 1, updated: 0, skipped: 3, errors: 0 });
    expect(await skip.world.api.contacts.get({ id: skip.existing.id })).toMatchObject({ firstName: 'Old', tags: ['old'], companyName: null });
    expect(await contactCount(skip.world)).toBe(2);

    const update = await setup();
    const u = await update.world.api.imports.start({ csv, mapping, dedupeBy: 'email', onDuplicate: 'update' });
    await run(update.world, u.id);
    expect(await update.world.api.imports.get({ id: u.id })).toMatchObject({ created: 1, updated: 3, skipped: 0, errors: 0 });
    expect(await update.world.api.contacts.get({ id: update.existing.id })).toMatchObject({ firstName: 'New', tags: ['old', 'new'], companyName: 'Acme' });
    expect((await update.world.api.contacts.list({ q: 'fresh' })).items.map((c) => c.firstName)).toEqual(['Again']);
    expect((await timelineOf(update.world.deps, update.world.owner.organizationId, update.existing.id)).slice(1).map((e) => [e.type, e.payload.via])).toEqual([
      ['field_changed', 'import'],
      ['field_changed', 'import'],
      ['tags_changed', 'import'],
    ]);
    expect(await contactCount(update.world)).toBe(2);

    const create = await setup();
    const c = await create.world.api.imports.start({ csv, mapping, dedupeBy: 'email', onDuplicate: 'create' });
    await run(create.world, c.id);
    expect(await create.world.api.imports.get({ id: c.id })).toMatchObject({ created: 4, updated: 0, skipped: 0 });
    expect(await contactCount(create.world)).toBe(5);
    expect(await create.world.api.contacts.get({ id: create.existing.id })).toMatchObject({ firstName: 'Old' });

    const none = await setup();
    const n = await none.world.api.imports.start({ csv, mapping, dedupeBy: 'none' });
    await run(none.world, n.id);
    expect(await none.world.api.imports.get({ id: n.id })).toMatchObject({ created: 4, skipped: 0 });
  });

  it('dedupes by phone, read in the organization’s country', async () => {
    const world = await importWorld();
    const existing = await world.api.contacts.create({ firstName: 'Phoned', phone: '+14155552671' });
    const started = await world.api.imports.start({
      csv: 'Mobile,Job Title\n(415) 555-2671,CEO\n12,CTO\n',
      mapping: { Mobile: 'phone', 'Job Title': 'jobTitle' },
      dedupeBy: 'phone',
      onDuplicate: 'update',
    });
    await run(world, started.id);
    expect(await world.api.imports.get({ id: started.id })).toMatchObject({ created: 0, updated: 1, errors: 1 });
    expect((await world.api.contacts.get({ id: existing.id })).jobTitle).toBe('CEO');
  });

  it('resumes after a stop or a crash where it stood, writing nothing twice', async () => {
    const world = await importWorld();
    const rows = Array.from({ length: 7 }, (_, i) => `Person ${i},p${i}@example.com`);
    const started = await world.api.imports.start({ csv: ['Name,Email', ...rows].join('\n'), mapping: { Name: 'fullName', Email: 'email' } });
    // A first run stops after one chunk of 2 rows (a restart).
    expect(await run(world, started.id, { chunkSize: 2, maxChunks: 1 })).toEqual({ status: 'running', processed: 2, total: 7 });
    expect(await world.api.imports.get({ id: started.id })).toMatchObject({ status: 'running', processed: 2, created: 2 });
    expect(await contactCount(world)).toBe(2);
    // A second run crashes while writing its first chunk: that chunk is rolled back whole.
    await expect(
      run(world, started.id, {
        chunkSize: 2,
        beforeCommit: () => {
          throw new Error('power cut');
        },
      }),
    ).rejects.toThrow('power cut');
    expect(await world.api.imports.get({ id: started.id })).toMatchObject({ status: 'running', processed: 2, created: 2 });
    expect(await contactCount(world)).toBe(2);
    // The next run finishes the job; running it again changes nothing.
    expect(await run(world, started.id, { chunkSize: 2 })).toEqual({ status: 'completed', processed: 7, total: 7 });
    expect(await run(world, started.id)).toEqual({ status: 'completed', processed: 7, total: 7 });
    expect(await world.api.imports.get({ id: started.id })).toMatchObject({ status: 'completed', processed: 7, created: 7, skipped: 0, errors: 0 });
    const emails = (await world.api.contacts.list({ sort: 'name', limit: 20 })).items.map((c) => c.email);
    expect(emails).toEqual(rows.map((_, i) => `p${i}@example.com`));
  });

  it('two runs of the same import at once (at-least-once delivery) take turns and write each row once', async () => {
    const world = await importWorld();
    const rows = Array.from({ length: 9 }, (_, i) => `Twin ${i},t${i}@example.com`);
    const started = await world.api.imports.start({ csv: ['Name,Email', ...rows].join('\n'), mapping: { Name: 'fullName', Email: 'email' }, dedupeBy: 'none' });
    await Promise.all([run(world, started.id, { chunkSize: 2 }), run(world, started.id, { chunkSize: 3 })]);
    expect(await world.api.imports.get({ id: started.id })).toMatchObject({ status: 'completed', processed: 9, created: 9 });
    expect(await contactCount(world)).toBe(9);
  });

  it('a mapping that no longer fits (a custom field deleted since) fails the import with the reason', async () => {
    const world = await importWorld();
    const field = await world.api.customFields.create({ label: 'Plan', type: 'text' });
    const started = await world.api.imports.start({ csv: 'Name,Plan\nA,Pro\n', mapping: { Name: 'fullName', Plan: 'custom.plan' }, dedupeBy: 'none' });
    await world.api.customFields.delete({ id: field.id });
    await expect(run(world, started.id)).rejects.toBeInstanceOf(ImportFailure);
  });
});

describe('import through the job queue', () => {
  it('startImport enqueues in its transaction and the queue runs it to completion; a hopeless import ends failed', async () => {
    const world = await importWorld(true);
    const { api, deps, owner } = world;
    const started = await api.imports.start({ csv: 'Name,Email\nQueued One,q1@example.com\nQueued Two,q2@example.com\n', mapping: { Name: 'fullName', Email: 'email' } });
    const deadline = Date.now() + 15_000;
    let state = await api.imports.get({ id: started.id });
    while (state.status !== 'completed' && Date.now() < deadline) {
      await delay(100);
      state = await api.imports.get({ id: started.id });
    }
    expect(state).toMatchObject({ status: 'completed', created: 2, processed: 2 });
    expect(await contactCount(world)).toBe(2);

    // An import whose stored mapping names a custom field that no longer exists: failed with the reason, not retried.
    const broken = await deps.database.db
      .insertInto('contact_imports')
      .values({
        organization_id: owner.organizationId,
        filename: 'broken.csv',
        csv: 'Name,Plan\nA,B\n',
        mapping: JSON.stringify({ Name: 'fullName', Plan: 'custom.gone' }),
        dedupe_by: 'none',
        on_duplicate: 'skip',
        total_rows: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.jobs.send(IMPORT_JOB, { importId: broken.id, organizationId: owner.organizationId });
    let failed = await api.imports.get({ id: broken.id });
    while (failed.status !== 'failed' && Date.now() < deadline + 5000) {
      await delay(100);
      failed = await api.imports.get({ id: broken.id });
    }
    expect(failed).toMatchObject({ status: 'failed', failure: 'mapping.Plan: custom.gone is not a custom field of this organization', created: 0 });
  });
});
