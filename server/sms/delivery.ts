import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { recordActivities } from '../activities/service';
import type { Db } from '../db';
import type { SmsStatus } from '../db/schema';
import { scoped } from '../db/scoped';
import { unopenedCredentials } from '../kernel/provider-settings';
import type { AppDeps } from '../deps';
import { optedOutNumbers, STATUS_RANK, statusesBelow, type SmsMessageRow } from './repo';
import { OPTED_OUT_MESSAGE } from './schema';
import { senderRate, type SendJobData } from './send-job';
import { PROVIDER_SOCKETS, ProviderError, smsProviderFor, type ProviderMessage, type SmsProvider } from './twilio';
import { contactIdsByKey } from '../contacts/held-keys';

/** The job that marks a sandbox message delivered a moment after it was "sent". */
export const SANDBOX_DELIVERY_JOB = 'sms.sandbox-delivery';
export const SANDBOX_DELIVERY_SECONDS = 2;

/**
 * Reserves the sender's next send slot in the database (so the rate holds across every worker
 * process) and waits for it. A rate of 0 lifts the limit. False, reserving nothing, when the next
 * slot comes after `deadline` (a run out of time must not push the sender's schedule on).
 */
async function awaitSendSlot(db: Db, sender: string, rate: number, signal: AbortSignal, deadline: number): Promise<boolean> {
  if (rate <= 0) return true;
  const gapMs = 1000 / rate;
  const { rows } = await sql<{ wait_ms: number }>`
    insert into sms_sender_slots as s (sender, next_slot_at) values (${sender}, clock_timestamp() + ${gapMs} * interval '1 millisecond')
    on conflict (sender) do update set next_slot_at = greatest(s.next_slot_at, clock_timestamp()) + ${gapMs} * interval '1 millisecond'
      where s.next_slot_at <= clock_timestamp() + ${Math.max(0, deadline - Date.now())} * interval '1 millisecond'
    returning (extract(epoch from (next_slot_at - clock_timestamp())) * 1000 - ${gapMs})::float8 as wait_ms
  `.execute(db);
  if (rows.length === 0) return false;
  const wait = Number(rows[0]!.wait_ms);
  if (wait > 0) await delay(wait, undefined, { signal });
  return true;
}

export type DeliveryOptions = {
  retryLimit: number;
  /** Messages of one chunk in flight at once (each claimed, given its rate slot and sent on its own). */
  parallelSends: number;
  /**
   * After this long a run starts no more provider calls (nor waits for a rate slot past it): what is
   * left waits for the job's retry (or, on the last attempt, fails). Half the job's expiry, so every
   * call a run makes ends before it expires.
   */
  budgetMs: number;
};

/** Our status for a provider's: anything the provider holds but has not handed to the carrier counts as sent. */
export function statusFromProvider(status: string): SmsStatus | null {
  switch (status) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
    case 'sending':
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
      return 'failed';
    default:
      return null;
  }
}

/**
 * Moves a message (or several, alike) forward to `status` (never backwards: a late or out-of-order
 * report leaves a further status as it is). Returns the (first) row changed, if any.
 */
export async function advanceStatus(
  db: Db,
  where: { id: string | string[]; organizationId?: string },
  status: SmsStatus,
  fields: { sid?: string; from?: string | null; errorCode?: string | null; errorMessage?: string | null } = {},
): Promise<SmsMessageRow | undefined> {
  const now = new Date();
  let query = db
    .updateTable('sms_messages')
    .set({
      status,
      updated_at: now,
      ...(fields.sid ? { provider_sid: fields.sid } : {}),
      ...(fields.from ? { from_number: fields.from } : {}),
      ...(fields.errorCode !== undefined ? { error_code: fields.errorCode } : {}),
      ...(fields.errorMessage !== undefined ? { error_message: fields.errorMessage } : {}),
      ...(status === 'sent' ? { sent_at: sql<Date>`coalesce(sent_at, ${now})` } : {}),
      ...(status === 'delivered' ? { delivered_at: now, sent_at: sql<Date>`coalesce(sent_at, ${now})` } : {}),
      ...(status === 'failed' || status === 'undelivered' || status === 'refused' ? { failed_at: now } : {}),
    })
    .where('id', 'in', typeof where.id === 'string' ? [where.id] : where.id)
    .where('status', 'in', statusesBelow(status));
  if (where.organizationId) query = query.where('organization_id', '=', where.organizationId);
  return query.returningAll().executeTakeFirst();
}

