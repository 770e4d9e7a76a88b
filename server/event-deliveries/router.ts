import { permittedProcedure, router } from '../trpc/init';
import { ZEventDeliveryKey, ZEventDeliveryList } from './schema';
import { listEventDeliveries, retryEventDelivery } from './service';

/** Settings → Integrations → Event deliveries: what the organization's event consumers could not deliver. */
export const eventDeliveriesRouter = router({
  list: permittedProcedure('settings:manage')
    .output(ZEventDeliveryList)
    .query(({ ctx }) => listEventDeliveries(ctx)),
  retry: permittedProcedure('settings:manage')
    .input(ZEventDeliveryKey)
    .output(ZEventDeliveryKey)
    .mutation(({ ctx, input }) => retryEventDelivery(ctx, input)),
});
