import { sql } from 'kysely';
import type { z } from 'zod';
import { upsertContactByEmail, upsertContactByPhone } from '../contacts/capture';
import { matchingContactIds } from '../contacts/bulk';
import { CsvError, parseCsv } from '../contacts/csv';
import { contactIdsByKey } from '../contacts/held-keys';
import { CONTACT_LIMITS, isContactEmail } from '../contacts/schema';
import type { FilterValues } from '../contacts/repo';
import { organizationSettings } from '../contacts/state';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError, fieldError, unknownRecord } from '../errors';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { readSettings } from '../organizations/settings';
import { normalizePhone } from '../phone';
import { LIST_LIMITS, type TListSummary, type ZCreateListInput, type ZImportListInput, type ZListContactsInput, type ZListIdInput, type ZListMatchingInput, type ZRenameListInput } from './schema';

/**
 * Static lists (issue #18): named sets of contacts a campaign's audience can name (`list`
 * condition, server/campaigns/audience.ts), filled from a selection in the contacts list or by a
 * CSV import. A list holds contacts, not addresses: a contact's current address and opt-outs apply
 * when the campaign sends, like any segment's.
 */

type ListRow = { id: string; name: string; created_at: Date; updated_at: Date };

async function summaries(db: Db, organizationId: string, ids?: string[]): Promise<TListSummary[]> {
  let query = scoped(db, organizationId)
    .selectFrom('campaign_lists')
    .select(['campaign_lists.id', 'campaign_lists.name', 'campaign_lists.created_at', 'campaign_lists.updated_at'])
    .select((eb) =>
      eb
        .selectFrom('campaign_list_members as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('m.organization_id', '=', organizationId)
        .whereRef('m.list_id', '=', 'campaign_lists.id')
        .as('members'),
    )
    .orderBy(sql`lower(campaign_lists.name)`);
  if (ids) query = query.where('campaign_lists.id', 'in', ids);
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, name: r.name, members: Number(r.members ?? 0), createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString() }));
}

async function summary(db: Db, organizationId: string, id: string): Promise<TListSummary> {
  const [list] = await summaries(db, organizationId, [id]);
  if (!list) throw unknownRecord('id', 'no such list');
  return list;
}

async function requireList(trx: Db, organizationId: string, id: string, { lock = false } = {}): Promise<ListRow> {
  let query = scoped(trx, organizationId).selectFrom('campaign_lists').select(['id', 'name', 'created_at', 'updated_at']).where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw unknownRecord('id', 'no such list');
  return row;
}

async function assertNameFree(trx: Db, organizationId: string, name: string, except?: string) {
  let query = scoped(trx, organizationId)
    .selectFrom('campaign_lists')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (except) query = query.where('id', '<>', except);
  if (await query.executeTakeFirst()) throw new DomainError('CONFLICT', `A list named “${name}” exists already`, { issues: [{ path: 'name', message: 'is taken by another list' }] });
}

