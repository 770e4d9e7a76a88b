import { requireUserAuth } from '../kernel/access';
import { orgProcedure, router } from '../trpc/init';
import { ZListNotificationsInput, ZNotificationIdInput } from './schema';
import * as notifications from './service';

/** A member's own notifications: every member has them, so no permission beyond membership; an API key has none. */
const memberProcedure = orgProcedure.use(({ ctx, next }) => next({ ctx: { auth: { ...ctx.auth, user: requireUserAuth(ctx.auth).user } } }));

export const notificationsRouter = router({
  list: memberProcedure.input(ZListNotificationsInput).query(({ ctx, input }) => notifications.listNotifications(ctx, input)),
  markRead: memberProcedure.input(ZNotificationIdInput).mutation(({ ctx, input }) => notifications.markNotificationRead(ctx, input)),
  markAllRead: memberProcedure.mutation(({ ctx }) => notifications.markAllNotificationsRead(ctx)),
  remove: memberProcedure.input(ZNotificationIdInput).mutation(({ ctx, input }) => notifications.removeNotification(ctx, input)),
});
