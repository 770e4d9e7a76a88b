import { sql } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import { CSV_BOM, csvLine } from '../contacts/csv';
import { scoped } from '../db/scoped';
import { actorOf } from '../kernel/caller';
import type { OrgContext } from '../kernel/context';
import { readSettings } from '../organizations/settings';
import { contactNameSql, recipientsWithMessages, requireCampaign } from './repo';
import type { ZEngagementInput, ZExportRecipientsQuery } from './schema';

/** The most points a chart gets: 60 days by the day, 2 weeks by the hour. */
const MAX_POINTS = { hour: 14 * 24, day: 60 } as const;
const STEP_MS = { hour: 3600_000, day: 86_400_000 } as const;

/** `2026-12-01T14:00` as a wall-clock instant (UTC stands in for the zone), to step through buckets. */
const wallClock = (bucket: string) => Date.parse(`${bucket}:00Z`);
const bucketOf = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/**
 * Opens (people's and machines' apart) and clicks per hour or day, from the stored events, in the
 * organization's time zone; every bucket from the first event on is there (empty ones as zeros),
 * at most MAX_POINTS of them.
 */
export async function engagementOverTime(ctx: OrgContext, input: z.output<typeof ZEngagementInput>) {
  const campaign = await requireCampaign(ctx.db, ctx.organizationId, input.id);
  const { timezone } = await readSettings(ctx.db, ctx.organizationId);
  const unit = input.bucket;
  const bucket = sql<string>`to_char(date_trunc(${unit}, campaign_events.created_at at time zone ${timezone}), 'YYYY-MM-DD"T"HH24:00')`;
  const rows = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('campaign_events')
    .select([
      bucket.as('bucket'),
      sql<number>`count(*) filter (where type = 'open' and not machine)::int`.as('opened'),
      sql<number>`count(*) filter (where type = 'open' and machine)::int`.as('machineOpened'),
      sql<number>`count(*) filter (where type = 'click' and not machine)::int`.as('clicked'),
    ])
    .where('campaign_id', '=', campaign.id)
    // By position: the bucket's expression holds parameters, which a repeated expression would not match.
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  const points = [];
  if (rows.length > 0) {
    const last = wallClock(rows.at(-1)!.bucket);
    for (let at = wallClock(rows[0]!.bucket); at <= last && points.length < MAX_POINTS[unit]; at += STEP_MS[unit]) {
      const found = byBucket.get(bucketOf(at));
      points.push({ at: bucketOf(at), opened: found?.opened ?? 0, machineOpened: found?.machineOpened ?? 0, clicked: found?.clicked ?? 0 });
    }
  }
  return { bucket: unit, timeZone: timezone, points };
}

const CHUNK = 1000;
const HEADERS = ['Address', 'Contact', 'Status', 'Variant', 'Due At', 'Opened At', 'Machine Opened At', 'Clicked At', 'Clicks', 'Unsubscribed', 'Complained', 'Error'];
const eventTime = (type: 'open' | 'click', machine: boolean) =>
  sql<Date | null>`(select min(e.created_at) from campaign_events e where e.recipient_id = campaign_recipients.id and e.type = ${type} and e.machine = ${machine})`;
const emailEvent = (type: 'unsubscribed' | 'complained') => sql<boolean>`exists (select 1 from email_events ev where ev.email_message_id = campaign_recipients.email_message_id and ev.type = ${type})`;
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : '');

/**
 * The per-recipient table as CSV — each one's state and events — read in keyset chunks while the
 * response streams (a 100,000-recipient campaign is never held in memory), formula-looking cells
 * neutralized; the export is recorded in the audit log like the contacts export.
 */
export async function exportRecipients(ctx: OrgContext, input: { id: string } & z.output<typeof ZExportRecipientsQuery>) {
  const campaign = await requireCampaign(ctx.db, ctx.organizationId, input.id);
  const base = () => {
    const query = recipientsWithMessages(ctx.db, ctx.organizationId).leftJoin('contacts', 'contacts.id', 'campaign_recipients.contact_id').where('campaign_recipients.campaign_id', '=', campaign.id);
    return input.status ? query.where('campaign_recipients.status', '=', input.status) : query;
  };
  const { total } = await base()
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  await recordAudit(ctx.db, {
    organizationId: ctx.organizationId,
    actor: actorOf(ctx.auth),
    action: 'campaigns.recipients_exported',
    target: { type: 'campaign', id: campaign.id },
    details: { count: total, status: input.status ?? null },
    meta: ctx.meta,
  });

  const encoder = new TextEncoder();
  // The cursor keeps due_at as the database wrote it (microseconds), which a JS Date would round.
  let after: { due: string; id: string } | null = null;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(HEADERS)));
        return;
      }
      let query = base()
        .select([
          'campaign_recipients.id',
          'campaign_recipients.address',
          'campaign_recipients.variant',
          'campaign_recipients.due_at',
          sql<string>`campaign_recipients.due_at::text`.as('due_key'),
          sql<string | null>`coalesce(campaign_recipients.error, em.error, sm.error_message)`.as('error'),
          'campaign_recipients.status',
          contactNameSql.as('contact_name'),
          eventTime('open', false).as('opened_at'),
          eventTime('open', true).as('machine_opened_at'),
          eventTime('click', false).as('clicked_at'),
          sql<number>`(select count(*) from campaign_events e where e.recipient_id = campaign_recipients.id and e.type = 'click' and not e.machine)::int`.as('clicks'),
          emailEvent('unsubscribed').as('unsubscribed'),
          emailEvent('complained').as('complained'),
        ])
        .orderBy('campaign_recipients.due_at')
        .orderBy('campaign_recipients.id')
        .limit(CHUNK);
      if (after) query = query.where(sql<boolean>`(campaign_recipients.due_at, campaign_recipients.id) > (${after.due}::timestamptz, ${after.id}::uuid)`);
      const rows = await query.execute();
      if (rows.length > 0) {
        const lastRow = rows.at(-1)!;
        after = { due: lastRow.due_key, id: lastRow.id };
        const lines = rows.map((r) =>
          csvLine([
            r.address,
            r.contact_name ?? '',
            r.status,
            r.variant ?? '',
            iso(r.due_at),
            iso(r.opened_at),
            iso(r.machine_opened_at),
            iso(r.clicked_at),
            r.clicks,
            r.unsubscribed ? 'yes' : 'no',
            r.complained ? 'yes' : 'no',
            r.error ?? '',
          ]),
        );
        controller.enqueue(encoder.encode(lines.join('')));
      }
      if (rows.length < CHUNK) controller.close();
    },
  });
  const slug = campaign.name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'campaign';
  return { filename: `${slug}-recipients-${new Date().toISOString().slice(0, 10)}.csv`, total, stream };
}
