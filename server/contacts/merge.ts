import { sql } from 'kysely';
import type { z } from 'zod';
import { recordActivity } from '../activities/service';
import type { Db } from '../db';
import type { Attribution } from '../db/schema';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { normalizePhone } from '../phone';
import { readContact } from './read';
import { contactsOf, displayName, loadContacts, toContact, type ContactRow } from './repo';
import { MERGE_FIELDS, uniqueTags, ZEmailOnly, type TMergeField, type ZContactMatchesInput, type ZFindDuplicatesInput, type ZMergeContactsInput } from './schema';
import { changeActivities, changedFields, columnsOf, organizationSettings, same, stateOf, tidy, type ContactState } from './state';

// ——— Duplicates and merge ———

type DuplicateReason = { type: 'email' | 'phone' | 'name'; value: string };

/**
 * Groups of contacts that look like the same person: sharing an e-mail (primary or other), a
 * phone (primary or other), or the same first and last name at the same company (case and spacing ignored).
 */
export async function findDuplicates(ctx: OrgContext, input: z.output<typeof ZFindDuplicatesInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const contacts = () => contactsOf(ctx.db, ctx.organizationId, ownerOnly);
  const grouped = async (type: DuplicateReason['type'], values: ReturnType<typeof contacts>) => {
    const sub = values.as('d');
    const rows = await ctx.db
      .selectFrom(sub as never)
      .select([sql<string>`d.v`.as('v'), sql<string[]>`array_agg(distinct d.id::text)`.as('ids')])
      .where(sql<boolean>`d.v is not null and d.v <> ''`)
      .groupBy(sql`d.v`)
      .having(sql<boolean>`count(distinct d.id) > 1`)
      .orderBy(sql`d.v`)
      .limit(input.limit)
      .execute();
    return rows.map((r) => ({ type, value: r.v, ids: [...r.ids].sort() }));
  };
  const emails = contacts().select(['contacts.id', sql<string>`lower(unnest(array_prepend(contacts.email, contacts.other_emails)))`.as('v')]);
  const phones = contacts().select(['contacts.id', sql<string>`unnest(array_prepend(contacts.phone, contacts.other_phones))`.as('v')]);
  const names = contacts()
    .select([
      'contacts.id',
      sql<string>`regexp_replace(lower(trim(contacts.first_name) || ' ' || trim(contacts.last_name)), '\\s+', ' ', 'g') || ' @ ' || regexp_replace(lower(trim(coalesce(contacts.company_name, ''))), '\\s+', ' ', 'g')`.as(
        'v',
      ),
    ])
    .where(sql<boolean>`(trim(contacts.first_name) <> '' or trim(contacts.last_name) <> '')`);
  const found = [...(await grouped('email', emails as never)), ...(await grouped('phone', phones as never)), ...(await grouped('name', names as never))];
  // The same contacts found by several reasons are one group.
  const groups = new Map<string, { ids: string[]; reasons: DuplicateReason[] }>();
  for (const g of found) {
    const key = g.ids.join(',');
    const group = groups.get(key) ?? { ids: g.ids, reasons: [] };
    group.reasons.push({ type: g.type, value: g.value });
    groups.set(key, group);
  }
  const all = [...groups.values()].slice(0, input.limit);
  const rows = await loadWithOwner(
    ctx.db,
    ctx.organizationId,
    all.flatMap((g) => g.ids),
  );
  const byId = new Map(rows.map((r) => [r.id, toContact(r)]));
  return {
    groups: all.map((g) => ({
      reasons: g.reasons,
      // Oldest first: the usual one to keep.
      contacts: g.ids
        .map((id) => byId.get(id)!)
        .filter(Boolean)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    })),
  };
}

/**
 * Other contacts that already hold this e-mail or phone (primary or other; e-mails in any case,
 * numbers read in the organization's country), for the warning of the contact form.
 */
export async function contactMatches(ctx: OrgContext, input: z.output<typeof ZContactMatchesInput>) {
  const email = input.email?.trim().toLowerCase() ?? '';
  const emailOk = ZEmailOnly.safeParse({ email }).success;
  const { country } = await organizationSettings(ctx.db, ctx.organizationId);
  const phone = input.phone?.trim() ? normalizePhone(input.phone, country) : null;
  const e164 = phone?.ok ? phone.e164 : null;
  if (!emailOk && !e164) return { matches: [] };
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const hasEmail = sql<boolean>`(contacts.email_lower = ${email} or ${email} = any(select lower(e) from unnest(contacts.other_emails) as e))`;
  const hasPhone = sql<boolean>`(contacts.phone = ${e164} or ${e164} = any(contacts.other_phones))`;
  let query = contactsOf(ctx.db, ctx.organizationId, ownerOnly)
    .select([
      'contacts.id',
      'contacts.first_name',
      'contacts.last_name',
      'contacts.email',
      'contacts.phone',
      emailOk ? hasEmail.as('same_email') : sql<boolean>`false`.as('same_email'),
      e164 ? hasPhone.as('same_phone') : sql<boolean>`false`.as('same_phone'),
    ])
    .where((eb) => eb.or([...(emailOk ? [hasEmail] : []), ...(e164 ? [hasPhone] : [])]));
  if (input.excludeId) query = query.where('contacts.id', '!=', input.excludeId);
  const rows = await query.orderBy('contacts.created_at').orderBy('contacts.id').limit(5).execute();
  return {
    matches: rows.map((r) => ({
      id: r.id,
      name: displayName(r),
      fields: [...(r.same_email ? (['email'] as const) : []), ...(r.same_phone ? (['phone'] as const) : [])],
    })),
  };
}