type Job = { data: SendJobData; retryCount: number; signal: AbortSignal };

/** Thrown to leave a message for a later retry of its job (pg-boss backs off exponentially). */
class RetryLater extends Error {
  override name = 'RetryLater';
}

/** What one run of a send job did to each of its messages. */
export type DeliveryOutcome = Partial<Record<SmsStatus | 'skipped', number>>;

/** One run's view of its job: what every message of the chunk shares. */
type Run = {
  deps: AppDeps;
  provider: SmsProvider;
  organizationId: string;
  lastAttempt: boolean;
  signal: AbortSignal;
  guard: () => void;
  /** When the run stops starting provider calls (DeliveryOptions.budgetMs). */
  deadline: number;
};

/** Why a message was left when its run's budget ran out: certainly not sent, so it counts as a retryable error. */
const outOfTime = () => new ProviderError('retryable', 'The SMS provider was too slow to send everything in time');

/**
 * Sends a chunk of accepted messages; run by the sms.send job, at least once. The chunk's messages
 * are read in one query and sent `parallelSends` at a time; each is idempotent by its state: a
 * message already past 'sending' is left alone; one found in 'sending' was interrupted between the
 * provider call and our write, so the provider is asked whether it has it before anything is sent
 * again (Twilio takes no idempotency key). Messages that must wait (429, 5xx, a timeout) are left
 * queued or sending, and the job fails into pg-boss's backoff once the others are done: its retry
 * finds only those still to send.
 */
