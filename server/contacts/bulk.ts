import { sql } from 'kysely';
import type { z } from 'zod';
import { assertPermission } from '../kernel/access';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { publishEvent, publishEvents } from '../events/publish';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { assertMember, ownerOnlyFilter } from '../organizations/members';
import { and, contactsOf, filterConditions, loadContacts, type FilterValues } from './repo';
import { CONTACT_LIMITS, type TBulkAction, type ZBulkContactsInput } from './schema';
import { organizationSettings } from './state';
import { deleteRows } from './write';

// ——— Bulk ———

/** The ids of the contacts matching the contacts list's filter (as the member sees them), refused past the bulk limit. */
export async function matchingContactIds(trx: Db, organizationId: string, ownerOnly: Awaited<ReturnType<typeof ownerOnlyFilter>>, filter: FilterValues, timezone: string): Promise<string[]> {
  const rows = await contactsOf(trx, organizationId, ownerOnly)
    .select('id')
    .where(and(filterConditions(filter, timezone)))
    .orderBy('created_at')
    .orderBy('id')
    .limit(CONTACT_LIMITS.bulkMatching + 1)
    .execute();
  if (rows.length > CONTACT_LIMITS.bulkMatching) {
    const message = `matches more than ${CONTACT_LIMITS.bulkMatching.toLocaleString('en')} contacts; narrow it down to change at most that many at once`;
    throw new DomainError('VALIDATION', `filter: ${message}`, { issues: [{ path: 'filter', message }] });
  }
  return rows.map((r) => r.id);
}

/**
 * One change (add/remove a tag, assign an owner, change the stage, delete) on the selected
 * contacts or on every contact matching a filter, in one transaction, each changed contact's
 * timeline entry written. Contacts already in the wanted state are left as they are.
 */
export async function bulkUpdateContacts(ctx: OrgContext, input: z.output<typeof ZBulkContactsInput>): Promise<{ matched: number; changed: number }> {
  const { action } = input;
  if (action.type === 'delete') assertPermission(ctx.auth, 'contacts:delete');
  const [ownerOnly, settings] = await Promise.all([ownerOnlyFilter(ctx.db, ctx.auth), organizationSettings(ctx.db, ctx.organizationId)]);
  if (action.type === 'assignOwner') await assertMember(ctx.db, ctx.organizationId, action.ownerId, 'action.ownerId');
  const actorUserId = actorIdOf(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    let ids: string[];
    if (input.ids) {
      ids = [...new Set(input.ids)];
      const found = await contactsOf(trx, ctx.organizationId, ownerOnly)
        .select('id')
        .where(sql<boolean>`id = any(${ids}::uuid[])`)
        .execute();
      const missing = ids.length - found.length;
      if (missing > 0) throw new DomainError('NOT_FOUND', missing === 1 && ids.length === 1 ? 'Contact not found' : `${missing} of the ${ids.length} selected contacts were not found`);
    } else {
      ids = await matchingContactIds(trx, ctx.organizationId, ownerOnly, input.filter as FilterValues, settings.timezone);
    }
    const changedIds: string[] = [];
    if (action.type === 'delete') {
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await loadContacts(trx, ctx.organizationId, ownerOnly, ids.slice(i, i + 500), { lock: true });
        await deleteRows(trx, ctx, rows);
        changedIds.push(...rows.map((r) => r.id));
      }
    } else {
      for (let i = 0; i < ids.length; i += BULK_STATEMENT_ROWS) changedIds.push(...(await applyBulk(trx, ctx, ownerOnly, ids.slice(i, i + BULK_STATEMENT_ROWS), action, actorUserId)));
    }
    const changed = changedIds.length;
    if (changed > 0 && action.type === 'assignOwner') {
      // Contacts handed to a member by the bulk action: whom, and how many changed hands (notification e-mails).
      const payload = { contactIds: changedIds.slice(0, 1000), count: ids.length, ownerId: action.ownerId, assignedCount: changed, fieldsChanged: ['owner_id'] };
      await publishEvent(trx, { organizationId: ctx.organizationId, type: 'contact_updated', payload, actorUserId });
    } else if (changed > 0 && action.type !== 'delete') {
      // Every changed contact named, a thousand an event: automations' tag and field triggers enrol each one.
      const change =
        action.type === 'addTag' ? { tagsAdded: [action.tag], tagsRemoved: [] } : action.type === 'removeTag' ? { tagsAdded: [], tagsRemoved: [action.tag] } : { fieldsChanged: ['status'] };
      const events = [];
      for (let i = 0; i < changed; i += 1000) {
        events.push({ organizationId: ctx.organizationId, type: 'contact_updated' as const, payload: { contactIds: changedIds.slice(i, i + 1000), count: ids.length, ...change }, actorUserId });
      }
      await publishEvents(trx, events);
    }
    return { matched: ids.length, changed };
  });
}

