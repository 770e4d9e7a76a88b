import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, minorToInput, parseMoneyInput } from '../../client/lib/money';
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
