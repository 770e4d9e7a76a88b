import { formatMoney, payloadText } from '../events/notifications';
import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import type { PermissionRule } from '../kernel/permissions';
import { createDefaultPipeline } from './default-pipeline';
import { dealsRouter, pipelinesRouter } from './router';
import { ZDealIdInput } from './schema';
import { dealVisible } from './service';

const permissions = {
  'deals:read': { minimumRole: 'viewer' },
  'deals:write': { minimumRole: 'sales_rep' },
  'pipelines:manage': { minimumRole: 'manager' },
} as const satisfies Record<string, PermissionRule>;

/** What lists deals or counts them, and the timeline of the deal's contact. */
const DEAL_LISTS = ['deals.board', 'deals.list', 'analytics', 'contacts.timeline'] as const;
/** The same, and the deal's own page. */
const DEAL_CHANGED = [...DEAL_LISTS, 'deals.get', 'deals.timeline'] as const;

const events = {
  deal_created: { permission: 'deals:read', ownerScoped: true, invalidates: DEAL_CHANGED },
  deal_moved: { permission: 'deals:read', ownerScoped: true, invalidates: DEAL_CHANGED },
  deal_won: {
    permission: 'deals:read',
    ownerScoped: true,
    invalidates: DEAL_CHANGED,
    notification: (payload) => ({
      preference: 'deal_won',
      type: 'success',
      title: 'Deal Won!',
      message: `${payloadText(payload.title, 'A deal')} - ${formatMoney(Number(payload.valueMinor ?? 0), payloadText(payload.currency, 'USD'))}`,
      link: payload.dealId ? `/pipeline/deals/${String(payload.dealId)}` : null,
      notifyActor: true,
    }),
  },
  deal_lost: { permission: 'deals:read', ownerScoped: true, invalidates: DEAL_CHANGED },
  deal_updated: { permission: 'deals:read', ownerScoped: true, invalidates: DEAL_CHANGED },
  // Its own page is left alone.
  deal_deleted: { permission: 'deals:read', ownerScoped: true, invalidates: DEAL_LISTS },
} as const satisfies Record<string, EventRule>;

declare module '../kernel/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's permission names to the kernel
  interface PermissionRegistry extends Record<keyof typeof permissions, true> {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const dealsDomain = defineDomain({
  name: 'deals',
  router: { pipelines: pipelinesRouter, deals: dealsRouter },
  permissions,
  events,
  recordPages: { '/pipeline/deals/$dealId': { param: 'dealId', wellFormed: (id) => ZDealIdInput.safeParse({ id }).success, permission: 'deals:read', visible: dealVisible } },
  // Every organization starts with the default pipeline.
  onOrganizationCreated: async (trx, organizationId) => {
    await createDefaultPipeline(trx, organizationId);
  },
});
