import { sql } from 'kysely';
import type { z } from 'zod';
import { recordActivities } from '../activities/service';
import { assertPermission } from '../auth/resolve';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import { publishEvent } from '../events/publish';
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
    let changed = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await loadContacts(trx, ctx.organizationId, ownerOnly, ids.slice(i, i + 500), { lock: true });
      changed += await applyBulk(trx, ctx, rows, action, actorUserId);
    }
    if (changed > 0 && action.type !== 'delete') {
      await publishEvent(trx, { organizationId: ctx.organizationId, type: 'contact_updated', payload: { contactIds: ids.slice(0, 1000), count: ids.length }, actorUserId });
    }
    return { matched: ids.length, changed };
  });
}

async function applyBulk(trx: Db, ctx: OrgContext, rows: ContactRow[], action: TBulkAction, actorUserId: string | null): Promise<number> {
  const org = scoped(trx, ctx.organizationId);
  const base = (row: ContactRow) => ({ organizationId: ctx.organizationId, contactId: row.id, actorUserId });
  const now = new Date();
  switch (action.type) {
    case 'addTag': {
      const targets = rows.filter((r) => !r.tags.includes(action.tag));
      if (targets.length === 0) return 0;
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
      return targets.length;
    }
    case 'removeTag': {
      const targets = rows.filter((r) => r.tags.includes(action.tag));
      if (targets.length === 0) return 0;
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
      return targets.length;
    }
    case 'assignOwner': {
      const targets = rows.filter((r) => r.owner_id !== action.ownerId);
      if (targets.length === 0) return 0;
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
      return targets.length;
    }
    case 'changeStage': {
      const targets = rows.filter((r) => r.lifecycle_stage !== action.lifecycleStage);
      if (targets.length === 0) return 0;
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
      return targets.length;
    }
    case 'delete':
      await deleteRows(trx, ctx, rows);
      return rows.length;
  }
}
