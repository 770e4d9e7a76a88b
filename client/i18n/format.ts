import type { Language } from './languages';

/**
 * Numbers, prices and times written the way each language writes them: 1,497 / 1 497 / 1,497 and
 * $1,497 / 1 497 $US / 1,497 US$ (French with narrow no-break spaces). Arabic keeps Western digits,
 * like the figures in its texts. Built-in Intl only: no i18n runtime.
 */
export const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR', ar: 'ar' };

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}:${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], options);
    formats.set(key, format);
  }
  return format;
}

export function formatNumber(language: Language, value: number): string {
  return numberFormat(language).format(value);
}

/** A whole percentage: 35% in English, 35 % (no-break space) in French, 35% with direction marks in Arabic. */
export function formatPercent(language: Language, percent: number): string {
  return numberFormat(language, { style: 'percent' }).format(percent / 100);
}

/** Large counts, shortened: 12.4K / 12,4 k / 12.4 ألف. */
export function formatCompact(language: Language, value: number): string {
  return numberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/**
 * Whole US dollars (the billing catalogue's prices). In Arabic the amount is a left-to-right isolate
 * (U+2066…U+2069), so "1,497 US$" does not turn into "$US 1,497" inside right-to-left text.
 */
export function formatUsd(language: Language, dollars: number): string {
  const amount = numberFormat(language, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(dollars);
  return language === 'ar' ? `\u2066${amount.replace(/\u200f/g, '')}\u2069` : amount;
}

export function formatTime(language: Language, date: Date, options?: Intl.DateTimeFormatOptions): string {
  return date.toLocaleTimeString(LOCALES[language], options);
}

/** A wait in seconds, with the language's own plural: 1 second / 30 secondes / 5 ثوانٍ. */
export function formatSeconds(language: Language, seconds: number): string {
  return numberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(seconds);
}
