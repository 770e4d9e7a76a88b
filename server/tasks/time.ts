import type { Kysely } from 'kysely';
import type { OrgAuth } from '../auth/resolve';
import { ZPreferences } from '../auth/schema';
import type { Database } from '../db/schema';

/** The caller's time zone: their own preference, else the organization's, else UTC. */
export async function callerTimeZone(db: Kysely<Database>, auth: OrgAuth): Promise<string> {
  if (auth.user) {
    const user = await db.selectFrom('users').select('preferences').where('id', '=', auth.user.id).executeTakeFirst();
    const own = ZPreferences.safeParse(user?.preferences).data?.timezone;
    if (own) return own;
  }
  const org = await db.selectFrom('organizations').select('settings').where('id', '=', auth.organization.id).executeTakeFirst();
  const tz = (org?.settings as { timezone?: unknown } | undefined)?.timezone;
  return typeof tz === 'string' && isTimeZone(tz) ? tz : 'UTC';
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: Date, tz: string) {
  let format = formatters.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(tz, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** The zone's offset from UTC at an instant, in milliseconds (Paris in summer: +7 200 000). */
export function zoneOffsetMs(instant: Date, tz: string): number {
  const p = partsIn(instant, tz);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a calendar day starts in a zone (its local midnight), daylight saving included. */
export function startOfLocalDay(year: number, month: number, day: number, tz: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  let instant = wall - zoneOffsetMs(new Date(wall), tz);
  // A second pass settles days whose offset differs from the one at UTC midnight.
  instant = wall - zoneOffsetMs(new Date(instant), tz);
  return new Date(instant);
}

/** Today in a zone as [start, end): today's and tomorrow's local midnights (23 or 25 hours apart on DST days). */
export function localDayRange(now: Date, tz: string): { start: Date; end: Date; date: string } {
  const { year, month, day } = partsIn(now, tz);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return {
    start: startOfLocalDay(year, month, day, tz),
    end: startOfLocalDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), tz),
    date: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}
