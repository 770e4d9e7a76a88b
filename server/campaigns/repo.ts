import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../db';
import type { CampaignsTable } from '../db/schema';
import { scoped } from '../db/scoped';
import { unknownRecord } from '../errors';
import type { ContentField } from './render';
import type { TAbTest, TAudience, TCampaignDetail, TEmailContent } from './schema';

export type CampaignRow = Selectable<CampaignsTable>;
/** `campaigns.ab_test` as stored: the parsed input (ZAbTest). */
export type AbTest = TAbTest;

/** When the A/B test's winner is chosen: `waitHours` after sending started (the winner job's time). */
export const abTestDecidesAt = (startedAt: Date, test: Pick<AbTest, 'waitHours'>) => new Date(startedAt.getTime() + test.waitHours * 3600_000);

/** Which version a row gets: its test variant, else (the rest, after the test) the winner, else A. */
export const versionOf = (campaign: Pick<CampaignRow, 'ab_test' | 'ab_winner'>, variant: 'a' | 'b' | null): 'a' | 'b' => (campaign.ab_test ? (variant ?? campaign.ab_winner ?? 'a') : 'a');

/** The subject and body of a version (B's where the test varies them, A's otherwise), and the body's field for its errors. */
export function emailVersion(campaign: Pick<CampaignRow, 'ab_test' | 'email_subject' | 'email_content'>, version: 'a' | 'b'): { subject: string; content: TEmailContent; contentField: ContentField } {
  const b = version === 'b' ? (campaign.ab_test as AbTest | null) : null;
  return {
    subject: b?.subjectB ?? campaign.email_subject!,
    ...(b?.contentB ? { content: b.contentB, contentField: 'abTest.contentB' } : { content: campaign.email_content as TEmailContent, contentField: 'email.content' }),
  };
}

/** The campaign, or NOT_FOUND naming `id` (another organization's is missing too); `lock` takes its row for the transaction. */
export async function requireCampaign(db: Db, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<CampaignRow> {
  let query = scoped(db, organizationId).selectFrom('campaigns').selectAll().where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw unknownRecord('id', 'no such campaign');
  return row;
}

/**
 * The recipients of some campaigns joined to their messages (`campaign_recipients`, `em`, `sm`), for
 * a message's error. A recipient's status needs no join: it follows its message's, kept by the
 * database (migration 2026_12_05_200_campaign_recipient_status).
 */
export function recipientsWithMessages(db: Db, organizationId: string) {
  return scoped(db, organizationId)
    .selectFrom('campaign_recipients')
    .leftJoin('email_messages as em', 'em.id', 'campaign_recipients.email_message_id')
    .leftJoin('sms_messages as sm', 'sm.id', 'campaign_recipients.sms_message_id');
}

/**
 * The threads the organization's inbound e-mails (`i`) belong to: a campaign message whose id is
 * among them was replied to, however the inbound door threaded the reply (In-Reply-To, References
 * or the reply token, server/email/inbound.ts; a campaign message starts its thread). Read through
 * the inbound messages' thread index; `and` conditions on `i` narrow it.
 */
export const repliedThreadsSql = (organizationId: string, narrowed: RawBuilder<unknown> = sql``) =>
  sql`select i.thread_id from email_messages i where i.organization_id = ${organizationId} and i.direction = 'inbound' and i.thread_id is not null ${narrowed}`;

export type SummaryFigures = { recipients: number; sent: number; openedHuman: number; clicked: number };

/** The list's key figures of some campaigns, by campaign id (three grouped queries whatever the number). */
export async function summaryFigures(db: Db, organizationId: string, campaignIds: string[]): Promise<Map<string, SummaryFigures>> {
  const figures = new Map(campaignIds.map((id) => [id, { recipients: 0, sent: 0, openedHuman: 0, clicked: 0 }]));
  if (campaignIds.length === 0) return figures;
  const counts = await scoped(db, organizationId)
    .selectFrom('campaign_recipients')
    .select(['campaign_id', sql<number>`count(*)::int`.as('recipients'), sql<number>`count(*) filter (where status in ('sent', 'delivered'))::int`.as('sent')])
    .where('campaign_id', 'in', campaignIds)
    .groupBy('campaign_id')
    .execute();
  for (const row of counts) Object.assign(figures.get(row.campaign_id)!, { recipients: row.recipients, sent: row.sent });
  const events = await scoped(db, organizationId)
    .selectFrom('campaign_events')
    .select([
      'campaign_id',
      sql<number>`count(distinct recipient_id) filter (where type = 'open' and not machine)::int`.as('opened'),
      sql<number>`count(distinct recipient_id) filter (where type = 'click' and not machine)::int`.as('clicked'),
    ])
    .where('campaign_id', 'in', campaignIds)
    .groupBy('campaign_id')
    .execute();
  for (const row of events) Object.assign(figures.get(row.campaign_id)!, { openedHuman: row.opened, clicked: row.clicked });
  return figures;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSummary(row: CampaignRow, figures: SummaryFigures) {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    status: row.status,
    scheduledAt: iso(row.scheduled_at),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    createdAt: row.created_at.toISOString(),
    ...figures,
  };
}

export function toDetail(row: CampaignRow, figures: SummaryFigures): TCampaignDetail {
  return {
    ...toSummary(row, figures),
    audience: row.audience as TAudience,
    email: row.email_subject !== null && row.email_content !== null ? { subject: row.email_subject, content: row.email_content as TEmailContent } : null,
    sms: row.sms_body !== null ? { body: row.sms_body } : null,
    abTest: (row.ab_test as AbTest | null) ?? null,
    recipientLocalTime: row.recipient_local_time,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A joined contact's name as people read it (`contacts` alias), null without one. */
export const contactNameSql = sql<string | null>`nullif(trim(concat_ws(' ', contacts.first_name, contacts.last_name)), '')`;
