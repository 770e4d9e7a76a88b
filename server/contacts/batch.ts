import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import { recordActivities } from '../activities/service';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { batchItemError, DomainError, fieldError, validationError } from '../errors';
import { publishEvents, type EventInput } from '../events/publish';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { ownerOnlyFilter } from '../organizations/members';
import { normalizePhone } from '../phone';
import type { ZBatchItemError } from '../records/schema';
import { loadContacts, toContact, type ContactRow } from './repo';
import { ZCreateContactInput, ZDeleteContactInput, ZUpdateContactInput, ZUpsertContactFields, type ZContactIdProperty, type ZUpsertContactInput } from './schema';
import { deleteRows } from './write';
import {
  applyInput,
  changeActivities,
  changedFields,
  columnsOf,
  contactCreatedEvent,
  displayNameOf,
  EMPTY_CONTACT,
  hasIdentity,
  identityError,
  insertContacts,
  issuesError,
  stateOf,
  writeEnv,
  type ContactState,
} from './state';
import { fieldChanges, tagChanges } from './tag-changes';
import { holdsAnyOf } from './held-keys';

/*
 * Batches of /api/v1/contacts (issue #19, docs/decisions/036): up to 100 records created, updated,
 * upserted by e-mail or phone, or deleted in set-based statements — one lookup, one insert, one
 * update, one timeline insert and one event insert for the lot — each record parsed by its single
 * door's schema and refused in its own result; the accepted ones commit together with their events.
 */

type ItemError = z.output<typeof ZBatchItemError>;
type ContactRecord = ReturnType<typeof toContact>;
export type ContactBatchResult = { index: number; created: boolean; record: ContactRecord } | { index: number; error: ItemError };
type Written = { index: number; created: boolean; record: ContactRecord } | { index: number; error: DomainError };
export type ContactIdProperty = z.output<typeof ZContactIdProperty>;
export type ContactBatchMode = { kind: 'create' } | { kind: 'update' } | { kind: 'upsert'; idProperty: ContactIdProperty };

type Fields = z.output<typeof ZUpsertContactFields> & { id?: string };
/** A record on its way: its input, then the contact it changes (none: created) and its new state. */
type Pending = { index: number; fields: Fields; key?: string; row?: ContactRow; state?: ContactState };

const SCHEMAS = { create: ZCreateContactInput, update: ZUpdateContactInput, upsert: ZUpsertContactFields } as const;

/** Serialization keys shared with lead capture (capture.ts lockKey), so a batch and a form never create the same contact twice. */
const lockKeyOf = (organizationId: string, idProperty: ContactIdProperty, key: string) => `${organizationId}:${idProperty}:${key}`;

export async function writeContactsBatch(ctx: OrgContext, mode: ContactBatchMode, inputs: unknown[]): Promise<{ results: ContactBatchResult[] }> {
  const written = await writeContacts(ctx, mode, inputs);
  return { results: written.map((w) => ('error' in w ? { index: w.index, error: batchItemError(`inputs.${w.index}`, w.error) } : w)) };
}

/** POST /api/v1/contacts/upsert: one record of a batch upsert, refused as the single doors refuse. */
export async function upsertContact(ctx: OrgContext, { idProperty, ...fields }: z.output<typeof ZUpsertContactInput>) {
  const [written] = await writeContacts(ctx, { kind: 'upsert', idProperty }, [fields]);
  if ('error' in written!) throw written.error;
  return { created: written!.created, record: written!.record };
}

