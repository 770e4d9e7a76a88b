import type { z } from 'zod';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import type { OrgContext } from '../kernel/context';
import type { ZListNotificationsInput, ZNotificationIdInput } from './schema';

/** A member's own notifications: the organization's, for the signed-in user (notifications/router.ts requires one). */
type Recipient = Pick<OrgContext, 'db' | 'organizationId'> & { auth: { user: { id: string } } };

const mine = (ctx: Recipient) => scoped(ctx.db, ctx.organizationId);

/** The caller's notifications in the current organization, newest first, with the unread count. */
export async function listNotifications(ctx: Recipient, input: z.output<typeof ZListNotificationsInput>) {
  const userId = ctx.auth.user.id;
  let query = mine(ctx).selectFrom('notifications').where('user_id', '=', userId);
  if (input.unreadOnly) query = query.where('read_at', 'is', null);
  const [rows, unread] = await Promise.all([
    query.select(['id', 'type', 'title', 'message', 'link', 'read_at', 'created_at', 'event_id']).orderBy('created_at', 'desc').orderBy('id').limit(input.limit).execute(),
    mine(ctx)
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
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

export async function markNotificationRead(ctx: Recipient, { id }: z.output<typeof ZNotificationIdInput>): Promise<void> {
  const result = await mine(ctx).updateTable('notifications').set({ read_at: new Date() }).where('id', '=', id).where('user_id', '=', ctx.auth.user.id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('NOT_FOUND', 'Notification not found');
}

export async function markAllNotificationsRead(ctx: Recipient): Promise<{ updated: number }> {
  const result = await mine(ctx).updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', ctx.auth.user.id).where('read_at', 'is', null).executeTakeFirst();
  return { updated: Number(result.numUpdatedRows) };
}

export async function removeNotification(ctx: Recipient, { id }: z.output<typeof ZNotificationIdInput>): Promise<void> {
  const result = await mine(ctx).deleteFrom('notifications').where('id', '=', id).where('user_id', '=', ctx.auth.user.id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new DomainError('NOT_FOUND', 'Notification not found');
}
