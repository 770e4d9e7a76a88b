import { onTestFinished } from 'vitest';
import { registerCalendarJobs } from '../../server/calendars/jobs';
import { DEFAULT_WEEKLY, type TWeeklyAvailability } from '../../server/calendars/schema';
import { registerEmailJobs } from '../../server/email/jobs';
import { closeEmailTransport } from '../../server/email/transport';
import { registerSmsJobs } from '../../server/sms/jobs';
import { addDays, zonedParts } from '../../server/time/zoned';
import { addMember, browser, createAccount, createKey } from '../helpers/factories';
import { checkedTestApp } from '../helpers/openapi';
import { randomIp } from './leads-helpers';

export const EVERY_DAY = (start: string, end: string): TWeeklyAvailability => Array.from({ length: 7 }, () => [{ start, end }]);

/** A date two weeks ahead (UTC): inside every calendar's horizon, far from any minimum notice. */
export const AHEAD = addDays(zonedParts(new Date(), 'UTC').date, 14);
export const at = (time: string, date = AHEAD) => `${date}T${time}:00.000Z`;

/**
 * An organization with its owner and a colleague, a tRPC caller, an API key, and the public doors
 * called from an address of the test's own (the booking rate limit counts per address). The
 * e-mail, SMS and booking jobs run (e-mail and SMS in their sandboxes: the outbox keeps them).
 */
export async function calendarsWorld() {
  const built = await checkedTestApp({ env: { TRUST_PROXY: 'true', JOBS_POLL_MS: '50' } });
  registerEmailJobs(built.deps, { retryDelay: 1 });
  registerSmsJobs(built.deps, { retryDelay: 1 });
  registerCalendarJobs(built.deps);
  await built.deps.jobs.start();
  onTestFinished(async () => {
    await built.deps.jobs.stop({ timeoutMs: 3000 });
    await closeEmailTransport(built.deps);
  });
  const owner = await createAccount(built.deps, 'booking');
  const colleague = await addMember(built.deps, owner.organizationId, 'sales_rep', 'colleague');
  const api = built.caller(browser(owner.cookie));
  const key = await createKey(built.deps, owner.organizationId, 'admin');
  const ip = randomIp();
  const request = (path: string, init: { method?: string; body?: unknown; ip?: string; key?: string } = {}) =>
    built.app.request(path, {
      method: init.method ?? 'GET',
      headers: {
        'x-forwarded-for': init.ip ?? ip,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  const createCalendar = (overrides: Record<string, unknown> = {}) =>
    api.calendars.create({
      name: 'Discovery call',
      slug: 'discovery',
      kind: 'personal',
      slotMinutes: 60,
      horizonDays: 60,
      members: [{ userId: owner.userId, timeZone: 'UTC', weekly: EVERY_DAY('09:00', '12:00'), overrides: [] }],
      ...overrides,
    });
  const handleOf = (bookingUrl: string) => new URL(bookingUrl).pathname.split('/').slice(2);
  const visitor = (email: string, startsAt: string, extra: Record<string, unknown> = {}) => ({ startsAt, timeZone: 'Europe/Paris', name: 'Ada Lovelace', email, ...extra });
  return { ...built, owner, colleague, api, key, ip, request, createCalendar, handleOf, visitor, DEFAULT_WEEKLY };
}