async function writeContacts(ctx: OrgContext, mode: ContactBatchMode, inputs: unknown[]): Promise<Written[]> {
  const errors = new Map<number, DomainError>();
  const refuse = (index: number, error: DomainError) => errors.set(index, error);
  const [env, ownerOnly] = await Promise.all([writeEnv(ctx.db, ctx.organizationId), ownerOnlyFilter(ctx.db, ctx.auth)]);
  const actorUserId = actorIdOf(ctx);

  // Each record through its single door's schema (the input guard already ran over the whole body).
  const pending: Pending[] = [];
  inputs.forEach((input, index) => {
    const parsed = SCHEMAS[mode.kind].safeParse(input);
    if (parsed.success) pending.push({ index, fields: parsed.data as Fields });
    else refuse(index, validationError(parsed.error));
  });

  // What finds each record's contact: its id, or its e-mail or phone (E.164); a key given twice is refused the second time.
  const firstWith = new Map<string, number>();
  for (const p of pending) {
    const key = keyOf(mode, p.fields, env.country);
    if (key instanceof DomainError) refuse(p.index, key);
    else if (key !== undefined && firstWith.has(key)) refuse(p.index, fieldError(keyField(mode), `is also given by inputs.${firstWith.get(key)}`));
    else if (key !== undefined) {
      firstWith.set(key, p.index);
      p.key = key;
    }
  }

  // Owners named (or, on a create, the creator by default) must be members.
  const owners = [...new Set(pending.flatMap((p) => (p.fields.ownerId ? [p.fields.ownerId] : [])))];
  const members = new Set(
    owners.length === 0 ? [] : (await scoped(ctx.db, ctx.organizationId).selectFrom('memberships').select('user_id').where('user_id', 'in', owners).execute()).map((m) => m.user_id),
  );
  for (const p of pending) if (p.fields.ownerId && !members.has(p.fields.ownerId)) refuse(p.index, fieldError('ownerId', 'is not a member of this organization'));

  const via = ctx.auth.via === 'apiKey' ? 'api' : 'manual';
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const live = () => pending.filter((p) => !errors.has(p.index));
    await findContacts(trx, ctx.organizationId, ownerOnly, mode, live(), refuse);
    for (const p of live()) {
      const before = p.row ? stateOf(p.row) : EMPTY_CONTACT;
      const { id: _id, ...fields } = p.fields;
      // Omitted on a new contact, the owner is whoever creates it; null leaves it unassigned.
      const ownerId = !p.row && fields.ownerId === undefined ? actorUserId : fields.ownerId;
      const { state, issues } = applyInput(before, { ...fields, ownerId }, env);
      if (issues.length > 0) refuse(p.index, issuesError(issues));
      else if (!hasIdentity(state)) refuse(p.index, identityError());
      else {
        if (!p.row && !state.source && state.firstAttribution?.source) state.source = state.firstAttribution.source;
        p.state = state;
      }
    }
    const accepted = live();
    const creates = accepted.filter((p) => !p.row).map((p) => ({ p, id: randomUUID() }));
    const changes = accepted.filter((p) => p.row && Object.keys(changedFields(stateOf(p.row), p.state!)).length > 0);
    // The events first: the statements after them touch the organization's shared counters
    // (contact and tag counts, kept by triggers), whose rows stay locked until the commit, so the
    // less follows them, the less concurrent batches wait for each other.
    await publishEvents(trx, [
      ...creates.map(({ p, id }) => contactCreatedEvent(ctx.organizationId, id, p.state!, actorUserId)),
      ...changes.map((p) => contactUpdatedEvent(ctx.organizationId, p.row!.id, stateOf(p.row!), p.state!, actorUserId)),
    ]);
    await updateContacts(
      trx,
      ctx.organizationId,
      changes.map((p) => ({ id: p.row!.id, state: p.state! })),
    );
    await recordActivities(
      trx,
      changes.flatMap((p) => changeActivities(ctx.organizationId, p.row!.id, stateOf(p.row!), p.state!, actorUserId)),
    );
    await insertContacts(
      trx,
      ctx.organizationId,
      creates.map(({ p, id }) => ({ id, state: p.state! })),
      actorUserId,
      () => ({ via }),
    );
    return new Map<number, string>([...creates.map(({ p, id }) => [p.index, id] as const), ...accepted.filter((p) => p.row).map((p) => [p.index, p.row!.id] as const)]);
  });
  const created = new Set(pending.filter((p) => !p.row).map((p) => p.index));
  ctx.deps.database.bulkWrote('contacts', [...ids.keys()].filter((index) => created.has(index)).length);
  // Read once committed, as the single doors read theirs.
  const records = await readRecords(ctx.db, ctx.organizationId, [...ids.values()]);
  return inputs.map((_, index): Written => {
    const error = errors.get(index);
    return error ? { index, error } : { index, created: created.has(index), record: records.get(ids.get(index)!)! };
  });
}

/** An id naming no contact the caller may see (another organization's among them), named as such. */
const contactNotFound = () => new DomainError('NOT_FOUND', 'Contact not found', { issues: [{ path: 'id', message: 'is not a contact of this organization' }] });

const keyField = (mode: ContactBatchMode) => (mode.kind === 'upsert' ? mode.idProperty : 'id');

/** The key a record finds its contact by: none on a create, its id on an update, its e-mail or E.164 phone on an upsert. */
function keyOf(mode: ContactBatchMode, fields: Fields, country: string | undefined): string | undefined | DomainError {
  if (mode.kind === 'create') return undefined;
  if (mode.kind === 'update') return fields.id;
  const raw = fields[mode.idProperty];
  if (!raw) return fieldError(mode.idProperty, `is required to upsert by ${mode.idProperty}`);
  if (mode.idProperty === 'email') return raw;
  const phone = normalizePhone(raw, country);
  return phone.ok ? phone.e164 : fieldError('phone', phone.reason);
}

