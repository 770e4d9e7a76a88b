import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { scoped } from '../db/scoped';
import type { OrgContext } from '../kernel/context';
import { abTestDecidesAt, contactNameSql, repliedThreadsSql, recipientsWithMessages, requireCampaign, type AbTest } from './repo';
import { RECIPIENT_STATUSES, type TRecipientStatus, type ZRecipientsInput, type ZStatsInput } from './schema';

/** A row that reached the channel (a message exists), for unsubscribes, replies and conversions. */
const reached = sql<SqlBool>`(campaign_recipients.email_message_id is not null or campaign_recipients.sms_message_id is not null)`;

type Engagement = { recipients: number; openedHuman: number; openedMachine: number; clicked: number; unsubscribed: number; complained: number; replied: number };
type Variant = 'a' | 'b' | null;

/**
 * Some of the organization's campaigns, as a select of their ids: one (`campaignIdsOf`) or those a
 * report lists (a scoped query). Every figure below is counted for the set at once, grouped by
 * campaign, so their number costs no extra query.
 */
export type CampaignIds = SelectQueryBuilder<Database, 'campaigns', { id: string }>;
export const campaignIdsOf = (db: Db, org: string, ...ids: string[]): CampaignIds => scoped(db, org).selectFrom('campaigns').select('campaigns.id').where('campaigns.id', 'in', ids);

/**
 * Who of those reached opened, clicked, unsubscribed, complained or replied, by campaign and A/B
 * variant. Each figure is counted from the rows that record it — the campaigns' events, the feedback
 * events, the inbound replies (partial indexes) — and their recipients, so the cost follows the
 * engagement, not the audience: probing every recipient's message took minutes at 100,000. The A/B
 * test's winner is read from the same figures.
 */
export async function engagementByCampaign(db: Db, org: string, campaigns: CampaignIds, reachedByVariant = new Map<string, Map<Variant, number>>()) {
  type Row = { campaign_id: string; variant: Variant; n: number };
  type Row2 = Row & { m: number };
  const ofCampaigns = sql`r.organization_id = ${org} and r.campaign_id in (${campaigns})`;
  const feedbackOf = (...types: ('unsubscribed' | 'complained')[]) => sql`select ev.email_message_id from email_events ev where ev.organization_id = ${org} and ev.type in (${sql.join(types)})`;
  const [opens, clicks, feedback, replies] = await Promise.all([
    // A person's open (n), and any open at all (m): those who only had machine opens are m − n.
    sql<Row2>`select r.campaign_id, r.variant, count(distinct e.recipient_id) filter (where not e.machine)::int as n, count(distinct e.recipient_id)::int as m
      from campaign_events e join campaign_recipients r on r.id = e.recipient_id
      where e.organization_id = ${org} and e.campaign_id in (${campaigns}) and e.type = 'open' and ${ofCampaigns} group by r.campaign_id, r.variant`.execute(db),
    sql<Row>`select r.campaign_id, r.variant, count(distinct e.recipient_id)::int as n
      from campaign_events e join campaign_recipients r on r.id = e.recipient_id
      where e.organization_id = ${org} and e.campaign_id in (${campaigns}) and e.type = 'click' and not e.machine and ${ofCampaigns} group by r.campaign_id, r.variant`.execute(db),
    // Feedback and replies are rare: their messages are read first (an array, once), then their recipients by message.
    sql<Row2>`select r.campaign_id, r.variant, count(*) filter (where r.email_message_id = any(array(${feedbackOf('unsubscribed')})))::int as n,
        count(*) filter (where r.email_message_id = any(array(${feedbackOf('complained')})))::int as m
      from campaign_recipients r where ${ofCampaigns} and r.email_message_id = any(array(${feedbackOf('unsubscribed', 'complained')})) group by r.campaign_id, r.variant`.execute(db),
    sql<Row>`select r.campaign_id, r.variant, count(*)::int as n from campaign_recipients r
      where ${ofCampaigns} and r.email_message_id = any(array(${repliedThreadsSql(org)})) group by r.campaign_id, r.variant`.execute(db),
  ]);
  const byCampaign = new Map<string, Map<Variant, Engagement>>();
  const of = (campaignId: string, variant: Variant) => {
    let variants = byCampaign.get(campaignId);
    if (!variants) byCampaign.set(campaignId, (variants = new Map()));
    let figures = variants.get(variant);
    if (!figures) variants.set(variant, (figures = { recipients: 0, openedHuman: 0, openedMachine: 0, clicked: 0, unsubscribed: 0, complained: 0, replied: 0 }));
    return figures;
  };
  for (const [campaignId, variants] of reachedByVariant) for (const [variant, n] of variants) of(campaignId, variant).recipients = n;
  for (const row of opens.rows) Object.assign(of(row.campaign_id, row.variant), { openedHuman: row.n, openedMachine: row.m - row.n });
  for (const row of clicks.rows) of(row.campaign_id, row.variant).clicked = row.n;
  for (const row of feedback.rows) Object.assign(of(row.campaign_id, row.variant), { unsubscribed: row.n, complained: row.m });
  for (const row of replies.rows) of(row.campaign_id, row.variant).replied = row.n;
  return new Map([...byCampaign].map(([campaignId, variants]) => [campaignId, [...variants].map(([variant, figures]) => ({ variant, ...figures }))]));
}

