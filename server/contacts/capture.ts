import { tagChanges } from './tag-changes';
import { sql } from 'kysely';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import { publishEvents } from '../events/publish';
import type { CustomValue } from './custom-fields';
import { contactIdsByKey, holdsAnyOf } from './held-keys';
import { displayName, loadContact, toContact } from './repo';
import { uniqueTags, type TAttributionInput } from './schema';
import { announceContact, applyInput, contactCreatedEvent, EMPTY_CONTACT, insertContacts, issuesError, saveChanges, stateOf, writeEnv, type ContactState } from './state';

// ——— For other domains: lead capture and SMS ———

export type UpsertContactData = {
  /** As the caller's schema parsed it (ZEmail: trimmed, lower case, valid): the key a contact is found by. */
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  companyName?: string | null;
  jobTitle?: string | null;
  source?: string | null;
  tags?: string[];
  customFields?: Record<string, CustomValue>;
};

export type CaptureOptions = { actorUserId?: string | null; via?: string };

/** Serializes concurrent captures of the same e-mail or phone within a transaction. */
async function lockKey(trx: Db, organizationId: string, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${organizationId}:${key}`}))`.execute(trx);
}

/**
 * Lead capture: finds the contact with this e-mail (primary or other) or creates it. A new
 * contact gets the data and the attribution as both first and latest; an existing one only gets
 * the new tags added and its latest attribution (and first, if it had none) — its other fields stay.
 * Call it inside the caller's transaction; timeline entries are written there.
 */
export async function upsertContactByEmail(trx: Db, organizationId: string, data: UpsertContactData, attribution?: TAttributionInput | null, options: CaptureOptions = {}) {
  return upsertCaptured(trx, organizationId, { email: data.email }, data, attribution, options);
}

/**
 * Lead capture by phone alone (a form without an e-mail field): the same rules as
 * upsertContactByEmail, the contact found by its E.164 number (primary or other).
 */
export async function upsertContactByPhone(
  trx: Db,
  organizationId: string,
  data: Omit<UpsertContactData, 'email' | 'phone'> & { phone: string },
  attribution?: TAttributionInput | null,
  options: CaptureOptions = {},
) {
  return upsertCaptured(trx, organizationId, { phone: data.phone }, data, attribution, options);
}

async function upsertCaptured(
  trx: Db,
  organizationId: string,
  key: { email: string } | { phone: string },
  data: Omit<UpsertContactData, 'email'> & { email?: string },
  attribution: TAttributionInput | null | undefined,
  options: CaptureOptions,
) {
  const byEmail = 'email' in key;
  const value = byEmail ? key.email : key.phone;
  await lockKey(trx, organizationId, `${byEmail ? 'email' : 'phone'}:${value}`);
  const actorUserId = options.actorUserId ?? null;
  const env = await writeEnv(trx, organizationId);
  const existing = await scoped(trx, organizationId)
    .selectFrom('contacts')
    .selectAll()
    .where(holdsAnyOf(byEmail ? 'email' : 'phone', [value]))
    .orderBy('created_at')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    const before = stateOf(existing);
    const { state, issues } = applyInput(before, { tags: uniqueTags([...before.tags, ...(data.tags ?? [])]), attribution: attribution ?? undefined }, env);
    if (issues.length > 0) throw issuesError(issues);
    await saveChanges(trx, organizationId, existing.id, before, state, actorUserId, { via: options.via ?? 'lead_capture' });
    return { contact: toContact(await loadContact(trx, organizationId, null, existing.id)), created: false, tagsAdded: tagChanges(before.tags, state.tags).tagsAdded };
  }
  const { state, issues } = applyInput(
    EMPTY_CONTACT,
    {
      ...(data.email ? { email: data.email } : {}),
      firstName: data.firstName?.trim() ?? undefined,
      lastName: data.lastName?.trim() ?? undefined,
      phone: data.phone?.trim() || undefined,
      companyName: data.companyName?.trim() || null,
      jobTitle: data.jobTitle?.trim() || null,
      source: data.source?.trim() || attribution?.source?.trim() || null,
      tags: data.tags,
      customFields: data.customFields,
      attribution: attribution ?? undefined,
    },
    env,
  );
  if (issues.length > 0) throw issuesError(issues);
  const [id] = await insertContacts(trx, organizationId, [{ state }], actorUserId, () => ({ via: options.via ?? 'lead_capture' }));
  await announceContact(trx, organizationId, id!, state, actorUserId);
  return { contact: toContact(await loadContact(trx, organizationId, null, id!)), created: true, tagsAdded: state.tags };
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * SMS: the contact with this E.164 number (primary or other), or a new one with just the number
 * (source 'sms'). Call it inside the caller's transaction; the creation is on the timeline.
 */
