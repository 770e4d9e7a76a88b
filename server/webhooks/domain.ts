import { payloadText } from '../events/notifications';
import type { EventRule } from '../events/types';
import { defineDomain } from '../kernel/domain';
import { registerWebhookJobs, type WebhookJobs } from './jobs';
import { webhookDeliveriesRest, webhookEndpointsRest } from './rest';
import { webhooksRouter } from './router';

/** Outbound webhooks (issue #19): endpoints, signed deliveries from the event consumer, the delivery log. Admins manage them (`settings:manage`). */
const events = {
  webhook_endpoint_disabled: {
    permission: 'settings:manage',
    invalidates: ['webhooks'],
    notification: (payload) => ({
      preference: 'webhook_endpoint_disabled',
      type: 'warning',
      title: 'Webhook endpoint disabled',
      message: `${payloadText(payload.url, 'A webhook endpoint')} was disabled after its deliveries failed for 24 hours`,
      link: '/settings/webhooks',
    }),
  },
} as const satisfies Record<string, EventRule>;

type Jobs = WebhookJobs;

declare module '../jobs/queue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's jobs to the kernel
  interface JobRegistry extends Jobs {}
}
declare module '../events/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declares this domain's event types to the kernel
  interface EventRegistry extends Record<keyof typeof events, true> {}
}

export const webhooksDomain = defineDomain({
  name: 'webhooks',
  router: { webhooks: webhooksRouter },
  rest: [
    { path: '/v1/webhook-endpoints', routes: () => webhookEndpointsRest },
    { path: '/v1/webhook-deliveries', routes: () => webhookDeliveriesRest },
  ],
  jobs: (deps) => registerWebhookJobs(deps),
  events,
});
