import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { scoped } from '../db/scoped';
import type { OrgContext } from '../kernel/context';
import { contactNameSql, effectiveStatus, recipientsWithMessages, requireCampaign, type AbTest } from './repo';
import { RECIPIENT_STATUSES, type TRecipientStatus, type ZRecipientsInput, type ZStatsInput } from './schema';

/** A row that reached the channel (a message exists), for unsubscribes, replies and conversions. */
const reached = sql<SqlBool>`(campaign_recipients.email_message_id is not null or campaign_recipients.sms_message_id is not null)`;

/** The report's figures, all counted from the recipients' rows, their messages and their events. */
export async function campaignStats(ctx: OrgContext, input: z.output<typeof ZStatsInput>) {
  const campaign = await requireCampaign(ctx.db, ctx.organizationId, input.id);
  const org = ctx.organizationId;
  const byStatusRows = await recipientsWithMessages(ctx.db, org)
    .select([effectiveStatus.as('status'), sql<number>`count(*)::int`.as('count')])
    .where('campaign_recipients.campaign_id', '=', campaign.id)
    .groupBy(effectiveStatus)
    .execute();
  const byStatus = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<TRecipientStatus, number>;
  for (const row of byStatusRows) byStatus[row.status] = row.count;

  const engagement = await scoped(ctx.db, org)
    .selectFrom('campaign_recipients')
    .select([
      'campaign_recipients.variant',
      sql<number>`count(*)::int`.as('recipients'),
      sql<number>`count(*) filter (where exists (select 1 from campaign_events e where e.recipient_id = campaign_recipients.id and e.type = 'open' and not e.machine))::int`.as('openedHuman'),
      sql<number>`count(*) filter (where exists (select 1 from campaign_events e where e.recipient_id = campaign_recipients.id and e.type = 'open')
        and not exists (select 1 from campaign_events e where e.recipient_id = campaign_recipients.id and e.type = 'open' and not e.machine))::int`.as('openedMachine'),
      sql<number>`count(*) filter (where exists (select 1 from campaign_events e where e.recipient_id = campaign_recipients.id and e.type = 'click' and not e.machine))::int`.as('clicked'),
      sql<number>`count(*) filter (where exists (select 1 from email_events ev where ev.email_message_id = campaign_recipients.email_message_id and ev.type = 'unsubscribed'))::int`.as('unsubscribed'),
      sql<number>`count(*) filter (where exists (select 1 from email_events ev where ev.email_message_id = campaign_recipients.email_message_id and ev.type = 'complained'))::int`.as('complained'),
      sql<number>`count(*) filter (where exists (select 1 from email_messages o join email_messages i on i.organization_id = ${org} and i.in_reply_to = o.message_id and i.direction = 'inbound'
        where o.id = campaign_recipients.email_message_id))::int`.as('replied'),
    ])
    .where('campaign_recipients.campaign_id', '=', campaign.id)
    .where(reached)
    .groupBy('campaign_recipients.variant')
    .execute();
  const sum = (key: 'openedHuman' | 'openedMachine' | 'clicked' | 'unsubscribed' | 'complained' | 'replied') => engagement.reduce((total, row) => total + row[key], 0);

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
    .map((row) => ({ variant: row.variant, recipients: row.recipients, openedHuman: row.openedHuman, clicked: row.clicked }))
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
    variants: (campaign.ab_test as AbTest | null) ? variants : [],
    winner: campaign.ab_winner,
  };
}

/** The per-recipient table: each row's state and its tracked events. */
export async function campaignRecipients(ctx: OrgContext, input: z.output<typeof ZRecipientsInput>) {
  await requireCampaign(ctx.db, ctx.organizationId, input.id);
  let query = recipientsWithMessages(ctx.db, ctx.organizationId).leftJoin('contacts', 'contacts.id', 'campaign_recipients.contact_id').where('campaign_recipients.campaign_id', '=', input.id);
  if (input.status) query = query.where(effectiveStatus, '=', input.status);
  const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'campaign_recipients.id',
      'campaign_recipients.contact_id',
      'campaign_recipients.address',
      'campaign_recipients.variant',
      'campaign_recipients.due_at',
      sql<string | null>`coalesce(campaign_recipients.error, em.error, sm.error_message)`.as('error'),
      effectiveStatus.as('status'),
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
