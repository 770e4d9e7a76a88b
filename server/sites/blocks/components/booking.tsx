import { bookingCalendarOf, type BlockContext } from '../context';
import { embeddedBookingUrl } from '../embed';
import type { BlockProps } from '../schema';

/** The calendar's public booking page in a lazy iframe (../embed.ts), with a plain link for when frames are off. */
export function BookingCalendar({ calendarId, title }: BlockProps['BookingCalendar'], ctx: BlockContext) {
  const calendar = bookingCalendarOf(ctx, calendarId);
  if (ctx.mode === 'editor')
    return (
      <div className="sb-placeholder">
        {calendar ? `Booking calendar: ${calendar.name}` : 'Booking calendar: this organization has no calendar yet; create one under Calendars.'}
        {title && <div className="sb-muted">{title}</div>}
      </div>
    );
  return (
    <div className="sb-booking">
      {title && <h2 className="sb-heading sb-h2">{title}</h2>}
      {calendar ? (
        <>
          <iframe className="sb-booking-frame" loading="lazy" src={embeddedBookingUrl(calendar.bookingUrl)} title={`Book a time: ${calendar.name}`} data-sb-booking="" />
          <p className="sb-booking-link">
            <a href={calendar.bookingUrl}>Open the booking page ({calendar.name})</a>
          </p>
        </>
      ) : (
        <p className="sb-muted">Online booking is not available right now.</p>
      )}
    </div>
  );
}
/** The frame's line is a ring, not a border: its height is all content, the height the booking page posts. */
export const BOOKING_CALENDAR_CSS = `.sb-booking{display:grid;gap:1rem}.sb-booking .sb-heading{text-align:center}.sb-booking-frame{display:block;width:100%;height:640px;border:0;box-shadow:0 0 0 1px var(--sb-line);border-radius:var(--sb-radius);background:#fff}.sb-booking-link{margin:0;text-align:center}`;
