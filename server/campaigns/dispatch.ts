import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import { contactValues } from '../email/send';
import { queueEmails, type OutgoingEmail } from '../email/outbox';
import type { OrgContext } from '../kernel/context';
import { forEachConcurrently } from '../kernel/concurrently';
import { readSettings } from '../organizations/settings';
import { sendAutomatedSms } from '../sms/service';
import { publishCampaignChange } from './campaigns';
import { DISPATCH_JOB, startSending, type CampaignJobData } from './lifecycle';
import { startMoment } from './materialize';
import { compileCampaignBody, mergeText } from './render';
import { emailVersion, requireCampaign, versionOf, type CampaignRow } from './repo';
import { holdBack } from './throttle';
import { recordCampaignSent } from './timeline';
import { withTracking } from './tracking';

/** Rows one dispatch run hands to the channel (one transaction for e-mail). */
export const DISPATCH_BATCH = 500;
/**
 * How long a campaign with nothing left to hand over waits before looking again whether every
 * message reached its end: 1 s, doubling, at most 15 s — a small campaign ends within seconds of
 * its last delivery, a large one is not counted over and over.
 */
const finishCheckSeconds = (checks: number) => Math.min(15, 2 ** checks);

type Claimed = {
  id: string;
  address: string;
  variant: 'a' | 'b' | null;
  contact_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  job_title: string | null;
  custom_fields: unknown;
};

/**
 * The dispatch's clock is the database's (docs/decisions/047): due times are written by it (column
 * defaults, `now()` in SQL) as well as by JS, and Postgres's now() has microseconds where a JS Date
 * has milliseconds — a row due at the database's "now" compared with a JS clock read in the same
 * millisecond (or a JS clock a little behind the database server's) waited for the next pass. The
 * claim compares in SQL against the transaction's now(); the JS Date (that now, to the millisecond
 * below) serves quiet hours, start moments and the next job's time.
 */
async function databaseNow(trx: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(trx);
  return new Date(rows[0]!.now);
}

/** The rows due by the transaction's clock, locked so that a second run at the same time takes others (SKIP LOCKED). */
function claimDue(trx: Db, organizationId: string, campaignId: string): Promise<Claimed[]> {
  return scoped(trx, organizationId)
    .selectFrom('campaign_recipients')
    .leftJoin('contacts', 'contacts.id', 'campaign_recipients.contact_id')
    .select([
      'campaign_recipients.id',
      'campaign_recipients.address',
      'campaign_recipients.variant',
      'campaign_recipients.contact_id',
      'contacts.first_name',
      'contacts.last_name',
      'contacts.email',
      'contacts.phone',
      'contacts.company_name',
      'contacts.job_title',
      'contacts.custom_fields',
    ])
    .where('campaign_recipients.campaign_id', '=', campaignId)
    .where('campaign_recipients.status', '=', 'pending')
    .where('campaign_recipients.held', '=', false)
    .where('campaign_recipients.due_at', '<=', sql<Date>`now()`)
    .orderBy('campaign_recipients.due_at')
    .orderBy('campaign_recipients.id')
    .limit(DISPATCH_BATCH)
    .forUpdate('campaign_recipients')
    .skipLocked()
    .execute() as Promise<Claimed[]>;
}

function mergeValues(row: Claimed): Record<string, string> {
  if (!row.contact_id) return { email: row.address };
  return contactValues({
    first_name: row.first_name ?? '',
    last_name: row.last_name ?? '',
    email: row.email,
    phone: row.phone,
    company_name: row.company_name,
    job_title: row.job_title,
    custom_fields: (row.custom_fields ?? {}) as Record<string, string | number | null>,
  });
}

/**
 * Hands the claimed rows to the e-mail channel in the claiming transaction: their messages, send
 * jobs and the rows' `queued` state commit together, so a crash before the commit leaves them
 * pending for the next run and one after it leaves them queued — never sent twice, never skipped.
 */
