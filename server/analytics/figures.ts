/** How every figure compares with its previous period's, and the rounding the answers share. */

export type Trend = 'up' | 'down' | 'flat';

export const round1 = (v: number) => Math.round(v * 10) / 10;

/** part ÷ whole as a percent, one decimal; 0 when there is nothing to divide by. */
export const pct = (part: number, whole: number) => (whole === 0 ? 0 : round1((part / whole) * 100));

export function compare(value: number | null, previous: number | null): { changePercent: number | null; trend: Trend } {
  const trend: Trend = value === null || previous === null || value === previous ? 'flat' : value > previous ? 'up' : 'down';
  const changePercent = value === null || previous === null || previous === 0 ? null : round1(((value - previous) / Math.abs(previous)) * 100);
  return { changePercent, trend };
}
