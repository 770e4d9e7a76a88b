import { Hono } from 'hono';
import { authOf } from '../http/auth';
import { readBody, readQuery } from '../http/body';
import type { AppEnv } from '../http/env';
import { ZCreatePaymentIntentInput, ZCreateSubscriptionInput, ZProvisioningTokenInput } from './inputs';
import { createPaymentIntent, createSubscription, provisioningStatus, publicBillingConfig } from './service';

/**
 * Spec public-site §7's payment calls and what the public payment pages need. They are public: a
 * signed-in caller's subscription attaches to their organization. `Idempotency-Key`, sent by the
 * page once per visit, makes a retried click return the same payment or subscription.
 */
export const billingRest = new Hono<AppEnv>()
  .get('/billing/config', (c) => c.json(publicBillingConfig(c.var.deps)))
  // The token is a capability held by the subscribe page that bought (not a record id): it travels in the query.
  .get('/billing/provisioning', async (c) => c.json(await provisioningStatus(c.var.deps, readQuery(c, ZProvisioningTokenInput))))
  .post('/create-payment-intent', async (c) => c.json(await createPaymentIntent(c.var.deps, await readBody(c, ZCreatePaymentIntentInput), c.req.header('idempotency-key'))))
  .post('/create-subscription', async (c) => c.json(await createSubscription(c.var.deps, await authOf(c), await readBody(c, ZCreateSubscriptionInput), c.req.header('idempotency-key'), c.var.meta)));
