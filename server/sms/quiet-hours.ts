/**
 * Quiet hours in the recipient's time zone, taken from their number's country. A country that
 * spans several zones (the US, Canada, Russia, …) counts as quiet while it is quiet in ANY of its
 * zones, so nobody is texted inside the window wherever in the country they live.
 */
export type QuietHours = { start: string; end: string };

const STEP_MS = 5 * 60_000;
const HORIZON_MS = 48 * 3600_000;

const zonesCache = new Map<string, string[]>();
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl.Locale's time zones of its region: the getTimeZones() method (newer runtimes) or the timeZones getter (Node 20). */
type LocaleWithZones = Intl.Locale & { getTimeZones?: () => string[] | undefined; timeZones?: string[] };

/**
 * The IANA zones of a country (CLDR, through Intl.Locale): the method where the runtime has it,
 * else the getter it replaces. A runtime with neither cannot hold messages for quiet hours, and
 * says so rather than silently using one zone for a whole country.
 */
export function countryTimeZones(country: string): string[] | undefined {
  const locale = new Intl.Locale(`und-${country}`) as LocaleWithZones;
  if (typeof locale.getTimeZones === 'function') return locale.getTimeZones();
  if ('timeZones' in locale) return locale.timeZones;
  throw new Error(`Intl.Locale has neither getTimeZones() nor timeZones in this runtime (Node ${process.versions.node}): the time zones of a country, which quiet hours need, are unknown`);
}

function zonesOf(country: string | undefined, fallbackZone: string): string[] {
  if (!country) return [fallbackZone];
  let zones = zonesCache.get(country);
  if (!zones) {
    const found = countryTimeZones(country);
    // A region CLDR has no zones for (none is an IANA country): the organization's zone.
    zones = found?.length ? found : [fallbackZone];
    zonesCache.set(country, zones);
  }
  return zones;
}

function minutesOfDay(at: Date, zone: string): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(zone, format);
  }
  const [h, m] = format.format(at).split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

function isQuiet(minutes: number, start: number, end: number): boolean {
  // A window across midnight (21:00–08:00) or within one day (12:00–13:00).
  return start > end ? minutes >= start || minutes < end : minutes >= start && minutes < end;
}

/**
 * When a bulk or automated message to this country may go out: null for now, else the first
 * instant (in 5-minute steps) the window is open in every zone of the country.
 */
export function quietHoursRelease(quietHours: QuietHours | null, country: string | undefined, fallbackZone: string, now: Date): Date | null {
  if (!quietHours) return null;
  const start = toMinutes(quietHours.start);
  const end = toMinutes(quietHours.end);
  const zones = zonesOf(country, fallbackZone);
  const quietAt = (at: Date) => zones.some((zone) => isQuiet(minutesOfDay(at, zone), start, end));
  if (!quietAt(now)) return null;
  // From the next whole 5 minutes, so every message held by one window is released together.
  for (let t = Math.ceil(now.getTime() / STEP_MS) * STEP_MS; t <= now.getTime() + HORIZON_MS; t += STEP_MS) {
    if (!quietAt(new Date(t))) return new Date(t);
  }
  // The country is never open for the whole horizon (a window longer than the day allows): hold a day.
  return new Date(now.getTime() + 24 * 3600_000);
}

/** One calculation per country for a bulk request: every recipient of a country shares it. */
export function quietHoursReleaser(quietHours: QuietHours | null, fallbackZone: string, now: Date): (country: string | undefined) => Date | null {
  const byCountry = new Map<string, Date | null>();
  return (country) => {
    const key = country ?? '';
    if (!byCountry.has(key)) byCountry.set(key, quietHoursRelease(quietHours, country, fallbackZone, now));
    return byCountry.get(key)!;
  };
}
