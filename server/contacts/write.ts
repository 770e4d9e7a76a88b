import type { z } from 'zod';
import { recordActivities } from '../activities/service';
import { recordAudit } from '../audit/service';
import { actorOf } from '../kernel/caller';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { publishEvent } from '../events/publish';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { assertMember, ownerOnlyFilter } from '../organizations/members';
import { readContact } from './read';
import { displayName, loadContact, type ContactRow } from './repo';
import type { ZAddNoteInput, ZCreateContactInput, ZLogInteractionInput, ZDeleteContactInput, ZUpdateContactInput } from './schema';
import { announceContact, applyInput, EMPTY_CONTACT, hasIdentity, identityError, insertContacts, issuesError, saveChanges, stateOf, writeEnv, displayNameOf } from './state';
import { fieldChanges, tagChanges } from './tag-changes';

// ——— Create, update, delete, and notes ———

export async function createContact(ctx: OrgContext, input: z.output<typeof ZCreateContactInput>) {
  // Omitted, the owner is whoever creates the contact; null leaves it unassigned.
  const ownerId = input.ownerId === undefined ? actorIdOf(ctx) : input.ownerId;
  await assertMember(ctx.db, ctx.organizationId, ownerId, 'ownerId');
  const env = await writeEnv(ctx.db, ctx.organizationId);
  const { state, issues } = applyInput(EMPTY_CONTACT, { ...input, ownerId }, env);
  if (issues.length > 0) throw issuesError(issues);
  if (!hasIdentity(state)) throw identityError();
  if (!state.source && state.firstAttribution?.source) state.source = state.firstAttribution.source;
  const id = await ctx.db.transaction().execute(async (trx) => {
    const [created] = await insertContacts(trx, ctx.organizationId, [{ state }], actorIdOf(ctx), () => ({ via: ctx.auth.via === 'apiKey' ? 'api' : 'manual' }));
    await announceContact(trx, ctx.organizationId, created!, state, actorIdOf(ctx));
    return created!;
  });
  return readContact(ctx.db, ctx.organizationId, null, id);
}

export async function updateContact(ctx: OrgContext, input: z.output<typeof ZUpdateContactInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await loadContact(ctx.db, ctx.organizationId, ownerOnly, input.id);
  await assertMember(ctx.db, ctx.organizationId, input.ownerId, 'ownerId');
  const env = await writeEnv(ctx.db, ctx.organizationId);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await loadContact(trx, ctx.organizationId, ownerOnly, input.id, { lock: true });
    const before = stateOf(row);
    const { state, issues } = applyInput(before, input, env);
    if (issues.length > 0) throw issuesError(issues);
    if (!hasIdentity(state)) throw identityError();
    if (await saveChanges(trx, ctx.organizationId, row.id, before, state, actorIdOf(ctx))) {
      // A new owner is told (notification e-mails): who it is, who had it, and the contact's name; tag changes feed automations.
      const owners = state.ownerId !== before.ownerId ? { ownerId: state.ownerId, previousOwnerId: before.ownerId, name: displayNameOf(state) } : {};
      const tags = tagChanges(before.tags, state.tags);
      const fieldsChanged = fieldChanges(before, state);
      await publishEvent(trx, { organizationId: ctx.organizationId, type: 'contact_updated', payload: { contactIds: [row.id], ...owners, ...tags, fieldsChanged }, actorUserId: actorIdOf(ctx) });
    }
  });
  return readContact(ctx.db, ctx.organizationId, null, input.id);
}

/**
 * Deletes contacts. Their timeline goes with them; the deals that named them say so on their own
 * timeline, their tasks and appointments stay without a contact, and the audit log keeps who did it.
 */
export async function deleteRows(trx: Db, ctx: OrgContext, rows: Pick<ContactRow, 'id' | 'first_name' | 'last_name' | 'email' | 'phone'>[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  const org = scoped(trx, ctx.organizationId);
  const names = new Map(rows.map((r) => [r.id, displayName(r)]));
  for (let i = 0; i < ids.length; i += 1000) {
    const slice = ids.slice(i, i + 1000);
    const deals = await org.selectFrom('deals').select(['id', 'contact_id']).where('contact_id', 'in', slice).execute();
    await recordActivities(
      trx,
      deals.map((d) => ({
        organizationId: ctx.organizationId,
        dealId: d.id,
        type: 'contact_deleted',
        actorUserId: actorIdOf(ctx),
        payload: { contactId: d.contact_id, name: names.get(d.contact_id!) },
      })),
    );
    await org.deleteFrom('contacts').where('id', 'in', slice).execute();
  }
  await publishEvent(trx, { organizationId: ctx.organizationId, type: 'contact_deleted', payload: { contactIds: ids.slice(0, 1000), count: ids.length }, actorUserId: actorIdOf(ctx) });
  await recordAudit(trx, {
    organizationId: ctx.organizationId,
    actor: actorOf(ctx.auth),
    action: 'contacts.deleted',
    ...(rows.length === 1 ? { target: { type: 'contact', id: rows[0]!.id } } : {}),
    details: { count: rows.length, names: rows.slice(0, 20).map((r) => displayName(r)) },
    meta: ctx.meta,
  });
}

export async function deleteContact(ctx: OrgContext, { id }: z.output<typeof ZDeleteContactInput>): Promise<{ id: string }> {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await loadContact(trx, ctx.organizationId, ownerOnly, id, { lock: true });
    await deleteRows(trx, ctx, [row]);
  });
  return { id };
}

export async function addNote(ctx: OrgContext, input: z.output<typeof ZAddNoteInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  return ctx.db.transaction().execute(async (trx) => {
    await loadContact(trx, ctx.organizationId, ownerOnly, input.contactId);
    const row = await scoped(trx, ctx.organizationId)
      .insertInto('activities', { contact_id: input.contactId, deal_id: null, type: 'note', actor_user_id: actorIdOf(ctx), payload: JSON.stringify({ body: input.body }) })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), type: 'note', payload: { body: input.body }, contactId: input.contactId, dealId: null, actor: ctx.auth.user?.name ?? null, createdAt: row.created_at.toISOString() };
  });
}

/** A call or meeting with the contact, on its timeline with its outcome (`call_logged`, `meeting_logged`). */
export async function logInteraction(ctx: OrgContext, input: z.output<typeof ZLogInteractionInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  return ctx.db.transaction().execute(async (trx) => {
    await loadContact(trx, ctx.organizationId, ownerOnly, input.contactId);
    const type = `${input.kind}_logged`;
    const payload = { outcome: input.outcome, ...(input.notes ? { body: input.notes } : {}), ...(input.occurredAt ? { occurredAt: new Date(input.occurredAt).toISOString() } : {}) };
    const row = await scoped(trx, ctx.organizationId)
      .insertInto('activities', { contact_id: input.contactId, deal_id: null, type, actor_user_id: actorIdOf(ctx), payload: JSON.stringify(payload) })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), type, payload, contactId: input.contactId, dealId: null, actor: ctx.auth.user?.name ?? null, createdAt: row.created_at.toISOString() };
  });
}