export async function findOrCreateContactByPhone(trx: Db, organizationId: string, e164: string, options: CaptureOptions = {}) {
  const { ids, created } = await findOrCreateContactIdsByPhone(trx, organizationId, [e164], options);
  return { contact: toContact(await loadContact(trx, organizationId, null, ids.get(e164)!)), created: created.has(e164) };
}

/**
 * Every contact holding this E.164 number (primary or other), oldest first: more than one means
 * a send to the bare number must say whose it is (server/sms).
 */
export async function contactsWithPhone(db: Db, organizationId: string, e164: string): Promise<{ id: string; name: string }[]> {
  const rows = await scoped(db, organizationId)
    .selectFrom('contacts')
    .select(['contacts.id', 'contacts.first_name', 'contacts.last_name', 'contacts.email', 'contacts.phone'])
    .where(sql<boolean>`(contacts.phone = ${e164} or ${e164} = any(contacts.other_phones))`)
    .orderBy('contacts.created_at')
    .orderBy('contacts.id')
    .limit(20)
    .execute();
  return rows.map((r) => ({ id: r.id, name: displayName(r) }));
}

/**
 * findOrCreateContactByPhone for many numbers at once (a batch of SMS sends): one lock statement,
 * one lookup, one insert and one announcement statement set for the lot; each new contact is
 * announced as a single one would be.
 * Resolves to each number's contact id and the numbers whose contact was created.
 */
export async function findOrCreateContactIdsByPhone(trx: Db, organizationId: string, numbers: string[], options: CaptureOptions = {}) {
  const invalid = numbers.find((n) => !E164.test(n));
  if (invalid !== undefined)
    throw new DomainError('VALIDATION', 'phone: must be an E.164 number such as +15551234567', { issues: [{ path: 'phone', message: 'must be an E.164 number such as +15551234567' }] });
  const distinct = [...new Set(numbers)].sort();
  const created = new Set<string>();
  if (distinct.length === 0) return { ids: new Map<string, string>(), created };
  // The same keys as lockKey, taken in one sorted order so two batches never deadlock.
  const keys = distinct.map((n) => `${organizationId}:phone:${n}`);
  await sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${keys}::text[]) as k order by k`.execute(trx);
  // The oldest contact holding a number wins, as in the single lookup.
  const ids = await contactIdsByKey(trx, organizationId, 'phone', distinct);
  const missing = distinct.filter((n) => !ids.has(n));
  const actorUserId = options.actorUserId ?? null;
  const states = missing.map((phone): ContactState => ({ ...EMPTY_CONTACT, phone, source: 'sms' }));
  const newIds = await insertContacts(
    trx,
    organizationId,
    states.map((state) => ({ state })),
    actorUserId,
    () => ({ via: options.via ?? 'sms' }),
  );
  for (const [index, phone] of missing.entries()) {
    ids.set(phone, newIds[index]!);
    created.add(phone);
  }
  await publishEvents(
    trx,
    missing.map((_, index) => contactCreatedEvent(organizationId, newIds[index]!, states[index]!, actorUserId)),
  );
  return { ids, created };
}
