import { sql } from 'kysely';
import type { z } from 'zod';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { scoped } from '../db/scoped';
import { batchItemError, DomainError, fieldError, unknownRecord, validationError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { ownerOnlyOf } from '../organizations/members';
import { addOrganizationReads, organizationReads, queueEmails, type OutgoingEmail } from './outbox';
import { ZSendEmailInput, type EmailStatus, type ZEmailBatchAccepted, type ZSendEmailBatchInput } from './schema';
import { fillDraft, recipientReads, recipientsFrom } from './send';
import { templateReads, templatesFrom } from './templates';

type SendInput = z.output<typeof ZSendEmailInput>;
type Accepted = { id: string; status: EmailStatus };

/** What the rules say of one filled draft: the refusal naming its field, or nothing. */
function refusal(filled: ReturnType<typeof fillDraft>, doNotEmail: boolean): DomainError | null {
  if (filled.missing.length > 0) {
    const issues = filled.missing.map((name) => ({ path: `variables.${name}`, message: 'is required by the message (give it a value, or a fallback as {{name|fallback}})' }));
    return new DomainError('VALIDATION', `variables: ${filled.missing.join(', ')} ${filled.missing.length === 1 ? 'is' : 'are'} required by the message`, { issues });
  }
  if (!filled.subject) return fieldError('subject', 'is empty once its variables are filled');
  if (!filled.text) return fieldError('text', 'is empty once its variables are filled');
  if (doNotEmail) return new DomainError('FORBIDDEN', 'The contact is marked do not e-mail', { issues: [{ path: 'to', message: 'is a contact marked do not e-mail' }] });
  return null;
}

/** Settles every statement sent together before answering, so none is left to reject unobserved. */
async function settled<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [x, y] = await Promise.allSettled([a, b]);
  if (x.status === 'rejected') throw x.reason;
  if (y.status === 'rejected') throw y.reason;
  return [x.value, y.value];
}

/**
 * The one way one-to-one e-mails are accepted, one or a batch, in ONE transaction of a fixed number
 * of statements whatever their number: the lookups in one select (the organization's settings, the
 * recipients' contacts, the templates, the suppression rows, the messages of earlier requests
 * under the same idempotency keys), every draft filled and checked, then the sendable ones stored
 * and queued with their timeline entries (the contact's, when it has one) in ONE statement
 * (queueEmails). A missing variable with no fallback refuses its e-mail (400 naming each); a
 * suppressed address is stored `suppressed`, not sent; a contact marked do-not-e-mail is refused
 * (403). The same idempotency key answers the first request's message (within a batch too).
 * Answers each input in order: its message, or its refusal.
 */
