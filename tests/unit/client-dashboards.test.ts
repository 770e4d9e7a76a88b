import { describe, expect, it } from 'vitest';
import { DEFAULT_PERIOD, MAX_RANGE_DAYS, PERIODS } from '../../server/analytics/schema';
import { addDays, formatCalendarDate, startOfDayIn, todayIn, todayRangeIn } from '../../client/lib/calendar';
import { DEFAULT_PERIOD_KEY, MAX_CUSTOM_DAYS, PERIOD_KEYS, rangeQuery, reportRangeOf, ZDashboardSearch, ZReportsSearch } from '../../client/routes/_app/-components/analytics/search';
import { screenLink } from '../../client/routes/_app/-components/analytics/server-link';
import { trendTone } from '../../client/routes/_app/-components/analytics/trend';
import { formatPoints, formatSignedPercent, periodPhrase } from '../../client/routes/_app/-components/analytics/format';

describe('dashboard search parameters', () => {
  it('mirror the server’s periods, default and longest range', () => {
    expect(PERIOD_KEYS).toEqual(PERIODS);
    expect(DEFAULT_PERIOD_KEY).toBe(DEFAULT_PERIOD);
    expect(MAX_CUSTOM_DAYS).toBe(MAX_RANGE_DAYS);
  });

  it('drop what breaks a rule instead of failing', () => {
    expect(ZDashboardSearch.parse({ period: '7d' })).toEqual({ period: '7d' });
    expect(ZDashboardSearch.parse({ period: '2w', pipelineId: 'nope' })).toEqual({});
    expect(ZReportsSearch.parse({ from: '2026-01-01', to: 'soon', spendPage: '3' })).toEqual({ from: '2026-01-01', spendPage: 3 });
    expect(ZReportsSearch.parse({ spendPage: 0 })).toEqual({});
  });

  it('uses a custom range only when it is real, in order and at most two years', () => {
    expect(reportRangeOf({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(reportRangeOf({ from: '2026-02-01', to: '2026-01-31' })).toEqual({ period: '30d' });
    expect(reportRangeOf({ from: '2026-02-30', to: '2026-03-31' })).toEqual({ period: '30d' });
    expect(reportRangeOf({ from: '2024-01-01', to: '2026-01-02' })).toEqual({ period: '30d' });
    expect(reportRangeOf({ period: '90d', from: '2026-01-01', to: '2026-01-31' })).toEqual({ period: '90d' });
    expect(rangeQuery({ period: '1y' })).toBe('period=1y');
    expect(rangeQuery({ from: '2026-01-01', to: '2026-01-31' })).toBe('from=2026-01-01&to=2026-01-31');
  });
});

describe('calendar dates for dashboards', () => {
  it('formats a calendar date without shifting it by a zone', () => {
    expect(formatCalendarDate('2026-06-15', { year: 'numeric', month: '2-digit', day: '2-digit' })).toMatch(/15/);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('bounds today in the user’s zone, daylight saving included', () => {
    // Paris springs forward on 2026-03-29: that day is 23 hours long.
    const paris = todayRangeIn('Europe/Paris', new Date('2026-03-29T12:00:00Z'));
    expect(paris).toEqual({ date: '2026-03-29', from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' });
    // At 02:00 UTC it is still the evening before in New York.
    expect(todayIn('America/New_York', new Date('2026-06-15T02:00:00Z'))).toBe('2026-06-14');
    expect(startOfDayIn('2026-06-14', 'America/New_York').toISOString()).toBe('2026-06-14T04:00:00.000Z');
    // An unknown zone falls back instead of throwing.
    expect(todayRangeIn('Not/AZone', new Date('2026-06-15T12:00:00Z')).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('KPI trends', () => {
  it('colours a move by whether it is good news for that figure', () => {
    expect(trendTone('up', 'higher')).toBe('good');
    expect(trendTone('up', 'lower')).toBe('bad');
    expect(trendTone('down', 'lower')).toBe('good');
    expect(trendTone('down', 'higher')).toBe('bad');
    expect(trendTone('flat', 'higher')).toBe('neutral');
  });

  it('writes changes with their sign and periods in words', () => {
    expect(formatSignedPercent(12.5)).toBe('+12.5%');
    expect(formatSignedPercent(-3)).toBe('−3%');
    expect(formatPoints(1)).toBe('+1 pt');
    expect(formatPoints(-4.5)).toBe('−4.5 pts');
    expect(periodPhrase({ key: '30d', days: 30, from: '2026-05-17', to: '2026-06-15' })).toBe('the last 30 days');
    expect(periodPhrase({ key: '1y', days: 365, from: '2025-06-16', to: '2026-06-15' })).toBe('the last 12 months');
  });
});

describe('links to the records behind an insight', () => {
  it('opens the pipeline list where the board has no such filter', () => {
    const stalled = { status: 'open', sortBy: 'stageChangedAt', sortDir: 'asc', stalledDays: '14' };
    expect(screenLink({ to: '/pipeline', search: stalled })).toEqual({ to: '/pipeline', search: { ...stalled, view: 'list' } });
    expect(screenLink({ to: '/pipeline', search: { pipelineId: 'p', stageId: 's' } })).toEqual({ to: '/pipeline', search: { pipelineId: 'p', stageId: 's', view: 'list' } });
    expect(screenLink({ to: '/tasks', search: { view: 'overdue', assigneeId: 'u' } })).toEqual({ to: '/tasks', search: { view: 'overdue', assigneeId: 'u' } });
  });
});
