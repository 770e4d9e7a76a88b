import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { OrgContext } from '../kernel/context';
import { abTestDecidesAt, contactNameSql, repliedThreadsSql, recipientsWithMessages, requireCampaign, type AbTest } from './repo';
import { RECIPIENT_STATUSES, type TRecipientStatus, type ZRecipientsInput, type ZStatsInput } from './schema';

/** A row that reached the channel (a message exists), for unsubscribes, replies and conversions. */
const reached = sql<SqlBool>`(campaign_recipients.email_message_id is not null or campaign_recipients.sms_message_id is not null)`;

type Engagement = { recipients: number; openedHuman: number; openedMachine: number; clicked: number; unsubscribed: number; complained: number; replied: number };

/**
 * Who of those reached opened, clicked, unsubscribed, complained or replied, by A/B variant. Each
 * figure is counted from the rows that record it — the campaign's events, the feedback events, the
 * inbound replies (partial indexes) — and their recipients, so the cost follows the engagement, not
 * the audience: probing every recipient's message took minutes at 100,000. The A/B test's winner is
 * read from the same figures.
 */
export async function engagementByVariant(db: Db, org: string, campaignId: string, reachedByVariant = new Map<'a' | 'b' | null, number>()) {
  type Row = { variant: 'a' | 'b' | null; n: number };
  type Row2 = Row & { m: number };
  const ofCampaign = sql`r.organization_id = ${org} and r.campaign_id = ${campaignId}`;
  const feedbackOf = (...types: ('unsubscribed' | 'complained')[]) => sql`select ev.email_message_id from email_events ev where ev.organization_id = ${org} and ev.type in (${sql.join(types)})`;
  const [opens, clicks, feedback, replies] = await Promise.all([
    // A person's open (n), and any open at all (m): those who only had machine opens are m − n.
    sql<Row2>`select r.variant, count(distinct e.recipient_id) filter (where not e.machine)::int as n, count(distinct e.recipient_id)::int as m
      from campaign_events e join campaign_recipients r on r.id = e.recipient_id
      where e.organization_id = ${org} and e.campaign_id = ${campaignId} and e.type = 'open' and ${ofCampaign} group by r.variant`.execute(db),
    sql<Row>`select r.variant, count(distinct e.recipient_id)::int as n
      from campaign_events e join campaign_recipients r on r.id = e.recipient_id
      where e.organization_id = ${org} and e.campaign_id = ${campaignId} and e.type = 'click' and not e.machine and ${ofCampaign} group by r.variant`.execute(db),
    // Feedback and replies are rare: their messages are read first (an array, once), then their recipients by message.
    sql<Row2>`select r.variant, count(*) filter (where r.email_message_id = any(array(${feedbackOf('unsubscribed')})))::int as n,
        count(*) filter (where r.email_message_id = any(array(${feedbackOf('complained')})))::int as m
      from campaign_recipients r where ${ofCampaign} and r.email_message_id = any(array(${feedbackOf('unsubscribed', 'complained')})) group by r.variant`.execute(db),
    sql<Row>`select r.variant, count(*)::int as n from campaign_recipients r
      where ${ofCampaign} and r.email_message_id = any(array(${repliedThreadsSql(org)})) group by r.variant`.execute(db),
  ]);
  const byVariant = new Map<'a' | 'b' | null, Engagement>();
  const of = (variant: 'a' | 'b' | null) => {
    let figures = byVariant.get(variant);
    if (!figures) byVariant.set(variant, (figures = { recipients: 0, openedHuman: 0, openedMachine: 0, clicked: 0, unsubscribed: 0, complained: 0, replied: 0 }));
    return figures;
  };
  for (const [variant, n] of reachedByVariant) of(variant).recipients = n;
  for (const row of opens.rows) Object.assign(of(row.variant), { openedHuman: row.n, openedMachine: row.m - row.n });
  for (const row of clicks.rows) of(row.variant).clicked = row.n;
  for (const row of feedback.rows) Object.assign(of(row.variant), { unsubscribed: row.n, complained: row.m });
  for (const row of replies.rows) of(row.variant).replied = row.n;
  return [...byVariant].map(([variant, figures]) => ({ variant, ...figures }));
}

