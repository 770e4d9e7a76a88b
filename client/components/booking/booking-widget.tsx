import { useEffect, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { AuthLayout } from '../auth-layout';
import { FormAlert, TextField } from '../form';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { callBooking, describeTime, pagePath, visitorZone, type BookingAnswer, type SlotOffer, type TBookingPage } from './booking-api';
import { SlotPicker } from './slot-picker';

/**
 * A calendar's booking flow (issue #20): its free times in the visitor's zone, then a short form; the
 * booking lands in the organization's CRM and the e-mail carries reschedule and cancel links.
 */
/** What the flow is shown in: a page of its own (AuthLayout), or a card inside another page. */
export type BookingFrame = ComponentType<{ title: string; description?: ReactNode; children: ReactNode }>;

export function BookingWidget({ handle, slug, Frame = AuthLayout }: { handle: string; slug: string; Frame?: BookingFrame }) {
  const base = pagePath(handle, slug);
  const [timeZone] = useState(visitorZone);
  const [page, setPage] = useState<TBookingPage | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [slot, setSlot] = useState<SlotOffer | null>(null);
  const [booked, setBooked] = useState<BookingAnswer | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; issues: { path: string; message: string }[] } | null>(null);

  useEffect(() => {
    let active = true;
    void callBooking<TBookingPage>(base).then((result) => {
      if (!active) return;
      if (result.ok) setPage(result.answer);
      else setMissing(result.status === 404 ? 'This booking page does not exist.' : result.message);
    });
    return () => {
      active = false;
    };
  }, [base]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!slot || !page) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const answers = Object.fromEntries(page.questions.map((q) => [q.id, text(`answer-${q.id}`)]).filter(([, v]) => v));
    setPending(true);
    setError(null);
    const result = await callBooking<BookingAnswer>(`${base}/bookings`, {
      method: 'POST',
      body: { startsAt: slot.startsAt, timeZone, name: text('name'), email: text('email'), phone: text('phone'), answers, website: text('website') },
    });
    setPending(false);
    if (result.ok) setBooked(result.answer);
    else {
      setError({ message: result.message, issues: result.issues });
      if (result.status === 409) setSlot(null);
    }
  }

  const fieldError = (path: string) => error?.issues.find((i) => i.path === path)?.message;
  if (missing) return <Frame title="Booking">{<FormAlert message={missing} />}</Frame>;
  if (!page)
    return (
      <Frame title="Booking">
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      </Frame>
    );
  const description = (
    <>
      {page.organizationName} · {page.slotMinutes} minutes{page.location ? ` · ${page.location}` : ''}
      {page.description ? <span className="mt-2 block">{page.description}</span> : null}
    </>
  );
  if (booked)
    return (
      <Frame title="You are booked" description={description}>
        <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
          {page.name} on {describeTime(slot?.startsAt ?? booked.startsAt ?? '', timeZone)}. A confirmation with a calendar invitation is on its way to your inbox, with links to reschedule or cancel.
        </p>
      </Frame>
    );
  return (
    <Frame title={page.name} description={description}>
      {!slot ? (
        <div className="flex flex-col gap-4">
          {error ? <FormAlert message={error.message} /> : null}
          <SlotPicker slotsPath={`${base}/slots`} timeZone={timeZone} onPick={setSlot} />
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {describeTime(slot.startsAt, timeZone)}{' '}
            <button type="button" className="text-indigo-700 underline dark:text-indigo-400" onClick={() => setSlot(null)}>
              Change
            </button>
          </p>
          {error ? <FormAlert message={error.message} /> : null}
          <TextField label="Your name" name="name" autoComplete="name" required error={fieldError('name')} />
          <TextField label="E-mail" name="email" type="email" autoComplete="email" required error={fieldError('email')} />
          <TextField label="Phone (optional, for an SMS confirmation)" name="phone" type="tel" autoComplete="tel" error={fieldError('phone')} />
          {page.questions.map((q) => (
            <TextField key={q.id} label={q.required ? q.label : `${q.label} (optional)`} name={`answer-${q.id}`} required={q.required} error={fieldError(`answers.${q.id}`)} />
          ))}
          {/* A field people never see: bots fill it in, and their booking is dropped. */}
          <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className="hidden" />
          <Button type="submit" disabled={pending} className="self-start">
            {pending ? 'Booking...' : 'Book'}
          </Button>
        </form>
      )}
    </Frame>
  );
}
