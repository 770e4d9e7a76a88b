import { buildIcs } from '../appointments/ics';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import { escapeHtml, queueEmail } from '../email/outbox';
import type { LoadedCalendar } from './repo';
import type { TBookingResult as BookingResult } from './schema';
import { bookingLinks } from './tokens';
import { BOOKING_SMS_JOB } from './jobs';

export type BookingNotice = 'confirmed' | 'rescheduled' | 'cancelled';
type Recipient = BookingResult & { name: string; email: string; phone: string | null; signingKey: string };

const SUBJECTS: Record<BookingNotice, string> = { confirmed: 'Booking confirmed', rescheduled: 'Booking moved', cancelled: 'Booking cancelled' };

const TIME_STYLES = {
  full: { dateStyle: 'full', timeStyle: 'short' },
  short: { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** "Tuesday, 1 December 2026 at 09:00 (Europe/London)", or for an SMS "Tue 1 Dec, 09:00 (Europe/London)": the visitor's own clock. */
export function visitorTime(instant: string, timeZone: string, style: keyof typeof TIME_STYLES = 'full'): string {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone, ...TIME_STYLES[style] }).format(new Date(instant));
  return `${text} (${timeZone})`;
}

/** The booking's SMS: one line, the short time, and (unless cancelled) the reschedule and cancel links the e-mail has. */
export function bookingSms(notice: BookingNotice, calendarName: string, startsAt: string, timeZone: string, links: { reschedule: string; cancel: string }): string {
  const when = visitorTime(startsAt, timeZone, 'short');
  if (notice === 'cancelled') return `${calendarName}: your booking on ${when} is cancelled.`;
  return `${calendarName}: ${notice === 'confirmed' ? 'booked' : 'moved to'} ${when}. Reschedule: ${links.reschedule} Cancel: ${links.cancel}`;
}

/** The booking as an .ics event: a cancellation is the same UID with STATUS:CANCELLED, so calendars drop it. */
function icsOf(deps: Pick<AppDeps, 'config'>, calendar: LoadedCalendar, booking: Recipient): string {
  const now = new Date();
  return buildIcs({
    uid: `booking-${booking.id}@${new URL(deps.config.publicUrl).hostname}`,
    stamp: now,
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    summary: calendar.row.name,
    location: calendar.row.location,
    url: null,
    description: booking.assignees.length > 0 ? `With: ${booking.assignees.map((a) => a.name).join(', ')}` : null,
    status: booking.status === 'cancelled' ? 'cancelled' : 'scheduled',
    created: now,
    lastModified: now,
  });
}

/**
 * The visitor's message about their booking, queued in the booking's transaction: an e-mail with the
 * .ics and the reschedule and cancel links, and an SMS (a job, through the SMS service: opt-outs and
 * quiet hours apply) when they gave a phone number.
 */
export async function queueBookingMessages(trx: Db, deps: AppDeps, calendar: LoadedCalendar, booking: Recipient, notice: BookingNotice): Promise<void> {
  const when = visitorTime(booking.startsAt, booking.timeZone);
  const links = bookingLinks(deps, booking.signingKey, booking.id);
  const lines =
    notice === 'cancelled'
      ? [`Hello ${booking.name},`, `Your booking "${calendar.row.name}" on ${when} is cancelled.`]
      : [
          `Hello ${booking.name},`,
          `Your booking "${calendar.row.name}" is ${notice === 'confirmed' ? 'confirmed' : 'moved'}: ${when}.`,
          ...(calendar.row.location ? [`Where: ${calendar.row.location}`] : []),
          `Reschedule: ${links.reschedule}`,
          `Cancel: ${links.cancel}`,
        ];
  const html = lines.map((line) => `<p>${escapeHtml(line).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p>`).join('\n');
  await queueEmail(trx, deps, {
    organizationId: calendar.row.organization_id,
    kind: 'one_to_one',
    to: booking.email,
    toName: booking.name,
    contactId: booking.contactId,
    subject: `${SUBJECTS[notice]}: ${calendar.row.name}`,
    html,
    text: lines.join('\n\n'),
    attachments: [{ filename: 'booking.ics', contentType: `text/calendar; charset=utf-8; method=${notice === 'cancelled' ? 'CANCEL' : 'REQUEST'}`, content: icsOf(deps, calendar, booking) }],
  });
  if (booking.phone && booking.contactId) {
    await deps.jobs.send(
      BOOKING_SMS_JOB,
      {
        organizationId: calendar.row.organization_id,
        actorUserId: booking.assignees[0]?.id ?? null,
        contactId: booking.contactId,
        to: booking.phone,
        message: bookingSms(notice, calendar.row.name, booking.startsAt, booking.timeZone, links),
        idempotencyKey: `booking:${booking.id}:${notice}:${booking.startsAt}`,
      },
      { db: trx },
    );
  }
}