export async function acceptEmails(ctx: OrgContext, inputs: (SendInput | DomainError)[]): Promise<(Accepted | DomainError)[]> {
  const answers: (Accepted | DomainError | null)[] = inputs.map((input) => (input instanceof DomainError ? input : null));
  const valid = inputs.flatMap((input, index) => (input instanceof DomainError ? [] : [{ input, index }]));
  if (valid.length === 0) return answers.map((answer) => answer!);
  const organizationId = ctx.organizationId;
  const templateIds = [...new Set(valid.flatMap(({ input }) => (input.templateId ? [input.templateId] : [])))];
  const keys = [...new Set(valid.flatMap(({ input }) => (input.idempotencyKey ? [input.idempotencyKey] : [])))];
  await ctx.db.transaction().execute(async (trx) => {
    const tos = valid.map(({ input }) => input.to);
    const recipientsRead = recipientReads(trx, organizationId, tos);
    const queueRead = organizationReads(trx, organizationId, recipientsRead.addresses, recipientsRead.contactIds);
    const lookups = trx.selectNoFrom([
      queueRead.settings.as('settings'),
      queueRead.suppressions.as('suppressions'),
      recipientsRead.byId.as('by_id'),
      recipientsRead.byAddress.as('by_address'),
      templateReads(trx, organizationId, templateIds).as('templates'),
      jsonArrayFrom(
        scoped(trx, organizationId)
          .selectFrom('email_messages')
          .select(['id', 'status', 'idempotency_key'])
          .where('idempotency_key', '=', sql<string>`any(${keys}::text[])`),
      ).as('earlier'),
    ]);
    // The keys' locks (sorted, so two batches sharing keys take them in the same order) are sent
    // with the lookups, one round trip: the lookups run once the locks are held, so their snapshot
    // holds every message stored under these keys.
    const lockNames = keys.map((key) => `${organizationId}:email:${key}`).sort();
    const [, row] = await settled(
      keys.length > 0 ? sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${lockNames}::text[]) with ordinality as l(k, n) order by n`.execute(trx) : Promise.resolve(null),
      lookups.executeTakeFirstOrThrow(),
    );
    const reads = addOrganizationReads({ settings: new Map(), reasons: new Map() }, organizationId, row.settings, row.suppressions);
    const recipients = recipientsFrom(tos, row.by_id, row.by_address, ownerOnlyOf(ctx.auth, reads.settings.get(organizationId)!));
    const templates = templatesFrom(row.templates);
    const sendable: { index: number; key: string | null; email: OutgoingEmail }[] = [];
    for (const [i, { input, index }] of valid.entries()) {
      const recipient = recipients[i]!;
      const template = input.templateId ? (templates.get(input.templateId) ?? null) : null;
      if (recipient instanceof DomainError) answers[index] = recipient;
      else if (input.templateId && !template) answers[index] = unknownRecord('templateId', 'is not a template of this organization');
      else {
        const filled = fillDraft(input, recipient, template);
        const refused = refusal(filled, recipient.doNotEmail);
        if (refused) answers[index] = refused;
        else {
          sendable.push({
            index,
            key: input.idempotencyKey ?? null,
            email: {
              organizationId,
              kind: 'one_to_one',
              to: recipient.address,
              toName: recipient.name,
              contactId: recipient.contactId,
              userId: ctx.auth.user?.id ?? null,
              createdBy: actorIdOf(ctx),
              subject: filled.subject,
              html: filled.html,
              text: filled.text,
              templateId: template?.id ?? null,
              idempotencyKey: input.idempotencyKey ?? null,
            },
          });
        }
      }
    }
    if (sendable.length === 0) return;
    // Answered by key: messages of earlier requests, then the first of this one's.
    const byKey = new Map<string, Accepted>();
    for (const earlier of row.earlier) byKey.set(earlier.idempotency_key!, { id: earlier.id, status: earlier.status });
    // Of items sharing a key not seen before, the first is stored; the others answer its message.
    const taken = new Set(byKey.keys());
    const fresh = sendable.filter((s) => {
      if (!s.key) return true;
      if (taken.has(s.key)) return false;
      taken.add(s.key);
      return true;
    });
    const queued = await queueEmails(
      trx,
      ctx.deps,
      fresh.map((s) => s.email),
      {
        reads,
        activities: (messages) =>
          fresh.flatMap((s, i) =>
            s.email.contactId
              ? [{ organizationId, contactId: s.email.contactId, type: 'email_out', actorUserId: actorIdOf(ctx), payload: { messageId: messages[i]!.id, to: s.email.to, subject: s.email.subject } }]
              : [],
          ),
      },
    );
    fresh.forEach((s, i) => {
      answers[s.index] = queued[i]!;
      if (s.key) byKey.set(s.key, queued[i]!);
    });
    for (const s of sendable) if (s.key && answers[s.index] === null) answers[s.index] = byKey.get(s.key)!;
  });
  return answers.map((answer) => answer!);
}

/** `email.send` and `POST /api/v1/emails`: one e-mail to one person (acceptEmails for one). */
export async function sendEmail(ctx: OrgContext, input: SendInput): Promise<Accepted> {
  const [answer] = await acceptEmails(ctx, [input]);
  if (answer instanceof DomainError) throw answer;
  return answer!;
}

type BatchItemResult = z.output<typeof ZEmailBatchAccepted>['results'][number];

/**
 * `POST /api/v1/emails/batch`: up to EMAIL_BATCH_MAX e-mails of the single door's shape, each
 * checked on its own — a bad item is refused in its result and the others are accepted, all in one
 * transaction (acceptEmails). Results in the items' order.
 */
export async function sendEmailBatch(ctx: OrgContext, { emails: items }: z.output<typeof ZSendEmailBatchInput>): Promise<{ results: BatchItemResult[] }> {
  // The input guard already ran over the whole body (readBody).
  const inputs = items.map((item): SendInput | DomainError => {
    const parsed = ZSendEmailInput.safeParse(item);
    return parsed.success ? parsed.data : validationError(parsed.error);
  });
  const answers = await acceptEmails(ctx, inputs);
  return { results: answers.map((answer, index) => (answer instanceof DomainError ? { index, error: batchItemError(`emails.${index}`, answer) } : { index, ...answer })) };
}