export async function deliverMessages(deps: AppDeps, job: Job, options: DeliveryOptions): Promise<DeliveryOutcome> {
  const { organizationId, messageIds } = job.data;
  let provider: SmsProvider;
  try {
    provider = await smsProviderFor(deps, organizationId);
  } catch (error) {
    const reason = unopenedCredentials(error);
    if (reason === null) throw error;
    return failUnsendable(deps, organizationId, messageIds, reason);
  }
  const run: Run = {
    deps,
    provider,
    organizationId,
    lastAttempt: job.retryCount >= options.retryLimit,
    signal: job.signal,
    guard: () => {
      // A job aborted (expired, or its queue stopped without waiting) must write nothing more: another run owns its messages now.
      if (job.signal.aborted) throw job.signal.reason instanceof Error ? job.signal.reason : new Error('job aborted');
    },
    deadline: Date.now() + options.budgetMs,
  };
  const rows = await scoped(deps.database.db, organizationId)
    .selectFrom('sms_messages')
    .selectAll()
    .where('id', 'in', messageIds)
    .where('direction', '=', 'outbound')
    .where('status', 'in', ['accepted', 'queued', 'sending'])
    .execute();
  const outcome: DeliveryOutcome = rows.length < messageIds.length ? { skipped: messageIds.length - rows.length } : {};
  const retries: RetryLater[] = [];
  const failures: unknown[] = [];
  const order = new Map(messageIds.map((id, index) => [id, index]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  await eachBounded(rows, options.parallelSends, async (message) => {
    // Aborted: leave the rest untouched for the run that owns them now.
    if (job.signal.aborted) return;
    try {
      const status = await deliverOne(run, message);
      outcome[status] = (outcome[status] ?? 0) + 1;
    } catch (error) {
      if (error instanceof RetryLater) retries.push(error);
      else failures.push(error);
    }
  });
  run.guard();
  if (failures.length > 0) throw failures[0];
  if (retries.length > 0) throw new RetryLater(retries.length === 1 ? retries[0]!.message : `${retries.length} messages will be retried; the first: ${retries[0]!.message}`);
  return outcome;
}

/**
 * The organization's own Twilio credentials no longer open (SECRETS_KEY rotated away, decision 038):
 * nothing can be sent until an admin saves them again, so the chunk's unsent messages end failed
 * with the reason, where the sender sees it, instead of waiting in the queue for retries that cannot
 * succeed (decision 048). One left 'sending' was handed to the provider by an interrupted run and
 * cannot be asked about: its reason says it may have gone out.
 */
async function failUnsendable(deps: AppDeps, organizationId: string, messageIds: string[], reason: string): Promise<DeliveryOutcome> {
  const db = deps.database.db;
  const rows = await scoped(db, organizationId)
    .selectFrom('sms_messages')
    .select(['id', 'status'])
    .where('id', 'in', messageIds)
    .where('direction', '=', 'outbound')
    .where('status', 'in', ['accepted', 'queued', 'sending'])
    .execute();
  const unsent = rows.filter((r) => r.status !== 'sending').map((r) => r.id);
  const interrupted = rows.filter((r) => r.status === 'sending').map((r) => r.id);
  await db.transaction().execute(async (trx) => {
    if (unsent.length > 0) await advanceStatus(trx, { id: unsent, organizationId }, 'failed', { errorCode: null, errorMessage: `Not sent: ${reason}` });
    if (interrupted.length > 0)
      await advanceStatus(trx, { id: interrupted, organizationId }, 'failed', { errorCode: null, errorMessage: `Its sending was interrupted and cannot be checked (it may have gone out): ${reason}` });
  });
  deps.logger.warn({ organizationId, failed: rows.length }, 'SMS not sent: the organization’s Twilio credentials do not open with this server’s key');
  const outcome: DeliveryOutcome = rows.length > 0 ? { failed: rows.length } : {};
  if (rows.length < messageIds.length) outcome.skipped = messageIds.length - rows.length;
  return outcome;
}

/** Runs `task` over the items, at most `limit` at a time. */
async function eachBounded<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** One message of a chunk, from its state to the provider and back; its final status, or RetryLater. */
async function deliverOne(run: Run, message: SmsMessageRow): Promise<SmsStatus | 'skipped'> {
  const { deps, provider, organizationId, guard } = run;
  const db = deps.database.db;
  if (message.status === 'sending') {
    const found = await withProvider(
      run,
      () => reconcile(provider, message, run.lastAttempt),
      () => reconcileOutOfTime(message, run.lastAttempt),
    );
    guard();
    if (found) {
      const row = await db.transaction().execute(async (trx) => {
        const advanced = await advanceStatus(trx, { id: message.id, organizationId }, statusFromProvider(found.status) ?? 'sent', { sid: found.sid, from: found.from });
        if (advanced?.status === 'sent' && provider.mode === 'sandbox') await scheduleSandboxDelivery(deps, trx, organizationId, [advanced.id]);
        return advanced;
      });
      return row?.status ?? 'skipped';
    }
    if (found === undefined) {
      await advanceStatus(db, { id: message.id, organizationId }, 'failed', { errorCode: null, errorMessage: 'No answer from the SMS provider; the message may not have been sent' });
      return 'failed';
    }
    // The provider never got it: send it now.
  }
  if (Date.now() >= run.deadline) return handleSendError(deps, message, outOfTime(), run.lastAttempt);

  // Claim the message (with the other sends claimed at the same moment, in one transaction).
  const claimed = (await writers(deps).claim.run(organizationId, run.signal, { messageId: message.id })) ?? null;
  guard();
  if (claimed === null) return 'skipped';
  if (claimed === 'refused') return 'refused';

  const sent = await withProvider(
    run,
    async (): Promise<ProviderMessage | SmsStatus> => {
      if (!(await awaitSendSlot(db, provider.sender, senderRate(deps, provider), run.signal, run.deadline))) return handleSendError(deps, claimed, outOfTime(), run.lastAttempt);
      guard();
      try {
        const statusCallback = provider.mode === 'twilio' ? `${deps.config.publicUrl}/api/sms/webhooks/status?messageId=${claimed.id}` : undefined;
        return await provider.send({ to: claimed.to_number, body: claimed.body, ...(statusCallback ? { statusCallback } : {}) });
      } catch (error) {
        guard();
        return handleSendError(deps, claimed, error, run.lastAttempt);
      }
    },
    () => handleSendError(deps, claimed, outOfTime(), run.lastAttempt),
  );
  if (typeof sent === 'string') return sent;
  guard();
  const row = await writers(deps).sent.run(organizationId, run.signal, { id: claimed.id, status: statusFromProvider(sent.status) ?? 'sent', sid: sent.sid, from: sent.from });
  return row?.status ?? 'sent';
}

/**
 * Runs one provider call on one of the process's PROVIDER_SOCKETS, so a call never queues for a
 * connection once made and ends within the provider timeout; `late` instead when the run's budget
 * ran out before a connection was free.
 */
async function withProvider<T>(run: Run, call: () => Promise<T>, late: () => Promise<T>): Promise<T> {
  const release = await providerPermits(run.provider).acquire(run.deadline);
  if (!release) {
    run.guard();
    return late();
  }
  try {
    run.guard();
    return await call();
  } finally {
    release();
  }
}

/**
 * Counts calls in flight against a fixed number of permits, first come first served. A waiter gives
 * up at its deadline (which comes before its job can expire; an aborted run checks its signal once
 * it wakes).
 */
class Permits {
  private readonly waiting = new Set<() => void>();

  constructor(private free: number) {}

  /** A release function, or null when the deadline passed first. */
  async acquire(deadline: number): Promise<(() => void) | null> {
    if (Date.now() >= deadline) return null;
    if (this.free > 0) {
      this.free--;
    } else {
      const granted = await new Promise<boolean>((resolve) => {
        const grant = () => {
          clearTimeout(timer);
          this.waiting.delete(grant);
          resolve(true);
        };
        const timer = setTimeout(() => {
          this.waiting.delete(grant);
          resolve(false);
        }, deadline - Date.now());
        timer.unref();
        this.waiting.add(grant);
      });
      // Granted: the releasing call's permit was handed straight over.
      if (!granted) return null;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.values().next();
      if (next.done) this.free++;
      else next.value();
    };
  }
}

const permits = new WeakMap<SmsProvider, Permits>();
function providerPermits(provider: SmsProvider): Permits {
  let found = permits.get(provider);
  if (!found) {
    found = new Permits(PROVIDER_SOCKETS);
    permits.set(provider, found);
  }
  return found;
}

type Pending<Request, Outcome> = Request & { organizationId: string; signal: AbortSignal; resolve: (outcome: Outcome | undefined) => void; reject: (error: unknown) => void };

/**
 * Coalesces the database writes of the sends running at the same moment (a worker fetches its jobs
 * in batches, so they arrive together) into ONE statement set per organization. One flush runs at
 * a time; requests arriving meanwhile form the next one. A job aborted before its flush (expired,
 * or its queue stopped) writes nothing: another run owns the message now.
 */
class Coalescer<Request extends object, Outcome> {
  private pending: Pending<Request, Outcome>[] = [];
  private flushing = false;

  constructor(private readonly write: (organizationId: string, requests: Request[]) => Promise<(Outcome | undefined)[]>) {}

  run(organizationId: string, signal: AbortSignal, request: Request): Promise<Outcome | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ ...request, organizationId, signal, resolve, reject });
      if (!this.flushing) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.pending.length === 0) return;
    this.flushing = true;
    const batch = this.pending;
    this.pending = [];
    try {
      const byOrganization = new Map<string, Pending<Request, Outcome>[]>();
      for (const request of batch) {
        if (request.signal.aborted) {
          request.reject(request.signal.reason instanceof Error ? request.signal.reason : new Error('job aborted'));
          continue;
        }
        byOrganization.set(request.organizationId, [...(byOrganization.get(request.organizationId) ?? []), request]);
      }
      for (const [organizationId, requests] of byOrganization) {
        try {
          const outcomes = await this.write(organizationId, requests);
          requests.forEach((request, index) => request.resolve(outcomes[index]));
        } catch (error) {
          for (const request of requests) request.reject(error);
        }
      }
    } finally {
      this.flushing = false;
      if (this.pending.length > 0) setImmediate(() => void this.flush());
    }
  }
}