/** The contacts one statement of the bulk action changes (a lock, an update and their timeline entries each). */
const BULK_STATEMENT_ROWS = 2000;

/**
 * Changes one batch of contacts in one statement: the contacts not yet in the wanted state are
 * locked and changed, and each gets its timeline entry (the old value read under the lock);
 * resolves to the ids it changed, in the batch's order.
 */
async function applyBulk(trx: Db, ctx: OrgContext, ownerOnly: string | null, ids: string[], action: Exclude<TBulkAction, { type: 'delete' }>, actorUserId: string | null): Promise<string[]> {
  const { organizationId } = ctx;
  const now = new Date();
  const change = bulkChange(action);
  const changed = await trx
    .with('targets', () =>
      contactsOf(trx, organizationId, ownerOnly)
        .select(['contacts.id', sql<string | null>`${sql.ref(`contacts.${change.column}`)}::text`.as('before')])
        .where(sql<boolean>`contacts.id = any(${ids}::uuid[])`)
        .where(change.pending)
        .orderBy('contacts.id')
        .forUpdate(),
    )
    .with('changed', (db) =>
      db
        .updateTable('contacts')
        .from('targets')
        .set({ ...change.set, updated_at: now })
        .whereRef('contacts.id', '=', 'targets.id')
        .where('contacts.organization_id', '=', organizationId)
        .returning(['contacts.id', 'targets.before']),
    )
    .insertInto('activities')
    .columns(['organization_id', 'contact_id', 'type', 'actor_user_id', 'payload'])
    .expression((eb) =>
      eb
        .selectFrom('changed')
        .select([
          sql<string>`${organizationId}::uuid`.as('organization_id'),
          'changed.id',
          sql<string>`${change.activity}`.as('type'),
          sql<string | null>`${actorUserId}::uuid`.as('actor_user_id'),
          change.payload,
        ]),
    )
    .returning('contact_id')
    .execute();
  const done = new Set(changed.map((r) => r.contact_id));
  return ids.filter((id) => done.has(id));
}

/** Per action: the column it changes, which contacts it changes, the change, and the timeline entry (its payload from the old value, `changed.before`). */
function bulkChange(action: Exclude<TBulkAction, { type: 'delete' }>) {
  const before = sql.ref('changed.before');
  switch (action.type) {
    case 'addTag':
      return {
        column: 'tags',
        pending: sql<boolean>`not (${action.tag} = any(contacts.tags))`,
        set: { tags: sql<string[]>`array_append(contacts.tags, ${action.tag})` },
        activity: 'tags_changed',
        payload: sql<string>`jsonb_build_object('added', jsonb_build_array(${action.tag}::text), 'removed', '[]'::jsonb, 'bulk', true)`.as('payload'),
      };
    case 'removeTag':
      return {
        column: 'tags',
        pending: sql<boolean>`${action.tag} = any(contacts.tags)`,
        set: { tags: sql<string[]>`array_remove(contacts.tags, ${action.tag})` },
        activity: 'tags_changed',
        payload: sql<string>`jsonb_build_object('added', '[]'::jsonb, 'removed', jsonb_build_array(${action.tag}::text), 'bulk', true)`.as('payload'),
      };
    case 'assignOwner':
      return {
        column: 'owner_id',
        pending: sql<boolean>`contacts.owner_id is distinct from ${action.ownerId}::uuid`,
        set: { owner_id: action.ownerId },
        activity: 'owner_changed',
        payload: sql<string>`jsonb_build_object('from', ${before}, 'to', ${action.ownerId}::text, 'bulk', true)`.as('payload'),
      };
    case 'changeStage':
      return {
        column: 'lifecycle_stage',
        pending: sql<boolean>`contacts.lifecycle_stage is distinct from ${action.lifecycleStage}`,
        set: { lifecycle_stage: action.lifecycleStage },
        activity: 'stage_changed',
        payload: sql<string>`jsonb_build_object('from', ${before}, 'to', ${action.lifecycleStage}::text, 'bulk', true)`.as('payload'),
      };
  }
}
