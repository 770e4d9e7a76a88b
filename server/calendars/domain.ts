import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { registerCalendarJobs, type CalendarJobs } from './jobs';
import { bookingRest, calendarsV1Rest } from './rest';
import { calendarsRouter } from './router';

/*
 * Calendars and booking pages (issue #20): members' availability, slots, the public booking page's
 * doors and the bookings they make (appointments through the appointments service).
 */
const permissions = {
  'calendars:read': { minimumRole: 'viewer' },
  'calendars:book': { minimumRole: 'sales_rep' },
  'calendars:manage': { minimumRole: 'manager' },
} as const satisfies Record<string, PermissionRule>;

declare module '../jobs/queue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's jobs to the kernel
  interface JobRegistry extends CalendarJobs {}
}
declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}

export const calendarsDomain = defineDomain({
  name: 'calendars',
  router: { calendars: calendarsRouter },
  rest: [
    { path: '/v1/calendars', routes: () => calendarsV1Rest },
    { path: '/booking', routes: () => bookingRest },
  ],
  jobs: (deps) => registerCalendarJobs(deps),
  permissions,
});
