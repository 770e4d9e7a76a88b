import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import { DomainError } from '../errors';
import type { RequestMeta } from '../http/meta';
import { LEAD_RATE_LIMIT } from '../leads/schema';
import { paymentsConfigured } from '../plans/limits';
import { assertSlots, type RateLimit } from '../rate-limit';
import { completeSiteOrder, insertSiteOrder, openSandboxOrder, orderMetadata, pageUrlOf, successUrlOf, type OrderDraft } from '../sites/orders';
import { PAY_PATH } from '../sites/publish';
import { stripeGateway } from './stripe';

/**
 * A site Payment block's checkout (issue #20, revenue per visitor; decision 042): the order opened
 * with a Stripe Checkout Session (metadata: organization, funnel, step, variant, the visitor's daily
 * hash), or — without STRIPE_SECRET_KEY — with this server's sandbox checkout, which completes the
 * order through the same completeSiteOrder as the signed webhook.
 */

type Deps = Pick<AppDeps, 'database' | 'config'>;

/** Checkouts started from one address: the lead forms' numbers, in a bucket of their own. */
const CHECKOUTS_PER_ADDRESS: RateLimit = { bucket: 'sites.pay.ip', ...LEAD_RATE_LIMIT };

/** Opens the order with its provider's session; the URL the visitor pays at. */
export async function startSiteCheckout(deps: Deps, draft: OrderDraft, meta: RequestMeta): Promise<string> {
  const db = deps.database.db;
  await assertSlots(db, [{ limit: CHECKOUTS_PER_ADDRESS, key: meta.ip }], () => 'Too many checkouts from this address. Please try again in a minute.');
  const orderId = randomUUID();
  const metadata = await orderMetadata(db, orderId, draft, { ip: meta.ip, userAgent: meta.userAgent ?? '' });
  const successUrl = await successUrlOf(db, draft);
  if (!paymentsConfigured(deps.config)) {
    await insertSiteOrder(db, draft, metadata, { orderId, provider: 'sandbox', checkoutSessionId: `sandbox_${orderId}`, successUrl });
    return `${deps.config.publicUrl}${PAY_PATH}/sandbox/${orderId}`;
  }
  const session = await stripeGateway(deps.config).createCheckoutSession(
    {
      productName: draft.product.productName,
      description: draft.product.description,
      amountMinor: draft.amountMinor,
      currency: draft.product.currency,
      metadata,
      successUrl,
      cancelUrl: pageUrlOf(draft),
    },
    `site-order:${orderId}`,
  );
  await insertSiteOrder(db, draft, metadata, { orderId, provider: 'stripe', checkoutSessionId: session.id, successUrl });
  return session.url;
}

/** The sandbox exists only while Stripe is not configured: with a key, every order goes through Stripe. */
export async function sandboxOrder(deps: Deps, orderId: string) {
  if (paymentsConfigured(deps.config)) throw new DomainError('NOT_FOUND', 'Payments go through Stripe on this server: there is no sandbox checkout');
  return openSandboxOrder(deps.database.db, orderId);
}

/** The sandbox's "pay" button: the order completed as the webhook would complete a paid session. */
export async function completeSandboxCheckout(deps: Deps, orderId: string, buyer: { email: string; name: string }) {
  const order = await sandboxOrder(deps, orderId);
  const done = await deps.database.db.transaction().execute((trx) => completeSiteOrder(trx, { checkoutSessionId: order.checkout_session_id, email: buyer.email, name: buyer.name || null }));
  return { paidNow: done.status === 'paid', successUrl: done.successUrl ?? order.success_url };
}
