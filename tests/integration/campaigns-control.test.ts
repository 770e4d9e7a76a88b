import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pickWinner } from '../../server/campaigns/ab-test';
import { dispatchCampaign } from '../../server/campaigns/dispatch';
import type { DatabaseHandle } from '../../server/db';
import { readSettings } from '../../server/organizations/settings';
import { zonedTimeToInstant } from '../../server/time/zoned';
import { createKey } from '../helpers/factories';
import { addContact, campaignsApp, HTML } from './campaigns-helpers';

const VIP = { match: 'all' as const, conditions: [{ type: 'tag' as const, tag: 'vip' }] };

/** A blocks body of one paragraph, with the footer. */
const blocksSaying = (text: string) => ({
  kind: 'blocks' as const,
  blocks: [
    { id: 't1', type: 'text', text, align: 'left' },
    { id: 'f1', type: 'footer', postalAddress: '1 Main St', unsubscribeLabel: 'Unsubscribe' },
  ],
});

/** Each handed-over row of a campaign: its variant, its message's subject, and which body (A or B) its message carries. */
async function sentByVariant(deps: { database: DatabaseHandle }, campaignId: string) {
  const rows = await deps.database.db
    .selectFrom('campaign_recipients as r')
    .innerJoin('email_messages as m', 'm.id', 'r.email_message_id')
    .select(['r.id', 'r.variant', 'm.subject', 'm.html'])
    .where('r.campaign_id', '=', campaignId)
    .execute();
  return rows.map((row) => ({ id: row.id, variant: row.variant, subject: row.subject, body: row.html.includes('Body B text') ? 'B' : row.html.includes('Body A text') ? 'A' : '?' }));
}

