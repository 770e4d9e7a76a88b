import { payloadText } from '../events/notifications';
import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { registerContactJobs } from './jobs';
import { contactsRest } from './rest';
import { contactsRouter, customFieldsRouter, importsRouter, savedViewsRouter } from './router';
import { ZContactIdInput } from './schema';
import { contactVisible } from './service';
import type { IMPORT_JOB, ImportJobData } from './imports';

const permissions = {
  'contacts:read': { minimumRole: 'viewer' },
  'contacts:write': { minimumRole: 'sales_rep' },
  'contacts:delete': { minimumRole: 'admin' },
  'data:import': { minimumRole: 'admin' },
  'data:export': { minimumRole: 'manager' },
} as const satisfies Record<string, PermissionRule>;

/** What lists contacts, or counts them. */
const CONTACT_LISTS = ['contacts.list', 'contacts.duplicates', 'analytics'] as const;

const events = {
  contact_created: {
    permission: 'contacts:read',
    ownerScoped: true,
    invalidates: CONTACT_LISTS,
    notification: (payload) => ({
      preference: 'contact_created',
      type: 'success',
      title: 'New Contact',
      message: `${payloadText(payload.name, 'A contact')} has been added to your contacts`,
      link: payload.contactId ? `/contacts/${String(payload.contactId)}` : null,
    }),
  },
  // A contact's name shows on its deals' cards and rows too.
  contact_updated: { permission: 'contacts:read', invalidates: [...CONTACT_LISTS, 'contacts.get', 'contacts.timeline', 'deals.list', 'deals.board'] },
  // Its deals, tasks and appointments go with it; its own page is left alone.
  contact_deleted: { permission: 'contacts:read', invalidates: [...CONTACT_LISTS, 'deals.board', 'deals.list', 'tasks.list', 'tasks.counts', 'appointments.list'] },
  import_finished: {
    permission: 'data:import',
    invalidates: ['imports.list', 'imports.get', ...CONTACT_LISTS],
    notification: (payload) => {
      const errors = Number(payload.errorCount ?? 0);
      return {
        preference: 'import_finished',
        type: errors > 0 ? 'warning' : 'success',
        title: 'Import finished',
        message: `${Number(payload.createdCount ?? 0)} created, ${Number(payload.updatedCount ?? 0)} updated, ${errors} with errors`,
        link: '/contacts',
      };
    },
  },
} as const satisfies Record<string, EventRule>;

/** Its job: one CSV import, run in chunks. */
type Jobs = { [IMPORT_JOB]: ImportJobData };

declare module '../jobs/queue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's jobs to the kernel
  interface JobRegistry extends Jobs {}
}
declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const contactsDomain = defineDomain({
  name: 'contacts',
  router: { contacts: contactsRouter, customFields: customFieldsRouter, savedViews: savedViewsRouter, imports: importsRouter },
  rest: [{ path: '/contacts', routes: () => contactsRest }],
  jobs: registerContactJobs,
  permissions,
  events,
  recordPages: { '/contacts/$contactId': { param: 'contactId', wellFormed: (id) => ZContactIdInput.safeParse({ id }).success, permission: 'contacts:read', visible: contactVisible } },
});
