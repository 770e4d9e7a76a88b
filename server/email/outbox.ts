import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type OperationNodeSource } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { activityRows, type ActivityInput } from '../activities/service';
import type { Db } from '../db';
import { insertJsonRows, type JsonRow } from '../db/json-rows';
import type { EmailAttachment, EmailEventType, EmailMessagesTable, EmailStatus } from '../db/schema';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { eventRows, notifyEvent, publishEvents } from '../events/publish';
import { DomainError } from '../errors';
import { registry, type ConversationTouch } from '../kernel/registry';
import { parseSettings, type OrganizationSettings } from '../organizations/settings';
import { SUPPRESSIBLE_KINDS, UNSUBSCRIBE_API_PATH, type EmailKind } from './schema';
import { SEND_JOB, sendChunkSize, type SendJobData } from './send-job';

export type OutgoingEmail = {
  organizationId: string | null;
  kind: EmailKind;
  to: string;
  toName?: string | null;
  contactId?: string | null;
  userId?: string | null;
  createdBy?: string | null;
  subject: string;
  html: string;
  text: string;
  inReplyTo?: string | null;
  references?: string[];
  threadId?: string | null;
  templateId?: string | null;
  /** The integrator's key (POST /api/v1/emails): the same key answers this message again. */
  idempotencyKey?: string | null;
  /** Files sent with the message (a booking's .ics), stored with it. */
  attachments?: EmailAttachment[];
  /** Sandbox only: printed on the console with the message, so a newcomer can follow an account e-mail's link. */
  consoleLink?: string;
};

/** `local+tag@domain`: the plus-addressed form through which replies (r.), bounces (b.) and unsubscribes (u.) name their message. */
export function plusAddress(address: string, tag: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}+${tag}@${address.slice(at + 1)}`;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/** The public unsubscribe door of a message (RFC 8058 one-click by POST; the page by GET). */
export const unsubscribeUrl = (deps: Pick<AppDeps, 'config'>, token: string) => `${deps.config.publicUrl}${UNSUBSCRIBE_API_PATH(token)}`;

/** Text as HTML (the footer's postal address, a name in a body). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Where a body that carries its own footer (a campaign's footer block) puts the unsubscribe link:
 * queueEmail writes the message's link there and adds no second footer. A reserved `.invalid`
 * address, so a link left unfilled could never lead anywhere.
 */
export const UNSUBSCRIBE_URL_PLACEHOLDER = 'https://unsubscribe.invalid/switchboard';

/** The footer of marketing and one-to-one e-mail: the organization's postal address and the unsubscribe link. */
export function withFooter(body: { html: string; text: string }, postalAddress: string | null, unsubscribe: string): { html: string; text: string } {
  const text = `${body.text.trimEnd()}\n\n--\n${postalAddress ? `${postalAddress}\n` : ''}Unsubscribe: ${unsubscribe}\n`;
  const footer =
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px"><p style="color:#666;font-size:12px;line-height:1.5">` +
    `${postalAddress ? `${escapeHtml(postalAddress).replace(/\n/g, '<br>')}<br>` : ''}<a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`;
  const html = /<\/body>/i.test(body.html) ? body.html.replace(/<\/body>/i, `${footer}</body>`) : `${body.html}${footer}`;
  return { html, text };
}

export type EmailEventInput = {
  message: { id: string; organizationId: string | null; contactId: string | null };
  type: EmailEventType;
  detail: string | null;
  /** The state to publish to the organization, when the step changes it. */
  status?: EmailStatus;
};

/** Appends a step of a message's life (its timeline) and publishes its state to the organization. */
export async function recordEmailEvent(trx: Db, message: EmailEventInput['message'], type: EmailEventType, detail: string | null, status?: EmailStatus): Promise<void> {
  await recordEmailEvents(trx, [{ message, type, detail, ...(status ? { status } : {}) }]);
}

/** recordEmailEvent for many steps at once: one insert, one publish. */
export async function recordEmailEvents(trx: Db, steps: EmailEventInput[]): Promise<void> {
  if (steps.length === 0) return;
  const rows = stepRows(steps);
  await insertJsonRows(trx, 'email_events', rows.steps).execute();
  await publishEvents(trx, rows.events);
}

