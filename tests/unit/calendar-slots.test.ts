import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEKLY, ZCreateCalendarInput, ZSlotsQuery, ZWeeklyAvailability, type TWeeklyAvailability } from '../../server/calendars/schema';
import { computeSlots, type BusyInterval, type SlotMember, type SlotRules } from '../../server/calendars/slots';
import { bookingSms } from '../../server/calendars/notify';
import { readBookingToken, bookingToken, newSigningKey, signatureMatches } from '../../server/calendars/tokens';

const RULES: SlotRules = { kind: 'personal', slotMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minimumNoticeMinutes: 0, maximumPerDay: null };
const EVERY_DAY = (start: string, end: string): TWeeklyAvailability => Array.from({ length: 7 }, () => [{ start, end }]);
const member = (userId: string, timeZone: string, weekly = EVERY_DAY('09:00', '12:00'), overrides: SlotMember['overrides'] = []): SlotMember => ({ userId, timeZone, weekly, overrides });
const EPOCH = new Date('2000-01-01T00:00:00Z');
const iso = (slots: { start: Date }[]) => slots.map((s) => s.start.toISOString());

function day(rules: SlotRules, members: SlotMember[], from: string, to: string, busy: BusyInterval[] = [], now = EPOCH) {
  return computeSlots(rules, members, busy, { from: new Date(from), to: new Date(to), now });
}

describe('slot computation across daylight-saving changes', () => {
  it('America/New_York keeps 09:00 local on both sides of the spring-forward night (8 March 2026)', () => {
    const slots = day(RULES, [member('a', 'America/New_York', EVERY_DAY('09:00', '10:00'))], '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z');
    expect(iso(slots)).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z']);
  });

  it('America/New_York: hours through the skipped 02:00 give only the real hours (01:00–04:00 is two hours long)', () => {
    const slots = day(RULES, [member('a', 'America/New_York', EVERY_DAY('01:00', '04:00'))], '2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z');
    // 01:00 EST = 06:00Z, 03:00 EDT = 07:00Z; 04:00 EDT = 08:00Z closes.
    expect(iso(slots)).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z']);
  });

  it('Europe/London keeps 09:00 local across the autumn change (25 October 2026)', () => {
    const slots = day(RULES, [member('a', 'Europe/London', EVERY_DAY('09:00', '10:00'))], '2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z');
    expect(iso(slots)).toEqual(['2026-10-24T08:00:00.000Z', '2026-10-25T09:00:00.000Z', '2026-10-26T09:00:00.000Z']);
  });

  it('Europe/London: a repeated hour (01:00–02:00 happens twice) gives the extra real hour', () => {
    const slots = day(RULES, [member('a', 'Europe/London', EVERY_DAY('00:00', '03:00'))], '2026-10-25T00:00:00Z', '2026-10-26T00:00:00Z');
    // 00:00 BST = 23:00Z the day before (outside the range); 03:00 GMT = 03:00Z closes: 4 real hours.
    expect(iso(slots)).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z', '2026-10-25T02:00:00.000Z']);
  });

  it('Australia/Sydney keeps 09:00 local when daylight saving starts (4 October 2026) and ends (5 April 2026)', () => {
    const october = day(RULES, [member('a', 'Australia/Sydney', EVERY_DAY('09:00', '10:00'))], '2026-10-02T12:00:00Z', '2026-10-05T12:00:00Z');
    expect(iso(october)).toEqual(['2026-10-02T23:00:00.000Z', '2026-10-03T22:00:00.000Z', '2026-10-04T22:00:00.000Z']);
    const april = day(RULES, [member('a', 'Australia/Sydney', EVERY_DAY('09:00', '10:00'))], '2026-04-03T12:00:00Z', '2026-04-06T12:00:00Z');
    expect(iso(april)).toEqual(['2026-04-03T22:00:00.000Z', '2026-04-04T23:00:00.000Z', '2026-04-05T23:00:00.000Z']);
  });

  it('Asia/Kolkata (no daylight saving, +05:30) lands on the half hour, and a visitor in New York sees the same instants', () => {
    const slots = day(RULES, [member('a', 'Asia/Kolkata', EVERY_DAY('09:00', '11:00'))], '2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z');
    expect(iso(slots)).toEqual(['2026-03-08T03:30:00.000Z', '2026-03-08T04:30:00.000Z']);
  });
});

