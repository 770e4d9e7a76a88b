import { setMaxListeners } from 'node:events';
import { sql } from 'kysely';
import type { EmailMessagesTable } from '../db/schema';
import type { Selectable } from 'kysely';
import type { AppDeps } from '../deps';
import type { JobContext } from '../jobs/queue';
import { unopenedCredentials } from '../kernel/provider-settings';
import { recordEmailEvents, type EmailEventInput } from './outbox';
import type { SendJobData } from './send-job';
import { emailTransportFor, TransportError, type EmailTransport, type TransportMessage } from './transport';

type MessageRow = Selectable<EmailMessagesTable>;

/** Said on the timeline when a send resumes after a worker died during the SMTP call (decision 025). */
export const INTERRUPTED_SEND = 'The previous attempt was interrupted during the SMTP call (the worker stopped); sent again with the same Message-ID, so the recipient may see it twice';

const eventsOf = (row: MessageRow) => ({ id: row.id, organizationId: row.organization_id, contactId: row.contact_id });

/**
 * The return path (SMTP MAIL FROM). Through the server's own transport, VERP to the server's address,
 * so a bounce names its message; through an organization's own SMTP server, its sender address
 * (that server may refuse a MAIL FROM of another domain; its bounces go to the organization's mailbox).
 */
function returnPathOf(row: MessageRow, deps: AppDeps, own: boolean): string {
  if (own) return row.from_address;
  const system = deps.config.email.from.address;
  return `${system.replace(/@.*$/, '')}+b.${row.token}@${system.replace(/^.*@/, '')}`;
}

function transportMessage(row: MessageRow, deps: AppDeps, own: boolean, consoleLink: string | undefined): TransportMessage {
  return {
    from: { name: row.from_name, address: row.from_address },
    to: { name: row.to_name ?? '', address: row.to_address },
    replyTo: row.reply_to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    messageId: row.message_id,
    inReplyTo: row.in_reply_to,
    references: row.references,
    headers: row.headers,
    attachments: row.attachments,
    returnPath: returnPathOf(row, deps, own),
    ...(consoleLink ? { consoleLink } : {}),
  };
}

/**
 * Claims the chunk's messages still to send (→ sending, one more attempt each), committed before
 * any SMTP call, in one transaction of a fixed number of statements. Messages gone or already past
 * sending (a duplicate or retried job) are left out.
 */
async function claim(deps: AppDeps, messageIds: string[]): Promise<MessageRow[]> {
  if (messageIds.length === 0) return [];
  return deps.database.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('email_messages').select(['id', 'status']).where('id', 'in', messageIds).where('status', 'in', ['queued', 'sending']).orderBy('id').forUpdate().execute();
    if (current.length === 0) return [];
    const interrupted = new Set(current.filter((c) => c.status === 'sending').map((c) => c.id));
    const rows = await trx
      .updateTable('email_messages')
      .set({ status: 'sending', attempts: sql<number>`attempts + 1`, updated_at: new Date() })
      .where(
        'id',
        'in',
        current.map((c) => c.id),
      )
      .returningAll()
      .execute();
    const order = new Map(messageIds.map((id, index) => [id, index]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    await recordEmailEvents(
      trx,
      rows.flatMap((row) => [
        ...(interrupted.has(row.id) ? [{ message: eventsOf(row), type: 'retry' as const, detail: INTERRUPTED_SEND }] : []),
        { message: eventsOf(row), type: 'sending' as const, detail: `Attempt ${row.attempts}`, status: 'sending' as const },
      ]),
    );
    return rows;
  });
}

export type DeliveryOptions = {
  /** Retries after the first attempt; the last transient failure ends the message failed. */
  retryLimit: number;
  /**
   * After this long a run starts no more SMTP calls: the rest goes back to the queue for the retry.
   * Half the job's expiry, so every call a run makes ends (within the transport's timeouts) before
   * the job can expire and run again.
   */
  budgetMs: number;
};

/** What became of one message of a chunk (`sandbox`: it went through the sandbox transport). */
type Outcome = { row: MessageRow; sandbox: boolean } & ({ kind: 'sent'; response: string } | { kind: 'failed' | 'retry'; error: string });

/**
 * The email.send job: a chunk of messages, each queued → sending (committed) → the SMTP call → sent
 * (the sandbox: delivered), the calls running side by side on the transport's pooled connections.
 * A permanent failure (5xx), or the last transient one, ends its message failed with the server's
 * text; other transient ones put their message back to queued, and once the chunk's states are
 * written the job throws, so the queue retries it with backoff: the retry finds only those.
 */
