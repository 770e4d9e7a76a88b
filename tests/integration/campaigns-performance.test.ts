import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { browser, createAccount } from '../helpers/factories';
import { addContact, campaignsApp, HTML, until } from './campaigns-helpers';

type App = Awaited<ReturnType<typeof campaignsApp>>;

/** Sends an e-mail campaign to the tag's contacts and waits until every row is terminal. */
async function sentCampaign(api: App['api'], name: string, tag: string) {
  const campaign = await api.campaigns.create({ name, channel: 'email', audience: { match: 'all', conditions: [{ type: 'tag', tag }] }, email: { subject: 'Hi', content: HTML } });
  await api.campaigns.send({ id: campaign.id });
  await until(
    () => api.campaigns.get({ id: campaign.id }),
    (c) => c.status === 'sent',
  );
  return campaign.id;
}

async function wonDeal(deps: App['deps'], org: string, contactId: string, valueMinor: number) {
  const stage = await deps.database.db.selectFrom('pipeline_stages').select(['id', 'pipeline_id']).where('organization_id', '=', org).orderBy('position').executeTakeFirstOrThrow();
  await deps.database.db
    .insertInto('deals')
    .values({ organization_id: org, pipeline_id: stage.pipeline_id, stage_id: stage.id, title: 'Deal', value_minor: valueMinor, contact_id: contactId, status: 'won', won_at: new Date() })
    .execute();
}

