import type { TBookingPage, TManagedBooking } from '../../../server/calendars/schema';

/** The public booking doors (server/calendars/rest.ts, /api/booking): plain fetch, no session. */

export type SlotOffer = { startsAt: string; endsAt: string; date: string; time: string };
export type BookingAnswer = { status: 'confirmed' | 'cancelled'; startsAt?: string; endsAt?: string; timeZone?: string };
export type Called<T> = { ok: true; answer: T } | { ok: false; status: number; message: string; issues: { path: string; message: string }[] };

export async function callBooking<T>(path: string, init?: { method: 'POST'; body?: unknown }): Promise<Called<T>> {
  try {
    const response = await fetch(path, {
      cache: 'no-store',
      ...(init ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body ?? {}) } : {}),
    });
    const body = (await response.json().catch(() => null)) as (T & { message?: string; issues?: { path: string; message: string }[] }) | null;
    if (response.ok && body) return { ok: true, answer: body };
    return { ok: false, status: response.status, message: body?.message ?? 'Something went wrong. Please try again.', issues: body?.issues ?? [] };
  } catch {
    return { ok: false, status: 0, message: 'The server could not be reached. Please try again.', issues: [] };
  }
}

export const pagePath = (handle: string, slug: string) => `/api/booking/pages/${encodeURIComponent(handle)}/${encodeURIComponent(slug)}`;
export const managePath = (token: string) => `/api/booking/manage/${encodeURIComponent(token)}`;

/** The visitor's zone, as the browser knows it. */
export const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Fourteen days of slots from now, in the visitor's zone. */
export function slotsQuery(timeZone: string, from = new Date()): string {
  const to = new Date(from.getTime() + 14 * 86_400_000);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}&timeZone=${encodeURIComponent(timeZone)}`;
}

export function describeTime(instant: string, timeZone: string): string {
  return `${new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(instant))} (${timeZone})`;
}

export type { TBookingPage, TManagedBooking };
