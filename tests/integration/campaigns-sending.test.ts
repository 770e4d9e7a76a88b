import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addContact, campaignsApp, HTML, until } from './campaigns-helpers';

/** A tracked URL of a stored message, as a path of this app (the attribute's &amp; undone). */
function trackedPaths(html: string) {
  const urls = [...html.matchAll(/(?:href|src)="([^"]*\/api\/campaigns\/t\/[^"]*)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
  return { click: urls.find((u) => u.pathname.includes('/t/c/'))!, open: urls.find((u) => u.pathname.includes('/t/o/'))! };
}

describe('an e-mail campaign sent to a tag', { timeout: 120_000 }, () => {
  it('leaves out opted-out, unsubscribed, suppressed and address-less contacts, counted apart; merges; ends sent only when every row is terminal', async () => {
    const { deps, owner, api } = await campaignsApp();
    const org = owner.organizationId;
    const ada = await addContact(deps, org, { first_name: 'Ada', email: 'ada@example.test', tags: ['vip'] });
    await addContact(deps, org, { first_name: '', email: 'nameless@example.test', tags: ['vip'] });
    await addContact(deps, org, { email: 'optout@example.test', tags: ['vip'], dnc_email: true });
    await addContact(deps, org, { email: 'unsub@example.test', tags: ['vip'] });
    await addContact(deps, org, { email: 'bounced@example.test', tags: ['vip'] });
    await addContact(deps, org, { email: null, tags: ['vip'] });
    await addContact(deps, org, { email: 'other@example.test', tags: ['other'] });
    await deps.database.db
      .insertInto('email_suppressions')
      .values([
        { organization_id: org, address: 'unsub@example.test', reason: 'unsubscribed' },
        { organization_id: org, address: 'bounced@example.test', reason: 'hard_bounce' },
      ])
      .execute();
    const audience = { match: 'all' as const, conditions: [{ type: 'tag' as const, tag: 'vip' }] };
    expect(await api.campaigns.audienceCount({ channel: 'email', audience })).toEqual({ matched: 6, eligible: 2, noAddress: 1, optedOut: 1, suppressed: 1, unsubscribed: 1 });

    const draft = await api.campaigns.create({ name: 'Launch', channel: 'email', audience, email: { subject: 'News for {{firstName|you}}', content: HTML } });
    expect(draft).toMatchObject({ status: 'draft', recipients: 0 });
    await api.campaigns.send({ id: draft.id });
    const sent = await until(
      () => api.campaigns.get({ id: draft.id }),
      (c) => c.status === 'sent',
    );
    expect(sent).toMatchObject({ recipients: 5, sent: 2 });
    expect(sent.finishedAt).not.toBeNull();

    const messages = await deps.database.db
      .selectFrom('email_messages')
      .select(['to_address', 'subject', 'html', 'text', 'kind', 'headers'])
      .where('organization_id', '=', org)
      .orderBy('to_address')
      .execute();
    expect(messages.map((m) => [m.to_address, m.subject])).toEqual([
      ['ada@example.test', 'News for Ada'],
      ['nameless@example.test', 'News for you'],
    ]);
    expect(messages[0]!.kind).toBe('marketing');
    expect(messages[1]!.html).toContain('Hi friend, see');
    expect(messages[0]!.text).toContain('Hi Ada, see the offer (https://example.com/offer?a=1&b=2)');
    // The e-mail channel's one-click unsubscribe comes with every campaign message.
    expect(JSON.stringify(messages[0]!.headers)).toContain('List-Unsubscribe-Post');

    const stats = await api.campaigns.stats({ id: draft.id });
    expect(stats.byStatus).toMatchObject({ suppressed: 3, pending: 0, queued: 0 });
    expect(stats.byStatus.sent + stats.byStatus.delivered).toBe(2);
    const page = await api.campaigns.recipients({ id: draft.id, status: 'suppressed' });
    expect(page.items.map((r) => r.error).sort()).toEqual(['The address is on the suppression list', 'The address unsubscribed from marketing e-mail', 'The contact opted out of this channel']);
    expect((await api.campaigns.list({})).items[0]).toMatchObject({ id: draft.id, status: 'sent', recipients: 5, sent: 2 });
    // A sent campaign is kept for its report.
    await expect(api.campaigns.delete({ id: draft.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(api.campaigns.update({ id: draft.id, name: 'Renamed' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(ada).toBeTruthy();
  });

  it('renders block content per recipient, with one footer whose unsubscribe link is the message’s own', async () => {
    const { deps, owner, api } = await campaignsApp();
    const org = owner.organizationId;
    await addContact(deps, org, { first_name: 'Ada', email: 'ada@example.test', tags: ['vip'] });
    const blocks = [
      { id: 'h', type: 'heading', text: 'Hello {{firstName|there}}' },
      { id: 't', type: 'text', text: 'Our spring offer is here.' },
      { id: 'f', type: 'footer', postalAddress: '1 Main St, Springfield' },
    ];
    const campaign = await api.campaigns.create({
      name: 'Blocks',
      channel: 'email',
      audience: { match: 'all', conditions: [{ type: 'tag', tag: 'vip' }] },
      email: { subject: 'Spring', content: { kind: 'blocks', blocks } },
    });
    await api.campaigns.send({ id: campaign.id });
    await until(
      () => api.campaigns.get({ id: campaign.id }),
      (c) => c.status === 'sent',
    );
    const [message] = await deps.database.db.selectFrom('email_messages').select(['html', 'text', 'headers']).where('organization_id', '=', org).execute();
    expect(message!.html).toContain('Hello Ada');
    expect(message!.text).toContain('Hello Ada');
    expect(message!.html).not.toContain('unsubscribe.invalid');
    expect(message!.text).not.toContain('unsubscribe.invalid');
    const unsubscribe = /<([^>]+)>,/.exec((message!.headers as Record<string, string>)['List-Unsubscribe']!)![1]!;
    // The footer block's link is the message's one-click link, and the channel added no second footer.
    expect(message!.html.split(unsubscribe.replace(/&/g, '&amp;')).length - 1).toBe(1);
    expect(message!.html.match(/1 Main St, Springfield/g)).toHaveLength(1);
    expect(message!.text).toContain(unsubscribe);
  });

  it('tracks opens (machine opens apart) and signed clicks, refusing tampered links', async () => {
    const { app, deps, owner, api } = await campaignsApp();
    const org = owner.organizationId;
    await addContact(deps, org, { first_name: 'Ada', email: 'ada@example.test', tags: ['vip'] });
    await addContact(deps, org, { first_name: 'Bob', email: 'bob@example.test', tags: ['vip'] });
    const campaign = await api.campaigns.create({ name: 'Tracked', channel: 'email', audience: { match: 'all', conditions: [{ type: 'tag', tag: 'vip' }] }, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    await until(
      () => api.campaigns.get({ id: campaign.id }),
      (c) => c.status === 'sent',
    );
    // Sent an hour ago: no fetch below comes in the scanners' first seconds.
    await sql`update email_messages set sent_at = now() - interval '1 hour' where organization_id = ${org}`.execute(deps.database.db);
    const messages = await deps.database.db.selectFrom('email_messages').select(['to_address', 'html']).where('organization_id', '=', org).orderBy('to_address').execute();
    const ada = trackedPaths(messages[0]!.html);
    const bob = trackedPaths(messages[1]!.html);
    const person = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' };

    const opened = await app.request(ada.open.pathname + ada.open.search, { headers: person });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/gif');
    // Apple Mail Privacy Protection fetches with a bare agent: a machine open.
    expect((await app.request(bob.open.pathname + bob.open.search, { headers: { 'user-agent': 'Mozilla/5.0' } })).status).toBe(200);

    const click = await app.request(ada.click.pathname + ada.click.search, { headers: person });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://example.com/offer?a=1&b=2');
    const elsewhere = new URL(ada.click);
    elsewhere.searchParams.set('u', 'https://evil.example/phish');
    expect((await app.request(elsewhere.pathname + elsewhere.search, { headers: person })).status).toBe(400);
    const forged = new URL(ada.click);
    forged.searchParams.set('s', 'A'.repeat(43));
    expect((await app.request(forged.pathname + forged.search, { headers: person })).status).toBe(400);
    // Ada's signature does not open Bob's redirect.
    const swapped = `${bob.click.pathname}${ada.click.search}`;
    expect((await app.request(swapped, { headers: person })).status).toBe(400);

    const stats = await api.campaigns.stats({ id: campaign.id });
    expect(stats).toMatchObject({ openedHuman: 1, openedMachine: 1, clicked: 1 });
    const events = await deps.database.db.selectFrom('campaign_events').select(['type', 'machine']).where('organization_id', '=', org).orderBy('created_at').execute();
    expect(events).toEqual([
      { type: 'open', machine: false },
      { type: 'open', machine: true },
      { type: 'click', machine: false },
    ]);
  });

  it('counts deals created and won by recipients after sending as conversions', async () => {
    const { deps, owner, api } = await campaignsApp();
    const org = owner.organizationId;
    const ada = await addContact(deps, org, { email: 'ada@example.test', tags: ['vip'] });
    const outsider = await addContact(deps, org, { email: 'out@example.test' });
    const campaign = await api.campaigns.create({ name: 'Converts', channel: 'email', audience: { match: 'all', conditions: [{ type: 'tag', tag: 'vip' }] }, email: { subject: 'Hi', content: HTML } });
    await api.campaigns.send({ id: campaign.id });
    await until(
      () => api.campaigns.get({ id: campaign.id }),
      (c) => c.status === 'sent',
    );
    const stage = await deps.database.db.selectFrom('pipeline_stages').select(['id', 'pipeline_id']).where('organization_id', '=', org).orderBy('position').executeTakeFirstOrThrow();
    const deal = (contactId: string, won: boolean) => ({
      organization_id: org,
      pipeline_id: stage.pipeline_id,
      stage_id: stage.id,
      title: 'Deal',
      value_minor: 125_000,
      contact_id: contactId,
      ...(won ? { status: 'won' as const, won_at: new Date() } : {}),
    });
    await deps.database.db
      .insertInto('deals')
      .values([deal(ada, true), deal(ada, false), deal(outsider, true)])
      .execute();
    const stats = await api.campaigns.stats({ id: campaign.id, conversionWindowDays: 7 });
    expect(stats.conversions).toEqual({ windowDays: 7, dealsCreated: 2, dealsWon: 1, wonValue: 1250 });
  });
});
