import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../server/auth/service';
import type { DatabaseHandle } from '../../server/db';
import { scoped } from '../../server/db/scoped';
import { TRADE_SHOW_LIST } from '../../server/demo/demo-campaigns';
import { DEMO_EMAIL, seedDemoWorkspace } from '../../server/demo/demo';
import { queueMissingDispatches } from '../../server/campaigns/jobs';
import { DISPATCH_JOB } from '../../server/campaigns/lifecycle';
import { renderCampaignBody } from '../../server/campaigns/render';
import type { TEmailContent } from '../../server/campaigns/schema';
import { withTracking } from '../../server/campaigns/tracking';
import { UNSUBSCRIBE_URL_PLACEHOLDER } from '../../server/email/outbox';
import { UNSUBSCRIBE_API_PATH } from '../../server/email/schema';
import { contactValues } from '../../server/email/send';
import { buildTestApp, TEST_ORIGIN } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';
import { browser, cookieFrom } from '../helpers/factories';

type Api = ReturnType<Awaited<ReturnType<typeof buildTestApp>>['caller']>;

/** The demo workspace's campaigns and webhooks (issues #18, #19), read through the procedures its screens call. */
describe('demo workspace: campaigns and webhooks at work', () => {
  let database: DatabaseHandle;
  let api: Api;
  let organizationId: string;
  let jobsBefore: string[];
  let jobsAfter: string[];

  const jobs = async () => (await sql<{ name: string }>`select name from pgboss.job order by name`.execute(database.db)).rows.map((r) => r.name);

  beforeAll(async () => {
    database = await createTestDatabase();
    const built = await buildTestApp({ database });
    // As on a fresh start: the queue runs (its tables exist) before the demo workspace is made.
    await built.deps.jobs.start();
    await built.deps.jobs.stop();
    jobsBefore = await jobs();
    const demo = await seedDemoWorkspace(database.db);
    organizationId = demo.organizationId;
    jobsAfter = await jobs();
    const signed = await login(built.deps, { email: DEMO_EMAIL, password: demo.password }, { ip: '127.0.0.1', userAgent: 'vitest' });
    api = built.caller(browser(cookieFrom(signed.setCookie)));
  }, 120_000);
  afterAll(() => database.close());

  it('queues no job and leaves nothing waiting to go now: nothing is sent on a fresh start', async () => {
    expect(jobsAfter).toEqual(jobsBefore);
    // No state a later job or consumer would act on now: one campaign scheduled days ahead, none sending,
    // no row or message waiting, no delivery due, no enabled endpoint for the consumer to fan events out to.
    const org = scoped(database.db, organizationId);
    const waiting = await org.selectFrom('campaigns').select(['status', 'scheduled_at']).where('status', 'in', ['scheduled', 'sending', 'paused']).execute();
    expect(waiting.map((c) => c.status)).toEqual(['scheduled']);
    expect(new Date(waiting[0]!.scheduled_at!).getTime()).toBeGreaterThan(Date.now() + 4 * 86_400_000);
    expect(await org.selectFrom('campaign_recipients').select('status').where('status', '=', 'pending').execute()).toEqual([]);
    expect(await org.selectFrom('email_messages').select('status').where('status', 'in', ['queued', 'sending']).execute()).toEqual([]);
    expect(await org.selectFrom('webhook_deliveries').select('state').where('state', 'in', ['pending', 'sending', 'retrying']).execute()).toEqual([]);
    expect(await org.selectFrom('webhook_endpoints').select('enabled').where('enabled', '=', true).execute()).toEqual([]);
  });

  it('the start-up check gives the scheduled campaign its sending job at its moment, once', async () => {
    const scheduled = await scoped(database.db, organizationId).selectFrom('campaigns').select(['id', 'scheduled_at']).where('status', '=', 'scheduled').executeTakeFirstOrThrow();
    const dispatches = async () =>
      (await sql<{ start_after: Date }>`select start_after from pgboss.job where name = ${DISPATCH_JOB} and data->>'campaignId' = ${scheduled.id}`.execute(database.db)).rows;
    expect(await dispatches()).toEqual([]);
    // A process starting on the demo database: its queue runs (the job's handler a no-op here), then the check.
    const started = await buildTestApp({ database });
    started.deps.jobs.register(DISPATCH_JOB, async () => {});
    await started.deps.jobs.start();
    try {
      expect(await queueMissingDispatches(started.deps)).toBe(1);
      expect((await dispatches()).map((j) => new Date(j.start_after).toISOString())).toEqual([new Date(scheduled.scheduled_at!).toISOString()]);
      // Again (a restart, or a second process): nothing more.
      expect(await queueMissingDispatches(started.deps)).toBe(0);
      expect(await dispatches()).toHaveLength(1);
    } finally {
      await started.deps.jobs.stop();
    }
  });

  it('has a static list of the contacts met at an event, named by a draft follow-up’s audience', async () => {
    const lists = await api.campaigns.lists();
    expect(lists.items.map((l) => l.name)).toEqual([TRADE_SHOW_LIST]);
    const [tradeShow] = lists.items;
    const attendees = await scoped(database.db, organizationId).selectFrom('contacts').select('id').where('source', '=', 'Event').execute();
    expect(attendees.length).toBeGreaterThan(0);
    expect(tradeShow!.members).toBe(attendees.length);
    const draft = (await api.campaigns.list({})).items.find((c) => c.channel === 'email' && c.status === 'draft')!;
    const detail = await api.campaigns.get({ id: draft.id });
    expect(detail.audience).toEqual({ match: 'all', conditions: [{ type: 'list', listId: tradeShow!.id }] });
    const audience = await api.campaigns.audienceCount({ channel: 'email', audience: detail.audience });
    expect(audience.matched).toBe(attendees.length);
    // Its A/B test varies the body (B a short note), and both versions render as a send would check them.
    expect(detail.abTest).toMatchObject({ metric: 'clicks', sharePercent: 30 });
    expect(detail.abTest?.subjectB).toBeUndefined();
    expect(detail.abTest?.contentB?.kind).toBe('blocks');
    const versionB = await renderCampaignBody(detail.abTest!.contentB!, { firstName: 'Ada' });
    expect(versionB.html).toContain('Thanks for stopping by, Ada');
  });

  it('shows last week’s newsletter with consistent figures, an SMS draft and a scheduled reminder', async () => {
    const list = await api.campaigns.list({});
    expect(list.items.map((c) => `${c.channel} ${c.status}`).sort()).toEqual(['email draft', 'email scheduled', 'email sent', 'sms draft']);
    const sent = list.items.find((c) => c.status === 'sent')!;
    expect(Date.now() - Date.parse(sent.startedAt!)).toBeGreaterThan(6 * 86_400_000);

    const stats = await api.campaigns.stats({ id: sent.id });
    // Every recipient ended: delivered, bounced, or left out (opted out, suppressed) as the audience counts them.
    expect(stats.recipients).toBeGreaterThan(100);
    expect(stats.delivered + stats.bounced + stats.byStatus.suppressed).toBe(stats.recipients);
    expect(stats.byStatus.pending + stats.byStatus.queued + stats.byStatus.failed).toBe(0);
    expect(stats.bounced).toBeGreaterThan(0);
    expect(stats.byStatus.suppressed).toBeGreaterThan(0);
    // The audience: every contact tagged newsletter with an address, those not sent to counted apart.
    const audience = await api.campaigns.audienceCount({ channel: 'email', audience: { match: 'all', conditions: [{ type: 'tag', tag: 'newsletter', negate: false }] } });
    expect(stats.recipients).toBe(audience.matched - audience.noAddress);
    // Engagement: opens among the delivered, clicks among the openers, machine opens apart; one unsubscribe.
    expect(stats.openedHuman).toBeGreaterThan(0);
    expect(stats.openedHuman + stats.openedMachine).toBeLessThanOrEqual(stats.delivered);
    expect(stats.openedHuman / stats.delivered).toBeGreaterThan(0.2);
    expect(stats.openedHuman / stats.delivered).toBeLessThan(0.6);
    expect(stats.openedMachine).toBeGreaterThan(0);
    expect(stats.clicked).toBeGreaterThan(0);
    expect(stats.clicked).toBeLessThanOrEqual(stats.openedHuman);
    expect(stats.unsubscribed).toBe(1);
    // The A/B test: both subjects went to half the test share each; the winner had more openers.
    expect(stats.variants.map((v) => v.variant)).toEqual(['a', 'b']);
    const [a, b] = stats.variants as [(typeof stats.variants)[number], (typeof stats.variants)[number]];
    expect(Math.abs(a.recipients - b.recipients)).toBeLessThanOrEqual(1);
    expect(stats.winner).toBe(b.openedHuman > a.openedHuman ? 'b' : 'a');
    // The list's figures agree with the report's.
    expect(sent).toMatchObject({ recipients: stats.recipients, sent: stats.delivered + stats.byStatus.sent, openedHuman: stats.openedHuman, clicked: stats.clicked });

    // The report's pieces: the detail (block content) and the per-recipient table.
    const detail = await api.campaigns.get({ id: sent.id });
    expect(detail.email?.content.kind).toBe('blocks');
    expect(detail.abTest?.subjectB).toBeTruthy();
    const page = await api.campaigns.recipients({ id: sent.id, status: 'bounced' });
    expect(page.total).toBe(stats.bounced);
    expect(page.items[0]!.error).toMatch(/5\.1\.1/);
    const opened = await api.campaigns.recipients({ id: sent.id, status: 'delivered', limit: 100 });
    expect(opened.items.some((r) => r.events.some((e) => e.type === 'click'))).toBe(true);

    // The messages are in the outbox, their footers' unsubscribe links filled in and links tracked.
    const message = await database.db
      .selectFrom('campaign_recipients')
      .innerJoin('email_messages', 'email_messages.id', 'campaign_recipients.email_message_id')
      .select(['email_messages.html', 'email_messages.kind', 'email_messages.subject'])
      .where('campaign_recipients.campaign_id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(message.kind).toBe('marketing');
    expect(message.html).toContain('/api/email/unsubscribe/');
    expect(message.html).toContain('/api/campaigns/t/c/');
    expect(message.html).not.toContain('unsubscribe.invalid');
    expect(message.subject).not.toContain('{{');
  });

  it('stores the bytes the sending pipeline makes for each recipient', async () => {
    const campaign = await database.db.selectFrom('campaigns').selectAll().where('organization_id', '=', organizationId).where('status', '=', 'sent').executeTakeFirstOrThrow();
    const rows = await database.db
      .selectFrom('campaign_recipients')
      .innerJoin('email_messages', 'email_messages.id', 'campaign_recipients.email_message_id')
      .innerJoin('contacts', 'contacts.id', 'campaign_recipients.contact_id')
      .select([
        'campaign_recipients.id',
        'email_messages.html',
        'email_messages.text',
        'email_messages.token',
        'contacts.first_name',
        'contacts.last_name',
        'contacts.email',
        'contacts.phone',
        'contacts.company_name',
        'contacts.job_title',
        'contacts.custom_fields',
      ])
      .where('campaign_recipients.campaign_id', '=', campaign.id)
      .orderBy('campaign_recipients.id')
      .limit(3)
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const values = contactValues({ ...row, custom_fields: row.custom_fields as Record<string, string> });
      const body = await renderCampaignBody(campaign.email_content as TEmailContent, values);
      const unsubscribe = `${TEST_ORIGIN}${UNSUBSCRIBE_API_PATH(row.token)}`;
      expect(row.html).toBe(withTracking(body.html, TEST_ORIGIN, campaign.tracking_key, row.id).replaceAll(UNSUBSCRIBE_URL_PLACEHOLDER, unsubscribe));
      expect(row.text).toBe(body.text.replaceAll(UNSUBSCRIBE_URL_PLACEHOLDER, unsubscribe));
    }
  });

  it('shows a paused webhook endpoint with its delivery log', async () => {
    const { items } = await api.webhooks.list();
    expect(items).toHaveLength(1);
    const endpoint = items[0]!;
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: null });
    expect(new URL(endpoint.url).hostname).toMatch(/\.example$/);
    const log = await api.webhooks.deliveries({ endpointId: endpoint.id });
    expect(log.items.map((d) => d.state).sort()).toEqual(['delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'failed']);
    const retried = log.items.find((d) => d.attempts === 3)!;
    expect(retried.log.map((a) => a.statusCode)).toEqual([null, 503, 200]);
    expect(retried.state).toBe('delivered');
    // Newest first, each with its attempts.
    expect(log.items.map((d) => d.createdAt)).toEqual([...log.items.map((d) => d.createdAt)].sort().reverse());
    for (const d of log.items) expect(d.log).toHaveLength(d.attempts);
    // No real event stands behind them: the consumer's (endpoint, event) key stays free for real events.
    const ids = await database.db.selectFrom('webhook_deliveries').select('event_id').where('organization_id', '=', organizationId).execute();
    for (const { event_id } of ids) expect(Number(event_id)).toBeLessThan(0);
  });
});
