import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/contacts/csv';
import { createKey } from '../helpers/factories';
import { addContact, campaignsApp, HTML } from './campaigns-helpers';

describe('a campaign’s report: charts over time and the per-recipient CSV', { timeout: 120_000 }, () => {
  it('counts opens (people and machines apart) and clicks per hour and per day in the organization’s zone, empty buckets as zeros', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    await sql`update organizations set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{timezone}', '"America/New_York"') where id = ${org}`.execute(deps.database.db);
    await addContact(deps, org, { email: 'ada@example.test', tags: ['vip'] });
    await addContact(deps, org, { email: 'bob@example.test', tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Charted', channel: 'email', audience: { match: 'all', conditions: [{ type: 'tag', tag: 'vip' }] }, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    expect(await api.campaigns.engagement({ id: campaign.id })).toEqual({ bucket: 'hour', timeZone: 'America/New_York', points: [] });
    const [ada, bob] = await deps.database.db.selectFrom('campaign_recipients').select('id').where('campaign_id', '=', campaign.id).orderBy('address').execute();
    const event = (recipientId: string, type: 'open' | 'click', machine: boolean, at: string) => ({
      organization_id: org,
      campaign_id: campaign.id,
      recipient_id: recipientId,
      type,
      machine,
      created_at: new Date(at),
    });
    await deps.database.db
      .insertInto('campaign_events')
      .values([
        // 14:10 and 14:50 UTC are 09:xx in New York (EST, UTC−5); 17:05 UTC is 12:05 there.
        event(ada!.id, 'open', true, '2026-11-30T14:10:00Z'),
        event(ada!.id, 'open', false, '2026-11-30T14:50:00Z'),
        event(ada!.id, 'click', false, '2026-11-30T14:51:00Z'),
        event(bob!.id, 'open', false, '2026-11-30T17:05:00Z'),
        // 03:00 UTC on Dec 1 is still Nov 30 in New York.
        event(bob!.id, 'click', false, '2026-12-01T03:00:00Z'),
      ])
      .execute();
    const hourly = await api.campaigns.engagement({ id: campaign.id, bucket: 'hour' });
    expect(hourly.points.slice(0, 4)).toEqual([
      { at: '2026-11-30T09:00', opened: 1, machineOpened: 1, clicked: 1 },
      { at: '2026-11-30T10:00', opened: 0, machineOpened: 0, clicked: 0 },
      { at: '2026-11-30T11:00', opened: 0, machineOpened: 0, clicked: 0 },
      { at: '2026-11-30T12:00', opened: 1, machineOpened: 0, clicked: 0 },
    ]);
    expect(hourly.points.at(-1)).toEqual({ at: '2026-11-30T22:00', opened: 0, machineOpened: 0, clicked: 1 });
    expect(hourly.points).toHaveLength(14);
    expect((await api.campaigns.engagement({ id: campaign.id, bucket: 'day' })).points).toEqual([{ at: '2026-11-30T00:00', opened: 2, machineOpened: 1, clicked: 2 }]);
  });

  it('exports every recipient as CSV, streamed in chunks past 1,000 rows, with their events; audited; filtered by status; needs data:export', async () => {
    const { app, deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    await sql`insert into contacts (organization_id, first_name, last_name, email, tags)
      select ${org}::uuid, 'C' || i, 'Bulk', 'c' || i || '@example.test', array['bulk'] from generate_series(1, 1004) as i`.execute(deps.database.db);
    await addContact(deps, org, { first_name: '=cmd', email: 'formula@example.test', tags: ['bulk'], dnc_email: true });
    const campaign = await api.campaigns.create({ name: 'Big one', channel: 'email', audience: { match: 'all', conditions: [{ type: 'tag', tag: 'bulk' }] }, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    const first = await deps.database.db.selectFrom('campaign_recipients').select('id').where('campaign_id', '=', campaign.id).where('address', '=', 'c1@example.test').executeTakeFirstOrThrow();
    await deps.database.db
      .insertInto('campaign_events')
      .values([
        { organization_id: org, campaign_id: campaign.id, recipient_id: first.id, type: 'open', machine: false, created_at: new Date('2026-11-30T10:00:00Z') },
        { organization_id: org, campaign_id: campaign.id, recipient_id: first.id, type: 'click', machine: false, created_at: new Date('2026-11-30T10:01:00Z') },
        { organization_id: org, campaign_id: campaign.id, recipient_id: first.id, type: 'click', machine: false, created_at: new Date('2026-11-30T10:02:00Z') },
      ])
      .execute();

    const headers = { authorization: `Bearer ${await createKey(deps, org, 'admin', owner.userId)}` };
    const response = await app.request(`/api/v1/campaigns/${campaign.id}/recipients.csv`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Big-one-recipients-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('x-total-count')).toBe('1005');
    const csv = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(csv.headers).toEqual(['Address', 'Contact', 'Status', 'Variant', 'Due At', 'Opened At', 'Machine Opened At', 'Clicked At', 'Clicks', 'Unsubscribed', 'Complained', 'Error']);
    expect(csv.rows).toHaveLength(1005);
    expect(new Set(csv.rows.map((row) => row[0])).size).toBe(1005);
    const ada = csv.rows.find((row) => row[0] === 'c1@example.test')!;
    expect(ada.slice(1, 4)).toEqual(['C1 Bulk', 'pending', '']);
    expect(ada.slice(5)).toEqual(['2026-11-30T10:00:00.000Z', '', '2026-11-30T10:01:00.000Z', '2', 'no', 'no', '']);
    // A formula-looking cell is neutralized; the left-out contact says why.
    const formula = csv.rows.find((row) => row[0] === 'formula@example.test')!;
    expect(formula.slice(1, 3)).toEqual(["'=cmd Lovelace", 'suppressed']);
    expect(formula[11]).toBe('The contact opted out of this channel');

    const suppressed = await app.request(`/api/v1/campaigns/${campaign.id}/recipients.csv?status=suppressed`, { headers });
    expect(suppressed.headers.get('x-total-count')).toBe('1');
    expect((await app.request(`/api/v1/campaigns/${campaign.id}/recipients.csv?status=nope`, { headers })).status).toBe(400);
    const audits = await deps.database.db
      .selectFrom('audit_events')
      .select(['details', 'target_id'])
      .where('organization_id', '=', org)
      .where('action', '=', 'campaigns.recipients_exported')
      .execute();
    expect(audits).toHaveLength(2);
    expect(audits).toEqual(
      expect.arrayContaining([
        { target_id: campaign.id, details: { count: 1005, status: null } },
        { target_id: campaign.id, details: { count: 1, status: 'suppressed' } },
      ]),
    );
    const viewer = await createKey(deps, org, 'viewer', owner.userId);
    expect((await app.request(`/api/v1/campaigns/${campaign.id}/recipients.csv`, { headers: { authorization: `Bearer ${viewer}` } })).status).toBe(403);
  });
});
