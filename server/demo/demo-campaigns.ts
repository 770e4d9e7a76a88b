import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { materializeRecipients } from '../campaigns/materialize';
import { mergeText, renderCampaignBody } from '../campaigns/render';
import type { AbTest, CampaignRow } from '../campaigns/repo';
import type { TAudience, TEmailContent } from '../campaigns/schema';
import type { TEmailBlocks } from '../campaigns/blocks/schema';
import { withTracking } from '../campaigns/tracking';
import { escapeHtml, plusAddress, UNSUBSCRIBE_URL_PLACEHOLDER } from '../email/outbox';
import { UNSUBSCRIBE_API_PATH } from '../email/schema';
import { suppressAddress } from '../email/suppressions';
import { readSettings } from '../organizations/settings';
import { prng } from './demo-data';
import { DEMO_EMAIL_SETTINGS } from './demo-emails';

/**
 * The demo workspace's campaigns (issue #18): last week's newsletter, sent with an A/B test of its
 * subject, stored as the sending pipeline leaves it — its audience copied by the real
 * materializeRecipients (opted-out contacts kept as `suppressed`), each message in the e-mail outbox
 * with its steps, then opens (Apple Mail's machine opens apart), clicks, a few bounces and an
 * unsubscribe — so its report shows real figures; an SMS campaign in draft; and a reminder of the
 * offer scheduled five days on. The seed queues no job: the start-up check (queueMissingDispatches,
 * server/campaigns/jobs.ts) gives the scheduled campaign its sending job at its moment.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const OFFER_URL = 'https://demo-company.example/winter-offer';

const NEWSLETTER_BLOCKS: TEmailBlocks = [
  { id: 'title', type: 'heading', text: 'Hi {{firstName|there}}, winter is our busiest season', level: 1, align: 'left' },
  {
    id: 'intro',
    type: 'text',
    text: 'Over the past month we helped more than forty teams move their customer records, pipelines and follow-ups into one place. Here is what is new, and an offer for the weeks before the holidays.',
    align: 'left',
  },
  {
    id: 'news',
    type: 'columns',
    columns: [
      [
        { id: 'news-1-title', type: 'heading', text: 'Booking pages', level: 3, align: 'left' },
        { id: 'news-1', type: 'text', text: 'Let customers pick a time with your team: round-robin, buffers and reminders included.', align: 'left' },
      ],
      [
        { id: 'news-2-title', type: 'heading', text: 'Workflows', level: 3, align: 'left' },
        { id: 'news-2', type: 'text', text: 'Follow up every new lead by text and e-mail without lifting a finger.', align: 'left' },
      ],
    ],
  },
  { id: 'offer', type: 'text', text: 'Book an onboarding session before December 20 and the first month of your team plan is on us.', align: 'left' },
  { id: 'cta', type: 'button', label: 'See the winter offer', href: OFFER_URL, align: 'center' },
  { id: 'rule', type: 'divider' },
  {
    id: 'social',
    type: 'social',
    links: [
      { network: 'linkedin', url: 'https://www.linkedin.com/company/demo-company-example' },
      { network: 'website', url: 'https://demo-company.example' },
    ],
    align: 'center',
  },
  { id: 'footer', type: 'footer', postalAddress: DEMO_EMAIL_SETTINGS.postalAddress, unsubscribeLabel: 'Unsubscribe' },
];

const NEWSLETTER = {
  name: 'November newsletter',
  audience: { match: 'all', conditions: [{ type: 'tag', tag: 'newsletter', negate: false }] } satisfies TAudience,
  subject: 'What’s new at Demo Company this winter',
  content: { kind: 'blocks', blocks: NEWSLETTER_BLOCKS } satisfies TEmailContent,
  abTest: { subjectB: '{{firstName|Hi}}, your winter offer is inside', sharePercent: 20, metric: 'opens', waitHours: 4 } satisfies AbTest,
};

/** The trade-show follow-up's draft test of its body: a short personal note against the full news, decided by clicks. */
const TRADE_SHOW_AB_TEST = {
  contentB: {
    kind: 'blocks',
    blocks: [
      { id: 'note-title', type: 'heading', text: 'Thanks for stopping by, {{firstName|there}}', level: 1, align: 'left' },
      {
        id: 'note',
        type: 'text',
        text: 'It was good to talk at the Small Business Expo. If you would like to see how your team’s follow-ups could run on their own, pick a time for a 20-minute walkthrough.',
        align: 'left',
      },
      ...NEWSLETTER_BLOCKS.filter((b) => ['cta', 'rule', 'footer'].includes(b.id)),
    ],
  },
  sharePercent: 30,
  metric: 'clicks',
  waitHours: 24,
} satisfies AbTest;