async function insertList(trx: Db, ctx: OrgContext, name: string): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${ctx.organizationId}:campaign-list:${name.toLowerCase()}`}))`.execute(trx);
  await assertNameFree(trx, ctx.organizationId, name);
  const row = await trx
    .insertInto('campaign_lists')
    .values({ organization_id: ctx.organizationId, name, created_by: actorIdOf(ctx) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listLists(ctx: OrgContext) {
  return { items: await summaries(ctx.db, ctx.organizationId) };
}

export async function getList(ctx: OrgContext, { id }: z.output<typeof ZListIdInput>) {
  return summary(ctx.db, ctx.organizationId, id);
}

export async function createList(ctx: OrgContext, { name }: z.output<typeof ZCreateListInput>) {
  const id = await ctx.db.transaction().execute((trx) => insertList(trx, ctx, name));
  return summary(ctx.db, ctx.organizationId, id);
}

export async function renameList(ctx: OrgContext, { id, name }: z.output<typeof ZRenameListInput>) {
  await ctx.db.transaction().execute(async (trx) => {
    await requireList(trx, ctx.organizationId, id, { lock: true });
    await assertNameFree(trx, ctx.organizationId, name, id);
    await scoped(trx, ctx.organizationId).updateTable('campaign_lists').set({ name, updated_at: new Date() }).where('id', '=', id).execute();
  });
  return summary(ctx.db, ctx.organizationId, id);
}

/** Deleting a list leaves its contacts; a campaign that already sent to it keeps its recipients, a draft naming it is refused when it sends. */
export async function deleteList(ctx: OrgContext, { id }: z.output<typeof ZListIdInput>) {
  await ctx.db.transaction().execute(async (trx) => {
    await requireList(trx, ctx.organizationId, id, { lock: true });
    await scoped(trx, ctx.organizationId).deleteFrom('campaign_lists').where('id', '=', id).execute();
  });
  return { id };
}

/** Adds the organization's contacts among `ids` to the list; an id that is no contact of the organization refuses the whole call. */
async function addMembers(trx: Db, organizationId: string, listId: string, ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const known = await scoped(trx, organizationId).selectFrom('contacts').select('id').where('id', 'in', unique).execute();
  if (known.length !== unique.length) {
    const found = new Set(known.map((k) => k.id));
    const index = ids.findIndex((id) => !found.has(id));
    throw unknownRecord(`contactIds.${index}`, 'no such contact');
  }
  const added = await trx
    .insertInto('campaign_list_members')
    .values(unique.map((contact_id) => ({ organization_id: organizationId, list_id: listId, contact_id })))
    .onConflict((oc) => oc.columns(['list_id', 'contact_id']).doNothing())
    .returning('contact_id')
    .execute();
  if (added.length > 0) await scoped(trx, organizationId).updateTable('campaign_lists').set({ updated_at: new Date() }).where('id', '=', listId).execute();
  return added.length;
}

export async function addContactsToList(ctx: OrgContext, { id, contactIds }: z.output<typeof ZListContactsInput>) {
  const changed = await ctx.db.transaction().execute(async (trx) => {
    await requireList(trx, ctx.organizationId, id, { lock: true });
    return addMembers(trx, ctx.organizationId, id, contactIds);
  });
  return { list: await summary(ctx.db, ctx.organizationId, id), changed };
}

/** The contacts list's "all matching": the filter is resolved here, as the bulk actions resolve it, not paged through by the client. */
export async function addMatchingContactsToList(ctx: OrgContext, { id, filter }: z.output<typeof ZListMatchingInput>) {
  const [ownerOnly, settings] = await Promise.all([ownerOnlyFilter(ctx.db, ctx.auth), organizationSettings(ctx.db, ctx.organizationId)]);
  const changed = await ctx.db.transaction().execute(async (trx) => {
    await requireList(trx, ctx.organizationId, id, { lock: true });
    return addMembers(trx, ctx.organizationId, id, await matchingContactIds(trx, ctx.organizationId, ownerOnly, filter as FilterValues, settings.timezone));
  });
  return { list: await summary(ctx.db, ctx.organizationId, id), changed };
}

export async function removeContactsFromList(ctx: OrgContext, { id, contactIds }: z.output<typeof ZListContactsInput>) {
  const changed = await ctx.db.transaction().execute(async (trx) => {
    await requireList(trx, ctx.organizationId, id, { lock: true });
    const removed = await scoped(trx, ctx.organizationId).deleteFrom('campaign_list_members').where('list_id', '=', id).where('contact_id', 'in', contactIds).executeTakeFirst();
    const n = Number(removed.numDeletedRows);
    if (n > 0) await scoped(trx, ctx.organizationId).updateTable('campaign_lists').set({ updated_at: new Date() }).where('id', '=', id).execute();
    return n;
  });
  return { list: await summary(ctx.db, ctx.organizationId, id), changed };
}

const EMAIL_HEADERS = ['email', 'e-mail', 'email address', 'e-mail address', 'mail'];
const PHONE_HEADERS = ['phone', 'phone number', 'mobile', 'mobile phone', 'cell', 'sms', 'telephone'];
const FIRST_HEADERS = ['first name', 'firstname', 'first_name', 'given name', 'name'];
const LAST_HEADERS = ['last name', 'lastname', 'last_name', 'surname', 'family name'];
/** A skipped row's value as reported: a cell can be megabytes long. */
const reported = (value: string) => (value.length > CONTACT_LIMITS.email ? `${value.slice(0, CONTACT_LIMITS.email)}…` : value);

/**
 * A CSV into a list, as a user bringing a spreadsheet of people expects: each row is found among the
 * contacts by its e-mail (primary or other, any case), else its phone (E.164 in the organization's
 * country); a row that matches none becomes a new contact (with the row's names) unless
 * `createMissing` is false, when it is reported. Rows without a valid address are reported with
 * their line. One transaction: the list changes entirely or not at all.
 */
export async function importList(ctx: OrgContext, input: z.output<typeof ZImportListInput>) {
  let parsed;
  try {
    parsed = parseCsv(input.csv);
  } catch (error) {
    if (error instanceof CsvError) throw fieldError('csv', error.message);
    throw error;
  }
  const header = parsed.headers.map((h) => h.trim().toLowerCase());
  const column = (names: string[]) => header.findIndex((h) => names.includes(h));
  const emailAt = column(EMAIL_HEADERS);
  const phoneAt = column(PHONE_HEADERS);
  if (emailAt < 0 && phoneAt < 0) throw fieldError('csv', 'needs a header line with an email or a phone column');
  if (parsed.rows.length > LIST_LIMITS.csvRows) throw fieldError('csv', `must have at most ${LIST_LIMITS.csvRows.toLocaleString('en-US')} rows`);
  const firstAt = column(FIRST_HEADERS);
  const lastAt = column(LAST_HEADERS);
  const { country } = await readSettings(ctx.db, ctx.organizationId);

  const skipped: { line: number; value: string; reason: string }[] = [];
  const rows: { line: number; email: string | null; phone: string | null; firstName: string | null; lastName: string | null }[] = [];
  parsed.rows.forEach((cells, i) => {
    const line = i + 2;
    const cell = (at: number) => (at >= 0 ? (cells[at] ?? '').trim() : '');
    const rawEmail = cell(emailAt).toLowerCase();
    const rawPhone = cell(phoneAt);
    const email = rawEmail && isContactEmail(rawEmail) ? rawEmail : null;
    const phoneResult = rawPhone && rawPhone.length <= CONTACT_LIMITS.phone ? normalizePhone(rawPhone, country) : null;
    const phone = phoneResult?.ok ? phoneResult.e164 : null;
    if (!email && !phone) {
      skipped.push({ line, value: reported(rawEmail || rawPhone), reason: rawEmail || rawPhone ? 'not a valid e-mail address or phone number' : 'no e-mail address or phone number' });
      return;
    }
    const [firstName, lastName] = [cell(firstAt), cell(lastAt)];
    const tooLong = firstName.length > CONTACT_LIMITS.name ? 'first name' : lastName.length > CONTACT_LIMITS.name ? 'last name' : null;
    if (tooLong) {
      skipped.push({ line, value: email ?? phone!, reason: `${tooLong} must be at most ${CONTACT_LIMITS.name} characters` });
      return;
    }
    rows.push({ line, email, phone, firstName: firstName || null, lastName: lastName || null });
  });

  return ctx.db.transaction().execute(async (trx) => {
    const listId = input.id ?? (await insertList(trx, ctx, input.name!));
    if (input.id) await requireList(trx, ctx.organizationId, input.id, { lock: true });
    const emails = [...new Set(rows.flatMap((r) => (r.email ? [r.email] : [])))];
    const phones = [...new Set(rows.flatMap((r) => (r.phone ? [r.phone] : [])))];
    const byEmail = await contactIdsByKey(trx, ctx.organizationId, 'email', emails);
    const byPhone = await contactIdsByKey(trx, ctx.organizationId, 'phone', phones);
    const ids: string[] = [];
    let matched = 0;
    let created = 0;
    for (const row of rows) {
      const existing = (row.email && byEmail.get(row.email)) || (row.phone && byPhone.get(row.phone));
      if (existing) {
        matched++;
        ids.push(existing);
        continue;
      }
      if (!input.createMissing) {
        skipped.push({ line: row.line, value: row.email ?? row.phone!, reason: 'matches no contact' });
        continue;
      }
      const data = { firstName: row.firstName, lastName: row.lastName, source: 'list import' };
      const options = { actorUserId: actorIdOf(ctx), via: 'list_import' };
      const result = row.email
        ? await upsertContactByEmail(trx, ctx.organizationId, { ...data, email: row.email, phone: row.phone }, null, options)
        : await upsertContactByPhone(trx, ctx.organizationId, { ...data, phone: row.phone! }, null, options);
      if (result.created) created++;
      else matched++;
      if (row.email) byEmail.set(row.email, result.contact.id);
      if (row.phone) byPhone.set(row.phone, result.contact.id);
      ids.push(result.contact.id);
    }
    const added = await addMembers(trx, ctx.organizationId, listId, ids);
    skipped.sort((a, b) => a.line - b.line);
    return { list: await summary(trx, ctx.organizationId, listId), rows: parsed.rows.length, matched, created, added, skipped: skipped.slice(0, LIST_LIMITS.reported), skippedCount: skipped.length };
  });
}