type ClaimOutcome = SmsMessageRow | 'refused' | null;
type SentReport = { id: string; status: SmsStatus; sid: string; from: string | null };

const coalescers = new WeakMap<AppDeps, { claim: Coalescer<{ messageId: string }, ClaimOutcome>; sent: Coalescer<SentReport, SmsMessageRow> }>();
function writers(deps: AppDeps) {
  let found = coalescers.get(deps);
  if (!found) {
    const db = deps.database.db;
    found = {
      claim: new Coalescer(async (organizationId, requests) => {
        const outcomes = await claimMessages(
          db,
          organizationId,
          requests.map((r) => r.messageId),
        );
        return requests.map((r) => outcomes.get(r.messageId) ?? null);
      }),
      sent: new Coalescer(async (organizationId, reports) => {
        const rows = await db.transaction().execute(async (trx) => {
          const written = await recordSent(trx, organizationId, reports);
          // The sandbox's delivery reports commit with the sends they report on: a worker killed
          // after this commit leaves no message 'sent' without the job that delivers it.
          if ((await smsProviderFor(deps, organizationId, trx)).mode === 'sandbox') {
            const reportable = [...written.values()].filter((row) => row.status === 'sent').map((row) => row.id);
            if (reportable.length > 0) await scheduleSandboxDelivery(deps, trx, organizationId, reportable);
          }
          return written;
        });
        return reports.map((r) => rows.get(r.id));
      }),
    };
    coalescers.set(deps, found);
  }
  return found;
}

