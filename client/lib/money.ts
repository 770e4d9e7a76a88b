/**
 * Money as the server keeps it: integer minor units of an ISO 4217 currency ({ valueMinor: 1234,
 * currency: 'USD' } is $12.34). Shown with Intl.NumberFormat, typed by people in major units.
 */

const digitsCache = new Map<string, number>();

/** How many minor-unit digits a currency has: 2 for USD, 0 for JPY, 3 for KWD (2 when unknown). */
export function currencyDigits(currency: string): number {
  const cached = digitsCache.get(currency);
  if (cached !== undefined) return cached;
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    digits = 2;
  }
  digitsCache.set(currency, digits);
  return digits;
}

/** "$12,345.67"; `compact` gives "$12K" for tight places (card footers, column headers). */
export function formatMoney(valueMinor: number, currency: string, options: { compact?: boolean; locale?: string } = {}): string {
  const digits = currencyDigits(currency);
  const major = valueMinor / 10 ** digits;
  try {
    return new Intl.NumberFormat(options.locale, {
      style: 'currency',
      currency,
      ...(options.compact ? { notation: 'compact', maximumFractionDigits: 1 } : { minimumFractionDigits: Number.isInteger(major) ? 0 : digits, maximumFractionDigits: digits }),
    }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/** The value as it goes into an amount field: "1234.5" for 123450 cents, "" for null. */
export function minorToInput(valueMinor: number | null | undefined, currency: string): string {
  if (valueMinor === null || valueMinor === undefined) return '';
  const digits = currencyDigits(currency);
  const text = (valueMinor / 10 ** digits).toFixed(digits);
  return digits > 0 ? text.replace(/\.?0+$/, '') : text;
}

/**
 * What a person typed in an amount field, in minor units: "1,234.5" → 123450 (USD). Group separators
 * (commas, spaces, apostrophes) are ignored, the decimal point is "." or a lone ",". Undefined when
 * it is not an amount or has more decimals than the currency allows; null when empty.
 */
export function parseMoneyInput(text: string, currency: string): number | null | undefined {
  let value = text.trim().replace(/[\s'\u00a0\u202f]/g, '');
  if (value === '') return null;
  // "1234,5" (a comma as the decimal mark) when there is no dot and the comma is not a thousands group.
  if (!value.includes('.') && /^\d+,\d{1,3}$/.test(value) && !/^\d{1,3},\d{3}$/.test(value)) value = value.replace(',', '.');
  value = value.replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) return undefined;
  const digits = currencyDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Currencies to offer: the ones in use first, then every ISO code this browser knows. */
export function currencyOptions(...first: (string | null | undefined)[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['USD', 'EUR', 'GBP'];
  const head = [...new Set(first.filter((c): c is string => Boolean(c)))];
  return [...head, ...known.filter((c) => !head.includes(c))];
}

/** "42%" */
export function formatPercent(ratio: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: fractionDigits }).format(ratio);
}
