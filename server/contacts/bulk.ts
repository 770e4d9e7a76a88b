import { sql } from 'kysely';
import type { z } from 'zod';
import { recordActivities } from '../activities/service';
import { assertPermission } from '../kernel/access';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import { publishEvent, publishEvents } from '../events/publish';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { assertMember, ownerOnlyFilter } from '../organizations/members';
import { and, contactsOf, filterConditions, loadContacts, type ContactRow, type FilterValues } from './repo';
import { CONTACT_LIMITS, type TBulkAction, type ZBulkContactsInput } from './schema';
import { organizationSettings } from './state';
import { deleteRows } from './write';

// ——— Bulk ———

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
      const found = await contactsOf(trx, ctx.organizationId, ownerOnly).select('id').where('id', 'in', ids).execute();
      const missing = ids.length - found.length;
      if (missing > 0) throw new DomainError('NOT_FOUND', missing === 1 && ids.length === 1 ? 'Contact not found' : `${missing} of the ${ids.length} selected contacts were not found`);
    } else {
      const rows = await contactsOf(trx, ctx.organizationId, ownerOnly)
        .select('id')
        .where(and(filterConditions(input.filter as FilterValues, settings.timezone)))
        .orderBy('created_at')
        .orderBy('id')
        .limit(CONTACT_LIMITS.bulkMatching + 1)
        .execute();
      if (rows.length > CONTACT_LIMITS.bulkMatching) {
        const message = `matches more than ${CONTACT_LIMITS.bulkMatching.toLocaleString('en')} contacts; narrow it down to change at most that many at once`;
        throw new DomainError('VALIDATION', `filter: ${message}`, { issues: [{ path: 'filter', message }] });
      }
      ids = rows.map((r) => r.id);
    }
    const changedIds: string[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await loadContacts(trx, ctx.organizationId, ownerOnly, ids.slice(i, i + 500), { lock: true });
      changedIds.push(...(await applyBulk(trx, ctx, rows, action, actorUserId)));
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

/** Changes one batch of contacts; resolves to the ids it changed. */
async function applyBulk(trx: Db, ctx: OrgContext, rows: ContactRow[], action: TBulkAction, actorUserId: string | null): Promise<string[]> {
  const org = scoped(trx, ctx.organizationId);
  const base = (row: ContactRow) => ({ organizationId: ctx.organizationId, contactId: row.id, actorUserId });
  const now = new Date();
  switch (action.type) {
    case 'addTag': {
      const targets = rows.filter((r) => !r.tags.includes(action.tag));
      if (targets.length === 0) return [];
      await org
        .updateTable('contacts')
        .set({ tags: sql`array_append(contacts.tags, ${action.tag})`, updated_at: now })
        .where(
          'id',
          'in',
          targets.map((r) => r.id),
        )
        .execute();
      await recordActivities(
        trx,
        targets.map((r) => ({ ...base(r), type: 'tags_changed', payload: { added: [action.tag], removed: [], bulk: true } })),
      );
      return targets.map((r) => r.id);
    }
    case 'removeTag': {
      const targets = rows.filter((r) => r.tags.includes(action.tag));
      if (targets.length === 0) return [];
      await org
        .updateTable('contacts')
        .set({ tags: sql`array_remove(contacts.tags, ${action.tag})`, updated_at: now })
        .where(
          'id',
          'in',
          targets.map((r) => r.id),
        )
        .execute();
      await recordActivities(
        trx,
        targets.map((r) => ({ ...base(r), type: 'tags_changed', payload: { added: [], removed: [action.tag], bulk: true } })),
      );
      return targets.map((r) => r.id);
    }
    case 'assignOwner': {
      const targets = rows.filter((r) => r.owner_id !== action.ownerId);
      if (targets.length === 0) return [];
      await org
        .updateTable('contacts')
        .set({ owner_id: action.ownerId, updated_at: now })
        .where(
          'id',
          'in',
          targets.map((r) => r.id),
        )
        .execute();
      await recordActivities(
        trx,
        targets.map((r) => ({ ...base(r), type: 'owner_changed', payload: { from: r.owner_id, to: action.ownerId, bulk: true } })),
      );
      return targets.map((r) => r.id);
    }
    case 'changeStage': {
      const targets = rows.filter((r) => r.lifecycle_stage !== action.lifecycleStage);
      if (targets.length === 0) return [];
      await org
        .updateTable('contacts')
        .set({ lifecycle_stage: action.lifecycleStage, updated_at: now })
        .where(
          'id',
          'in',
          targets.map((r) => r.id),
        )
        .execute();
      await recordActivities(
        trx,
        targets.map((r) => ({ ...base(r), type: 'stage_changed', payload: { from: r.lifecycle_stage, to: action.lifecycleStage, bulk: true } })),
      );
      return targets.map((r) => r.id);
    }
    case 'delete':
      await deleteRows(trx, ctx, rows);
      return rows.map((r) => r.id);
  }
}
