import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { normalizePhone } from '../phone';
import { countryTimeZones } from '../sms/quiet-hours';
import { zonedParts, zonedTimeToInstant } from '../time/zoned';
import { audienceQuery, exclusionSql } from './audience';
import type { AbTest, CampaignRow } from './repo';
import type { TAudience } from './schema';

const EXCLUSION_TEXT = {
  opted_out: 'The contact opted out of this channel',
  unsubscribed: 'The address unsubscribed from marketing e-mail',
  suppressed: 'The address is on the suppression list',
} as const;

/**
 * Copies the audience, evaluated now, into the campaign's outbox in one statement: one row per
 * address (a contact sharing another's address is sent to once), the excluded ones stored already
 * ended as `suppressed` with their reason, so the report counts them. Then splits the A/B test and
 * sets each row's due time. Answers the number of rows to send.
 */
export async function materializeRecipients(trx: Db, organizationId: string, campaign: CampaignRow, now: Date, timeZone: string): Promise<number> {
  const query = await audienceQuery(trx, organizationId, campaign.channel, campaign.audience as TAudience);
  const reason = exclusionSql(campaign.channel);
  const address = campaign.channel === 'email' ? sql<string>`contacts.email` : sql<string>`contacts.phone`;
  const select = query
    .where(address, 'is not', null)
    .select([
      sql<string>`${organizationId}::uuid`.as('organization_id'),
      sql<string>`${campaign.id}::uuid`.as('campaign_id'),
      'contacts.id as contact_id',
      sql<string>`${campaign.channel}`.as('channel'),
      address.as('address'),
      sql<string>`case when ${reason} is null then 'pending' else 'suppressed' end`.as('status'),
      sql<string | null>`case ${reason} when 'opted_out' then ${EXCLUSION_TEXT.opted_out} when 'unsubscribed' then ${EXCLUSION_TEXT.unsubscribed}
        when 'suppressed' then ${EXCLUSION_TEXT.suppressed} end`.as('error'),
      sql<Date>`${now}::timestamptz`.as('due_at'),
    ])
    .orderBy('contacts.created_at')
    .orderBy('contacts.id');
  await trx
    .insertInto('campaign_recipients')
    .columns(['organization_id', 'campaign_id', 'contact_id', 'channel', 'address', 'status', 'error', 'due_at'])
    .expression(select)
    .onConflict((oc) => oc.constraint('campaign_recipients_unique').doNothing())
    .execute();
  if (campaign.ab_test) await splitAbTest(trx, organizationId, campaign.id, campaign.ab_test as AbTest);
  if (campaign.recipient_local_time && campaign.scheduled_at) {
    await setLocalDueTimes(trx, organizationId, campaign.id, { date: zonedParts(campaign.scheduled_at, timeZone).date, time: campaign.recipient_local_time, timeZone, now });
  }
  const { pending } = await scoped(trx, organizationId)
    .selectFrom('campaign_recipients')
    .select(sql<number>`count(*)::int`.as('pending'))
    .where('campaign_id', '=', campaign.id)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return pending;
}

/** The test share of the sendable rows, in an order no one chose (a hash of the row id), gets A and B in turn; the rest is held for the winner. */
async function splitAbTest(trx: Db, organizationId: string, campaignId: string, test: AbTest) {
  await sql`with ranked as (
      select id, row_number() over (order by md5(id::text)) as rank, count(*) over () as total
      from campaign_recipients where organization_id = ${organizationId} and campaign_id = ${campaignId} and status = 'pending')
    update campaign_recipients r set
      variant = case when ranked.rank <= greatest(2, ceil(ranked.total * ${test.sharePercent} / 100.0)) then case when ranked.rank % 2 = 1 then 'a' else 'b' end end,
      held = ranked.rank > greatest(2, ceil(ranked.total * ${test.sharePercent} / 100.0))
    from ranked where r.id = ranked.id`.execute(trx);
}

/**
 * The same wall time in each recipient's zone, known from their phone number's country, else the
 * organization's. A zone where that time has passed gets its message at once.
 */
async function setLocalDueTimes(trx: Db, organizationId: string, campaignId: string, at: { date: string; time: string; timeZone: string; now: Date }) {
  const rows = await scoped(trx, organizationId)
    .selectFrom('campaign_recipients')
    .leftJoin('contacts', 'contacts.id', 'campaign_recipients.contact_id')
    .select(['campaign_recipients.id', 'contacts.phone'])
    .where('campaign_recipients.campaign_id', '=', campaignId)
    .where('campaign_recipients.status', '=', 'pending')
    .execute();
  const byZone = new Map<string, string[]>();
  for (const row of rows) {
    const phone = row.phone ? normalizePhone(row.phone) : null;
    const zones = phone?.ok && phone.country ? (countryTimeZones(phone.country) ?? []) : [];
    // A country of several zones: the organization's when it is one of them, else the country's first.
    const zone = zones.length === 0 || zones.includes(at.timeZone) ? at.timeZone : zones[0]!;
    byZone.set(zone, [...(byZone.get(zone) ?? []), row.id]);
  }
  for (const [zone, ids] of byZone) {
    const due = zonedTimeToInstant(at.date, at.time, zone);
    await scoped(trx, organizationId)
      .updateTable('campaign_recipients')
      .set({ time_zone: zone, due_at: due < at.now ? at.now : due })
      .where('id', 'in', ids)
      .execute();
  }
}

/** When a scheduled campaign starts: its instant, or, sending at a local time, when that time first comes anywhere (UTC+14). */
export function startMoment(campaign: Pick<CampaignRow, 'scheduled_at' | 'recipient_local_time'>, timeZone: string): Date | null {
  if (!campaign.scheduled_at) return null;
  if (!campaign.recipient_local_time) return campaign.scheduled_at;
  const earliest = zonedTimeToInstant(zonedParts(campaign.scheduled_at, timeZone).date, campaign.recipient_local_time, 'Pacific/Kiritimati');
  return earliest < campaign.scheduled_at ? earliest : campaign.scheduled_at;
}
