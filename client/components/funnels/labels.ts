/** 0.1234 → "12.3%". */
export const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/**
 * Minor units → "$1.23", in the currency of the orders counted (the stats' `currencies`; USD before
 * the first sale). Payment blocks in several currencies are summed as they are, and say so.
 */
export function money(cents: number, currencies: readonly string[]): string {
  const major = cents / 100;
  if (currencies.length > 1) return `${major.toFixed(2)} (${currencies.map((c) => c.toUpperCase()).join(' + ')})`;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: (currencies[0] ?? 'usd').toUpperCase() }).format(major);
}

/** The last `days` days to today, as the stats' default range (UTC days). */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(to) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** Saves text as a file in the browser. */
export function download(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
