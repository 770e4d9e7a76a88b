import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { DomainError, parseInput } from '../errors';
import { ZListNotificationsInput, ZNotificationIdInput } from './schema';

type Ctx = { db: Db; organizationId: string; userId: string };

const mine = (ctx: Ctx) => scoped(ctx.db, ctx.organizationId);

/** The caller's notifications in the current organization, newest first, with the unread count. */
export async function listNotifications(ctx: Ctx, rawInput: unknown) {
  const input = parseInput(ZListNotificationsInput, rawInput);
  let query = mine(ctx).selectFrom('notifications').where('user_id', '=', ctx.userId);
  if (input.unreadOnly) query = query.where('read_at', 'is', null);
  const [rows, unread] = await Promise.all([
    query.select(['id', 'type', 'title', 'message', 'link', 'read_at', 'created_at', 'event_id']).orderBy('created_at', 'desc').orderBy('id').limit(input.limit).execute(),
    mine(ctx)
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', ctx.userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      message: r.message,
      link: r.link,
      read: r.read_at !== null,
      eventId: r.event_id,
      timestamp: r.created_at.toISOString(),
    })),
    unread: Number(unread.n),
  };
}

export async function markNotificationRead(ctx: Ctx, rawInput: unknown): Promise<void> {
  const { id } = parseInput(ZNotificationIdInput, rawInput);
  const result = await mine(ctx).updateTable('notifications').set({ read_at: new Date() }).where('id', '=', id).where('user_id', '=', ctx.userId).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('NOT_FOUND', 'Notification not found');
}

export async function markAllNotificationsRead(ctx: Ctx): Promise<{ updated: number }> {
  const result = await mine(ctx).updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', ctx.userId).where('read_at', 'is', null).executeTakeFirst();
  return { updated: Number(result.numUpdatedRows) };
}

export async function removeNotification(ctx: Ctx, rawInput: unknown): Promise<void> {
  const { id } = parseInput(ZNotificationIdInput, rawInput);
  const result = await mine(ctx).deleteFrom('notifications').where('id', '=', id).where('user_id', '=', ctx.userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new DomainError('NOT_FOUND', 'Notification not found');
}