/** Agents of opens and clicks as the tracking door records them: people's mail clients, and Apple Mail Privacy Protection's proxy (a machine). */
const PEOPLE_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
];
const APPLE_PROXY_AGENT = 'Mozilla/5.0';
const BOUNCE = 'Hard bounce 5.1.1: 550 5.1.1 The e-mail account that you tried to reach does not exist';
const FIRST_NAME_MARKER = 'DemoFirstNameMarker';
/** The demo's static list (its members: the contacts met at an event). */
export const TRADE_SHOW_LIST = 'Small Business Expo — November';
const UNSUBSCRIBED_HOW = 'One-click unsubscribe (the List-Unsubscribe link)';

export async function seedDemoCampaigns(db: Db, organizationId: string, options: { ownerId: string; publicUrl: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  await seedSentNewsletter(db, organizationId, { ...options, now });
  await seedTradeShowList(db, organizationId, { ...options, now });
  await scoped(db, organizationId)
    .insertInto('campaigns', {
      name: 'Holiday opening hours',
      channel: 'sms',
      status: 'draft',
      audience: JSON.stringify({ match: 'all', conditions: [{ type: 'tag', tag: 'vip', negate: false }] } satisfies TAudience),
      sms_body: 'Hi {{firstName|there}}, Demo Company is closed Dec 24–26 and open 10:00–14:00 on Dec 31. Happy holidays!',
      tracking_key: randomBytes(32).toString('hex'),
      created_by: options.ownerId,
      created_at: new Date(now.getTime() - 2 * HOUR),
      updated_at: new Date(now.getTime() - 2 * HOUR),
    })
    .execute();
  await scoped(db, organizationId)
    .insertInto('campaigns', {
      name: 'Winter offer: last call',
      channel: 'email',
      status: 'scheduled',
      audience: JSON.stringify(NEWSLETTER.audience),
      email_subject: 'Last week to claim your winter offer',
      email_content: JSON.stringify({ kind: 'blocks', blocks: NEWSLETTER_BLOCKS.filter((b) => ['title', 'offer', 'cta', 'rule', 'footer'].includes(b.id)) } satisfies TEmailContent),
      tracking_key: randomBytes(32).toString('hex'),
      // Five days on, at the whole hour.
      scheduled_at: new Date(Math.ceil((now.getTime() + 5 * DAY) / HOUR) * HOUR),
      created_by: options.ownerId,
      created_at: new Date(now.getTime() - HOUR),
      updated_at: new Date(now.getTime() - HOUR),
    })
    .execute();
}

/**
 * A static list as an import leaves it: the people met at last month's trade show (the contacts whose
 * source is the event), and a draft follow-up whose audience names the list.
 */
async function seedTradeShowList(db: Db, organizationId: string, options: { ownerId: string; now: Date }): Promise<void> {
  const org = scoped(db, organizationId);
  const createdAt = new Date(options.now.getTime() - 12 * DAY);
  const list = await org.insertInto('campaign_lists', { name: TRADE_SHOW_LIST, created_by: options.ownerId, created_at: createdAt, updated_at: createdAt }).returning('id').executeTakeFirstOrThrow();
  const attendees = await org.selectFrom('contacts').select('id').where('source', '=', 'Event').orderBy('created_at').orderBy('id').execute();
  if (attendees.length > 0) {
    await org
      .insertInto(
        'campaign_list_members',
        attendees.map((c) => ({ list_id: list.id, contact_id: c.id, added_at: createdAt })),
      )
      .execute();
  }
  await org
    .insertInto('campaigns', {
      name: 'Trade show follow-up',
      channel: 'email',
      status: 'draft',
      audience: JSON.stringify({ match: 'all', conditions: [{ type: 'list', listId: list.id }] } satisfies TAudience),
      email_subject: 'Good to meet you at the Small Business Expo, {{firstName|there}}',
      email_content: JSON.stringify({ kind: 'blocks', blocks: NEWSLETTER_BLOCKS.filter((b) => ['title', 'news', 'cta', 'rule', 'footer'].includes(b.id)) } satisfies TEmailContent),
      ab_test: JSON.stringify(TRADE_SHOW_AB_TEST),
      tracking_key: randomBytes(32).toString('hex'),
      created_by: options.ownerId,
      created_at: new Date(options.now.getTime() - 3 * HOUR),
      updated_at: new Date(options.now.getTime() - 3 * HOUR),
    })
    .execute();
}

async function seedSentNewsletter(db: Db, organizationId: string, options: { ownerId: string; publicUrl: string; now: Date }): Promise<void> {
  const rng = prng(20261128);
  const org = scoped(db, organizationId);
  // Last week: a week and a few hours ago; the A/B test decided after its wait, and the rest sent then.
  const startedAt = new Date(options.now.getTime() - 7 * DAY - 3 * HOUR);
  const decidedAt = new Date(startedAt.getTime() + NEWSLETTER.abTest.waitHours * HOUR);
  const campaign: CampaignRow = await org
    .insertInto('campaigns', {
      name: NEWSLETTER.name,
      channel: 'email',
      status: 'sent',
      audience: JSON.stringify(NEWSLETTER.audience),
      email_subject: NEWSLETTER.subject,
      email_content: JSON.stringify(NEWSLETTER.content),
      ab_test: JSON.stringify(NEWSLETTER.abTest),
      tracking_key: randomBytes(32).toString('hex'),
      started_at: startedAt,
      created_by: options.ownerId,
      created_at: new Date(startedAt.getTime() - 2 * DAY),
      updated_at: startedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  // The audience as the pipeline copies it when sending starts (test share split A/B, the rest held).
  const { timezone } = await readSettings(db, organizationId);
  await materializeRecipients(db, organizationId, campaign, startedAt, timezone);
  const rows = await org
    .selectFrom('campaign_recipients')
    .innerJoin('contacts', 'contacts.id', 'campaign_recipients.contact_id')
    .select([
      'campaign_recipients.id',
      'campaign_recipients.address',
      'campaign_recipients.variant',
      'campaign_recipients.held',
      'contacts.id as contact_id',
      'contacts.first_name',
      'contacts.last_name',
    ])
    .where('campaign_recipients.campaign_id', '=', campaign.id)
    .where('campaign_recipients.status', '=', 'pending')
    .orderBy('campaign_recipients.id')
    .execute();

  // Each row handed to the e-mail channel (the test share at once, the rest once the winner was
  // chosen) and sent; one in forty bounces. People open and click, subject B drawing more of them; Apple's
  // proxy fetches some on delivery (machine opens, counted apart).
  type Sent = { recipientId: string; contactId: string; address: string; variant: 'a' | 'b' | null; sentAt: Date; bounced: boolean; messageId: string };
  const events: { campaign_id: string; recipient_id: string; type: 'open' | 'click'; machine: boolean; url: string | null; user_agent: string; created_at: Date }[] = [];
  const later = (from: Date, minHours: number, maxHours: number) => new Date(from.getTime() + rng.int(minHours * 60, maxHours * 60) * 60_000);
  const openers: Sent[] = [];
  const sent: Sent[] = rows.map((row, i) => {
    const sentAt = new Date((row.held ? decidedAt : startedAt).getTime() + rng.int(5, 600) * 1000);
    const s = { recipientId: row.id, contactId: row.contact_id, address: row.address.toLowerCase(), variant: row.variant, sentAt, bounced: i % 40 === 17, messageId: randomUUID() };
    if (s.bounced) return s;
    const event = (type: 'open' | 'click', machine: boolean, at: Date) =>
      events.push({
        campaign_id: campaign.id,
        recipient_id: row.id,
        type,
        machine,
        url: type === 'click' ? OFFER_URL : null,
        user_agent: machine ? APPLE_PROXY_AGENT : rng.pick(PEOPLE_AGENTS),
        created_at: at,
      });
    if (rng.chance(0.14)) event('open', true, new Date(sentAt.getTime() + rng.int(3, 9) * 1000));
    if (!rng.chance(row.variant === 'a' ? 0.3 : 0.42)) return s;
    openers.push(s);
    const opened = later(sentAt, 0.2, 48);
    event('open', false, opened);
    if (rng.chance(0.25)) event('open', false, later(opened, 1, 72));
    if (rng.chance(0.3)) event('click', false, new Date(opened.getTime() + rng.int(10, 120) * 1000));
    return s;
  });
  // The winner by pickWinner's rule: more unique human opens among the test share, A on a tie.
  const score = (variant: 'a' | 'b') => openers.filter((s) => s.variant === variant).length;
  const winner = score('b') > score('a') ? 'b' : 'a';

  // Rendering blocks takes ~15 ms a message (react-email), and seeding runs on every fresh start: the
  // body is rendered once with a marker for the one merge field it uses, and each recipient's first
  // name put in its place — the bytes renderCampaignBody makes for that recipient.
  const body = await renderCampaignBody(NEWSLETTER.content, { firstName: FIRST_NAME_MARKER });
  const { fromName, fromAddress, replyTo } = DEMO_EMAIL_SETTINGS;
  const messages = rows.map((row, i) => {
    const s = sent[i]!;
    const token = randomBytes(12).toString('hex');
    const unsubscribe = `${options.publicUrl}${UNSUBSCRIBE_API_PATH(token)}`;
    return {
      id: s.messageId,
      direction: 'outbound' as const,
      kind: 'marketing' as const,
      status: s.bounced ? ('bounced' as const) : ('delivered' as const),
      contact_id: row.contact_id,
      created_by: options.ownerId,
      from_address: fromAddress,
      from_name: fromName,
      to_address: s.address,
      to_name: `${row.first_name} ${row.last_name}`.trim() || null,
      reply_to: plusAddress(replyTo, `r.${token}`),
      subject: mergeText((row.variant ?? winner) === 'b' ? NEWSLETTER.abTest.subjectB : NEWSLETTER.subject, { firstName: row.first_name }),
      html: withTracking(body.html.replaceAll(FIRST_NAME_MARKER, escapeHtml(row.first_name)), options.publicUrl, campaign.tracking_key, row.id).replaceAll(UNSUBSCRIBE_URL_PLACEHOLDER, unsubscribe),
      text: body.text.replaceAll(FIRST_NAME_MARKER, row.first_name).replaceAll(UNSUBSCRIBE_URL_PLACEHOLDER, unsubscribe),
      message_id: `<${randomUUID()}@demo-company.example>`,
      token,
      idempotency_key: `campaign:${row.id}`,
      attempts: 1,
      provider_response: '250 2.0.0 OK queued',
      error: s.bounced ? BOUNCE : null,
      headers: JSON.stringify({ 'List-Unsubscribe': `<${unsubscribe}>, <mailto:${plusAddress(fromAddress, `u.${token}`)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }),
      sent_at: s.sentAt,
      delivered_at: s.bounced ? null : new Date(s.sentAt.getTime() + 2000),
      created_at: s.sentAt,
      updated_at: s.sentAt,
    };
  });
  for (let i = 0; i < messages.length; i += 200) await org.insertInto('email_messages', messages.slice(i, i + 200)).execute();
  const steps = sent.flatMap((s) =>
    (['queued', 'sending', 'sent', s.bounced ? 'bounced' : 'delivered'] as const).map((type, i) => ({
      email_message_id: s.messageId,
      type,
      detail: type === 'sent' ? '250 2.0.0 OK queued' : type === 'bounced' ? BOUNCE : null,
      created_at: new Date(s.sentAt.getTime() + (i - 2) * 1000),
    })),
  );
  for (let i = 0; i < steps.length; i += 500) await org.insertInto('email_events', steps.slice(i, i + 500)).execute();
  // The rows' `queued` state, as the sending job leaves it: each takes its message's state from there (migration 2026_12_05_200).
  if (sent.length > 0) {
    const pairs = sent.map((s) => sql`(${s.recipientId}::uuid, ${s.messageId}::uuid, ${s.sentAt}::timestamptz)`);
    await sql`update campaign_recipients r set status = 'queued', email_message_id = v.message_id, held = false, due_at = v.sent_at, updated_at = v.sent_at
      from (values ${sql.join(pairs)}) as v(id, message_id, sent_at) where r.id = v.id and r.organization_id = ${organizationId}`.execute(db);
  }
  for (const s of sent.filter((x) => x.bounced)) await suppressAddress(db, organizationId, s.address, 'hard_bounce', s.messageId);
  if (events.length > 0) await org.insertInto('campaign_events', events).execute();

  // One reader unsubscribed with the one-click link (the suppression list, the message's steps and the contact's timeline say so).
  const leaver = openers.find((s) => !events.some((e) => e.recipient_id === s.recipientId && e.type === 'click'));
  if (leaver) {
    const at = later(leaver.sentAt, 1, 30);
    await suppressAddress(db, organizationId, leaver.address, 'unsubscribed', leaver.messageId);
    await org.insertInto('email_events', { email_message_id: leaver.messageId, type: 'unsubscribed', detail: UNSUBSCRIBED_HOW, created_at: at }).execute();
    await org
      .insertInto('activities', {
        contact_id: leaver.contactId,
        type: 'email_unsubscribed',
        actor_user_id: null,
        payload: JSON.stringify({ address: leaver.address, messageId: leaver.messageId }),
        created_at: at,
      })
      .execute();
  }

  const finishedAt = new Date(Math.max(...sent.map((s) => s.sentAt.getTime() + 3000), decidedAt.getTime()));
  await org.updateTable('campaigns').set({ ab_winner: winner, finished_at: finishedAt, updated_at: finishedAt }).where('id', '=', campaign.id).execute();
}