describe('campaign sending under control (the dispatch run by the test)', { timeout: 120_000 }, () => {
  it('runs of the sending job, repeated and side by side, send each recipient exactly once', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    for (let i = 0; i < 6; i++) await addContact(deps, org, { email: `r${i}@example.test`, tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Once', channel: 'email', audience: VIP, email: { subject: 'Once', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    const data = { organizationId: org, campaignId: campaign.id };
    // A worker killed mid-run leaves its transaction uncommitted: the next runs find the rows pending.
    await Promise.all([dispatchCampaign(deps, data), dispatchCampaign(deps, data), dispatchCampaign(deps, data)]);
    await dispatchCampaign(deps, data);
    const messages = await deps.database.db.selectFrom('email_messages').select('to_address').where('organization_id', '=', org).execute();
    expect(messages.map((m) => m.to_address).sort()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5'].map((r) => `${r}@example.test`));
    const rows = await deps.database.db.selectFrom('campaign_recipients').select(['status', 'email_message_id']).where('campaign_id', '=', campaign.id).execute();
    // Each row handed over once, to a message of its own (whose state it follows from there: the send jobs run meanwhile).
    expect(rows.every((r) => ['queued', 'sent', 'delivered'].includes(r.status) && r.email_message_id)).toBe(true);
    expect(new Set(rows.map((r) => r.email_message_id)).size).toBe(6);
  });

  it('SMS rows, handed over a few at a time by runs side by side, send each recipient exactly once', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    for (let i = 0; i < 9; i++) await addContact(deps, org, { first_name: `R${i}`, phone: `+1415555020${i}`, tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Texts', channel: 'sms', audience: VIP, sms: { body: 'Hi {{firstName|there}}!' } });
    await api.campaigns.send({ id: campaign.id });
    const data = { organizationId: org, campaignId: campaign.id };
    await Promise.all([dispatchCampaign(deps, data), dispatchCampaign(deps, data), dispatchCampaign(deps, data)]);
    await dispatchCampaign(deps, data);
    const sms = await deps.database.db.selectFrom('sms_messages').select(['to_number', 'body']).where('organization_id', '=', org).where('direction', '=', 'outbound').execute();
    expect(sms.map((m) => m.to_number).sort()).toEqual(Array.from({ length: 9 }, (_, i) => `+1415555020${i}`));
    expect(new Set(sms.map((m) => m.body))).toEqual(new Set(Array.from({ length: 9 }, (_, i) => `Hi R${i}!`)));
    const rows = await deps.database.db.selectFrom('campaign_recipients').select(['status', 'sms_message_id']).where('campaign_id', '=', campaign.id).execute();
    expect(rows.every((r) => r.status !== 'pending' && r.sms_message_id)).toBe(true);
    expect(new Set(rows.map((r) => r.sms_message_id)).size).toBe(9);
  });

  it('pause holds the rows, resume sends them, cancel ends the rest', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    await addContact(deps, org, { email: 'a@example.test', tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Paused', channel: 'email', audience: VIP, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    expect((await api.campaigns.pause({ id: campaign.id })).status).toBe('paused');
    await dispatchCampaign(deps, { organizationId: org, campaignId: campaign.id });
    expect((await api.campaigns.stats({ id: campaign.id })).byStatus.pending).toBe(1);
    await expect(api.campaigns.pause({ id: campaign.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await api.campaigns.resume({ id: campaign.id })).status).toBe('sending');
    await dispatchCampaign(deps, { organizationId: org, campaignId: campaign.id });
    expect((await api.campaigns.stats({ id: campaign.id })).byStatus.pending).toBe(0);

    await addContact(deps, org, { email: 'b@example.test', tags: ['vip'] });
    const second = await api.campaigns.create({ name: 'Cancelled', channel: 'email', audience: VIP, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: second.id });
    expect((await api.campaigns.cancel({ id: second.id })).status).toBe('cancelled');
    await dispatchCampaign(deps, { organizationId: org, campaignId: second.id });
    const stats = await api.campaigns.stats({ id: second.id });
    expect(stats.byStatus).toMatchObject({ cancelled: 2, pending: 0, queued: 0 });
  });

  it('a scheduled campaign starts at its moment, evaluating its audience then; a local-time send is due at that time in each zone', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    await addContact(deps, org, { email: 'paris@example.test', phone: '+33612345678', tags: ['vip'] });
    await addContact(deps, org, { email: 'tokyo@example.test', phone: '+81312345678', tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Later', channel: 'email', audience: VIP, email: { subject: 'Hi', content: HTML } });
    await expect(api.campaigns.schedule({ id: campaign.id, at: '2020-01-01T09:00:00Z' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('at: must be in the future') });
    const at = new Date(Date.now() + 3 * 86_400_000);
    const scheduled = await api.campaigns.schedule({ id: campaign.id, at: at.toISOString(), recipientLocalTime: '09:00' });
    expect(scheduled).toMatchObject({ status: 'scheduled', recipientLocalTime: '09:00' });
    const data = { organizationId: org, campaignId: campaign.id };
    await dispatchCampaign(deps, data);
    expect((await api.campaigns.get({ id: campaign.id })).status).toBe('scheduled');

    // Its moment comes (the schedule moved to the past rather than waiting): the audience is read now, a contact added since included.
    await addContact(deps, org, { email: 'late@example.test', tags: ['vip'] });
    const past = new Date(Date.now() - 86_400_000);
    await sql`update campaigns set scheduled_at = ${past} where id = ${campaign.id}`.execute(deps.database.db);
    await dispatchCampaign(deps, data);
    expect((await api.campaigns.get({ id: campaign.id })).status).toBe('sending');
    const rows = await deps.database.db.selectFrom('campaign_recipients').select(['address', 'time_zone', 'due_at']).where('campaign_id', '=', campaign.id).orderBy('address').execute();
    const { timezone } = await readSettings(deps.database.db, org);
    expect(rows.map((r) => [r.address, r.time_zone])).toEqual([
      ['late@example.test', timezone],
      ['paris@example.test', 'Europe/Paris'],
      ['tokyo@example.test', 'Asia/Tokyo'],
    ]);
    const date = past.toISOString().slice(0, 10);
    // Yesterday's 09:00 has passed everywhere: each row is due now, not in the past's order.
    for (const row of rows) expect(row.due_at.getTime()).toBeGreaterThanOrEqual(Math.min(zonedTimeToInstant(date, '09:00', row.time_zone!).getTime(), Date.now() - 60_000));
  });

  it('an A/B test sends subject A and B to its share, then the winner by human opens to the rest', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    for (let i = 0; i < 20; i++) await addContact(deps, org, { email: `ab${i}@example.test`, tags: ['vip'] });
    const campaign = await api.campaigns.create({
      name: 'AB',
      channel: 'email',
      audience: VIP,
      email: { subject: 'Subject A', content: HTML },
      abTest: { subjectB: 'Subject B', sharePercent: 50, metric: 'opens', waitHours: 4 },
    });
    await api.campaigns.send({ id: campaign.id });
    const data = { organizationId: org, campaignId: campaign.id };
    await dispatchCampaign(deps, data);
    const first = await deps.database.db.selectFrom('email_messages').select('subject').where('organization_id', '=', org).execute();
    expect(first.filter((m) => m.subject === 'Subject A')).toHaveLength(5);
    expect(first.filter((m) => m.subject === 'Subject B')).toHaveLength(5);
    const bRows = await deps.database.db.selectFrom('campaign_recipients').select('id').where('campaign_id', '=', campaign.id).where('variant', '=', 'b').execute();
    const aRow = await deps.database.db.selectFrom('campaign_recipients').select('id').where('campaign_id', '=', campaign.id).where('variant', '=', 'a').executeTakeFirstOrThrow();
    await deps.database.db
      .insertInto('campaign_events')
      .values([
        ...bRows.slice(0, 2).map((r) => ({ organization_id: org, campaign_id: campaign.id, recipient_id: r.id, type: 'open' as const })),
        // Machine opens do not vote, and a link scanner's click is no one's.
        ...[1, 2, 3].map(() => ({ organization_id: org, campaign_id: campaign.id, recipient_id: aRow.id, type: 'open' as const, machine: true })),
        { organization_id: org, campaign_id: campaign.id, recipient_id: aRow.id, type: 'click' as const, machine: true },
      ])
      .execute();
    await pickWinner(deps, data);
    await dispatchCampaign(deps, data);
    const all = await deps.database.db.selectFrom('email_messages').select('subject').where('organization_id', '=', org).execute();
    expect(all.filter((m) => m.subject === 'Subject B')).toHaveLength(15);
    const stats = await api.campaigns.stats({ id: campaign.id });
    expect(stats.winner).toBe('b');
    expect(stats.variants).toEqual([
      { variant: 'a', recipients: 5, openedHuman: 0, clicked: 0, replied: 0 },
      { variant: 'b', recipients: 5, openedHuman: 2, clicked: 0, replied: 0 },
    ]);
    const started = (await api.campaigns.get({ id: campaign.id })).startedAt!;
    expect(stats.abTestDecidesAt).toBe(new Date(new Date(started).getTime() + 4 * 3600_000).toISOString());
    // The list tells the same story as the report.
    expect((await api.campaigns.list({})).items.find((c) => c.id === campaign.id)).toMatchObject({ openedHuman: stats.openedHuman, clicked: 0 });
  });

  it('a body test sends body A to variant a and body B to variant b, then the winner’s body to the rest; the subject stays A’s', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    for (let i = 0; i < 20; i++) await addContact(deps, org, { email: `body${i}@example.test`, tags: ['vip'] });
    const campaign = await api.campaigns.create({
      name: 'Body test',
      channel: 'email',
      audience: VIP,
      email: { subject: 'One subject', content: blocksSaying('Body A text') },
      abTest: { contentB: blocksSaying('Body B text'), sharePercent: 50, metric: 'clicks', waitHours: 2 },
    });
    expect(campaign.abTest).toEqual({ contentB: blocksSaying('Body B text'), sharePercent: 50, metric: 'clicks', waitHours: 2 });
    await api.campaigns.send({ id: campaign.id });
    const data = { organizationId: org, campaignId: campaign.id };
    await dispatchCampaign(deps, data);
    const first = await sentByVariant(deps, campaign.id);
    expect(first.filter((m) => m.variant === 'a' && m.body === 'A')).toHaveLength(5);
    expect(first.filter((m) => m.variant === 'b' && m.body === 'B')).toHaveLength(5);
    expect(first.every((m) => m.subject === 'One subject')).toBe(true);
    // A click by a person on B decides it.
    const bRow = first.find((m) => m.variant === 'b')!;
    await deps.database.db.insertInto('campaign_events').values({ organization_id: org, campaign_id: campaign.id, recipient_id: bRow.id, type: 'click' }).execute();
    await pickWinner(deps, data);
    await dispatchCampaign(deps, data);
    const all = await sentByVariant(deps, campaign.id);
    expect(all.filter((m) => m.variant === null)).toHaveLength(10);
    expect(all.filter((m) => m.variant === null).every((m) => m.body === 'B' && m.subject === 'One subject')).toBe(true);
    const stats = await api.campaigns.stats({ id: campaign.id });
    expect(stats).toMatchObject({
      winner: 'b',
      variants: [
        { variant: 'a', clicked: 0 },
        { variant: 'b', clicked: 1 },
      ],
    });
  });

  it('a subject and body test sends both of B to variant b, and A wins a tie: the rest gets both of A', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    for (let i = 0; i < 8; i++) await addContact(deps, org, { email: `both${i}@example.test`, tags: ['vip'] });
    const campaign = await api.campaigns.create({
      name: 'Both',
      channel: 'email',
      audience: VIP,
      email: { subject: 'Subject A', content: blocksSaying('Body A text') },
      abTest: { subjectB: 'Subject B', contentB: blocksSaying('Body B text'), sharePercent: 50, metric: 'replies', waitHours: 1 },
    });
    await api.campaigns.send({ id: campaign.id });
    const data = { organizationId: org, campaignId: campaign.id };
    await dispatchCampaign(deps, data);
    await pickWinner(deps, data);
    await dispatchCampaign(deps, data);
    const all = await sentByVariant(deps, campaign.id);
    expect(all).toHaveLength(8);
    for (const m of all) expect([m.subject, m.body]).toEqual(m.variant === 'b' ? ['Subject B', 'B'] : ['Subject A', 'A']);
    // A test send of version B carries B's subject and body.
    const test = await api.campaigns.testSend({ id: campaign.id, variant: 'b' });
    const message = await deps.database.db.selectFrom('email_messages').select(['subject', 'html']).where('id', '=', test.messageId).executeTakeFirstOrThrow();
    expect(message.subject).toBe('[Test B] Subject B');
    expect(message.html).toContain('Body B text');
  });

  it('an A/B test names what is wrong: neither subject B nor body B, a bad block of body B (at sending), version B of a campaign without a test', async () => {
    const { api } = await campaignsApp({ chain: 'manual' });
    await expect(
      api.campaigns.create({ name: 'Neither', channel: 'email', audience: VIP, email: { subject: 'A', content: HTML }, abTest: { sharePercent: 20, metric: 'opens', waitHours: 4 } }),
    ).rejects.toMatchObject({ message: 'abTest.subjectB: give subject B, body B or both' });
    const bad = { kind: 'blocks' as const, blocks: [{ id: 'b1', type: 'button', label: 'Go', href: 'ftp://example.com' }] };
    const campaign = await api.campaigns.create({
      name: 'Bad B',
      channel: 'email',
      audience: VIP,
      email: { subject: 'A', content: blocksSaying('Body A text') },
      abTest: { contentB: bad, sharePercent: 20, metric: 'opens', waitHours: 4 },
    });
    await expect(api.campaigns.send({ id: campaign.id })).rejects.toMatchObject({ message: expect.stringMatching(/^abTest\.contentB\.blocks\.0\.href: /) });
    await expect(api.campaigns.testSend({ id: campaign.id, variant: 'b' })).rejects.toMatchObject({ message: expect.stringMatching(/^abTest\.contentB\.blocks\.0\.href: /) });
    expect((await api.campaigns.get({ id: campaign.id })).status).toBe('draft');
    const plain = await api.campaigns.create({ name: 'No test', channel: 'email', audience: VIP, email: { subject: 'A', content: HTML } });
    await expect(api.campaigns.testSend({ id: plain.id, variant: 'b' })).rejects.toMatchObject({ message: 'variant: must be a: the campaign has no A/B test' });
  });

  it('an SMS campaign goes through the SMS service with merge fields; opted-out numbers are left out', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    await addContact(deps, org, { first_name: 'Ada', phone: '+14155550101', tags: ['vip'] });
    await addContact(deps, org, { phone: '+14155550102', tags: ['vip'], dnc_sms: true });
    expect(await api.campaigns.audienceCount({ channel: 'sms', audience: VIP })).toMatchObject({ matched: 2, eligible: 1, optedOut: 1 });
    await expect(api.campaigns.create({ name: 'Bad', channel: 'sms', audience: VIP, email: { subject: 'x', content: HTML } })).rejects.toMatchObject({
      message: expect.stringContaining('email: must be left out'),
    });
    const campaign = await api.campaigns.create({ name: 'Text', channel: 'sms', audience: VIP, sms: { body: 'Hi {{firstName|there}}!' } });
    await api.campaigns.send({ id: campaign.id });
    const data = { organizationId: org, campaignId: campaign.id };
    await dispatchCampaign(deps, data);
    await dispatchCampaign(deps, data);
    const sms = await deps.database.db.selectFrom('sms_messages').select(['body', 'to_number']).where('organization_id', '=', org).where('direction', '=', 'outbound').execute();
    expect(sms).toEqual([{ body: 'Hi Ada!', to_number: '+14155550101' }]);
  });

  it('REST: create from the flat body with a tag, send, stats and list', async () => {
    const { app, deps, owner } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    await addContact(deps, org, { email: 'rest@example.test', tags: ['vip'] });
    const key = await createKey(deps, org, 'admin', owner.userId);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const bad = await app.request('/api/v1/campaigns', { method: 'POST', headers, body: JSON.stringify({ name: 'x', channel: 'email', audience: {}, html: '<p>x</p>' }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'subject: is required with a body' });
    const neither = await app.request('/api/v1/campaigns', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'x', channel: 'email', audience: {}, subject: 'A', html: '<p>A</p>', abTest: { sharePercent: 20, waitHours: 4 } }),
    });
    expect(neither.status).toBe(400);
    expect(await neither.json()).toMatchObject({ message: 'abTest.subjectB: give subject B, body B or both' });
    // An HTML campaign's body B is HTML too, through the same schema.
    const tested = await app.request('/api/v1/campaigns', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'API B', channel: 'email', audience: {}, subject: 'A', html: '<p>A</p>', abTest: { contentB: { kind: 'html', html: '<p>B</p>' }, sharePercent: 20, waitHours: 4 } }),
    });
    expect(tested.status).toBe(201);
    expect(await tested.json()).toMatchObject({ abTest: { contentB: { kind: 'html', html: '<p>B</p>' }, sharePercent: 20, metric: 'opens', waitHours: 4 } });
    const created = await app.request('/api/v1/campaigns', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'API', channel: 'email', audience: { tag: 'vip' }, subject: 'Hello', html: '<p>Hi</p>' }),
    });
    expect(created.status).toBe(201);
    const draft = (await created.json()) as { id: string; status: string; audience: unknown };
    expect(draft).toMatchObject({ status: 'draft', audience: { match: 'all', conditions: [{ type: 'tag', tag: 'vip', negate: false }] } });
    const sent = await app.request(`/api/v1/campaigns/${draft.id}/send`, { method: 'POST', headers });
    expect(await sent.json()).toMatchObject({ status: 'sending' });
    const stats = await app.request(`/api/v1/campaigns/${draft.id}/stats`, { headers });
    expect(await stats.json()).toMatchObject({ recipients: 1 });
    const list = await app.request('/api/v1/campaigns', { headers });
    expect(await list.json()).toMatchObject({ total: 2, items: [{ id: draft.id }, { name: 'API B' }] });
  });
});
