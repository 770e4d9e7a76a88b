import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form';
import { callBooking, describeTime, managePath, visitorZone, type BookingAnswer, type SlotOffer, type TManagedBooking } from '../components/booking/booking-api';
import { SlotPicker } from '../components/booking/slot-picker';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';

export const Route = createFileRoute('/book/manage/$token')({
  staticData: { title: 'Your booking' },
  component: ManageBookingPage,
});

/** Where a booking e-mail's reschedule or cancel link leads: opening it changes nothing; a button does. */
function ManageBookingPage() {
  const { token } = Route.useParams();
  const [timeZone] = useState(visitorZone);
  const [booking, setBooking] = useState<TManagedBooking | null>(null);
  const [done, setDone] = useState<BookingAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let active = true;
    void callBooking<TManagedBooking>(managePath(token)).then((result) => {
      if (!active) return;
      if (result.ok) setBooking(result.answer);
      else setInvalid(true);
    });
    return () => {
      active = false;
    };
  }, [token]);

  async function act(path: string, body?: unknown) {
    setPending(true);
    setError(null);
    const result = await callBooking<BookingAnswer>(path, { method: 'POST', body });
    setPending(false);
    if (result.ok) setDone(result.answer);
    else setError(result.message);
  }

  if (invalid)
    return (
      <AuthLayout title="Your booking">
        <FormAlert message="This booking link is not valid. Use the link of your most recent booking e-mail." />
      </AuthLayout>
    );
  if (!booking)
    return (
      <AuthLayout title="Your booking">
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      </AuthLayout>
    );
  const title = `${booking.calendar.name} with ${booking.calendar.organizationName}`;
  if (done)
    return (
      <AuthLayout title={done.status === 'cancelled' ? 'Booking cancelled' : 'Booking moved'}>
        <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
          {done.status === 'cancelled' ? `${title} is cancelled.` : `${title} is now on ${describeTime(done.startsAt ?? '', timeZone)}.`} An e-mail confirms it.
        </p>
      </AuthLayout>
    );
  if (booking.status === 'cancelled')
    return (
      <AuthLayout title="Booking cancelled">
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {title} on {describeTime(booking.startsAt, timeZone)} is cancelled.
        </p>
      </AuthLayout>
    );
  return (
    <AuthLayout title={booking.action === 'cancel' ? 'Cancel your booking' : 'Reschedule your booking'} description={`${title}, now on ${describeTime(booking.startsAt, timeZone)}`}>
      <div className="flex flex-col gap-4">
        {error ? <FormAlert message={error} /> : null}
        {booking.action === 'cancel' ? (
          <Button variant="destructive" className="self-start" disabled={pending} onClick={() => void act(`${managePath(token)}/cancel`)}>
            {pending ? 'Cancelling...' : 'Cancel the booking'}
          </Button>
        ) : (
          <SlotPicker slotsPath={`${managePath(token)}/slots`} timeZone={timeZone} onPick={(slot: SlotOffer) => void act(`${managePath(token)}/reschedule`, { startsAt: slot.startsAt })} />
        )}
      </div>
    </AuthLayout>
  );
}