/** The report's figures, all counted from the recipients' rows, their messages and their events. */
export async function campaignStats(ctx: OrgContext, input: z.output<typeof ZStatsInput>) {
  const campaign = await requireCampaign(ctx.db, ctx.organizationId, input.id);
  const test = campaign.ab_test as AbTest | null;
  const org = ctx.organizationId;
  // One pass over the campaign's rows (their status follows their message's): by status, and those reached by variant.
  const counted = await scoped(ctx.db, org)
    .selectFrom('campaign_recipients')
    .select(['variant', 'status', reached.as('reached'), sql<number>`count(*)::int`.as('count')])
    .where('campaign_id', '=', campaign.id)
    .groupBy(['variant', 'status', reached])
    .execute();
  const byStatus = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<TRecipientStatus, number>;
  const reachedByVariant = new Map<'a' | 'b' | null, number>();
  for (const row of counted) {
    byStatus[row.status] += row.count;
    if (row.reached) reachedByVariant.set(row.variant, (reachedByVariant.get(row.variant) ?? 0) + row.count);
  }

  const engagement = await engagementByVariant(ctx.db, org, campaign.id, reachedByVariant);
  const sum = (key: keyof Engagement) => engagement.reduce((total, row) => total + row[key], 0);

  const since = campaign.started_at ?? new Date();
  const until = new Date(since.getTime() + input.conversionWindowDays * 86_400_000);
  const deals = await scoped(ctx.db, org)
    .selectFrom('deals')
    .select([
      sql<number>`count(*) filter (where deals.created_at >= ${since} and deals.created_at < ${until})::int`.as('created'),
      sql<number>`count(*) filter (where deals.won_at >= ${since} and deals.won_at < ${until})::int`.as('won'),
      sql<string>`coalesce(sum(deals.value_minor) filter (where deals.won_at >= ${since} and deals.won_at < ${until}), 0)::text`.as('wonMinor'),
    ])
    .where(
      sql<boolean>`deals.contact_id in (select campaign_recipients.contact_id from campaign_recipients where campaign_recipients.organization_id = ${org} and campaign_recipients.campaign_id = ${campaign.id} and ${reached})`,
    )
    .executeTakeFirstOrThrow();

  const variants = engagement
    .filter((row): row is typeof row & { variant: 'a' | 'b' } => row.variant !== null)
    .map((row) => ({ variant: row.variant, recipients: row.recipients, openedHuman: row.openedHuman, clicked: row.clicked, replied: row.replied }))
    .sort((a, b) => a.variant.localeCompare(b.variant));
  return {
    recipients: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    delivered: byStatus.delivered,
    bounced: byStatus.bounced,
    openedHuman: sum('openedHuman'),
    openedMachine: sum('openedMachine'),
    clicked: sum('clicked'),
    unsubscribed: sum('unsubscribed'),
    complained: sum('complained'),
    replied: sum('replied'),
    conversions: {
      windowDays: input.conversionWindowDays,
      dealsCreated: campaign.started_at ? deals.created : 0,
      dealsWon: campaign.started_at ? deals.won : 0,
      wonValue: campaign.started_at ? Number(deals.wonMinor) / 100 : 0,
    },
    variants: test ? variants : [],
    winner: campaign.ab_winner,
    abTestDecidesAt: test && campaign.started_at ? abTestDecidesAt(campaign.started_at, test).toISOString() : null,
  };
}

/** The per-recipient table: each row's state and its tracked events. */
export async function campaignRecipients(ctx: OrgContext, input: z.output<typeof ZRecipientsInput>) {
  await requireCampaign(ctx.db, ctx.organizationId, input.id);
  let query = recipientsWithMessages(ctx.db, ctx.organizationId).leftJoin('contacts', 'contacts.id', 'campaign_recipients.contact_id').where('campaign_recipients.campaign_id', '=', input.id);
  if (input.status) query = query.where('campaign_recipients.status', '=', input.status);
  const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'campaign_recipients.id',
      'campaign_recipients.contact_id',
      'campaign_recipients.address',
      'campaign_recipients.variant',
      'campaign_recipients.due_at',
      sql<string | null>`coalesce(campaign_recipients.error, em.error, sm.error_message)`.as('error'),
      'campaign_recipients.status',
      contactNameSql.as('contact_name'),
    ])
    .orderBy('campaign_recipients.due_at')
    .orderBy('campaign_recipients.id')
    .limit(input.limit)
    .offset((input.page - 1) * input.limit)
    .execute();
  const events = rows.length
    ? await scoped(ctx.db, ctx.organizationId)
        .selectFrom('campaign_events')
        .select(['recipient_id', 'type', 'machine', 'created_at'])
        .where(
          'recipient_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('created_at')
        .execute()
    : [];
  return {
    items: rows.map((row) => ({
      id: row.id,
      contactId: row.contact_id,
      contactName: row.contact_name ?? row.address,
      address: row.address,
      status: row.status,
      variant: row.variant,
      dueAt: row.due_at.toISOString(),
      error: row.error,
      events: events.filter((e) => e.recipient_id === row.id).map((e) => ({ type: e.type, machine: e.machine, at: e.created_at.toISOString() })),
    })),
    total,
    page: input.page,
    limit: input.limit,
  };
}