/** The rows of messages' steps: their email_events rows, and the organization's events of those that change a state. */
function stepRows(steps: EmailEventInput[]) {
  return {
    steps: steps.map((s) => ({ organization_id: s.message.organizationId, email_message_id: s.message.id, type: s.type, detail: s.detail })),
    events: steps.flatMap((s) =>
      s.status && s.message.organizationId
        ? [{ organizationId: s.message.organizationId, type: 'email_status' as const, payload: { id: s.message.id, contactId: s.message.contactId, status: s.status }, actorUserId: null }]
        : [],
    ),
  };
}

/**
 * What queueEmails reads before it writes: each organization's settings (its sender identity), and
 * why a message may not be sent to an address — keyed `<organization>:<address>` for the
 * suppressible kinds, `:<address>` for account e-mails (a hard bounce anywhere).
 */
export type QueueReads = { settings: Map<string, OrganizationSettings>; reasons: Map<string, string> };

type SuppressionRead = { address: string; reason: string };

/**
 * One organization's part of QueueReads as two subqueries, for a caller that reads them in the
 * statement of its own lookups (selectNoFrom): its settings, and its suppression list's rows for
 * these addresses and for the addresses of these contacts (a superset is harmless: only the
 * messages' own addresses are looked up). Read back with addOrganizationReads.
 */
export function organizationReads(trx: Db, organizationId: string, addresses: string[], contactIds: string[] = []) {
  const suppressions = scoped(trx, organizationId)
    .selectFrom('email_suppressions')
    .select(['address', 'reason'])
    .where((eb) =>
      eb.or([
        eb('address', '=', sql<string>`any(${addresses}::text[])`),
        ...(contactIds.length > 0
          ? [
              eb(
                'address',
                'in',
                scoped(trx, organizationId)
                  .selectFrom('contacts')
                  .select(sql<string>`lower(btrim(contacts.email))`.as('address'))
                  .where('contacts.id', '=', sql<string>`any(${contactIds}::uuid[])`),
              ),
            ]
          : []),
      ]),
    );
  return {
    settings: trx.selectFrom('organizations').select('settings').where('id', '=', organizationId),
    suppressions: jsonArrayFrom(suppressions),
  };
}

/** What organizationReads read, added to `reads`. */
export function addOrganizationReads(reads: QueueReads, organizationId: string, settings: unknown, suppressions: SuppressionRead[]): QueueReads {
  if (settings === null || settings === undefined) throw new DomainError('NOT_FOUND', 'Organization not found');
  reads.settings.set(organizationId, parseSettings(settings, organizationId));
  for (const row of suppressions) reads.reasons.set(`${organizationId}:${row.address}`, `The address is on the suppression list (${row.reason})`);
  return reads;
}

