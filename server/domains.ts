import { analyticsDomain } from './analytics/domain';
import { appointmentsDomain } from './appointments/domain';
import { auditDomain } from './audit/domain';
import { authDomain } from './auth/domain';
import { automationsDomain } from './automations/domain';
import { billingDomain } from './billing/domain';
import { chatDomain } from './chat/domain';
import { contactsDomain } from './contacts/domain';
import { dealsDomain } from './deals/domain';
import { eventDeliveriesDomain } from './event-deliveries/domain';
import { healthDomain } from './health/domain';
import { leadsDomain } from './leads/domain';
import { notificationsDomain } from './notifications/domain';
import { organizationsDomain } from './organizations/domain';
import { realtimeDomain } from './realtime/domain';
import { siteAnalyticsDomain } from './site-analytics/domain';
import { smsDomain } from './sms/domain';
import { tasksDomain } from './tasks/domain';
import { trainingDomain } from './training/domain';

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
  siteAnalyticsDomain,
  automationsDomain,
  eventDeliveriesDomain,
] as const;