async function loadWithOwner(db: Db, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return contactsOf(db, organizationId, null)
    .leftJoin('users as owner', 'owner.id', 'contacts.owner_id')
    .selectAll('contacts')
    .select(['owner.name as owner_name', 'owner.email as owner_email'])
    .where('contacts.id', 'in', [...new Set(ids)])
    .execute();
}

const isEmptyValue = (v: unknown) => v === null || v === undefined || v === '';

/** The merged state: chosen values, everything else filled from either, lists united. */
function mergeStates(keep: ContactState, other: ContactState, keepRow: ContactRow, otherRow: ContactRow, choices: Record<string, 'keep' | 'merge'>) {
  const s: ContactState = { ...keep, customFields: { ...keep.customFields } };
  const taken: string[] = [];
  for (const field of MERGE_FIELDS as readonly TMergeField[]) {
    const choice = choices[field] ?? (isEmptyValue(keep[field]) && !isEmptyValue(other[field]) ? 'merge' : 'keep');
    if (choice === 'merge' && !same(keep[field], other[field])) {
      (s as Record<string, unknown>)[field] = other[field];
      taken.push(field);
    }
  }
  for (const [key, value] of Object.entries(other.customFields)) {
    const choice = choices[`customFields.${key}`] ?? (isEmptyValue(keep.customFields[key]) ? 'merge' : 'keep');
    if (choice === 'merge' && keep.customFields[key] !== value) {
      s.customFields[key] = value;
      taken.push(`customFields.${key}`);
    }
  }
  s.tags = uniqueTags([...keep.tags, ...other.tags]);
  // Every address and number either had stays on the contact.
  s.otherEmails = [keep.email, ...keep.otherEmails, other.email, ...other.otherEmails].filter((e): e is string => Boolean(e));
  s.otherPhones = [keep.phone, ...keep.otherPhones, other.phone, ...other.otherPhones].filter((p): p is string => Boolean(p));
  // Do-not-contact is kept if either asked for it.
  s.dncSms = keep.dncSms || other.dncSms;
  s.dncEmail = keep.dncEmail || other.dncEmail;
  s.dncCalls = keep.dncCalls || other.dncCalls;
  // The earlier first touch and the later latest touch.
  const at = (a: Attribution | null) => (a ? Date.parse(a.at) : NaN);
  if (other.firstAttribution && (!keep.firstAttribution || at(other.firstAttribution) < at(keep.firstAttribution))) s.firstAttribution = other.firstAttribution;
  if (other.latestAttribution && (!keep.latestAttribution || at(other.latestAttribution) > at(keep.latestAttribution))) s.latestAttribution = other.latestAttribution;
  const createdAt = otherRow.created_at < keepRow.created_at ? otherRow.created_at : keepRow.created_at;
  return { state: tidy(s), taken, createdAt };
}

/**
 * Merges one contact into another in one transaction: the kept contact takes the chosen values
 * and both contacts' tags, e-mails and phones; the merged one's timeline, deals, tasks and
 * appointments move to it; a 'merged' entry records what happened; the merged contact is deleted.
 */
export async function mergeContacts(ctx: OrgContext, input: z.output<typeof ZMergeContactsInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await ctx.db.transaction().execute(async (trx) => {
    // SMS delivery locks its messages, then their contact: take the merged contact's messages first too,
    // or a delivery report arriving during the merge deadlocks with it.
    await scoped(trx, ctx.organizationId).selectFrom('sms_messages').select('id').where('contact_id', '=', input.mergeId).orderBy('id').forUpdate().execute();
    const rows = await loadContacts(trx, ctx.organizationId, ownerOnly, [input.keepId, input.mergeId], { lock: true });
    const keepRow = rows.find((r) => r.id === input.keepId);
    const mergeRow = rows.find((r) => r.id === input.mergeId);
    if (!keepRow || !mergeRow) throw new DomainError('NOT_FOUND', 'Contact not found');
    const before = stateOf(keepRow);
    const merged = stateOf(mergeRow);
    const { state, taken, createdAt } = mergeStates(before, merged, keepRow, mergeRow, input.fields);
    const org = scoped(trx, ctx.organizationId);
    const changed = changedFields(before, state);
    await org
      .updateTable('contacts')
      .set({ ...columnsOf(changed), created_at: createdAt, updated_at: new Date() })
      .where('id', '=', keepRow.id)
      .execute();
    await org.updateTable('activities').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    await org.updateTable('deals').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    await org.updateTable('tasks').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    await org.updateTable('appointments').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    // Its text messages and website chats join the kept contact's conversations.
    await org.updateTable('sms_messages').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    await org.updateTable('chat_conversations').set({ contact_id: keepRow.id }).where('contact_id', '=', mergeRow.id).execute();
    const changes = changeActivities(ctx.organizationId, keepRow.id, before, state, null).map((a) => ({ type: a.type, ...a.payload }));
    await recordActivity(trx, {
      organizationId: ctx.organizationId,
      contactId: keepRow.id,
      type: 'merged',
      actorUserId: actorIdOf(ctx),
      payload: { mergedId: mergeRow.id, mergedName: displayName(mergeRow), taken, changes },
    });
    await org.deleteFrom('contacts').where('id', '=', mergeRow.id).execute();
  });
  return readContact(ctx.db, ctx.organizationId, null, input.keepId);
}