/** Each record's contact, locked: by id (the caller's visible ones), or the oldest holding the e-mail or phone (primary or other). */
async function findContacts(trx: Db, organizationId: string, ownerOnly: string | null, mode: ContactBatchMode, pending: Pending[], refuse: (index: number, error: DomainError) => void) {
  const keys = pending.flatMap((p) => (p.key === undefined ? [] : [p.key]));
  if (mode.kind === 'create' || keys.length === 0) return;
  if (mode.kind === 'update') {
    const rows = new Map((await loadContacts(trx, organizationId, ownerOnly, [...keys].sort(), { lock: true })).map((r) => [r.id, r]));
    for (const p of pending) {
      p.row = rows.get(p.key!);
      if (!p.row) refuse(p.index, contactNotFound());
    }
    return;
  }
  const { idProperty } = mode;
  const byKey = new Map<string, ContactRow>();
  const lookUp = async (wanted: string[]) => {
    const rows = await scoped(trx, organizationId).selectFrom('contacts').selectAll().where(holdsAnyOf(idProperty, wanted)).orderBy('created_at').orderBy('id').forUpdate().execute();
    const asked = new Set(wanted);
    for (const row of rows) {
      const held = idProperty === 'email' ? [row.email, ...row.other_emails] : [row.phone, ...row.other_phones];
      for (const key of held) if (key && asked.has(key) && !byKey.has(key)) byKey.set(key, row);
    }
  };
  // The contacts found are held by their row locks. Only the keys no contact holds take an advisory
  // lock — lead capture's (capture.ts), in one sorted order so two batches never deadlock — and are
  // looked up again under it: a lock-table slot per new key, none per existing one.
  await lookUp(keys);
  const missing = keys.filter((k) => !byKey.has(k));
  if (missing.length > 0) {
    const lockKeys = missing.map((k) => lockKeyOf(organizationId, idProperty, k)).sort();
    await sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${lockKeys}::text[]) as k order by k`.execute(trx);
    await lookUp(missing);
  }
  for (const p of pending) {
    const row = byKey.get(p.key!);
    if (row && ownerOnly && row.owner_id !== ownerOnly)
      refuse(p.index, new DomainError('CONFLICT', `${idProperty}: belongs to a contact you may not edit`, { issues: [{ path: idProperty, message: 'belongs to a contact you may not edit' }] }));
    else p.row = row;
  }
}

/** The changed contacts' new states in one statement: every column of the state from one JSON parameter. */
async function updateContacts(trx: Db, organizationId: string, contacts: { id: string; state: ContactState }[]) {
  if (contacts.length === 0) return;
  const rows = contacts.map((c) => ({ id: c.id, ...columnsOf(c.state, 'value') }));
  const names = Object.keys(columnsOf(EMPTY_CONTACT));
  await sql`update contacts set ${sql.join(names.map((n) => sql`${sql.id(n)} = ${sql.ref(`r.${n}`)}`))}, updated_at = now()
    from jsonb_populate_recordset(null::contacts, ${JSON.stringify(rows)}::jsonb) as r
    where contacts.id = r.id and contacts.organization_id = ${organizationId}`.execute(trx);
}

/** The event a single update publishes (write.ts updateContact): owners for notification e-mails, tag and field changes for automations. */
function contactUpdatedEvent(organizationId: string, contactId: string, before: ContactState, after: ContactState, actorUserId: string | null): EventInput {
  const owners = after.ownerId !== before.ownerId ? { ownerId: after.ownerId, previousOwnerId: before.ownerId, name: displayNameOf(after) } : {};
  return { organizationId, type: 'contact_updated', payload: { contactIds: [contactId], ...owners, ...tagChanges(before.tags, after.tags), fieldsChanged: fieldChanges(before, after) }, actorUserId };
}

async function readRecords(trx: Db, organizationId: string, ids: string[]): Promise<Map<string, ContactRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await scoped(trx, organizationId)
    .selectFrom('contacts')
    .leftJoin('users as owner', 'owner.id', 'contacts.owner_id')
    .selectAll('contacts')
    .select(['owner.name as owner_name', 'owner.email as owner_email'])
    .where('contacts.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, toContact(r)]));
}

/** Deletes the caller's visible contacts among the records' ids in one transaction; each id not found is refused in its result. */
export async function deleteContactsBatch(ctx: OrgContext, inputs: unknown[]) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const parsed = inputs.map((input) => ZDeleteContactInput.safeParse(input));
  const ids = [...new Set(parsed.flatMap((p) => (p.success ? [p.data.id] : [])))].sort();
  const found = await ctx.db.transaction().execute(async (trx) => {
    const rows = await loadContacts(trx, ctx.organizationId, ownerOnly, ids, { lock: true });
    await deleteRows(trx, ctx, rows);
    return new Set(rows.map((r) => r.id));
  });
  const seen = new Set<string>();
  return {
    results: parsed.map((p, index) => {
      if (!p.success) return { index, error: batchItemError(`inputs.${index}`, validationError(p.error)) };
      const { id } = p.data;
      if (seen.has(id)) return { index, error: batchItemError(`inputs.${index}`, fieldError('id', 'is given twice')) };
      seen.add(id);
      if (!found.has(id)) return { index, error: batchItemError(`inputs.${index}`, contactNotFound()) };
      return { index, record: { id } };
    }),
  };
}
