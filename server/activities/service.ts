import type { Db } from '../db';
import { insertJsonRows, type JsonRow } from '../db/json-rows';
import type { ActivitiesTable } from '../db/schema';
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
  // One JSON parameter per thousand entries (insertJsonRows), not six bound values per entry.
  for (let i = 0; i < activities.length; i += 1000) {
    await insertJsonRows(db, 'activities', activityRows(activities.slice(i, i + 1000))).execute();
  }
}

/** The rows recordActivities stores, for a change that writes them in its own statement (insertJsonRows into activities, a part of a data-modifying WITH). */
export function activityRows(activities: ActivityInput[]): JsonRow<ActivitiesTable>[] {
  return activities.map((a) => ({
    organization_id: a.organizationId,
    contact_id: a.contactId ?? null,
    deal_id: a.dealId ?? null,
    type: a.type,
    actor_user_id: a.actorUserId,
    payload: a.payload ?? {},
  }));
}

/** A contact's or a deal's timeline, newest first, paged by id (keyset). */
export async function listActivities(
  ctx: Pick<OrgContext, 'db' | 'organizationId'>,
  target: { contactId: string } | { dealId: string },
  options: { before?: number; limit?: number; type?: string } = {},
) {
  let query = scoped(ctx.db, ctx.organizationId)
    .selectFrom('activities')
    .leftJoin('users', 'users.id', 'activities.actor_user_id')
    .select(['activities.id', 'activities.type', 'activities.payload', 'activities.created_at', 'activities.contact_id', 'activities.deal_id', 'users.name as actor_name']);
  query = 'contactId' in target ? query.where('activities.contact_id', '=', target.contactId) : query.where('activities.deal_id', '=', target.dealId);
  if (options.before) query = query.where('activities.id', '<', options.before);
  if (options.type) query = query.where('activities.type', '=', options.type);
  const limit = Math.min(options.limit ?? 50, 200);
  const rows = await query
    .orderBy('activities.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const emailStatus = await emailStatuses(ctx, page);
  return {
    items: page.map((r) => ({
      id: Number(r.id),
      type: r.type,
      payload: emailStatus.has(r.id) ? { ...(r.payload as Record<string, unknown>), ...emailStatus.get(r.id) } : r.payload,
      contactId: r.contact_id,
      dealId: r.deal_id,
      actor: r.actor_name,
      createdAt: r.created_at.toISOString(),
    })),
    nextBefore: rows.length > limit ? Number(rows[limit - 1]!.id) : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An e-mail's entry shows the message's current state (queued → sent → delivered, bounced…), read
 * from the message itself rather than copied into the entry, so it is never stale. Keyed by entry id.
 */
async function emailStatuses(ctx: Pick<OrgContext, 'db' | 'organizationId'>, rows: { id: number; type: string; payload: unknown }[]) {
  const byMessage = new Map<string, number[]>();
  for (const row of rows) {
    const messageId = row.type.startsWith('email_') ? (row.payload as { messageId?: unknown } | null)?.messageId : undefined;
    if (typeof messageId === 'string' && UUID.test(messageId)) byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), row.id]);
  }
  const found = new Map<number, { status: string; error: string | null }>();
  if (byMessage.size === 0) return found;
  const messages = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('email_messages')
    .select(['id', 'status', 'error'])
    .where('id', 'in', [...byMessage.keys()])
    .execute();
  for (const message of messages) for (const id of byMessage.get(message.id) ?? []) found.set(id, { status: message.status, error: message.error });
  return found;
}
