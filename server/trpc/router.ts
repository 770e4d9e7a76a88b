import { analyticsRouter, spendRouter } from '../analytics/router';
import { auditRouter } from '../audit/router';
import { billingRouter } from '../billing/router';
import { chatRouter } from '../chat/router';
import { authRouter } from '../auth/router';
import { contactsRouter, customFieldsRouter, importsRouter, savedViewsRouter } from '../contacts/router';
import { appointmentsRouter } from '../appointments/router';
import { dealsRouter, pipelinesRouter } from '../deals/router';
import { eventDeliveriesRouter } from '../event-deliveries/router';
import { healthRouter } from '../health/router';
import { leadsRouter } from '../leads/router';
import { tasksRouter } from '../tasks/router';
import { apiKeysRouter, invitesRouter, membersRouter, organizationsRouter } from '../organizations/router';
import { notificationsRouter } from '../notifications/router';
import { realtimeRouter } from '../realtime/router';
import { smsRouter } from '../sms/router';
import { siteAnalyticsRouter } from '../site-analytics/router';
import { router } from './init';

export const appRouter = router({
  realtime: realtimeRouter,
  notifications: notificationsRouter,
  health: healthRouter,
  auth: authRouter,
  organizations: organizationsRouter,
  members: membersRouter,
  invites: invitesRouter,
  apiKeys: apiKeysRouter,
  audit: auditRouter,
  contacts: contactsRouter,
  customFields: customFieldsRouter,
  savedViews: savedViewsRouter,
  imports: importsRouter,
  pipelines: pipelinesRouter,
  deals: dealsRouter,
  tasks: tasksRouter,
  appointments: appointmentsRouter,
  analytics: analyticsRouter,
  spend: spendRouter,
  leads: leadsRouter,
  billing: billingRouter,
  chat: chatRouter,
  sms: smsRouter,
  siteAnalytics: siteAnalyticsRouter,
  eventDeliveries: eventDeliveriesRouter,
});

export type AppRouter = typeof appRouter;
