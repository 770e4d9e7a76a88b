import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dispatchCampaign } from '../../server/campaigns/dispatch';
import { DISPATCH_JOB } from '../../server/campaigns/lifecycle';
import { updateSettings } from '../../server/organizations/settings';
import { addContact, campaignsApp, HTML } from './campaigns-helpers';

const VIP = { match: 'all' as const, conditions: [{ type: 'tag' as const, tag: 'vip' }] };
const clock = (at: Date) => at.toISOString().slice(11, 16);

describe('what holds a campaign’s e-mail back (the dispatch run by the test)', { timeout: 120_000 }, () => {
  it('quiet hours hold each recipient until they end in the recipient’s zone (their number’s country, else the organization’s)', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    const now = new Date();
    // Quiet from an hour ago until the whole hour two hours on, in UTC (the organization's zone).
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours() + 2));
    await deps.database.db.transaction().execute((trx) => updateSettings(trx, org, { sms: { quietHours: { start: clock(new Date(now.getTime() - 3600_000)), end: clock(end) } } }));
    await addContact(deps, org, { email: 'here@example.test', tags: ['vip'] });
    // Tokyo is nine hours ahead: the same wall-clock window is not quiet there now.
    await addContact(deps, org, { email: 'tokyo@example.test', phone: '+81312345678', tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Quiet', channel: 'email', audience: VIP, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    await dispatchCampaign(deps, { organizationId: org, campaignId: campaign.id });

    const messages = await deps.database.db.selectFrom('email_messages').select('to_address').where('organization_id', '=', org).execute();
    expect(messages.map((m) => m.to_address)).toEqual(['tokyo@example.test']);
    const held = await deps.database.db
      .selectFrom('campaign_recipients')
      .select(['status', 'due_at'])
      .where('campaign_id', '=', campaign.id)
      .where('address', '=', 'here@example.test')
      .executeTakeFirstOrThrow();
    expect(held.status).toBe('pending');
    expect(new Date(held.due_at).toISOString()).toBe(end.toISOString());
    // The chain comes back at that moment.
    const next = await sql<{ start_after: Date }>`select start_after from pgboss.job where name = ${DISPATCH_JOB} and data->>'campaignId' = ${campaign.id} and state = 'created'`.execute(
      deps.database.db,
    );
    expect(next.rows.map((r) => new Date(r.start_after).toISOString())).toContain(end.toISOString());

    // Once they end, the row goes.
    await deps.database.db.transaction().execute((trx) => updateSettings(trx, org, { sms: { quietHours: null } }));
    // Due a second ago: Postgres's now() has microseconds, the dispatch's clock milliseconds, so a row due "now" could
    // still be a few microseconds ahead of a dispatch started in the same millisecond.
    await sql`update campaign_recipients set due_at = now() - interval '1 second' where campaign_id = ${campaign.id}`.execute(deps.database.db);
    await dispatchCampaign(deps, { organizationId: org, campaignId: campaign.id });
    const all = await deps.database.db.selectFrom('email_messages').select('to_address').where('organization_id', '=', org).orderBy('to_address').execute();
    expect(all.map((m) => m.to_address)).toEqual(['here@example.test', 'tokyo@example.test']);
  });

  it('CAMPAIGN_DOMAIN_RATE: at most N a minute to one recipient domain, the organization’s campaigns together; the rest the next minute', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual', env: { CAMPAIGN_DOMAIN_RATE: '2' } });
    const org = owner.organizationId;
    for (let i = 0; i < 5; i++) await addContact(deps, org, { email: `r${i}@Big.test`, tags: ['vip'] });
    await addContact(deps, org, { email: 'one@small.test', tags: ['vip'] });
    await addContact(deps, org, { email: 'late@big.test', tags: ['later'] });
    const first = await api.campaigns.create({ name: 'Throttled', channel: 'email', audience: VIP, email: { subject: 'Hi', content: HTML } });
    const second = await api.campaigns.create({
      name: 'Same minute',
      channel: 'email',
      audience: { match: 'all', conditions: [{ type: 'tag', tag: 'later' }] },
      email: { subject: 'Hi', content: HTML },
    });
    await api.campaigns.send({ id: first.id });
    await api.campaigns.send({ id: second.id });
    await dispatchCampaign(deps, { organizationId: org, campaignId: first.id });
    await dispatchCampaign(deps, { organizationId: org, campaignId: second.id });

    const sentTo = async () =>
      (await deps.database.db.selectFrom('email_messages').select('to_address').where('organization_id', '=', org).execute()).map((m) => m.to_address.toLowerCase().replace(/^.*@/, ''));
    const count = (domains: string[]) => Object.fromEntries(['big.test', 'small.test'].map((d) => [d, domains.filter((x) => x === d).length]));
    expect(count(await sentTo())).toEqual({ 'big.test': 2, 'small.test': 1 });
    const pending = await deps.database.db.selectFrom('campaign_recipients').select(['campaign_id', 'due_at']).where('organization_id', '=', org).where('status', '=', 'pending').execute();
    expect(pending).toHaveLength(4);
    const nextMinute = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
    for (const row of pending) expect(new Date(row.due_at).getTime()).toBeGreaterThanOrEqual(nextMinute - 60_000);

    // A minute later (the window's row aged, the rows due): two more.
    await sql`update campaign_domain_minutes set minute = minute - interval '1 minute' where organization_id = ${org}`.execute(deps.database.db);
    await sql`update campaign_recipients set due_at = now() - interval '1 second' where organization_id = ${org} and status = 'pending'`.execute(deps.database.db);
    await dispatchCampaign(deps, { organizationId: org, campaignId: first.id });
    await dispatchCampaign(deps, { organizationId: org, campaignId: second.id });
    expect(count(await sentTo())).toEqual({ 'big.test': 4, 'small.test': 1 });
  });
});
