/** 0.1234 → "12.3%". */
export const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** Cents per visitor → "$1.23" (the organization's figures are stored in cents). */
export const perVisitor = (cents: number) => `$${(cents / 100).toFixed(2)}`;

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
