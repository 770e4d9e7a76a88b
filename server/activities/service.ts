import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { OrgContext } from '../kernel/context';

export type ActivityInput = {
  organizationId: string;
  contactId?: string | null;
  dealId?: string | null;
  type: string;
  actorUserId: string | null;
  payload?: Record<string, unknown>;
};

/**
 * Writes one timeline entry. Call it inside the transaction of the change it records, so there is
 * never a change without its entry nor an entry without its change.
 */
export async function recordActivity(db: Db, activity: ActivityInput): Promise<void> {
  await recordActivities(db, [activity]);
}

export async function recordActivities(db: Db, activities: ActivityInput[]): Promise<void> {
  if (activities.length === 0) return;
  await db
    .insertInto('activities')
    .values(
      activities.map((a) => ({
        organization_id: a.organizationId,
        contact_id: a.contactId ?? null,
        deal_id: a.dealId ?? null,
        type: a.type,
        actor_user_id: a.actorUserId,
        payload: JSON.stringify(a.payload ?? {}),
      })),
    )
    .execute();
}

/** A contact's or a deal's timeline, newest first, paged by id (keyset). */
export async function listActivities(ctx: Pick<OrgContext, 'db' | 'organizationId'>, target: { contactId: string } | { dealId: string }, options: { before?: number; limit?: number } = {}) {
  let query = scoped(ctx.db, ctx.organizationId)
    .selectFrom('activities')
    .leftJoin('users', 'users.id', 'activities.actor_user_id')
    .select(['activities.id', 'activities.type', 'activities.payload', 'activities.created_at', 'activities.contact_id', 'activities.deal_id', 'users.name as actor_name']);
  query = 'contactId' in target ? query.where('activities.contact_id', '=', target.contactId) : query.where('activities.deal_id', '=', target.dealId);
  if (options.before) query = query.where('activities.id', '<', options.before);
  const limit = Math.min(options.limit ?? 50, 200);
  const rows = await query
    .orderBy('activities.id', 'desc')
    .limit(limit + 1)
    .execute();
  return {
    items: rows.slice(0, limit).map((r) => ({
      id: Number(r.id),
      type: r.type,
      payload: r.payload,
      contactId: r.contact_id,
      dealId: r.deal_id,
      actor: r.actor_name,
      createdAt: r.created_at.toISOString(),
    })),
    nextBefore: rows.length > limit ? Number(rows[limit - 1]!.id) : null,
  };
}
