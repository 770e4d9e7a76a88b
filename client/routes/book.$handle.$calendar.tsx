import { createFileRoute } from '@tanstack/react-router';
import { BookingWidget } from '../components/booking/booking-widget';

export const Route = createFileRoute('/book/$handle/$calendar')({
  staticData: { title: 'Book a time' },
  component: BookingPage,
});

/** A calendar's public booking page: /book/<organization handle>/<calendar slug>. */
function BookingPage() {
  const { handle, calendar } = Route.useParams();
  return <BookingWidget handle={handle} slug={calendar} />;
}
