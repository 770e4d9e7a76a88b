import { registry } from '../kernel/registry';
import type { EventType, NotificationDraft } from './types';

/** '$12,500' or '€1,234.50': the deal's value in its own currency (written as `locale` writes numbers). */
export function formatMoney(valueMinor: number, currency: string, locale = 'en-US'): string {
  const amount = valueMinor / 100;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A payload's text, or the fallback when it has none: what the domains' notification texts are made of. */
export const payloadText = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);

/** The notification an event raises, if any: its domain's text (declared in server/<domain>/domain.ts). */
export function notificationFor(type: EventType, payload: Record<string, unknown>): NotificationDraft | null {
  return registry().events[type]?.notification?.(payload) ?? null;
}
