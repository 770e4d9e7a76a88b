import { formatCalendarRange } from '../../../../lib/calendar';
import type { PeriodInfo } from './types';

/** Figures as people read them, in the browser's locale. */

export function formatCount(value: number): string {
  return new Intl.NumberFormat().format(value);
}

/** A percentage the server gives as a number of percent (45.5 → "45.5%"). */
export function formatPercentValue(value: number, fractionDigits = 1): string {
  return new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: fractionDigits }).format(value / 100);
}

/** 12.5 → "12.5 days", 1 → "1 day". */
export function formatDays(value: number): string {
  const text = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(value);
  return `${text} ${value === 1 ? 'day' : 'days'}`;
}

/** Signed change: 12.5 → "+12.5%", -3 → "−3%" (a real minus sign). */
export function formatSignedPercent(value: number): string {
  const text = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(Math.abs(value));
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${text}%`;
}

/** Signed percentage points: 5 → "+5 pts". */
export function formatPoints(value: number): string {
  const text = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(Math.abs(value));
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${text} ${Math.abs(value) === 1 ? 'pt' : 'pts'}`;
}

/** "the last 30 days" for a preset, the dates for a custom range. */
export function periodPhrase(period: Pick<PeriodInfo, 'key' | 'days' | 'from' | 'to'>): string {
  if (period.key === '1y') return 'the last 12 months';
  if (period.key !== 'custom') return `the last ${period.days} days`;
  return formatCalendarRange(period.from, period.to);
}

/** "the previous 30 days" — the window each figure is compared with. */
export function previousPhrase(period: Pick<PeriodInfo, 'key' | 'days'>): string {
  if (period.key === '1y') return 'the previous 12 months';
  return `the previous ${period.days} ${period.days === 1 ? 'day' : 'days'}`;
}
