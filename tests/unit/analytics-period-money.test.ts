import { describe, expect, it } from 'vitest';
import { compare, pct, round1 } from '../../server/analytics/figures';
import { currencyDigits, formatMoney, majorUnits } from '../../server/analytics/money';
import { addDays, bucketFor, bucketsBetween, localDate, truncDate, upToNow, type ResolvedPeriod } from '../../server/analytics/period';

describe('analytics periods', () => {
  it('adds calendar days across months, leap days and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('buckets by day up to a month, by week up to four months, by month beyond', () => {
    expect([bucketFor(1), bucketFor(31), bucketFor(32), bucketFor(120), bucketFor(121), bucketFor(365)]).toEqual(['day', 'day', 'week', 'week', 'month', 'month']);
  });

  it('truncates a date to its bucket, weeks starting on Monday', () => {
    expect(truncDate('2026-06-17', 'day')).toBe('2026-06-17');
    expect(truncDate('2026-06-15', 'week')).toBe('2026-06-15');
    expect(truncDate('2026-06-17', 'week')).toBe('2026-06-15');
    expect(truncDate('2026-06-21', 'week')).toBe('2026-06-15');
    expect(truncDate('2026-06-17', 'month')).toBe('2026-06-01');
  });

  it('lists every bucket between two dates, empty ones included', () => {
    expect(bucketsBetween('2026-06-10', '2026-06-12', 'day')).toEqual(['2026-06-10', '2026-06-11', '2026-06-12']);
    expect(bucketsBetween('2026-06-17', '2026-06-30', 'week')).toEqual(['2026-06-15', '2026-06-22', '2026-06-29']);
    expect(bucketsBetween('2025-11-20', '2026-02-03', 'month')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
  });

  it("gives today's date in the organization's time zone", () => {
    const now = new Date('2026-06-15T23:30:00Z');
    expect(localDate(now, 'UTC')).toBe('2026-06-15');
    expect(localDate(now, 'Asia/Tokyo')).toBe('2026-06-16');
    expect(localDate(now, 'America/New_York')).toBe('2026-06-15');
  });

  it('cuts a window at now: whole days before today from the daily sums, the part of today before now from the facts', () => {
    const todayStart = new Date('2026-06-15T00:00:00Z');
    const now = new Date('2026-06-15T12:00:00Z');
    const p = { today: '2026-06-15', todayStart, now } as ResolvedPeriod;
    const window = (from: string, to: string) => ({ from, to, start: new Date(`${from}T00:00:00Z`), end: new Date(`${addDays(to, 1)}T00:00:00Z`) });
    expect(upToNow(window('2026-06-01', '2026-06-10'), p)).toEqual({ from: '2026-06-01', daysBefore: '2026-06-11', today: null });
    expect(upToNow(window('2026-06-20', '2026-06-30'), p)).toEqual({ from: '2026-06-20', daysBefore: '2026-06-20', today: null });
    expect(upToNow(window('2026-06-09', '2026-06-15'), p)).toEqual({ from: '2026-06-09', daysBefore: '2026-06-15', today: { start: todayStart, end: now } });
    // A window starting later than today's midnight (a custom instant) keeps its own start.
    const late = { ...window('2026-06-15', '2026-06-15'), start: new Date('2026-06-15T06:00:00Z') };
    expect(upToNow(late, p).today).toEqual({ start: late.start, end: now });
  });
});

describe('analytics figures', () => {
  it('compares a figure with the previous one: percent change and trend', () => {
    expect(compare(120, 100)).toEqual({ changePercent: 20, trend: 'up' });
    expect(compare(80, 120)).toEqual({ changePercent: -33.3, trend: 'down' });
    expect(compare(-50, -100)).toEqual({ changePercent: 50, trend: 'up' });
    expect(compare(5, 0)).toEqual({ changePercent: null, trend: 'up' });
    expect(compare(3, 3)).toEqual({ changePercent: 0, trend: 'flat' });
    expect(compare(null, 5)).toEqual({ changePercent: null, trend: 'flat' });
    expect(compare(5, null)).toEqual({ changePercent: null, trend: 'flat' });
  });

  it('rounds to one decimal and gives shares as percents, 0 of nothing', () => {
    expect(round1(2.25)).toBe(2.3);
    expect(round1(-1.04)).toBe(-1);
    expect(pct(1, 3)).toBe(33.3);
    expect(pct(2, 2)).toBe(100);
    expect(pct(1, 0)).toBe(0);
  });
});

describe('analytics money', () => {
  it("knows each currency's minor-unit digits, 2 for an invalid code", () => {
    expect([currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('BHD'), currencyDigits('NOPE')]).toEqual([2, 0, 3, 2]);
  });

  it('formats minor units for display, without needless decimals', () => {
    expect(formatMoney(1234500, 'USD')).toBe('$12,345');
    expect(formatMoney(1234550, 'USD')).toBe('$12,345.5');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(formatMoney(1234, 'NOPE')).toBe('12.34 NOPE');
  });

  it('writes major units exactly, with the currency decimals', () => {
    expect(majorUnits(1234, 'USD')).toBe('12.34');
    expect(majorUnits(5, 'USD')).toBe('0.05');
    expect(majorUnits(-5, 'USD')).toBe('-0.05');
    expect(majorUnits(1234, 'JPY')).toBe('1234');
    expect(majorUnits(1234567, 'BHD')).toBe('1234.567');
  });
});
