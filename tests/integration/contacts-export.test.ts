import { describe, expect, it } from 'vitest';
import { browser, createKey } from '../helpers/factories';
import { contactsWorld, csvRows, member } from './contacts-helpers';

type World = Awaited<ReturnType<typeof contactsWorld>>;

async function download(world: World, query = '', headers: Record<string, string> = browser(world.owner.cookie)) {
  const res = await world.app.request(`/api/contacts/export.csv${query}`, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, rows: res.status === 200 ? csvRows(bytes.toString('utf8')) : [], text: bytes.toString('utf8') };
}

describe('contacts export (GET /api/contacts/export.csv)', () => {
  it('writes the filtered contacts as RFC 4180 CSV, formula-safe, as a download', async () => {
    const world = await contactsWorld();
    const { api, owner, deps } = world;
    await api.customFields.create({ label: 'Remarks', type: 'text' });
    await api.contacts.create({
      firstName: '=cmd|calc',
      lastName: 'O"Neil',
      email: 'x@example.com',
      phone: '+1 415 555 2671',
      companyName: '+danger, inc',
      jobTitle: '-minus',
      source: '@at',
      tags: ['vip', 'a;b'],
      leadScore: 5,
      doNotContact: { email: true },
      customFields: { remarks: 'line one\nline two' },
      attribution: { source: 'google', campaign: 'x' },
    });
    await api.contacts.create({ firstName: 'Plain', email: 'plain@example.com', tags: ['vip'] });
    await api.contacts.create({ firstName: 'Other', email: 'other@example.com' });
    const { res, bytes, rows } = await download(world, '?tag=vip&sort=name&direction=desc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    const [header, ...data] = rows;
    expect(header).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Other Emails',
      'Phone',
      'Other Phones',
      'Company',
      'Job Title',
      'Lifecycle Stage',
      'Source',
      'Tags',
      'Owner',
      'Lead Score',
      'Do Not Text',
      'Do Not Email',
      'Do Not Call',
      'First Source',
      'First Medium',
      'First Campaign',
      'First Referrer',
      'First Landing Page',
      'Latest Source',
      'Latest Medium',
      'Latest Campaign',
      'Latest Referrer',
      'Latest Landing Page',
      'Created At',
      'Updated At',
      'Remarks',
    ]);
    expect(data.map((r) => r[0])).toEqual(['Plain', "'=cmd|calc"]);
    const risky = data[1]!;
    const cell = (name: string) => risky[header!.indexOf(name)];
    expect(cell('Last Name')).toBe('O"Neil');
    // An E.164 phone is data, not a formula: written as it is, so it imports back unchanged.
    expect(cell('Phone')).toBe('+14155552671');
    expect(cell('Company')).toBe("'+danger, inc");
    expect(cell('Job Title')).toBe("'-minus");
    expect(cell('Source')).toBe("'@at");
    expect(cell('Tags')).toBe('vip, a;b');
    expect(cell('Owner')).toBe(owner.email);
    expect(cell('Do Not Email')).toBe('yes');
    expect(cell('Do Not Text')).toBe('no');
    expect(cell('First Source')).toBe('google');
    expect(cell('Remarks')).toBe('line one\nline two');
    expect(Date.parse(cell('Created At')!)).not.toBeNaN();
    // Quoting as RFC 4180 says.
    expect(bytes.toString('utf8')).toContain('"O""Neil"');
    const audit = await deps.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('organization_id', '=', owner.organizationId)
      .where('action', '=', 'contacts.exported')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ count: 2, filters: { tag: 'vip' } });
  });

  it('takes the columns asked for, or those of a saved view, and its filters', async () => {
    const world = await contactsWorld();
    const { api, deps, owner } = world;
    await api.customFields.create({ label: 'Plan', type: 'text' });
    await api.contacts.create({ firstName: 'Cust', lastName: 'Omer', email: 'c@example.com', lifecycleStage: 'customer', customFields: { plan: 'Pro' } });
    await api.contacts.create({ firstName: 'Lead', email: 'l@example.com' });
    expect((await download(world, '?columns=name,email,custom.plan&sort=name')).rows).toEqual([
      ['Name', 'Email', 'Plan'],
      ['Cust Omer', 'c@example.com', 'Pro'],
      ['Lead', 'l@example.com', ''],
    ]);
    const view = await api.savedViews.create({ name: 'Customers', filters: { lifecycleStage: 'customer' }, columns: ['email', 'lifecycleStage'] });
    expect((await download(world, `?viewId=${view.id}`)).rows).toEqual([
      ['Email', 'Lifecycle Stage'],
      ['c@example.com', 'customer'],
    ]);
    // Parameters override the view.
    expect((await download(world, `?viewId=${view.id}&lifecycleStage=lead&columns=name`)).rows).toEqual([['Name'], ['Lead']]);
    const colleague = await member(deps, owner.organizationId, 'admin');
    expect((await download(world, `?viewId=${view.id}`, browser(colleague.cookie))).res.status).toBe(404);
    const bad = await download(world, '?lifecycleStage=warm');
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ message: 'lifecycleStage: must be one of subscriber, lead, mql, sql, customer, other' });
    expect((await download(world, '?columns=password')).res.status).toBe(400);
  });

  it('needs data:export, by cookie or API key', async () => {
    const world = await contactsWorld();
    const { deps, owner } = world;
    await world.api.contacts.create({ firstName: 'Keyed' });
    const manager = await member(deps, owner.organizationId, 'manager');
    const rep = await member(deps, owner.organizationId, 'sales_rep');
    expect((await download(world, '', browser(manager.cookie))).res.status).toBe(200);
    expect((await download(world, '', browser(rep.cookie))).res.status).toBe(403);
    expect((await download(world, '', {})).res.status).toBe(401);
    const adminKey = await createKey(deps, owner.organizationId, 'admin');
    const viaKey = await download(world, '?columns=firstName', { authorization: `Bearer ${adminKey}` });
    expect(viaKey.res.status).toBe(200);
    expect(viaKey.rows).toEqual([['First Name'], ['Keyed']]);
    const viewerKey = await createKey(deps, owner.organizationId, 'viewer');
    expect((await download(world, '', { authorization: `Bearer ${viewerKey}` })).res.status).toBe(403);
    // Another organization's contacts never appear.
    const other = await contactsWorld();
    expect((await download(other, '?columns=firstName')).rows).toEqual([['First Name']]);
  });

  it('streams large exports in chunks without losing or repeating a contact', async () => {
    const world = await contactsWorld();
    const { deps, owner } = world;
    const sameTime = new Date('2026-03-01T00:00:00Z');
    const values = Array.from({ length: 2150 }, (_, i) => ({
      organization_id: owner.organizationId,
      first_name: `Bulk${i}`,
      email: `bulk${i}@example.com`,
      created_at: i % 3 === 0 ? sameTime : new Date(sameTime.getTime() + i),
    }));
    for (let i = 0; i < values.length; i += 500)
      await deps.database.db
        .insertInto('contacts')
        .values(values.slice(i, i + 500))
        .execute();
    const { rows, res } = await download(world, '?columns=email');
    expect(res.headers.get('x-total-count')).toBe('2150');
    const emails = rows.slice(1).map((r) => r[0]);
    expect(emails).toHaveLength(2150);
    expect(new Set(emails).size).toBe(2150);
  });

  it('writes headers the import recognizes', async () => {
    const world = await contactsWorld();
    await world.api.contacts.create({ firstName: 'Round', lastName: 'Trip', email: 'rt@example.com', phone: '+14155552671', tags: ['a', 'b'] });
    const { text } = await download(world);
    const preview = await world.api.imports.preview({ csv: text });
    expect(preview.suggestedMapping).toMatchObject({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Email: 'email',
      Phone: 'phone',
      Company: 'companyName',
      'Job Title': 'jobTitle',
      'Lifecycle Stage': 'lifecycleStage',
      Source: 'source',
      Tags: 'tags',
      Owner: 'owner',
      'Lead Score': 'leadScore',
      'Do Not Text': 'dncSms',
      'Do Not Email': 'dncEmail',
      'Do Not Call': 'dncCalls',
    });
    expect(preview.rows[0]![4]).toBe('+14155552671');
  });
});
