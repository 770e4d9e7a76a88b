import { Hono } from 'hono';
import { jsonBody } from '../auth/rest';
import { authOf } from '../http/auth';
import type { AppEnv } from '../http/env';
import { createPaymentIntent, createSubscription, provisioningStatus, publicBillingConfig } from './service';

/**
 * Spec public-site §7's payment calls and what the public payment pages need. They are public: a
 * signed-in caller's subscription attaches to their organization. `Idempotency-Key`, sent by the
 * page once per visit, makes a retried click return the same payment or subscription.
 */
export const billingRest = new Hono<AppEnv>()
  .get('/billing/config', (c) => c.json(publicBillingConfig(c.var.deps)))
  // The token is a capability held by the subscribe page that bought (not a record id): it travels in the query.
  .get('/billing/provisioning', async (c) => c.json(await provisioningStatus(c.var.deps, { token: c.req.query('token') ?? '' })))
  .post('/create-payment-intent', async (c) => c.json(await createPaymentIntent(c.var.deps, await jsonBody(c), c.req.header('idempotency-key'))))
  .post('/create-subscription', async (c) => c.json(await createSubscription(c.var.deps, await authOf(c), await jsonBody(c), c.req.header('idempotency-key'), c.var.meta)));
