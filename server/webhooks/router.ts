import { ZDeletedRecord } from '../records/schema';
import { permittedProcedure, router } from '../trpc/init';
import {
  ZCreateWebhookEndpointInput,
  ZDeliveryAccepted,
  ZEndpointIdInput,
  ZListDeliveriesInput,
  ZRedeliverInput,
  ZRotateSecretInput,
  ZUpdateWebhookEndpointInput,
  ZWebhookDeliveryPage,
  ZWebhookEndpoint,
  ZWebhookEndpointList,
  ZWebhookEndpointWithSecret,
} from './schema';
import * as webhooks from './service';

/** Settings → Webhooks (admins). */
export const webhooksRouter = router({
  list: permittedProcedure('settings:manage')
    .output(ZWebhookEndpointList)
    .query(({ ctx }) => webhooks.listEndpoints(ctx)),
  get: permittedProcedure('settings:manage')
    .input(ZEndpointIdInput)
    .output(ZWebhookEndpoint)
    .query(({ ctx, input }) => webhooks.getEndpoint(ctx, input)),
  create: permittedProcedure('settings:manage')
    .input(ZCreateWebhookEndpointInput)
    .output(ZWebhookEndpointWithSecret)
    .mutation(({ ctx, input }) => webhooks.createEndpoint(ctx, input)),
  update: permittedProcedure('settings:manage')
    .input(ZUpdateWebhookEndpointInput)
    .output(ZWebhookEndpoint)
    .mutation(({ ctx, input }) => webhooks.updateEndpoint(ctx, input)),
  remove: permittedProcedure('settings:manage')
    .input(ZEndpointIdInput)
    .output(ZDeletedRecord)
    .mutation(({ ctx, input }) => webhooks.removeEndpoint(ctx, input)),
  rotateSecret: permittedProcedure('settings:manage')
    .input(ZRotateSecretInput)
    .output(ZWebhookEndpointWithSecret)
    .mutation(({ ctx, input }) => webhooks.rotateSecret(ctx, input)),
  sendTest: permittedProcedure('settings:manage')
    .input(ZEndpointIdInput)
    .output(ZDeliveryAccepted)
    .mutation(({ ctx, input }) => webhooks.sendTestEvent(ctx, input)),
  deliveries: permittedProcedure('settings:manage')
    .input(ZListDeliveriesInput)
    .output(ZWebhookDeliveryPage)
    .query(({ ctx, input }) => webhooks.listDeliveries(ctx, input)),
  redeliver: permittedProcedure('settings:manage')
    .input(ZRedeliverInput)
    .output(ZDeliveryAccepted)
    .mutation(({ ctx, input }) => webhooks.redeliver(ctx, input)),
});