const rankOf = (column: string) =>
  sql.raw(
    `(case ${column} ${Object.entries(STATUS_RANK)
      .map(([status, rank]) => `when '${status}' then ${rank}`)
      .join(' ')} end)`,
  );

/** advanceStatus for the provider's answers to many sends: each message moves forward only. */
async function recordSent(db: Db, organizationId: string, reports: SentReport[]): Promise<Map<string, SmsMessageRow>> {
  const now = new Date();
  const { rows } = await sql<SmsMessageRow>`
    update sms_messages as m
    set status = r.status, provider_sid = r.sid, from_number = coalesce(r.from_number, m.from_number), error_code = null, error_message = null, updated_at = ${now},
        sent_at = case when r.status in ('sent', 'delivered') then coalesce(m.sent_at, ${now}) else m.sent_at end,
        delivered_at = case when r.status = 'delivered' then ${now} else m.delivered_at end,
        failed_at = case when r.status in ('failed', 'undelivered') then ${now} else m.failed_at end
    from jsonb_to_recordset(${JSON.stringify(reports.map((r) => ({ id: r.id, status: r.status, sid: r.sid, from_number: r.from || null })))}::jsonb)
      as r(id uuid, status text, sid text, from_number text)
    where m.id = r.id and m.organization_id = ${organizationId} and ${rankOf('m.status')} < ${rankOf('r.status')}
    returning m.*
  `.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

async function claimMessages(db: Db, organizationId: string, messageIds: string[]): Promise<Map<string, ClaimOutcome>> {
  return db.transaction().execute(async (trx) => {
    const outcomes = new Map<string, ClaimOutcome>();
    const rows = (await scoped(trx, organizationId).selectFrom('sms_messages').selectAll().where('id', 'in', messageIds).orderBy('id').forUpdate().execute()).filter(
      (row) => row.status === 'accepted' || row.status === 'queued' || row.status === 'sending',
    );
    if (rows.length === 0) return outcomes;
    const optedOut = await optedOutNumbers(trx, organizationId, [...new Set(rows.map((r) => r.to_number))]);
    const refused = rows.filter((r) => optedOut.has(r.to_number));
    for (const row of refused) {
      await advanceStatus(trx, { id: row.id, organizationId }, 'refused', { errorMessage: OPTED_OUT_MESSAGE });
      outcomes.set(row.id, 'refused');
    }
    const sending = rows.filter((r) => !optedOut.has(r.to_number));
    if (sending.length === 0) return outcomes;
    // Messages accepted without a contact join the one holding the number now; a number nobody holds stays unlinked.
    const contactOf = await contactIdsByKey(
      trx,
      organizationId,
      'phone',
      sending.filter((row) => !row.contact_id).map((row) => row.to_number),
    );
    const linked = sending.map((row) => ({ row, contactId: row.contact_id ?? contactOf.get(row.to_number) ?? null }));
    await recordActivities(
      trx,
      linked
        .filter((l): l is { row: SmsMessageRow; contactId: string } => l.row.attempts === 0 && l.contactId !== null)
        .map(({ row, contactId }) => ({
          organizationId,
          contactId,
          type: 'sms_out',
          actorUserId: row.created_by,
          payload: { messageId: row.id, to: row.to_number, body: row.body, ...(row.batch_id ? { batchId: row.batch_id } : {}) },
        })),
    );
    const claims = JSON.stringify(linked.map(({ row, contactId }) => ({ id: row.id, contact_id: contactId })));
    const now = new Date();
    const { rows: claimed } = await sql<SmsMessageRow>`
      update sms_messages as m
      set status = 'sending', contact_id = c.contact_id, sending_at = ${now}, attempts = m.attempts + 1, updated_at = ${now}
      from jsonb_to_recordset(${claims}::jsonb) as c(id uuid, contact_id uuid)
      where m.id = c.id and m.organization_id = ${organizationId}
      returning m.*
    `.execute(trx);
    for (const row of claimed) outcomes.set(row.id, row);
    return outcomes;
  });
}

/**
 * What the provider has of an interrupted send: its message, null when it has none (send again),
 * or undefined when it still cannot tell on the job's last attempt.
 */
async function reconcile(provider: SmsProvider, message: SmsMessageRow, lastAttempt: boolean): Promise<ProviderMessage | null | undefined> {
  try {
    return await provider.findSent({ to: message.to_number, body: message.body, after: message.sending_at ?? message.created_at });
  } catch (error) {
    if (lastAttempt) return undefined;
    throw new RetryLater(`could not reconcile message ${message.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A lookup the run had no time left for: as if it failed (the message stays 'sending' for the retry to reconcile). */
async function reconcileOutOfTime(message: SmsMessageRow, lastAttempt: boolean): Promise<undefined> {
  if (lastAttempt) return undefined;
  throw new RetryLater(`could not reconcile message ${message.id}: ${outOfTime().message}`);
}

async function handleSendError(deps: AppDeps, message: SmsMessageRow, error: unknown, lastAttempt: boolean): Promise<SmsStatus> {
  const db = deps.database.db;
  const where = { id: message.id, organizationId: message.organization_id };
  const providerError = error instanceof ProviderError ? error : new ProviderError('unknown', error instanceof Error ? error.message : String(error));
  if (providerError.kind === 'permanent') {
    await db.transaction().execute(async (trx) => {
      await advanceStatus(trx, where, 'failed', { errorCode: providerError.code, errorMessage: providerError.message });
      // Twilio refuses a recipient who replied STOP to this sender: remember it on the contact.
      if (providerError.code === '21610' && message.contact_id) {
        await scoped(trx, message.organization_id).updateTable('contacts').set({ dnc_sms: true, updated_at: new Date() }).where('id', '=', message.contact_id).execute();
      }
    });
    return 'failed';
  }
  if (lastAttempt) {
    await advanceStatus(db, where, 'failed', { errorCode: providerError.code, errorMessage: `Gave up after repeated errors: ${providerError.message}` });
    return 'failed';
  }
  if (providerError.kind === 'retryable') {
    // Certainly not accepted: back to the queue with the error seen, for the retry to send it.
    await db
      .updateTable('sms_messages')
      .set({ status: 'queued', error_code: providerError.code, error_message: providerError.message, updated_at: new Date() })
      .where('id', '=', message.id)
      .where('status', '=', 'sending')
      .execute();
  }
  // 'unknown' stays 'sending': the retry asks the provider before sending again.
  throw new RetryLater(providerError.message);
}

/** Enqueues the sandbox's delivery report of messages just marked sent, in the transaction that marked them. */
async function scheduleSandboxDelivery(deps: AppDeps, trx: Db, organizationId: string, messageIds: string[]): Promise<void> {
  await deps.jobs.sendMany(SANDBOX_DELIVERY_JOB, [{ data: { organizationId, messageIds }, startAfter: new Date(Date.now() + SANDBOX_DELIVERY_SECONDS * 1000) }], { db: trx });
}

/** The sandbox's delivery receipts, through the same forward-only status path as Twilio's. */
export async function deliverSandboxMessages(deps: AppDeps, data: SendJobData): Promise<void> {
  await advanceStatus(deps.database.db, { id: data.messageIds, organizationId: data.organizationId }, 'delivered');
}
