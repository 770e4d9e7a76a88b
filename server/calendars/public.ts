import type { z } from 'zod';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import type { RequestMeta } from '../http/meta';
import { siteOwnerOrganization } from '../organizations/site-owner';
import { assertSlots, type RateLimit } from '../rate-limit';
import { bookingByToken, bookSlot, cancelBooking, rescheduleBooking } from './booking';
import { bookingHandleOwner, loadCalendar, type LoadedCalendar } from './repo';
import type { TBookingInput, ZSlotsQuery } from './schema';
import { slotsOf } from './service';

/**
 * The public booking page's doors (no session: the organization comes from the page's handle, and
 * everything after that runs under its row-level policies). Booking attempts are counted per
 * address; a filled honeypot is accepted and dropped.
 */

export const BOOKING_RATE_LIMIT: RateLimit = { bucket: 'bookings.ip', max: 10, windowSeconds: 600 };

const notFound = () => new DomainError('NOT_FOUND', 'Booking page not found');

/** What a handle or a calendar slug can be (ZCreateCalendarInput's rule, and what ensureBookingHandle makes). */
const PAGE_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

/** The active calendar a public link names, with the organization's database. */
async function publicCalendar(deps: AppDeps, handle: string, slug: string) {
  if (!PAGE_SLUG.test(handle) || !PAGE_SLUG.test(slug)) throw notFound();
  const owner = await bookingHandleOwner(deps.database.db, handle);
  if (!owner) throw notFound();
  const db = deps.database.forOrganization(owner.id);
  const row = await scoped(db, owner.id).selectFrom('calendars').select('id').where('slug', '=', slug).where('active', '=', true).executeTakeFirst();
  const calendar = row ? await loadCalendar(db, owner.id, row.id) : null;
  if (!calendar) throw notFound();
  return { db, calendar, organizationName: owner.name };
}

const pageOf = (calendar: LoadedCalendar, organizationName: string) => ({
  organizationName,
  name: calendar.row.name,
  description: calendar.row.description,
  slotMinutes: calendar.row.slot_minutes,
  location: calendar.row.location,
  questions: calendar.questions,
  hosts: calendar.members.map((m) => m.name),
});

/**
 * The product site's /book-demo page (issue #20): the site owner organization's first active
 * calendar, as the handles of its public booking page; null while it has none (the page then shows
 * its request form; null rather than 404, which a browser would log as an error on every visit).
 */
export async function siteOwnerBookingPage(deps: AppDeps): Promise<{ handle: string; slug: string } | null> {
  // No organization yet (a fresh server before its first sign-up): no calendar either.
  const owner = await siteOwnerOrganization(deps.database.db, deps.config).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'UNAVAILABLE') return null;
    throw error;
  });
  if (!owner) return null;
  const found = await deps.database
    .forOrganization(owner.id)
    .selectFrom('calendars')
    .innerJoin('booking_handles', 'booking_handles.organization_id', 'calendars.organization_id')
    .select(['booking_handles.slug as handle', 'calendars.slug'])
    .where('calendars.organization_id', '=', owner.id)
    .where('calendars.active', '=', true)
    .orderBy('calendars.created_at')
    .orderBy('calendars.id')
    .executeTakeFirst();
  return found ?? null;
}

export async function bookingPage(deps: AppDeps, handle: string, slug: string) {
  const { calendar, organizationName } = await publicCalendar(deps, handle, slug);
  return pageOf(calendar, organizationName);
}

export async function publicSlots(deps: AppDeps, handle: string, slug: string, query: z.output<typeof ZSlotsQuery>) {
  const { db, calendar } = await publicCalendar(deps, handle, slug);
  return slotsOf(db, calendar, query);
}

export async function publicBook(deps: AppDeps, handle: string, slug: string, input: TBookingInput, meta: RequestMeta) {
  await assertSlots(deps.database.db, [{ limit: BOOKING_RATE_LIMIT, key: meta.ip }], () => 'Too many booking attempts from this address. Please try again later.');
  const { db, calendar } = await publicCalendar(deps, handle, slug);
  if (input.website) return { status: 'confirmed' as const };
  const booking = await bookSlot(deps, db, calendar, input, null);
  return { status: booking.status, startsAt: booking.startsAt, endsAt: booking.endsAt, timeZone: booking.timeZone };
}

/** What a manage link opens: the booking, its calendar's page, and whether it can still change. */
async function managed(deps: AppDeps, token: string, action: 'reschedule' | 'cancel') {
  const booking = await bookingByToken(deps.database.db, token, action);
  const db = deps.database.forOrganization(booking.organization_id);
  const calendar = await loadCalendar(db, booking.organization_id, booking.calendar_id);
  if (!calendar) throw new DomainError('NOT_FOUND', 'This booking link is not valid');
  const org = await db.selectFrom('organizations').select('name').where('id', '=', booking.organization_id).executeTakeFirstOrThrow();
  return { db, booking, calendar, organizationName: org.name };
}

export async function managedBooking(deps: AppDeps, token: string, action: 'reschedule' | 'cancel') {
  const { booking, calendar, organizationName } = await managed(deps, token, action);
  return {
    action,
    status: booking.status,
    startsAt: booking.starts_at.toISOString(),
    endsAt: booking.ends_at.toISOString(),
    timeZone: booking.time_zone,
    name: booking.name,
    calendar: pageOf(calendar, organizationName),
  };
}

export async function managedSlots(deps: AppDeps, token: string, query: z.output<typeof ZSlotsQuery>) {
  const { db, calendar } = await managed(deps, token, 'reschedule');
  return slotsOf(db, calendar, query);
}

export async function rescheduleByToken(deps: AppDeps, token: string, startsAt: string) {
  const { db, booking, calendar } = await managed(deps, token, 'reschedule');
  const result = await rescheduleBooking(deps, db, calendar, booking, startsAt);
  return { status: result.status, startsAt: result.startsAt, endsAt: result.endsAt, timeZone: result.timeZone };
}

export async function cancelByToken(deps: AppDeps, token: string) {
  const { db, booking, calendar } = await managed(deps, token, 'cancel');
  const result = await cancelBooking(deps, db, calendar, booking);
  return { status: result.status, startsAt: result.startsAt, endsAt: result.endsAt, timeZone: result.timeZone };
}
