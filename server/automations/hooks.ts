import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import { contactsWithPhone, findOrCreateContactIdsByPhone, upsertContactByEmail } from '../contacts/capture';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { assertSafeInput, DomainError, fieldError } from '../errors';
import type { OrgContext } from '../kernel/context';
import { readSettings } from '../organizations/settings';
import { normalizePhone } from '../phone';
import { assertSlots, waitText, type RateLimit } from '../rate-limit';
import { enrollContact, loadVersion } from './enroll';
import { HOOK_SIGNATURE_HEADER, ZHookBody, type ZHookInfoInput } from './schema';
import { requireWorkflow } from './workflows';

/**
 * The inbound webhook trigger: a URL per workflow (`/api/automations/hooks/<token>`) and a secret
 * that signs each body (HMAC-SHA256 of the raw bytes, compared in constant time). The body names a
 * contact; the run carries the body's `data` as its event fields.
 */

export const HOOKS_PATH = '/api/automations/hooks';
/** Per sending address, and per workflow whatever the address. */
export const HOOK_IP_LIMIT: RateLimit = { bucket: 'automations.hook.ip', max: 120, windowSeconds: 60 };
export const HOOK_WORKFLOW_LIMIT: RateLimit = { bucket: 'automations.hook.workflow', max: 600, windowSeconds: 60 };