describe('campaigns.performance: /reports’ Campaigns section', { timeout: 120_000 }, () => {
  it('lists the campaigns that started within the range in the organization’s zone, newest first, with the report’s figures and totals', async () => {
    const { deps, owner, api } = await campaignsApp();
    const org = owner.organizationId;
    const db = deps.database.db;
    await sql`update organizations set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{timezone}', '"America/New_York"') where id = ${org}`.execute(db);
    const ada = await addContact(deps, org, { email: 'ada@example.test', tags: ['vip', 'old'] });
    await addContact(deps, org, { email: 'bob@example.test', tags: ['vip'] });

    const old = await sentCampaign(api, 'Autumn', 'old');
    // 03:30 UTC on Oct 1 is still Sept 30 in New York (EDT, UTC−4).
    await db
      .updateTable('campaigns')
      .set({ started_at: new Date('2026-10-01T03:30:00Z') })
      .where('id', '=', old)
      .execute();
    const recent = await sentCampaign(api, 'Winter', 'vip');
    await api.campaigns.create({ name: 'Never sent', channel: 'email', audience: { match: 'all', conditions: [] }, email: { subject: 'Hi', content: HTML } });

    const rows = await db.selectFrom('campaign_recipients').select(['id', 'address', 'email_message_id']).where('campaign_id', '=', recent).orderBy('address').execute();
    const [adaRow, bobRow] = rows;
    const event = (recipientId: string, type: 'open' | 'click', machine: boolean) => ({ organization_id: org, campaign_id: recent, recipient_id: recipientId, type, machine });
    await db
      .insertInto('campaign_events')
      .values([event(adaRow!.id, 'open', false), event(adaRow!.id, 'click', false), event(bobRow!.id, 'open', true)])
      .execute();
    await db.insertInto('email_events').values({ organization_id: org, email_message_id: bobRow!.email_message_id!, type: 'unsubscribed', detail: null }).execute();
    await wonDeal(deps, org, ada, 125_000);

    const month = await api.campaigns.performance({ period: '30d' });
    const stats = await api.campaigns.stats({ id: recent });
    expect(month.total).toBe(1);
    expect(month.conversionWindowDays).toBe(30);
    expect(month.period.timezone).toBe('America/New_York');
    expect(month.items).toEqual([
      {
        id: recent,
        name: 'Winter',
        channel: 'email',
        status: 'sent',
        startedAt: expect.any(String),
        recipients: stats.recipients,
        sent: stats.byStatus.sent + stats.delivered,
        delivered: stats.delivered,
        openedHuman: stats.openedHuman,
        clicked: stats.clicked,
        replied: stats.replied,
        unsubscribed: stats.unsubscribed,
        dealsWon: stats.conversions.dealsWon,
        wonValue: stats.conversions.wonValue,
      },
    ]);
    expect(month.items[0]).toMatchObject({ recipients: 2, openedHuman: 1, clicked: 1, unsubscribed: 1, dealsWon: 1, wonValue: 1250 });
    expect(month.totals).toEqual({ recipients: 2, sent: 2, delivered: stats.delivered, openedHuman: 1, clicked: 1, replied: 0, unsubscribed: 1, dealsWon: 1, wonValue: 1250 });

    // The range's days are New York's: Sept 30 holds the autumn campaign, Oct 1 does not.
    expect((await api.campaigns.performance({ from: '2026-09-30', to: '2026-09-30' })).items.map((c) => c.name)).toEqual(['Autumn']);
    expect(await api.campaigns.performance({ from: '2026-10-01', to: '2026-10-01' })).toMatchObject({ items: [], total: 0, totals: { recipients: 0, dealsWon: 0 } });
    // Its won deal came two months after it started: outside its 30 days.
    const both = await api.campaigns.performance({ from: '2026-09-01', to: month.period.to });
    expect(both.items.map((c) => c.name)).toEqual(['Winter', 'Autumn']);
    expect(both.items[1]).toMatchObject({ recipients: 1, dealsWon: 0, wonValue: 0 });
    expect(both.totals).toMatchObject({ recipients: 3, dealsWon: 1, wonValue: 1250 });
  });

  it('never counts another organization’s campaigns', async () => {
    const { deps, owner, api, caller } = await campaignsApp();
    const mine = await addContact(deps, owner.organizationId, { email: 'mine@example.test', tags: ['vip'] });
    await sentCampaign(api, 'Mine', 'vip');
    await wonDeal(deps, owner.organizationId, mine, 10_000);

    const other = await createAccount(deps, 'other-campaigns');
    const otherApi = caller(browser(other.cookie));
    const theirs = await addContact(deps, other.organizationId, { email: 'theirs@example.test', tags: ['vip'] });
    await addContact(deps, other.organizationId, { email: 'theirs-too@example.test', tags: ['vip'] });
    await sentCampaign(otherApi, 'Theirs', 'vip');
    await wonDeal(deps, other.organizationId, theirs, 99_900);

    const report = await api.campaigns.performance({});
    expect(report.items.map((c) => c.name)).toEqual(['Mine']);
    expect(report.totals).toMatchObject({ recipients: 1, dealsWon: 1, wonValue: 100 });
    const theirReport = await otherApi.campaigns.performance({ period: '7d' });
    expect(theirReport.items.map((c) => c.name)).toEqual(['Theirs']);
    expect(theirReport.totals).toMatchObject({ recipients: 2, dealsWon: 1, wonValue: 999 });
  });

  it('refuses a bad range naming the field', async () => {
    const { api } = await campaignsApp({ chain: 'manual' });
    await expect(api.campaigns.performance({ from: '2026-10-05', to: '2026-10-01' })).rejects.toThrow(/to: must be on or after from/);
    await expect(api.campaigns.performance({ from: '2026-10-01' })).rejects.toThrow(/to: is required when from is given/);
    await expect(api.campaigns.performance({ period: '7d', from: '2026-10-01', to: '2026-10-02' })).rejects.toThrow(/period: must not be given together with from\/to/);
    await expect(api.campaigns.performance({ from: '2026-02-30', to: '2026-03-01' })).rejects.toThrow(/from: must be a real calendar date/);
    await expect(api.campaigns.performance({ period: '2d' as '7d' })).rejects.toThrow(/period: must be one of 7d, 30d, 90d, 1y/);
  });
});