export async function deliverEmails(deps: AppDeps, job: JobContext<SendJobData>, options: DeliveryOptions): Promise<void> {
  const claimed = await claim(deps, job.data.messageIds);
  if (claimed.length === 0) return;
  // Each organization's messages leave through its transport (its own SMTP server, or the server's).
  // An organization whose own SMTP credentials no longer open (SECRETS_KEY rotated away) sends nothing
  // until an admin saves them again: its messages end failed with the reason (decision 048).
  const transports = new Map<string | null, { transport: EmailTransport; own: boolean } | { unopened: string }>();
  for (const organizationId of new Set(claimed.map((row) => row.organization_id))) {
    transports.set(
      organizationId,
      await emailTransportFor(deps, organizationId).catch((error: unknown) => {
        const unopened = unopenedCredentials(error);
        if (unopened === null) throw error;
        deps.logger.warn({ organizationId }, 'E-mail not sent: the organization’s SMTP credentials do not open with this server’s key');
        return { unopened: `Not sent: ${unopened}` };
      }),
    );
  }
  const lastAttempt = job.retryCount >= options.retryLimit;
  const deadline = Date.now() + options.budgetMs;
  // Each message waiting for a connection listens for the job's abort: one listener per message of the chunk.
  setMaxListeners(claimed.length + 10, job.signal);
  const outcomes = await Promise.all(
    claimed.map(async (row): Promise<Outcome> => {
      const chosen = transports.get(row.organization_id)!;
      if ('unopened' in chosen) return { row, sandbox: false, kind: 'failed', error: chosen.unopened };
      const { transport, own } = chosen;
      const sandbox = transport.mode === 'sandbox';
      try {
        const { response } = await transport.send(transportMessage(row, deps, own, job.data.consoleLinks?.[row.id]), { deadline, signal: job.signal });
        return { row, sandbox, kind: 'sent', response };
      } catch (error) {
        const failure = error instanceof TransportError ? error : new TransportError(error instanceof Error ? error.message : String(error), false);
        return { row, sandbox, kind: failure.permanent || lastAttempt ? 'failed' : 'retry', error: failure.message };
      }
    }),
  );
  // Aborted (expired, or the queue stopped without waiting): another run owns these messages now.
  if (job.signal.aborted) throw job.signal.reason instanceof Error ? job.signal.reason : new Error('job aborted');
  await recordOutcomes(deps, outcomes);
  const retries = outcomes.flatMap((o) => (o.kind === 'retry' ? [o.error] : []));
  if (retries.length > 0) {
    throw new TransportError(retries.length === 1 ? retries[0]! : `${retries.length} messages will be retried; the first: ${retries[0]!}`, false);
  }
}

/** Every message's new state, its events and their publication, in one transaction of a fixed number of statements. */
async function recordOutcomes(deps: AppDeps, outcomes: Outcome[]): Promise<void> {
  const now = new Date();
  const states = outcomes.map((o) =>
    o.kind === 'sent'
      ? { id: o.row.id, status: o.sandbox ? 'delivered' : 'sent', response: o.response, error: null }
      : { id: o.row.id, status: o.kind === 'failed' ? 'failed' : 'queued', response: o.error, error: o.error },
  );
  await deps.database.db.transaction().execute(async (trx) => {
    await sql`
      update email_messages as m
      set status = r.status, provider_response = r.response, error = r.error, updated_at = ${now},
          sent_at = case when r.status in ('sent', 'delivered') then ${now}::timestamptz else m.sent_at end,
          delivered_at = case when r.status = 'delivered' then ${now}::timestamptz else m.delivered_at end
      from jsonb_to_recordset(${JSON.stringify(states)}::jsonb) as r(id uuid, status text, response text, error text)
      where m.id = r.id and m.status = 'sending'
    `.execute(trx);
    await recordEmailEvents(
      trx,
      outcomes.flatMap((o): EmailEventInput[] => {
        const message = eventsOf(o.row);
        if (o.kind !== 'sent') {
          return o.kind === 'failed'
            ? [{ message, type: 'failed', detail: o.error, status: 'failed' }]
            : [{ message, type: 'retry', detail: `Attempt ${o.row.attempts}: ${o.error}`, status: 'queued' }];
        }
        if (!o.sandbox) return [{ message, type: 'sent', detail: o.response, status: 'sent' }];
        return [
          { message, type: 'sent', detail: o.response },
          { message, type: 'delivered', detail: 'Sandbox: kept in the outbox, nothing left the machine', status: 'delivered' },
        ];
      }),
    );
  });
}
