import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { funnelsRecordPages, funnelsRestDoors, funnelsRouters } from './funnels/declarations';
import { sitesRest, sitesV1Rest } from './rest';
import { sitesRouter } from './router';

/*
 * Websites and funnels (issue #20): sites of pages built from blocks, published as immutable
 * versions and served at /s/<handle> or a verified custom domain (server/sites/public.ts, mounted by
 * the app before its CSRF check). Funnels are steps of site pages (the `funnels` router).
 */
const permissions = {
  'sites:read': { minimumRole: 'viewer' },
  'sites:write': { minimumRole: 'manager' },
  /** A site's custom code (it runs on its published pages, in a sandboxed frame). */
  'sites:code': { minimumRole: 'admin' },
} as const satisfies Record<string, PermissionRule>;

const events = {
  /** A page version went live (published, or an earlier one made live again): the sites screens refresh. */
  site_page_published: { permission: 'sites:read', invalidates: ['sites'] },
  /** A Payment block's order was paid (Stripe's webhook or the sandbox): the funnels' revenue changed. */
  site_order_paid: { permission: 'sites:read', invalidates: ['funnels'] },
} as const satisfies Record<string, EventRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const sitesDomain = defineDomain({
  name: 'sites',
  router: { sites: sitesRouter, ...funnelsRouters },
  rest: [{ path: '/v1/sites', routes: () => sitesV1Rest }, { path: '/sites', routes: () => sitesRest }, ...funnelsRestDoors],
  recordPages: funnelsRecordPages,
  permissions,
  events,
});
