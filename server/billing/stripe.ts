import Stripe from 'stripe';
import type { Config } from '../config';
import { DomainError } from '../errors';
import { PAYMENTS_NOT_CONFIGURED } from '../plans/schema';

export type StripeSubscription = Stripe.Subscription;
export type StripeEvent = Stripe.Event;

/**
 * The Stripe calls billing makes, behind one small interface over the official SDK. Every create
 * carries an idempotency key; a Stripe failure becomes a readable 502.
 */
export type StripeGateway = {
  createCustomer(input: { email: string; name: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<{ id: string }>;
  createSubscription(input: { customerId: string; priceId: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<{ id: string; clientSecret: string | null }>;
  retrieveSubscription(id: string): Promise<StripeSubscription>;
  /** Upgrades charge the difference now; downgrades change the price from the next invoice. */
  changeSubscriptionPrice(subscription: StripeSubscription, priceId: string, mode: 'now' | 'next_cycle', idempotencyKey: string): Promise<StripeSubscription>;
  createPaymentIntent(input: { amountMinor: number; currency: string; description: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<{ id: string; clientSecret: string }>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** A hosted Checkout page for one item at a price of the caller's (a site's Payment block). */
  createCheckoutSession(
    input: { productName: string; description: string; amountMinor: number; currency: string; metadata: Record<string, string>; successUrl: string; cancelUrl: string },
    idempotencyKey: string,
  ): Promise<{ id: string; url: string }>;
  listInvoices(customerId: string): Promise<Stripe.Invoice[]>;
  /** Active prices by lookup_key. */
  pricesByLookupKey(lookupKeys: string[]): Promise<Map<string, Stripe.Price>>;
  findProductByMetadata(key: string, value: string): Promise<Stripe.Product | undefined>;
  createProduct(input: { name: string; description: string; metadata: Record<string, string> }, idempotencyKey: string): Promise<Stripe.Product>;
  createPrice(input: { productId: string; unitAmountMinor: number; currency: string; interval: 'month' | 'year'; lookupKey: string }, idempotencyKey: string): Promise<Stripe.Price>;
  /** Checks the signature on the raw body; throws when it is bad or missing. */
  verifyEvent(rawBody: string, signature: string | undefined): StripeEvent;
};

/** STRIPE_API_BASE_URL ("http://127.0.0.1:4010") → the SDK's host, port and protocol options. */
export function sdkAddress(apiBaseUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBaseUrl) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

const notConfigured = () => new DomainError('UNAVAILABLE', PAYMENTS_NOT_CONFIGURED);

/** A Stripe error as a 502 whose message the page can show; our own errors pass through. */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new DomainError('BAD_GATEWAY', `The payment provider could not ${what}: ${message}`, { cause: error });
  }
}

const gateways = new WeakMap<Config['stripe'], StripeGateway>();

/** The gateway of this configuration (one SDK client per configuration); UNAVAILABLE without a secret key. */
export function stripeGateway(config: Pick<Config, 'stripe'>): StripeGateway {
  if (!config.stripe.secretKey) throw notConfigured();
  let gateway = gateways.get(config.stripe);
  if (!gateway) {
    gateway = createGateway(config.stripe);
    gateways.set(config.stripe, gateway);
  }
  return gateway;
}

function createGateway(settings: Config['stripe']): StripeGateway {
  // Our own idempotency keys make retries safe; the SDK's own retry stays at one.
  const stripe = new Stripe(settings.secretKey!, { ...sdkAddress(settings.apiBaseUrl), maxNetworkRetries: 1, telemetry: false });
  return {
    createCustomer: (input, idempotencyKey) => call('create the customer', () => stripe.customers.create(input, { idempotencyKey })),
    async createSubscription(input, idempotencyKey) {
      const subscription = await call('create the subscription', () =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price: input.priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: input.metadata,
          },
          { idempotencyKey },
        ),
      );
      const invoice = subscription.latest_invoice;
      const clientSecret = invoice && typeof invoice === 'object' ? (invoice.confirmation_secret?.client_secret ?? null) : null;
      return { id: subscription.id, clientSecret };
    },
    retrieveSubscription: (id) => call('read the subscription', () => stripe.subscriptions.retrieve(id)),
    changeSubscriptionPrice: (subscription, priceId, mode, idempotencyKey) =>
      call('change the plan', () =>
        stripe.subscriptions.update(
          subscription.id,
          {
            items: [{ id: subscription.items.data[0]!.id, price: priceId }],
            proration_behavior: mode === 'now' ? 'always_invoice' : 'none',
          },
          { idempotencyKey },
        ),
      ),
    async createPaymentIntent(input, idempotencyKey) {
      const intent = await call('start the payment', () =>
        stripe.paymentIntents.create(
          { amount: input.amountMinor, currency: input.currency, description: input.description, metadata: input.metadata, automatic_payment_methods: { enabled: true } },
          { idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new DomainError('BAD_GATEWAY', 'The payment provider returned no payment secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async createCheckoutSession(input, idempotencyKey) {
      const session = await call('start the checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: input.currency, unit_amount: input.amountMinor, product_data: { name: input.productName, ...(input.description ? { description: input.description } : {}) } },
              },
            ],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: input.metadata,
            payment_intent_data: { metadata: input.metadata },
          },
          { idempotencyKey },
        ),
      );
      if (!session.url) throw new DomainError('BAD_GATEWAY', 'The payment provider returned no checkout page');
      return { id: session.id, url: session.url };
    },
    createPortalSession: (customerId, returnUrl) => call('open the customer portal', () => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })),
    listInvoices: (customerId) => call('list the invoices', async () => (await stripe.invoices.list({ customer: customerId, limit: 24 })).data),
    async pricesByLookupKey(lookupKeys) {
      const prices = await call('find the plan prices', async () => (await stripe.prices.list({ lookup_keys: lookupKeys, active: true, limit: 100 })).data);
      return new Map(prices.filter((p) => p.lookup_key).map((p) => [p.lookup_key!, p]));
    },
    findProductByMetadata: (key, value) => call('find the products', async () => (await stripe.products.search({ query: `metadata['${key}']:'${value}'`, limit: 1 })).data[0]),
    createProduct: (input, idempotencyKey) => call('create the product', () => stripe.products.create(input, { idempotencyKey })),
    createPrice: (input, idempotencyKey) =>
      call('create the price', () =>
        stripe.prices.create(
          { product: input.productId, unit_amount: input.unitAmountMinor, currency: input.currency, recurring: { interval: input.interval }, lookup_key: input.lookupKey },
          { idempotencyKey },
        ),
      ),
    verifyEvent(rawBody, signature) {
      if (!settings.webhookSecret) throw new DomainError('UNAVAILABLE', 'STRIPE_WEBHOOK_SECRET is not set on this server');
      if (!signature) throw new DomainError('BAD_REQUEST', 'Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new DomainError('BAD_REQUEST', 'Invalid Stripe signature');
      }
    },
  };
}
