import { requireUserAuth } from '../kernel/access';
import { orgProcedure, router } from '../trpc/init';
import { notificationEmailSettings, updateNotificationEmailSettings } from './email-preferences';
import { ZListNotificationsInput, ZNotificationEmailPreferencesInput, ZNotificationIdInput } from './schema';
import * as notifications from './service';

/** A member's own notifications: every member has them, so no permission beyond membership; an API key has none. */
const memberProcedure = orgProcedure.use(({ ctx, next }) => next({ ctx: { auth: { ...ctx.auth, user: requireUserAuth(ctx.auth).user } } }));

export const notificationsRouter = router({
  list: memberProcedure.input(ZListNotificationsInput).query(({ ctx, input }) => notifications.listNotifications(ctx, input)),
  markRead: memberProcedure.input(ZNotificationIdInput).mutation(({ ctx, input }) => notifications.markNotificationRead(ctx, input)),
  markAllRead: memberProcedure.mutation(({ ctx }) => notifications.markAllNotificationsRead(ctx)),
  /** The member's notification e-mails in this organization: per kind off, immediately or in the daily digest. */
  emailPreferences: memberProcedure.query(({ ctx }) => notificationEmailSettings(ctx)),
  updateEmailPreferences: memberProcedure.input(ZNotificationEmailPreferencesInput).mutation(({ ctx, input }) => updateNotificationEmailSettings(ctx, input)),
  remove: memberProcedure.input(ZNotificationIdInput).mutation(({ ctx, input }) => notifications.removeNotification(ctx, input)),
});
