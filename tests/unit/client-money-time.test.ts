import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, minorToInput, parseMoneyInput } from '../../client/lib/money';
import { calendarRange, layoutDay, shiftedSlot, stepDate } from '../../client/routes/_app/-components/appointments/calendar-model';
import { addMonths, daysBetween, minutesOfDay, startOfWeek, zonedParts, zonedTimeToInstant } from '../../client/lib/zoned-time';

describe('money in minor units', () => {
  it('knows each currency’s minor digits', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  it('formats from minor units', () => {
    expect(formatMoney(123456, 'USD', { locale: 'en-US' })).toBe('$1,234.56');
    expect(formatMoney(500000, 'USD', { locale: 'en-US' })).toBe('$5,000');
    expect(formatMoney(1500, 'JPY', { locale: 'en-US' })).toBe('¥1,500');
    expect(formatMoney(1_250_000_00, 'EUR', { locale: 'en-US', compact: true })).toBe('€1.3M');
  });

  it('reads what people type, refusing more decimals than the currency has', () => {
    expect(parseMoneyInput('1,234.5', 'USD')).toBe(123450);
    expect(parseMoneyInput(' 12 ', 'USD')).toBe(1200);
    expect(parseMoneyInput('12,5', 'EUR')).toBe(1250);
    expect(parseMoneyInput('1,000', 'USD')).toBe(100000);
    expect(parseMoneyInput('', 'USD')).toBeNull();
    expect(parseMoneyInput('1.234', 'USD')).toBeUndefined();
    expect(parseMoneyInput('12.5', 'JPY')).toBeUndefined();
    expect(parseMoneyInput('-3', 'USD')).toBeUndefined();
    expect(parseMoneyInput('abc', 'USD')).toBeUndefined();
    expect(minorToInput(123450, 'USD')).toBe('1234.5');
    expect(minorToInput(1500, 'JPY')).toBe('1500');
    expect(minorToInput(null, 'USD')).toBe('');
  });
});

describe('wall-clock time in a zone', () => {
  it('turns a local date and time into the instant, across daylight saving', () => {
    expect(zonedTimeToInstant('2026-07-01', '09:00', 'Europe/Paris').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedTimeToInstant('2026-01-15', '09:00', 'Europe/Paris').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedTimeToInstant('2026-03-08', '12:00', 'America/New_York').toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(zonedTimeToInstant('2026-03-07', '12:00', 'America/New_York').toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(zonedTimeToInstant('2026-05-01', '23:30', 'UTC').toISOString()).toBe('2026-05-01T23:30:00.000Z');
  });

  it('reads an instant as the zone’s wall clock', () => {
    const p = zonedParts('2026-07-01T22:30:00Z', 'Asia/Tokyo');
    expect(p.date).toBe('2026-07-02');
    expect(p.time).toBe('07:30');
    expect(p.weekday).toBe(4);
    expect(minutesOfDay('2026-07-01T07:15:00Z', 'Europe/Paris')).toBe(9 * 60 + 15);
  });

  it('does calendar arithmetic on dates', () => {
    expect(startOfWeek('2026-05-07', 1)).toBe('2026-05-04');
    expect(startOfWeek('2026-05-07', 0)).toBe('2026-05-03');
    expect(startOfWeek('2026-05-04', 1)).toBe('2026-05-04');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
  });
});

describe('calendar layout', () => {
  const appt = (id: string, startsAt: string, endsAt: string) => ({ id, startsAt, endsAt });

  it('covers a day, a week and a month grid in the zone', () => {
    const week = calendarRange('week', '2026-05-07', 'Europe/Paris', 1);
    expect(week.days[0]).toBe('2026-05-04');
    expect(week.days).toHaveLength(7);
    expect(week.from).toBe('2026-05-03T22:00:00.000Z');
    expect(week.to).toBe('2026-05-10T22:00:00.000Z');
    const month = calendarRange('month', '2026-05-20', 'UTC', 1);
    expect(month.days[0]).toBe('2026-04-27');
    expect(month.days.at(-1)).toBe('2026-05-31');
    expect(month.days.length % 7).toBe(0);
    expect(calendarRange('day', '2026-03-08', 'America/New_York', 0)).toMatchObject({ from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' });
    expect(stepDate('month', '2026-01-31', 1)).toBe('2026-02-28');
  });

  it('puts overlapping appointments side by side and clips those crossing midnight', () => {
    const day = layoutDay(
      '2026-05-04',
      [
        appt('a', '2026-05-04T09:00:00Z', '2026-05-04T10:00:00Z'),
        appt('b', '2026-05-04T09:30:00Z', '2026-05-04T10:30:00Z'),
        appt('c', '2026-05-04T11:00:00Z', '2026-05-04T11:30:00Z'),
        appt('d', '2026-05-04T23:00:00Z', '2026-05-05T01:00:00Z'),
      ],
      'UTC',
    );
    const byId = Object.fromEntries(day.map((s) => [s.item.id, s]));
    expect([byId.a!.lane, byId.a!.lanes, byId.b!.lane, byId.b!.lanes]).toEqual([0, 2, 1, 2]);
    expect([byId.c!.lane, byId.c!.lanes]).toEqual([0, 1]);
    expect(byId.d).toMatchObject({ startMin: 23 * 60, endMin: 24 * 60, continuesAfter: true });
    const next = layoutDay('2026-05-05', [appt('d', '2026-05-04T23:00:00Z', '2026-05-05T01:00:00Z')], 'UTC');
    expect(next[0]).toMatchObject({ startMin: 0, endMin: 60, continuesBefore: true });
  });

  it('moves a slot by days and minutes on the wall clock, keeping its length', () => {
    expect(shiftedSlot(appt('a', '2026-05-04T09:00:00Z', '2026-05-04T09:45:00Z'), 1, 90, 'UTC')).toEqual({ startsAt: '2026-05-05T10:30:00.000Z', endsAt: '2026-05-05T11:15:00.000Z' });
    expect(shiftedSlot(appt('a', '2026-05-04T23:00:00Z', '2026-05-04T23:30:00Z'), 0, 120, 'UTC').startsAt).toBe('2026-05-05T01:00:00.000Z');
  });
});