async function queueEmailRows(trx: Db, deps: AppDeps, campaign: CampaignRow, rows: Claimed[]) {
  // Each version rendered once per batch, merged per recipient: react-email runs DISPATCH_BATCH times fewer.
  const [a, b] = [emailVersion(campaign, 'a'), emailVersion(campaign, 'b')];
  const bodyOfA = await compileCampaignBody(a.content, a.contentField);
  // Without a body B, B's body is A's very content: compiled once.
  const versions = { a: { subject: a.subject, bodyOf: bodyOfA }, b: { subject: b.subject, bodyOf: b.content === a.content ? bodyOfA : await compileCampaignBody(b.content, b.contentField) } };
  const emails: OutgoingEmail[] = rows.map((row) => {
    const values = mergeValues(row);
    const version = versions[versionOf(campaign, row.variant)];
    const body = version.bodyOf(values);
    return {
      organizationId: campaign.organization_id,
      kind: 'marketing',
      to: row.address,
      toName: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
      contactId: row.contact_id,
      createdBy: campaign.created_by,
      subject: mergeText(version.subject, values),
      html: withTracking(body.html, deps.config.publicUrl, campaign.tracking_key, row.id),
      text: body.text,
      // A second hand-over of the same row fails on the channel's unique key instead of sending twice.
      idempotencyKey: `campaign:${row.id}`,
    };
  });
  const queued = await queueEmails(trx, deps, emails);
  const pairs = rows.map((row, i) => sql`(${row.id}::uuid, ${queued[i]!.id}::uuid)`);
  await sql`update campaign_recipients r set status = 'queued', email_message_id = v.message_id, updated_at = now()
    from (values ${sql.join(pairs)}) as v(id, message_id) where r.id = v.id and r.organization_id = ${campaign.organization_id}`.execute(trx);
  await recordCampaignSent(trx, refOf(campaign), rows);
}

const refOf = (campaign: CampaignRow) => ({ organizationId: campaign.organization_id, campaignId: campaign.id, campaignName: campaign.name, channel: campaign.channel });

/** SMS rows handed over at once: each is two short transactions of its own, so a batch of 500 is not 1,000 in a row. */
const SMS_HANDOVER_CONCURRENCY = 4;

/**
 * SMS goes through the SMS service one recipient per call (opt-outs, quiet hours and the sender's
 * rate are its own), a few calls at a time, each with the row's idempotency key: a run interrupted
 * between the service's commit and the row's gets the same message back when the row is taken again.
 */
async function sendSmsRows(deps: AppDeps, campaign: CampaignRow, rows: Claimed[]) {
  const ctx: OrgContext = {
    db: deps.database.db,
    organizationId: campaign.organization_id,
    deps,
    auth: { via: 'session', user: null, session: null, apiKey: null, organization: { id: campaign.organization_id, name: '', role: 'admin' }, permissions: [] },
  };
  await forEachConcurrently(rows, SMS_HANDOVER_CONCURRENCY, async (row) => {
    const message = mergeText(campaign.sms_body!, mergeValues(row));
    const outcome = await (
      row.contact_id
        ? sendAutomatedSms(ctx, { to: row.address, message, contactId: row.contact_id, idempotencyKey: `campaign:${row.id}` })
        : Promise.reject(new DomainError('NOT_FOUND', 'The contact was deleted before its message went'))
    ).then(
      (sent) => ({ status: 'queued' as const, sms_message_id: sent.messageId, error: null }),
      (error: unknown) => {
        if (!(error instanceof DomainError)) throw error;
        return { status: error.code === 'FORBIDDEN' ? ('suppressed' as const) : ('failed' as const), sms_message_id: null, error: error.message };
      },
    );
    // The row's state and its timeline entry commit together; a row taken again changes nothing twice.
    await deps.database.db.transaction().execute(async (trx) => {
      const updated = await scoped(trx, campaign.organization_id)
        .updateTable('campaign_recipients')
        .set({ ...outcome, updated_at: new Date() })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0 && outcome.status === 'queued') await recordCampaignSent(trx, refOf(campaign), [row]);
    });
  });
}

