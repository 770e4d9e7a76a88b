import { z } from 'zod';

export const ZListNotificationsInput = z.object({ limit: z.number().int().min(1).max(100).default(20), unreadOnly: z.boolean().default(false) }).default({ limit: 20, unreadOnly: false });
export const ZNotificationIdInput = z.object({ id: z.uuid('must be a notification id') });
export type TNotificationIdInput = z.input<typeof ZNotificationIdInput>;

/** The notifications a member may also receive by e-mail: the spec's three realtime texts (app-core §4.2), a failed run of a workflow they own, and "Assigned to you". */
export const NOTIFICATION_EMAIL_KINDS = ['contact_created', 'deal_won', 'automation_completed', 'automation_failed', 'assigned'] as const;
export type NotificationEmailKind = (typeof NOTIFICATION_EMAIL_KINDS)[number];
export const NOTIFICATION_EMAIL_MODES = ['off', 'immediate', 'digest'] as const;
export type NotificationEmailMode = (typeof NOTIFICATION_EMAIL_MODES)[number];

/**
 * Until a member chooses: the organization-wide kinds stay in the app (an e-mail for every new
 * contact of a busy form would be a storm); what was handed to them personally, or broke in a workflow they own, comes at once
 * (docs/decisions/027-notification-emails.md).
 */
export const DEFAULT_NOTIFICATION_EMAIL_MODES: Record<NotificationEmailKind, NotificationEmailMode> = {
  contact_created: 'off',
  deal_won: 'off',
  automation_completed: 'off',
  automation_failed: 'immediate',
  assigned: 'immediate',
};

/** The settings screen's words for each kind: the in-app notifications' titles. */
export const NOTIFICATION_EMAIL_LABELS: Record<NotificationEmailKind, string> = {
  contact_created: 'New Contact',
  deal_won: 'Deal Won!',
  automation_completed: 'Automation Complete',
  automation_failed: 'Automation Failed',
  assigned: 'Assigned to you',
};

export const NOTIFICATION_EMAIL_MODE_LABELS: Record<NotificationEmailMode, string> = { off: 'Off', immediate: 'Immediately', digest: 'Daily digest' };

const ZNotificationEmailMode = z.enum(NOTIFICATION_EMAIL_MODES, { error: 'must be off, immediate or digest' });

/** A change to some kinds' e-mail; the kinds not named keep their setting. */
export const ZNotificationEmailPreferencesInput = z
  .object(Object.fromEntries(NOTIFICATION_EMAIL_KINDS.map((kind) => [kind, ZNotificationEmailMode])) as Record<NotificationEmailKind, typeof ZNotificationEmailMode>)
  .partial()
  .strict();
export type TNotificationEmailPreferencesInput = z.input<typeof ZNotificationEmailPreferencesInput>;
