import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dispatchCampaign } from '../../server/campaigns/dispatch';
import { browser, createAccount } from '../helpers/factories';
import { addContact, campaignsApp, HTML, until } from './campaigns-helpers';

const VIP = { match: 'all' as const, conditions: [{ type: 'tag' as const, tag: 'vip' }] };
const PERSON = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' };

/** The tracked open and click paths of a stored message (the attribute's &amp; undone). */
function trackedPaths(html: string) {
  const urls = [...html.matchAll(/(?:href|src)="([^"]*\/api\/campaigns\/t\/[^"]*)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
  const path = (u: URL) => u.pathname + u.search;
  return { click: path(urls.find((u) => u.pathname.includes('/t/c/'))!), open: path(urls.find((u) => u.pathname.includes('/t/o/'))!) };
}

describe('campaigns on contacts’ timelines', { timeout: 120_000 }, () => {
  it('an e-mail campaign: sent, a person’s first open and first click of a link, once each and in order; machine opens never; other organizations see nothing', async () => {
    const { app, deps, owner, api, caller } = await campaignsApp();
    const org = owner.organizationId;
    const ada = await addContact(deps, org, { first_name: 'Ada', email: 'ada@example.test', tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Spring sale', channel: 'email', audience: VIP, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    await until(
      () => api.campaigns.get({ id: campaign.id }),
      (c) => c.status === 'sent',
    );
    // Sent an hour ago: no fetch below comes in the scanners' first seconds.
    await sql`update email_messages set sent_at = now() - interval '1 hour' where organization_id = ${org}`.execute(deps.database.db);
    const message = await deps.database.db.selectFrom('email_messages').select('html').where('organization_id', '=', org).executeTakeFirstOrThrow();
    const tracked = trackedPaths(message.html);

    // A machine open (Apple Mail Privacy Protection's bare agent) says nothing on the timeline.
    expect((await app.request(tracked.open, { headers: { 'user-agent': 'Mozilla/5.0' } })).status).toBe(200);
    const campaignEntries = async () => (await api.contacts.timeline({ id: ada })).items.filter((e) => e.type.startsWith('campaign_'));
    expect((await campaignEntries()).map((e) => e.type)).toEqual(['campaign_sent']);

    // A person opens twice and clicks the link twice: one entry each.
    for (let i = 0; i < 2; i++) expect((await app.request(tracked.open, { headers: PERSON })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await app.request(tracked.click, { headers: PERSON })).status).toBe(302);

    const entries = await campaignEntries();
    // Newest first: sent, then opened, then clicked.
    expect(entries.map((e) => e.type)).toEqual(['campaign_clicked', 'campaign_opened', 'campaign_sent']);
    const common = { campaignId: campaign.id, campaignName: 'Spring sale', channel: 'email' };
    expect(entries[2]!.payload).toMatchObject(common);
    expect(entries[1]!.payload).toMatchObject(common);
    expect(entries[1]!.payload).not.toHaveProperty('url');
    expect(entries[0]!.payload).toMatchObject({ ...common, url: 'https://example.com/offer?a=1&b=2' });

    // Another organization: the contact is not its to read, and its own contact's timeline shows nothing of the campaign.
    const other = await createAccount(deps, 'timeline-other');
    const otherApi = caller(browser(other.cookie));
    await expect(otherApi.contacts.timeline({ id: ada })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const theirs = await addContact(deps, other.organizationId, { email: 'ada@example.test', tags: ['vip'] });
    expect((await otherApi.contacts.timeline({ id: theirs })).items).toEqual([]);
    const leaked = await deps.database.db.selectFrom('activities').select('id').where('organization_id', '=', other.organizationId).where('type', 'like', 'campaign_%').execute();
    expect(leaked).toEqual([]);
  });

  it('an SMS campaign is on the timeline of each contact it went to, once, even when the dispatch runs again', async () => {
    const { deps, owner, api } = await campaignsApp({ chain: 'manual' });
    const org = owner.organizationId;
    const ada = await addContact(deps, org, { first_name: 'Ada', phone: '+14155550101', tags: ['vip'] });
    const optedOut = await addContact(deps, org, { phone: '+14155550102', tags: ['vip'], dnc_sms: true });
    const campaign = await api.campaigns.create({ name: 'Text sale', channel: 'sms', audience: VIP, sms: { body: 'Hi {{firstName|there}}!' } });
    await api.campaigns.send({ id: campaign.id });
    const data = { organizationId: org, campaignId: campaign.id };
    await dispatchCampaign(deps, data);
    await dispatchCampaign(deps, data);
    const entries = (await api.contacts.timeline({ id: ada })).items.filter((e) => e.type.startsWith('campaign_'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'campaign_sent', payload: { campaignId: campaign.id, campaignName: 'Text sale', channel: 'sms' } });
    expect((await api.contacts.timeline({ id: optedOut })).items.filter((e) => e.type.startsWith('campaign_'))).toEqual([]);
  });
});
