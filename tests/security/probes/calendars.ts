import { DEFAULT_WEEKLY } from '../../../server/calendars/schema';
import type { AppDeps } from '../../../server/deps';
import type { Account } from '../../helpers/factories';
import type { Caller, Probe, RestProbe } from './types';

/** A personal calendar of organization A. */
async function aCalendar(_deps: AppDeps, a: Account, api: Caller) {
  const calendar = await api.calendars.create({
    name: 'Probe calendar',
    slug: `probe-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`,
    kind: 'personal',
    slotMinutes: 30,
    members: [{ userId: a.userId, timeZone: 'UTC', weekly: DEFAULT_WEEKLY, overrides: [] }],
  });
  return calendar.id;
}

const range = () => ({ from: new Date(Date.now() + 7 * 86_400_000).toISOString(), to: new Date(Date.now() + 8 * 86_400_000).toISOString() });
const visitor = { timeZone: 'UTC', name: 'Probe Visitor', email: 'probe-visitor@example.test' };

export const probes: Record<string, Probe> = {
  'calendars.get': async (d, a, api) => ({ id: await aCalendar(d, a, api) }),
  'calendars.slots': async (d, a, api) => ({ id: await aCalendar(d, a, api), ...range() }),
  'calendars.update': async (d, a, api) => ({ id: await aCalendar(d, a, api), name: 'Taken over' }),
  'calendars.delete': async (d, a, api) => ({ id: await aCalendar(d, a, api) }),
  'calendars.book': async (d, a, api) => ({ id: await aCalendar(d, a, api), startsAt: range().from, ...visitor }),
};

export const restProbes: Record<string, RestProbe> = {
  'GET /api/v1/calendars/:id/slots': (d, a, api) => aCalendar(d, a, api),
  'POST /api/v1/calendars/:id/bookings': (d, a, api) => aCalendar(d, a, api),
};

const PUBLIC_PAGE = 'a published booking page’s address (the organization’s handle and the calendar’s slug), public by design; it shows only what the page shows and books as a visitor would';
const MANAGE_TOKEN = 'a booking’s reschedule or cancel link, signed with that booking’s own key and sent to the visitor only (tests/integration/calendars.test.ts refuses a changed one)';

export const capabilityRoutes: Record<string, string> = {
  'GET /api/booking/pages/:handle/:slug': PUBLIC_PAGE,
  'GET /api/booking/pages/:handle/:slug/slots': PUBLIC_PAGE,
  'POST /api/booking/pages/:handle/:slug/bookings': PUBLIC_PAGE,
  'GET /api/booking/manage/:token': MANAGE_TOKEN,
  'GET /api/booking/manage/:token/slots': MANAGE_TOKEN,
  'POST /api/booking/manage/:token/reschedule': MANAGE_TOKEN,
  'POST /api/booking/manage/:token/cancel': MANAGE_TOKEN,
};
