import { formatCalendarDate } from '../../../../lib/calendar';
import { formatMoney } from '../../../../lib/money';
import { formatCount, formatPercentValue } from '../analytics/format';
import type { Report } from '../analytics/types';

export type ReportColumn = Report['columns'][number];
export type ReportCell = Report['rows'][number][string];
type Bucket = Report['period']['bucket'];

/** A bucket's first day as its label: "Jun 3" for days, "Jun 1" (week starting) for weeks, "Jun 2026" for months. */
export function bucketLabel(date: string, bucket: Bucket, long = false): string {
  if (bucket === 'month') return formatCalendarDate(date, { month: long ? 'long' : 'short', year: 'numeric' });
  if (bucket === 'week') return long ? `Week of ${formatCalendarDate(date, { month: 'long', day: 'numeric', year: 'numeric' })}` : formatCalendarDate(date, { month: 'short', day: 'numeric' });
  return formatCalendarDate(date, long ? { weekday: 'short', month: 'long', day: 'numeric', year: 'numeric' } : { month: 'short', day: 'numeric' });
}

const KIND_LABELS: Record<string, string> = { open: 'Open', won: 'Won', lost: 'Lost' };

/** One cell as its column's type says: dates as buckets, money from minor units, percents, counts. */
export function formatCell(column: ReportColumn, value: ReportCell, report: Pick<Report, 'currency' | 'period'>): string {
  if (value === null || value === undefined) return '—';
  switch (column.type) {
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? bucketLabel(value, report.period.bucket, true) : String(value);
    case 'money':
      return typeof value === 'number' ? formatMoney(value, report.currency) : String(value);
    case 'percent':
      return typeof value === 'number' ? formatPercentValue(value) : String(value);
    case 'count':
      return typeof value === 'number' ? formatCount(value) : String(value);
    case 'text':
      return column.key === 'kind' ? (KIND_LABELS[String(value)] ?? String(value)) : column.key === 'source' ? String(value).replace(/[_-]+/g, ' ') : String(value);
  }
}

export const num = (v: ReportCell | undefined): number => (typeof v === 'number' ? v : 0);
