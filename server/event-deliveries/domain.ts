import { defineDomain } from '../kernel/domain';
import { eventDeliveriesRouter } from './router';

/** The durable consumers' deliveries an admin looks at: parked and retrying ones, with Retry (permission `settings:manage`). */
export const eventDeliveriesDomain = defineDomain({ name: 'event-deliveries', router: { eventDeliveries: eventDeliveriesRouter } });