describe('slot rules', () => {
  const range = ['2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z'] as const;
  const utc = member('a', 'UTC');

  it('an appointment blocks the slots it overlaps; buffers keep their sum between any appointment and a slot', () => {
    const busy = [{ userId: 'a', start: Date.parse('2026-06-01T10:00:00Z'), end: Date.parse('2026-06-01T10:30:00Z'), fromCalendar: false }];
    expect(iso(day(RULES, [utc], ...range, busy))).toEqual(['2026-06-01T09:00:00.000Z', '2026-06-01T11:00:00.000Z']);
    expect(iso(day({ ...RULES, bufferAfterMinutes: 15 }, [utc], ...range, busy))).toEqual(['2026-06-01T11:00:00.000Z']);
    expect(iso(day({ ...RULES, bufferBeforeMinutes: 30 }, [utc], ...range, busy))).toEqual(['2026-06-01T11:00:00.000Z']);
    expect(iso(day({ ...RULES, bufferBeforeMinutes: 20, bufferAfterMinutes: 20 }, [utc], ...range, busy))).toEqual([]);
  });

  it('a date override replaces the weekday, and an empty one is a day away', () => {
    const away = member('a', 'UTC', EVERY_DAY('09:00', '12:00'), [{ date: '2026-06-01', intervals: [] }]);
    expect(day(RULES, [away], ...range)).toEqual([]);
    const late = member('a', 'UTC', EVERY_DAY('09:00', '12:00'), [{ date: '2026-06-01', intervals: [{ start: '15:00', end: '16:00' }] }]);
    expect(iso(day(RULES, [late], ...range))).toEqual(['2026-06-01T15:00:00.000Z']);
  });

  it('minimum notice hides what starts too soon', () => {
    const now = new Date('2026-06-01T08:30:00Z');
    expect(iso(day({ ...RULES, minimumNoticeMinutes: 60 }, [utc], ...range, [], now))).toEqual(['2026-06-01T10:00:00.000Z', '2026-06-01T11:00:00.000Z']);
  });

  it('the maximum per day counts this calendar’s bookings on the member’s local day only', () => {
    const booked = { userId: 'a', start: Date.parse('2026-06-01T09:00:00Z'), end: Date.parse('2026-06-01T10:00:00Z') };
    expect(day({ ...RULES, maximumPerDay: 1 }, [utc], ...range, [{ ...booked, fromCalendar: true }])).toEqual([]);
    expect(iso(day({ ...RULES, maximumPerDay: 1 }, [utc], ...range, [{ ...booked, fromCalendar: false }]))).toEqual(['2026-06-01T10:00:00.000Z', '2026-06-01T11:00:00.000Z']);
  });

  it('round robin offers a slot when anyone is free (saying who); collective only when everyone is', () => {
    const members = [member('a', 'UTC', EVERY_DAY('09:00', '11:00')), member('b', 'UTC', EVERY_DAY('10:00', '12:00'))];
    const roundRobin = day({ ...RULES, kind: 'round_robin' }, members, ...range);
    expect(roundRobin.map((s) => [s.start.toISOString(), s.userIds])).toEqual([
      ['2026-06-01T09:00:00.000Z', ['a']],
      ['2026-06-01T10:00:00.000Z', ['a', 'b']],
      ['2026-06-01T11:00:00.000Z', ['b']],
    ]);
    expect(iso(day({ ...RULES, kind: 'collective' }, members, ...range))).toEqual(['2026-06-01T10:00:00.000Z']);
  });
});

describe('calendar schemas', () => {
  it('refuses overlapping or out-of-order hours naming the day', () => {
    const weekly = [...DEFAULT_WEEKLY];
    weekly[1] = [
      { start: '09:00', end: '12:00' },
      { start: '11:00', end: '13:00' },
    ];
    const result = ZWeeklyAvailability.safeParse(weekly);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [1], message: 'must be in order and must not overlap' });
  });

  it('a personal calendar has exactly one member; a slots range is at most 62 days', () => {
    const base = { name: 'Intro', slug: 'intro', kind: 'personal', slotMinutes: 30 };
    const member = { timeZone: 'UTC', weekly: DEFAULT_WEEKLY, overrides: [] };
    const two = ZCreateCalendarInput.safeParse({
      ...base,
      members: [
        { ...member, userId: crypto.randomUUID() },
        { ...member, userId: crypto.randomUUID() },
      ],
    });
    expect(two.error?.issues[0]).toMatchObject({ path: ['members'], message: 'must be exactly one member on a personal calendar' });
    const long = ZSlotsQuery.safeParse({ from: '2026-01-01T00:00:00Z', to: '2026-04-01T00:00:00Z' });
    expect(long.error?.issues[0]).toMatchObject({ path: ['to'], message: 'must be at most 62 days after from' });
  });
});

describe('booking link tokens', () => {
  it('verify with the booking’s key only, for the action signed', () => {
    const key = newSigningKey();
    const id = crypto.randomUUID();
    const token = bookingToken(key, id, 'cancel');
    expect(signatureMatches(key, readBookingToken(token))).toBe(true);
    expect(signatureMatches(newSigningKey(), readBookingToken(token))).toBe(false);
    expect(signatureMatches(key, readBookingToken(token.replace('.cancel.', '.reschedule.')))).toBe(false);
    expect(signatureMatches(key, readBookingToken(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`))).toBe(false);
  });
});

describe('the booking SMS', () => {
  const links = { reschedule: 'https://crm.test/book/manage/b.reschedule.s', cancel: 'https://crm.test/book/manage/b.cancel.s' };
  it('is one line with the short time and both links of the e-mail; a cancellation has none', () => {
    expect(bookingSms('confirmed', 'Cleaning visit', '2026-12-01T09:00:00Z', 'Europe/London', links)).toBe(
      'Cleaning visit: booked Tue 1 Dec, 09:00 (Europe/London). Reschedule: https://crm.test/book/manage/b.reschedule.s Cancel: https://crm.test/book/manage/b.cancel.s',
    );
    expect(bookingSms('rescheduled', 'Cleaning visit', '2026-12-01T09:00:00Z', 'America/New_York', links)).toBe(
      'Cleaning visit: moved to Tue 1 Dec, 04:00 (America/New_York). Reschedule: https://crm.test/book/manage/b.reschedule.s Cancel: https://crm.test/book/manage/b.cancel.s',
    );
    expect(bookingSms('cancelled', 'Cleaning visit', '2026-12-01T09:00:00Z', 'Europe/London', links)).toBe('Cleaning visit: your booking on Tue 1 Dec, 09:00 (Europe/London) is cancelled.');
  });
});
