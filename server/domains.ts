import { accountEmailsDomain } from './account-emails/domain';
import { analyticsDomain } from './analytics/domain';
import { appointmentsDomain } from './appointments/domain';
import { auditDomain } from './audit/domain';
import { authDomain } from './auth/domain';
import { automationsDomain } from './automations/domain';
import { billingDomain } from './billing/domain';
import { calendarsDomain } from './calendars/domain';
import { campaignBlocksDomain } from './campaigns/blocks/domain';
import { campaignsDomain } from './campaigns/domain';
import { chatDomain } from './chat/domain';
import { commandsDomain } from './commands/domain';
import { contactsDomain } from './contacts/domain';
import { conversationsDomain } from './conversations/domain';
import { dealsDomain } from './deals/domain';
import { emailDomain } from './email/domain';
import { eventDeliveriesDomain } from './event-deliveries/domain';
import { healthDomain } from './health/domain';
import { leadsDomain } from './leads/domain';
import { notificationsDomain } from './notifications/domain';
import { organizationsDomain } from './organizations/domain';
import { providersDomain } from './providers/domain';
import { realtimeDomain } from './realtime/domain';
import { siteAnalyticsDomain } from './site-analytics/domain';
import { sitesDomain } from './sites/domain';
import { smsDomain } from './sms/domain';
import { syncDomain } from './sync/domain';
import { tasksDomain } from './tasks/domain';
import { trainingDomain } from './training/domain';
import { webhooksDomain } from './webhooks/domain';

/**
 * Every domain of the app, one line each (adding a domain: its folder with a domain.ts, and its line
 * here). The order is the order of the REST doors under /api and of the work done when an
 * organization is created (its default pipeline, then its trial).
 */
export const DOMAINS = [
  realtimeDomain,
  notificationsDomain,
  healthDomain,
  authDomain,
  accountEmailsDomain,
  organizationsDomain,
  auditDomain,
  contactsDomain,
  dealsDomain,
  tasksDomain,
  appointmentsDomain,
  analyticsDomain,
  trainingDomain,
  leadsDomain,
  billingDomain,
  chatDomain,
  smsDomain,
  emailDomain,
  conversationsDomain,
  siteAnalyticsDomain,
  automationsDomain,
  campaignsDomain,
  campaignBlocksDomain,
  eventDeliveriesDomain,
  webhooksDomain,
  providersDomain,
  commandsDomain,
  calendarsDomain,
  syncDomain,
  sitesDomain,
] as const;
