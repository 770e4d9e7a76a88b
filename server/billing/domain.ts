import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { startTrial } from '../plans/limits';
import { billingRest } from './rest';
import { billingRouter } from './router';
import { siteCheckoutRest } from './site-checkout-rest';
import { stripeWebhook } from './webhook';

const permissions = {
  'billing:manage': { minimumRole: 'super_admin' },
} as const satisfies Record<string, PermissionRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}

export const billingDomain = defineDomain({
  name: 'billing',
  router: { billing: billingRouter },
  rest: [
    { path: '/', routes: () => billingRest },
    { path: '/', routes: () => stripeWebhook },
    { path: '/', routes: () => siteCheckoutRest },
  ],
  permissions,
  // A read-only organization (trial ended, subscription lapsed) can still pay again.
  readOnlyExempt: true,
  // Every organization starts with a 14-day trial of Unlimited (spec §9).
  onOrganizationCreated: (trx, organizationId, now) => startTrial(trx, organizationId, now),
});