/** QueueReads of these messages in ONE statement whatever their number and organizations (none when there is nothing to read). */
async function readForQueue(trx: Db, emails: OutgoingEmail[]): Promise<QueueReads> {
  const reads: QueueReads = { settings: new Map(), reasons: new Map() };
  const account = [...new Set(emails.filter((e) => e.kind === 'account').map((e) => e.to))];
  const byOrganization = new Map<string, Set<string>>();
  for (const e of emails) {
    if (!e.organizationId) continue;
    const addresses = byOrganization.get(e.organizationId) ?? new Set();
    if (SUPPRESSIBLE_KINDS.includes(e.kind)) addresses.add(e.to);
    byOrganization.set(e.organizationId, addresses);
  }
  const organizations = [...byOrganization];
  if (organizations.length === 0 && account.length === 0) return reads;
  const row = (await trx
    .selectNoFrom(() => [
      // Account e-mails go to unsubscribed users, never to an address that hard-bounced anywhere.
      jsonArrayFrom(
        trx
          .selectFrom('email_bounced_addresses')
          .select('address')
          .where('address', '=', sql<string>`any(${account}::text[])`),
      ).as('bounced'),
      ...organizations.flatMap(([organizationId, addresses], i) => {
        const part = organizationReads(trx, organizationId, [...addresses]);
        return [part.settings.as(`settings_${i}`), part.suppressions.as(`suppressions_${i}`)];
      }),
    ])
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  for (const { address } of row.bounced as { address: string }[]) reads.reasons.set(`:${address}`, 'The address hard-bounced; account e-mails are not sent to it');
  organizations.forEach(([organizationId], i) => addOrganizationReads(reads, organizationId, row[`settings_${i}`], row[`suppressions_${i}`] as SuppressionRead[]));
  return reads;
}

/** Why a message must not be sent (it is stored `suppressed`), or null. */
function suppressedBecause(reads: QueueReads, e: OutgoingEmail): string | null {
  if (e.kind === 'account') return reads.reasons.get(`:${e.to}`) ?? null;
  return e.organizationId && SUPPRESSIBLE_KINDS.includes(e.kind) ? (reads.reasons.get(`${e.organizationId}:${e.to}`) ?? null) : null;
}

/** Stores the message and schedules its send job in the caller's transaction; a suppressed address is stored `suppressed` and not sent. */
export async function queueEmail(trx: Db, deps: AppDeps, email: OutgoingEmail): Promise<{ id: string; status: EmailStatus }> {
  return (await queueEmails(trx, deps, [email]))[0]!;
}

/** A message's token: 12 random bytes, 24 hex characters. */
const TOKEN_BYTES = 12;

export type QueueOptions = {
  /** The reads, when the caller made them in the statement of its own lookups (organizationReads); read here otherwise. */
  reads?: QueueReads;
  /** Timeline entries written with the messages (in the same statement), from the messages as queued. */
  activities?: (queued: { id: string; status: EmailStatus }[]) => ActivityInput[];
};

/**
 * queueEmail for many messages (a batch of the integrators' door), in TWO statements whatever
 * their number: the reads (the sender identities and the suppression lookups, unless the caller
 * brings them), then ONE statement of data-modifying WITH parts storing the messages, their inbox
 * threads, their events (the messages' steps and the organization's outbox events with their
 * NOTIFYs), the send jobs (chunks of sendChunkSize, pg-boss's own insert) and the caller's timeline
 * entries. Every bound statement costs the driver a round trip to describe it and one to run it,
 * and the rows go as one JSON parameter per table (insertJsonRows). Answers in the order given.
 */
export async function queueEmails(trx: Db, deps: AppDeps, emails: OutgoingEmail[], options: QueueOptions = {}): Promise<{ id: string; status: EmailStatus }[]> {
  if (emails.length === 0) return [];
  const system = deps.config.email.from;
  const normalized = emails.map((email) => ({ ...email, to: email.to.trim().toLowerCase() }));
  const reads = options.reads ?? (await readForQueue(trx, normalized));
  // Every message's token from one draw of the generator.
  const random = randomBytes(TOKEN_BYTES * normalized.length).toString('hex');
  const rows = normalized.map((email, i) => {
    const identity = email.organizationId ? reads.settings.get(email.organizationId)!.email : null;
    const fromAddress = identity?.fromAddress ?? system.address;
    const token = random.slice(i * TOKEN_BYTES * 2, (i + 1) * TOKEN_BYTES * 2);
    const body = { html: email.html, text: email.text };
    const headers: Record<string, string> = {};
    if (SUPPRESSIBLE_KINDS.includes(email.kind)) {
      const unsubscribe = unsubscribeUrl(deps, token);
      headers['List-Unsubscribe'] = `<${unsubscribe}>, <mailto:${plusAddress(system.address, `u.${token}`)}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      if (body.html.includes(UNSUBSCRIBE_URL_PLACEHOLDER)) {
        body.html = body.html.replaceAll(UNSUBSCRIBE_URL_PLACEHOLDER, unsubscribe);
        body.text = body.text.replaceAll(UNSUBSCRIBE_URL_PLACEHOLDER, unsubscribe);
      } else Object.assign(body, withFooter(body, identity?.postalAddress ?? null, unsubscribe));
    }
    const suppressed = suppressedBecause(reads, email);
    return {
      id: randomUUID(),
      organization_id: email.organizationId,
      direction: 'outbound' as const,
      kind: email.kind,
      status: (suppressed ? 'suppressed' : 'queued') as EmailStatus,
      contact_id: email.contactId ?? null,
      user_id: email.userId ?? null,
      created_by: email.createdBy ?? null,
      from_address: fromAddress,
      from_name: identity?.fromName ?? system.name,
      to_address: email.to,
      to_name: email.toName ?? null,
      // Replies come back plus-addressed, so they thread to this message.
      reply_to: email.organizationId ? plusAddress(identity?.replyTo ?? fromAddress, `r.${token}`) : null,
      subject: email.subject,
      html: body.html,
      text: body.text,
      message_id: `<${randomUUID()}@${domainOf(system.address)}>`,
      in_reply_to: email.inReplyTo ?? null,
      references: email.references ?? [],
      thread_id: email.threadId ?? null,
      token,
      template_id: email.templateId ?? null,
      idempotency_key: email.idempotencyKey ?? null,
      headers,
      attachments: email.attachments ?? [],
      error: suppressed,
    } satisfies JsonRow<EmailMessagesTable>;
  });
  const queued = rows.map((row) => ({ id: row.id, status: row.status }));
  // Organization rows carry their organization (checked by row-level security); system rows have none.
  const parts: [string, OperationNodeSource][] = [['messages', insertJsonRows(trx, 'email_messages', rows)]];
  // A one-to-one e-mail belongs to a thread of the inbox (the id of the thread's first message).
  const touches = normalized.flatMap((email, i): ConversationTouch[] =>
    email.kind === 'one_to_one' && email.organizationId
      ? [{ organizationId: email.organizationId, channel: 'email', threadId: email.threadId ?? rows[i]!.id, contactId: email.contactId ?? null, direction: 'outbound', preview: email.text }]
      : [],
  );
  if (touches.length > 0)
    registry()
      .conversationTouchInserts(trx, touches)
      .forEach((insert, i) => parts.push([`threads_${i}`, insert]));
  // Each message's first step, its state published to its organization (recordEmailEvents' rows).
  const steps = stepRows(rows.map((row) => ({ message: { id: row.id, organizationId: row.organization_id, contactId: row.contact_id }, type: row.status, detail: row.error, status: row.status })));
  parts.push(['steps', insertJsonRows(trx, 'email_events', steps.steps)]);
  if (steps.events.length > 0) parts.push(['events', insertJsonRows(trx, 'events', eventRows(steps.events)).returning(['id', 'organization_id'])]);
  const sendable = rows.map((row, i) => ({ row, consoleLink: normalized[i]!.consoleLink })).filter(({ row }) => row.status === 'queued');
  const chunk = sendChunkSize(deps);
  const jobs: { data: SendJobData }[] = [];
  for (let start = 0; start < sendable.length; start += chunk) {
    const part = sendable.slice(start, start + chunk);
    const links = part.filter((p) => p.consoleLink).map((p) => [p.row.id, p.consoleLink!] as const);
    jobs.push({ data: { messageIds: part.map((p) => p.row.id), ...(links.length > 0 ? { consoleLinks: Object.fromEntries(links) } : {}) } });
  }
  if (jobs.length > 0) parts.push(['jobs', await deps.jobs.sendManyStatement(SEND_JOB, jobs)]);
  const activities = options.activities?.(queued) ?? [];
  if (activities.length > 0) parts.push(['activities', insertJsonRows(trx, 'activities', activityRows(activities))]);
  // The events' NOTIFYs (sent at commit) in their order: Postgres evaluates a volatile select list after the sort.
  const notifies = steps.events.length > 0 ? sql`select ${notifyEvent(sql.ref('events.id'), sql.ref('events.organization_id'))} from events order by events.id` : sql`select 1`;
  await sql`with ${sql.join(parts.map(([name, part]) => sql`${sql.id(name)} as (${part})`))} ${notifies}`.execute(trx);
  return queued;
}
