import { Hono } from 'hono';
import { assertSafeInput } from '../errors';
import type { AppEnv } from '../http/env';
import { applyStripeEvent } from './service';
import { stripeGateway } from './stripe';

/**
 * POST /api/stripe/webhook: the signature is checked on the raw body with STRIPE_WEBHOOK_SECRET
 * before anything else; a bad or missing one answers 400 and writes nothing.
 */
export const stripeWebhook = new Hono<AppEnv>().post('/stripe/webhook', async (c) => {
  const gateway = stripeGateway(c.var.deps.config);
  const event = gateway.verifyEvent(await c.req.text(), c.req.header('stripe-signature'));
  // Signed is not the same as storable: a NUL or lone surrogate is refused (400) like on every door.
  assertSafeInput(event);
  return c.json(await applyStripeEvent(c.var.deps, event));
});