export type CampaignFigures = {
  byStatus: Record<TRecipientStatus, number>;
  engagement: ({ variant: Variant } & Engagement)[];
  conversions: { dealsCreated: number; dealsWon: number; wonValue: number };
};

/**
 * The report's figures of some campaigns, by campaign id, all counted from the recipients' rows,
 * their messages and their events (six grouped queries whatever the number). Conversions: the deals
 * of contacts the campaign reached, created or won within `conversionWindowDays` of its start (none
 * before it started).
 */
export async function campaignFigures(db: Db, org: string, campaigns: CampaignIds, conversionWindowDays: number): Promise<Map<string, CampaignFigures>> {
  // One pass over the campaigns' rows (their status follows their message's): by status, and those reached by variant.
  const counted = await scoped(db, org)
    .selectFrom('campaign_recipients')
    .select(['campaign_id', 'variant', 'status', reached.as('reached'), sql<number>`count(*)::int`.as('count')])
    .where(sql<SqlBool>`campaign_recipients.campaign_id in (${campaigns})`)
    .groupBy(['campaign_id', 'variant', 'status', reached])
    .execute();
  const windowSeconds = conversionWindowDays * 86_400;
  const [engagementOf, deals] = await Promise.all([
    (async () => {
      const reachedByVariant = new Map<string, Map<Variant, number>>();
      for (const row of counted) {
        if (!row.reached) continue;
        const variants = reachedByVariant.get(row.campaign_id) ?? new Map<Variant, number>();
        reachedByVariant.set(row.campaign_id, variants.set(row.variant, (variants.get(row.variant) ?? 0) + row.count));
      }
      return engagementByCampaign(db, org, campaigns, reachedByVariant);
    })(),
    // Each reached contact once per campaign, with the campaign's start: its deals count once each.
    scoped(db, org)
      .selectFrom('deals')
      .innerJoin(
        sql<{ campaign_id: string; contact_id: string; since: Date }>`(select distinct campaign_recipients.campaign_id, campaign_recipients.contact_id, c.started_at as since
          from campaign_recipients join campaigns c on c.id = campaign_recipients.campaign_id and c.organization_id = ${org}
          where campaign_recipients.organization_id = ${org} and campaign_recipients.campaign_id in (${campaigns}) and c.started_at is not null and ${reached})`.as('rc'),
        (join) => join.onRef('rc.contact_id', '=', 'deals.contact_id'),
      )
      .select([
        'rc.campaign_id',
        sql<number>`count(*) filter (where deals.created_at >= rc.since and deals.created_at < rc.since + ${windowSeconds}::int * interval '1 second')::int`.as('created'),
        sql<number>`count(*) filter (where deals.won_at >= rc.since and deals.won_at < rc.since + ${windowSeconds}::int * interval '1 second')::int`.as('won'),
        sql<string>`coalesce(sum(deals.value_minor) filter (where deals.won_at >= rc.since and deals.won_at < rc.since + ${windowSeconds}::int * interval '1 second'), 0)::text`.as('wonMinor'),
      ])
      .groupBy('rc.campaign_id')
      .execute(),
  ]);

  const figures = new Map<string, CampaignFigures>();
  const of = (campaignId: string) => {
    let entry = figures.get(campaignId);
    if (!entry) {
      const byStatus = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<TRecipientStatus, number>;
      figures.set(campaignId, (entry = { byStatus, engagement: engagementOf.get(campaignId) ?? [], conversions: { dealsCreated: 0, dealsWon: 0, wonValue: 0 } }));
    }
    return entry;
  };
  for (const row of counted) of(row.campaign_id).byStatus[row.status] += row.count;
  for (const row of deals) of(row.campaign_id).conversions = { dealsCreated: row.created, dealsWon: row.won, wonValue: Number(row.wonMinor) / 100 };
  return figures;
}

/** A campaign's figures as the report and the reports page show them (an engagement figure summed over the variants). */
export function figuresOf(figures: CampaignFigures | undefined) {
  const byStatus = figures?.byStatus ?? (Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<TRecipientStatus, number>);
  const sum = (key: keyof Engagement) => (figures?.engagement ?? []).reduce((total, row) => total + row[key], 0);
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
    conversions: figures?.conversions ?? { dealsCreated: 0, dealsWon: 0, wonValue: 0 },
  };
}

/** The report's figures of one campaign. */
export async function campaignStats(ctx: OrgContext, input: z.output<typeof ZStatsInput>) {
  const campaign = await requireCampaign(ctx.db, ctx.organizationId, input.id);
  const test = campaign.ab_test as AbTest | null;
  const figures = (await campaignFigures(ctx.db, ctx.organizationId, campaignIdsOf(ctx.db, ctx.organizationId, campaign.id), input.conversionWindowDays)).get(campaign.id);
  const { conversions, ...counts } = figuresOf(figures);
  const variants = (figures?.engagement ?? [])
    .filter((row): row is typeof row & { variant: 'a' | 'b' } => row.variant !== null)
    .map((row) => ({ variant: row.variant, recipients: row.recipients, openedHuman: row.openedHuman, clicked: row.clicked, replied: row.replied }))
    .sort((a, b) => a.variant.localeCompare(b.variant));
  return {
    ...counts,
    conversions: { windowDays: input.conversionWindowDays, ...conversions },
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