/**
 * The sending job, run again until the campaign ends: starts a scheduled campaign when its moment
 * comes, hands the rows due to the channel a batch at a time, then either runs again (more due now
 * or later), or — nothing left to hand over — marks the campaign sent once every row is terminal.
 * A paused or cancelled campaign stops the chain; resume starts a new one.
 */
export async function dispatchCampaign(deps: AppDeps, data: CampaignJobData): Promise<void> {
  const db = deps.database.db;
  const smsRows = await db.transaction().execute(async (trx) => {
    const now = await databaseNow(trx);
    const campaign = await requireCampaign(trx, data.organizationId, data.campaignId, { lock: true }).catch(() => null);
    if (!campaign) return null;
    if (campaign.status === 'scheduled') {
      const { timezone } = await readSettings(trx, data.organizationId);
      const start = startMoment(campaign, timezone);
      // A job of an earlier schedule, or early: the current schedule's own job comes later.
      if (!start || start.getTime() > now.getTime()) return null;
      await startSending(trx, deps, data.organizationId, campaign, now);
      await setStatus(trx, campaign, { status: 'sending', started_at: now });
      return null;
    }
    if (campaign.status !== 'sending') return null;
    const rows = await claimDue(trx, data.organizationId, campaign.id);
    if (campaign.channel === 'email') {
      // Quiet hours and the per-domain rate hold some back: pending, due when they may go.
      const going = rows.length > 0 ? await holdBack(trx, deps, data.organizationId, campaign.id, rows, now) : [];
      if (going.length > 0) await queueEmailRows(trx, deps, campaign, going);
      await scheduleNext(trx, deps, campaign, now, rows.length > 0 ? 0 : (data.finishChecks ?? 0));
      return null;
    }
    return { campaign, rows };
  });
  if (!smsRows) return;
  await sendSmsRows(deps, smsRows.campaign, smsRows.rows);
  await db.transaction().execute(async (trx) => {
    const campaign = await requireCampaign(trx, data.organizationId, data.campaignId, { lock: true });
    if (campaign.status === 'sending') await scheduleNext(trx, deps, campaign, await databaseNow(trx), smsRows.rows.length > 0 ? 0 : (data.finishChecks ?? 0));
  });
}

async function setStatus(trx: Db, campaign: CampaignRow, set: { status: 'sending' | 'sent'; started_at?: Date; finished_at?: Date }) {
  await scoped(trx, campaign.organization_id)
    .updateTable('campaigns')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', campaign.id)
    .execute();
  await publishCampaignChange(trx, campaign.organization_id, campaign.id, set.status, null);
}

/** What the chain does next: more rows due (now or later), a wait for the A/B winner, or the final check. */
async function scheduleNext(trx: Db, deps: AppDeps, campaign: CampaignRow, now: Date, finishChecks: number) {
  const data = { organizationId: campaign.organization_id, campaignId: campaign.id };
  const next = await scoped(trx, campaign.organization_id)
    .selectFrom('campaign_recipients')
    .select([sql<Date | null>`min(due_at) filter (where not held)`.as('due'), sql<number>`count(*) filter (where held)::int`.as('held')])
    .where('campaign_id', '=', campaign.id)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  if (next.due) {
    const due = new Date(next.due);
    await deps.jobs.send(DISPATCH_JOB, data, { db: trx, ...(due > now ? { startAfter: due } : {}) });
    return;
  }
  // The held rows go once the A/B winner is chosen (its job starts a new chain).
  if (next.held > 0) return;
  const open = await scoped(trx, campaign.organization_id)
    .selectFrom('campaign_recipients')
    .select(sql<number>`count(*)::int`.as('open'))
    .where('campaign_id', '=', campaign.id)
    .where('status', 'in', ['pending', 'queued'])
    .executeTakeFirstOrThrow();
  if (open.open > 0) {
    await deps.jobs.send(DISPATCH_JOB, { ...data, finishChecks: finishChecks + 1 }, { db: trx, startAfter: finishCheckSeconds(finishChecks) });
    return;
  }
  await setStatus(trx, campaign, { status: 'sent', finished_at: now });
}
