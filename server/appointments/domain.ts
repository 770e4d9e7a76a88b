import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { appointmentsRest } from './rest';
import { appointmentsRouter } from './router';

const permissions = {
  'appointments:read': { minimumRole: 'viewer' },
  'appointments:write': { minimumRole: 'sales_rep' },
} as const satisfies Record<string, PermissionRule>;

/** The appointment lists; an appointment's own query too unless it was deleted (asking again would only be refused). */
const APPOINTMENT_LISTS = ['appointments.list', 'appointments.search'] as const;

const events = {
  appointment_changed: {
    permission: 'appointments:read',
    invalidates: (payload) => (payload.change === 'deleted' ? APPOINTMENT_LISTS : ([...APPOINTMENT_LISTS, 'appointments.get'] as const)),
  },
} as const satisfies Record<string, EventRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const appointmentsDomain = defineDomain({
  name: 'appointments',
  router: { appointments: appointmentsRouter },
  rest: [{ path: '/appointments', routes: () => appointmentsRest }],
  permissions,
  events,
});
