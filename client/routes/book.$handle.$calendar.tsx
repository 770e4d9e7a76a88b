import { createFileRoute } from '@tanstack/react-router';
import { BookingWidget } from '../components/booking/booking-widget';
import { EmbeddedBookingFrame } from '../components/booking/embedded-frame';
import { ZBookingSearch } from '../lib/search';

export const Route = createFileRoute('/book/$handle/$calendar')({
  staticData: { title: 'Book a time', embeddable: true },
  validateSearch: ZBookingSearch,
  component: BookingPage,
});

/** A calendar's public booking page: /book/<organization handle>/<calendar slug>; with ?embed=1, as a site's Booking calendar block frames it. */
function BookingPage() {
  const { handle, calendar } = Route.useParams();
  const { embed } = Route.useSearch();
  return <BookingWidget handle={handle} slug={calendar} {...(embed ? { Frame: EmbeddedBookingFrame } : {})} />;
}
