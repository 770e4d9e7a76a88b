/** IANA time zones this browser knows, UTC first, always including the ones already chosen. */
export function timeZoneOptions(...chosen: (string | null | undefined)[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const rest = [...new Set([...known, ...chosen.filter((z): z is string => Boolean(z))])].filter((z) => z !== 'UTC').sort();
  return ['UTC', ...rest];
}

/** The browser's own zone, offered as a starting point. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
