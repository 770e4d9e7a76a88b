import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../doubles/smtp';
import { openSignedIn, trpcCall, trpcQuery } from './helpers/accounts';
import { useE2E } from './helpers/app';
import { cleaningVisitCalendar } from './helpers/calendars';

const e2e = useE2E();

/** A tRPC call that must succeed; its answer's data. */
const call = <T = { id: string }>(page: Page, path: string, input: unknown) => trpcCall<T>(page, e2e, path, input);

/** The one message with this subject, once the sink has it. */
async function mailWithSubject(sink: SmtpSink, subject: string) {
  await expect.poll(() => sink.messages.filter((m) => m.subject === subject).length, { timeout: 30_000 }).toBe(1);
  return sink.messages.find((m) => m.subject === subject)!;
}

const linkIn = (text: string, label: 'Reschedule' | 'Cancel') => new RegExp(`${label}: (https?://\\S+)`).exec(text)![1]!;

/** A free time on the booking page (or the manage page's picker): the `nth` time button shown. */
const slotButton = (page: Page, nth: number) =>
  page
    .locator('section')
    .getByRole('button', { name: /^\d\d:\d\d$/ })
    .nth(nth);

describe('Booking pages: a visitor books, gets the e-mail, reschedules and cancels through its links (issue #20)', () => {
  it('books a slot, receives the confirmation in the SMTP double, moves it by the Reschedule link and cancels it by the Cancel link', async () => {
    const sink = await startSmtpSink();
    onTestFinished(() => sink.close());
    const { page } = await openSignedIn(e2e, { timezoneId: 'UTC' });
    await call(page, 'providers.saveSmtp', { host: '127.0.0.1', port: Number(new URL(sink.url).port), security: 'none', username: null });
    await cleaningVisitCalendar(page, e2e, { start: '08:00', end: '18:00' });
    const listed = ((await (await trpcQuery(page, 'calendars.list')).json()) as { result: { data: { items: { slug: string; bookingUrl: string }[] } } }).result.data;
    const bookingUrl = listed.items.find((c) => c.slug === 'cleaning-visit')!.bookingUrl;

    // The visitor books the first free time.
    const visitor = await e2e.open({ timezoneId: 'UTC' });
    await visitor.goto(bookingUrl);
    await visitor.getByRole('heading', { name: 'Cleaning visit' }).first().waitFor();
    await slotButton(visitor, 0).click();
    await visitor.getByLabel('Your name').fill('Ada Visitor');
    const email = `ada.${Date.now()}@example.test`;
    await visitor.getByLabel('E-mail').fill(email);
    await visitor.getByRole('button', { name: 'Book', exact: true }).click();
    await visitor.getByText('You are booked').first().waitFor();

    const confirmed = await mailWithSubject(sink, 'Booking confirmed: Cleaning visit');
    expect(confirmed.envelope.to).toEqual([email]);
    expect(confirmed.attachments.map((a) => a.filename)).toContain('booking.ics');
    const firstWhen = /is confirmed: (.+)\./.exec(confirmed.text!)![1]!;

    // Its Reschedule link: another time.
    await visitor.goto(linkIn(confirmed.text!, 'Reschedule'));
    await visitor.getByText('Reschedule your booking').first().waitFor();
    await slotButton(visitor, 3).click();
    await visitor.getByText('Booking moved').first().waitFor();
    const moved = await mailWithSubject(sink, 'Booking moved: Cleaning visit');
    expect(moved.text).not.toContain(firstWhen);

    // Its Cancel link.
    await visitor.goto(linkIn(moved.text!, 'Cancel'));
    await visitor.getByText('Cancel your booking').first().waitFor();
    await visitor.getByRole('button', { name: 'Cancel the booking' }).click();
    await visitor.getByText('Booking cancelled').first().waitFor();
    const cancelled = await mailWithSubject(sink, 'Booking cancelled: Cleaning visit');
    expect(cancelled.text).toContain('is cancelled');
  });
});