const token = () => randomBytes(18).toString('base64url');
const secret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export const hookSignature = (key: string, body: string | Buffer) => `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;

/** The builder's trigger panel: the workflow's URL and secret, made on first ask; `rotate` replaces the secret (the old one stops at once). */
export async function hookInfo(ctx: OrgContext, input: z.output<typeof ZHookInfoInput>) {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const workflow = await requireWorkflow(trx, ctx.organizationId, input.id, { lock: true });
    if (workflow.hook_token && workflow.hook_secret && !input.rotate) return { token: workflow.hook_token, secret: workflow.hook_secret };
    const next = { token: workflow.hook_token ?? token(), secret: secret() };
    await scoped(trx, ctx.organizationId).updateTable('workflows').set({ hook_token: next.token, hook_secret: next.secret }).where('id', '=', input.id).execute();
    return next;
  });
  return { url: `${ctx.deps.config.publicUrl}${HOOKS_PATH}/${row.token}`, secret: row.secret, header: HOOK_SIGNATURE_HEADER };
}

function verified(key: string, given: string | undefined, body: Buffer): boolean {
  if (!given) return false;
  const expected = Buffer.from(hookSignature(key, body));
  const actual = Buffer.from(given.trim());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const unauthorized = (message: string) => new DomainError('UNAUTHENTICATED', message);

/** Finds the contact the body names (id, then e-mail, then phone), creating it when asked. */
async function resolveContact(trx: Db, organizationId: string, body: z.output<typeof ZHookBody>, create: boolean): Promise<{ id: string; created: boolean }> {
  const { contact } = body;
  const org = scoped(trx, organizationId);
  if (contact.id) {
    const row = await org.selectFrom('contacts').select('id').where('id', '=', contact.id).executeTakeFirst();
    if (row) return { id: row.id, created: false };
    if (!contact.email && !contact.phone) throw new DomainError('NOT_FOUND', 'contact.id: no such contact', { issues: [{ path: 'contact.id', message: 'no such contact' }] });
  }
  if (contact.email) {
    const email = contact.email.trim().toLowerCase();
    const row = await org
      .selectFrom('contacts')
      .select('id')
      .where((eb) => eb.or([eb('email_lower', '=', email), eb(sql`${email}`, '=', sql`any(contacts.other_emails)`)]))
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (row) return { id: row.id, created: false };
    if (create) {
      const made = await upsertContactByEmail(trx, organizationId, { email, firstName: contact.firstName ?? null, lastName: contact.lastName ?? null, phone: contact.phone ?? null }, null, {
        via: 'automation_webhook',
      });
      return { id: made.contact.id, created: made.created };
    }
    if (!contact.phone) throw new DomainError('NOT_FOUND', 'contact.email: no contact has this e-mail address', { issues: [{ path: 'contact.email', message: 'no contact has this e-mail address' }] });
  }
  const phone = normalizePhone(contact.phone!, (await readSettings(trx, organizationId)).country);
  if (!phone.ok) throw fieldError('contact.phone', phone.reason);
  const found = await contactsWithPhone(trx, organizationId, phone.e164);
  if (found[0]) return { id: found[0].id, created: false };
  if (!create) throw new DomainError('NOT_FOUND', 'contact.phone: no contact has this phone number', { issues: [{ path: 'contact.phone', message: 'no contact has this phone number' }] });
  const made = await findOrCreateContactIdsByPhone(trx, organizationId, [phone.e164], { via: 'automation_webhook' });
  return { id: made.ids.get(phone.e164)!, created: made.created.has(phone.e164) };
}

/**
 * One delivery to a workflow's webhook: rate limited per address and per workflow, signature checked
 * before the body is read as JSON, then the contact found (or created) and enrolled in one
 * transaction. Refusals: 401 (signature), 404 (unknown URL or contact), 400 naming the field, 409
 * (the workflow is not published, not active, or has no webhook trigger), 413, 429.
 */
export async function receiveHook(deps: AppDeps, hookToken: string, raw: Buffer, signature: string | undefined, ip: string) {
  const db = deps.database.db;
  await assertSlots(db, [{ limit: HOOK_IP_LIMIT, key: ip }], (retry) => `Too many webhook calls from this address; try again in ${waitText(retry)}.`);
  const workflow = /^[A-Za-z0-9_-]{16,64}$/.test(hookToken)
    ? await db.selectFrom('workflows').select(['id', 'organization_id', 'status', 'published_version', 'hook_secret']).where('hook_token', '=', hookToken).executeTakeFirst()
    : undefined;
  if (!workflow || !workflow.hook_secret) throw new DomainError('NOT_FOUND', 'No workflow has this webhook URL');
  await assertSlots(db, [{ limit: HOOK_WORKFLOW_LIMIT, key: workflow.id }], (retry) => `Too many webhook calls for this workflow; try again in ${waitText(retry)}.`);
  if (!verified(workflow.hook_secret, signature, raw)) throw unauthorized(`${HOOK_SIGNATURE_HEADER}: missing or wrong; send sha256=<hex HMAC-SHA256 of the raw body under the workflow's secret>`);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw fieldError('body', 'must be a JSON object');
  }
  // Signed is not the same as storable: a NUL or lone surrogate is refused (400) like on every door.
  assertSafeInput(json);
  const parsed = ZHookBody.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'body', message: i.message }));
    throw new DomainError('VALIDATION', `${issues[0]!.path}: ${issues[0]!.message}`, { issues });
  }
  const body = parsed.data;
  const organizationId = workflow.organization_id;
  if (!workflow.published_version) throw new DomainError('CONFLICT', 'The workflow is not published');
  if (workflow.status !== 'active') throw new DomainError('CONFLICT', `The workflow is ${workflow.status}`);
  const { definition } = await loadVersion(db, organizationId, workflow.id, workflow.published_version);
  const trigger = definition.triggers.find((t) => t.type === 'webhook');
  if (!trigger) throw new DomainError('CONFLICT', 'The published workflow has no inbound webhook trigger');
  return db.transaction().execute(async (trx) => {
    const contact = await resolveContact(trx, organizationId, body, body.createContact === true || trigger.config.createContact);
    const outcome = await enrollContact(trx, deps, { organizationId, workflowId: workflow.id, contactId: contact.id, trigger: 'webhook', payload: body.data });
    return 'runId' in outcome
      ? { status: 'enrolled' as const, runId: outcome.runId, contactId: contact.id, contactCreated: contact.created, reason: null }
      : { status: 'skipped' as const, runId: null, contactId: contact.id, contactCreated: contact.created, reason: outcome.skipped };
  });
}
