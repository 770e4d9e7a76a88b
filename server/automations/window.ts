import type { z } from 'zod';
import type { Db } from '../db';
import { organizationSettings } from '../contacts/state';
import type { ContactSnapshot } from './contact-state';
import type { PlanEnv } from './step-send';
import type { TStep, TWorkflowSettings, ZSendingWindow } from './schema';

/** The custom field a contact's own time zone is read from (an IANA name such as Europe/Paris): contacts have no time zone column. */
export const CONTACT_TIME_ZONE_FIELD = 'timezone';

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone a workflow's times are read in: with `contact`, the contact's `timezone` custom field
 * when it names a real zone; otherwise (and always with `organization`) the organization's.
 */
export async function zoneFor(db: Db, organizationId: string, which: 'organization' | 'contact', contact: ContactSnapshot | null): Promise<string> {
  const own = contact?.custom[CONTACT_TIME_ZONE_FIELD];
  if (which === 'contact' && isTimeZone(own)) return own;
  return (await organizationSettings(db, organizationId)).timezone;
}

/**
 * What a step's planner needs besides the contact: the zone times of day are read in (a
 * `wait_until` step's) — the contact's when the workflow's sending window uses the contact's zone,
 * else the organization's. Other steps need none, so no query is made for them.
 */
export async function planEnvFor(db: Db, organizationId: string, settings: TWorkflowSettings, contact: ContactSnapshot | null, step: TStep): Promise<PlanEnv> {
  if (step.type !== 'wait_until') return { timeZone: 'UTC' };
  return { timeZone: await zoneFor(db, organizationId, settings.sendingWindow?.timeZone ?? 'organization', contact) };
}

/** The sending window: the first instant at or after `now` inside the window's hours and days, in the zone the window names. */
export async function openingAt(db: Db, organizationId: string, window: z.output<typeof ZSendingWindow>, now: Date, contact: ContactSnapshot | null): Promise<{ at: Date; zone: string }> {
  const zone = await zoneFor(db, organizationId, window.timeZone, contact);
  return { at: nextOpening(window, now, zone), zone };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function localHourAndDay(at: Date, timeZone: string): { hour: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23', weekday: 'short' }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const day = WEEKDAYS.indexOf(parts.find((p) => p.type === 'weekday')?.value ?? 'Sun');
  return { hour, day };
}

/** Steps forward hour by hour (at most a week): zones with half-hour offsets open on their local hour. */
export function nextOpening(window: z.output<typeof ZSendingWindow>, now: Date, timeZone: string): Date {
  const inside = (at: Date) => {
    const { hour, day } = localHourAndDay(at, timeZone);
    return window.days.includes(day) && hour >= window.startHour && hour < window.endHour;
  };
  if (inside(now)) return now;
  const hourStart = new Date(now);
  hourStart.setUTCMinutes(now.getUTCMinutes() >= 30 && isHalfHourZone(now, timeZone) ? 30 : 0, 0, 0);
  for (let h = 1; h <= 24 * 8; h++) {
    const candidate = new Date(hourStart.getTime() + h * 3_600_000);
    if (inside(candidate)) return candidate;
  }
  return now;
}

function isHalfHourZone(at: Date, timeZone: string): boolean {
  const minute = Number(new Intl.DateTimeFormat('en-US', { timeZone, minute: 'numeric' }).format(at));
  return minute !== at.getUTCMinutes();
}
