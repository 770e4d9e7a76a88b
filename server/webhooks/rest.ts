import { Hono } from 'hono';
import { parseInput } from '../errors';
import { requireOrg } from '../http/auth';
import { readBody } from '../http/body';
import { orgContextOf } from '../http/context';
import type { AppEnv } from '../http/env';
import { ZCreateWebhookEndpointInput, ZEndpointIdInput, ZListDeliveriesQuery, ZRedeliverInput, ZRotateSecretFields, ZUpdateWebhookEndpointFields } from './schema';
import * as webhooks from './service';

const idOf = (c: { req: { param: (name: string) => string } }) => parseInput(ZEndpointIdInput, { id: c.req.param('id') });

/** /api/v1/webhook-endpoints for integrators (described in server/api-v1/doors.ts). */
export const webhookEndpointsRest = new Hono<AppEnv>()
  .get('/', requireOrg('settings:manage'), async (c) => c.json(await webhooks.listEndpoints(orgContextOf(c))))
  .post('/', requireOrg('settings:manage'), async (c) => {
    const ctx = orgContextOf(c);
    const created = await webhooks.createEndpoint(ctx, await readBody(c, ZCreateWebhookEndpointInput));
    c.header('Location', `/api/v1/webhook-endpoints/${created.id}`);
    return c.json(created, 201);
  })
  .get('/:id', requireOrg('settings:manage'), async (c) => c.json(await webhooks.getEndpoint(orgContextOf(c), idOf(c))))
  .patch('/:id', requireOrg('settings:manage'), async (c) => {
    const ctx = orgContextOf(c);
    const { id } = idOf(c);
    return c.json(await webhooks.updateEndpoint(ctx, { id, ...(await readBody(c, ZUpdateWebhookEndpointFields)) }));
  })
  .delete('/:id', requireOrg('settings:manage'), async (c) => c.json(await webhooks.removeEndpoint(orgContextOf(c), idOf(c))))
  .post('/:id/rotate-secret', requireOrg('settings:manage'), async (c) => {
    const ctx = orgContextOf(c);
    const { id } = idOf(c);
    return c.json(await webhooks.rotateSecret(ctx, { id, ...(await readBody(c, ZRotateSecretFields)) }));
  })
  .post('/:id/test', requireOrg('settings:manage'), async (c) => c.json(await webhooks.sendTestEvent(orgContextOf(c), idOf(c)), 202))
  .get('/:id/deliveries', requireOrg('settings:manage'), async (c) => {
    const ctx = orgContextOf(c);
    const { id } = idOf(c);
    return c.json(await webhooks.listDeliveries(ctx, { endpointId: id, ...parseInput(ZListDeliveriesQuery, c.req.query()) }));
  });

/** /api/v1/webhook-deliveries: a delivery of the log sent again. */
export const webhookDeliveriesRest = new Hono<AppEnv>().post('/:id/redeliver', requireOrg('settings:manage'), async (c) =>
  c.json(await webhooks.redeliver(orgContextOf(c), parseInput(ZRedeliverInput, { deliveryId: c.req.param('id') })), 202),
);
