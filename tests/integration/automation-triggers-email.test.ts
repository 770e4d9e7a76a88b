import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { registerCampaignJobs } from '../../server/campaigns/jobs';
import { addContact, engine, linear, until } from './automations-helpers';

type Engine = Awaited<ReturnType<typeof engine>>;

/** A tracked URL of a stored message, as a path of this app (the attribute's &amp; undone). */
function trackedPaths(html: string) {
  const urls = [...html.matchAll(/(?:href|src)="([^"]*\/api\/campaigns\/t\/[^"]*)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
  const path = (u: URL) => u.pathname + u.search;
  return { click: path(urls.find((u) => u.pathname.includes('/t/c/'))!), open: path(urls.find((u) => u.pathname.includes('/t/o/'))!) };
}

async function tagging(api: Engine['api'], trigger: Parameters<typeof linear>[0][number]) {
  const workflow = await api.automations.create({ name: `On ${trigger.type}` });
  await api.automations.saveDraft({ id: workflow.id, definition: linear([trigger], [{ id: 'mark', type: 'add_tag', config: { tag: 'reached' } }]) });
  await api.automations.publish({ id: workflow.id });
  return workflow.id;
}

const PERSON = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' };

describe('e-mail opened / clicked triggers', { timeout: 120_000 }, () => {
  it('a person’s first open and first click of a campaign e-mail enrol; machine opens, repeats and other links do not', async () => {
    const built = await engine({ start: false });
    const { app, deps, owner, api } = built;
    registerCampaignJobs(deps);
    await deps.jobs.start();
    await deps.consumers.start();
    onTestFinished(async () => {
      await deps.consumers.stop();
      await deps.jobs.stop();
    });
    const org = owner.organizationId;
    const ada = await addContact(deps, org, { first_name: 'Ada', email: 'ada@example.test', tags: ['vip'] });
    const bob = await addContact(deps, org, { first_name: 'Bob', email: 'bob@example.test', tags: ['vip'] });
    const campaign = await api.campaigns.create({
      name: 'Offer',
      channel: 'email',
      audience: { match: 'all', conditions: [{ type: 'tag', tag: 'vip' }] },
      email: { subject: 'Hi', content: { kind: 'html', html: '<p>See <a href="https://example.com/offer">the offer</a>.</p>' } },
    });
    const onOpen = await tagging(api, { type: 'email_opened', config: { campaignId: campaign.id } });
    const onOffer = await tagging(api, { type: 'email_clicked', config: { urlContains: 'OFFER' } });
    const onPricing = await tagging(api, { type: 'email_clicked', config: { urlContains: 'pricing' } });
    await api.campaigns.send({ id: campaign.id });
    await until(
      () => api.campaigns.get({ id: campaign.id }),
      (c) => c.status === 'sent',
    );
    // Sent an hour ago: no fetch below comes in the scanners' first seconds.
    await sql`update email_messages set sent_at = now() - interval '1 hour' where organization_id = ${org}`.execute(deps.database.db);
    const messages = await deps.database.db.selectFrom('email_messages').select(['to_address', 'html']).where('organization_id', '=', org).orderBy('to_address').execute();
    const adaLinks = trackedPaths(messages[0]!.html);
    const bobLinks = trackedPaths(messages[1]!.html);

    expect((await app.request(adaLinks.open, { headers: PERSON })).status).toBe(200);
    expect((await app.request(adaLinks.open, { headers: PERSON })).status).toBe(200);
    // Apple Mail Privacy Protection's bare agent: a machine open, no trigger.
    expect((await app.request(bobLinks.open, { headers: { 'user-agent': 'Mozilla/5.0' } })).status).toBe(200);
    expect((await app.request(adaLinks.click, { headers: PERSON })).status).toBe(302);
    expect((await app.request(adaLinks.click, { headers: PERSON })).status).toBe(302);

    const done = (workflowId: string) =>
      until(
        () => api.automations.runs({ workflowId }),
        (page) => page.items.length >= 1 && page.items.every((r) => r.status === 'completed'),
      );
    expect((await done(onOpen)).items.map((r) => r.contact!.id)).toEqual([ada]);
    expect((await done(onOffer)).items.map((r) => r.contact!.id)).toEqual([ada]);
    // One event per first open and first click of a link: the repeats announced nothing.
    const events = await deps.database.db
      .selectFrom('events')
      .select(['type'])
      .where('organization_id', '=', org)
      .where('type', 'in', ['campaign_email_opened', 'campaign_email_clicked'])
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['campaign_email_opened', 'campaign_email_clicked']);
    // The click event was handled (onOffer enrolled from it): the pricing workflow heard it and did not match.
    expect((await api.automations.runs({ workflowId: onPricing })).items).toEqual([]);
    expect((await api.automations.runs({ workflowId: onOpen })).items.map((r) => r.contact?.id)).not.toContain(bob);
  });
});
