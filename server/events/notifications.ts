import type { NotificationType } from '../db/schema';
import type { EventType } from './types';

export type NotificationDraft = {
  preference: string;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  /**
   * The member who caused the event gets it too. Nobody is told what they just did, except a won
   * deal: the one who marked it won sees it celebrated, and their inbox keeps it like everyone's.
   */
  notifyActor?: true;
  /**
   * The record's owner, for a notification about a record that Sales Reps see only when they own it
   * (the organization setting "Sales Reps see only contacts and deals they own"): other reps are not told.
   */
  ownerId?: string | null;
};

/** '$12,500' or '€1,234.50': the deal's value in its own currency. */
export function formatMoney(valueMinor: number, currency: string): string {
  const amount = valueMinor / 100;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);

/**
 * The notification an event raises, if any — the spec's texts exactly (app-core §4.2). `preference`
 * is the key of the user's notification settings that turns it off.
 */
export function notificationFor(type: EventType, payload: Record<string, unknown>): NotificationDraft | null {
  switch (type) {
    case 'contact_created':
      return {
        preference: 'contact_created',
        type: 'success',
        title: 'New Contact',
        message: `${text(payload.name, 'A contact')} has been added to your contacts`,
        link: payload.contactId ? `/contacts/${String(payload.contactId)}` : null,
      };
    case 'deal_won':
      return {
        preference: 'deal_won',
        type: 'success',
        title: 'Deal Won!',
        message: `${text(payload.title, 'A deal')} - ${formatMoney(Number(payload.valueMinor ?? 0), text(payload.currency, 'USD'))}`,
        link: payload.dealId ? `/pipeline/deals/${String(payload.dealId)}` : null,
        notifyActor: true,
        ownerId: typeof payload.ownerId === 'string' ? payload.ownerId : null,
      };
    case 'automation_completed':
      return {
        preference: 'automation_completed',
        type: 'info',
        title: 'Automation Complete',
        message: `${text(payload.name, 'An automation')} has finished running`,
        link: payload.automationId ? `/automations` : null,
      };
    case 'sms_received':
      return {
        preference: 'sms_received',
        type: 'info',
        title: 'New SMS',
        message: `${text(payload.from, 'A contact')}: ${text(payload.body, '').slice(0, 120)}`,
        link: payload.contactId ? `/contacts/${String(payload.contactId)}` : '/sms',
      };
    case 'import_finished': {
      const errors = Number(payload.errorCount ?? 0);
      return {
        preference: 'import_finished',
        type: errors > 0 ? 'warning' : 'success',
        title: 'Import finished',
        message: `${Number(payload.createdCount ?? 0)} created, ${Number(payload.updatedCount ?? 0)} updated, ${errors} with errors`,
        link: '/contacts',
      };
    }
    case 'member_joined':
      return { preference: 'member_joined', type: 'info', title: 'New team member', message: `${text(payload.name, 'Someone')} joined your organization`, link: '/settings/organization' };
    default:
      return null;
  }
}
