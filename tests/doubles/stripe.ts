import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP double of the Stripe endpoints billing calls, for the official SDK pointed at it with
 * STRIPE_API_BASE_URL: customers, subscriptions (create, retrieve, update), payment intents, checkout sessions,
 * prices and products (list by lookup_key, search, create), billing portal sessions and invoices.
 * A repeated Idempotency-Key replays the first answer, as Stripe does. Tests steer it through the
 * methods below (pay a subscription, cancel it, make the next call fail).
 */

type Json = Record<string, unknown>;
type Sub = {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: Json; current_period_end: number; current_period_start: number }[] };
  latest_invoice: string;
};

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 3600;

/** Stripe's form encoding (a[b][0]=c) into nested objects and arrays. */
export function parseForm(body: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = (node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}

export type StripeDouble = {
  url: string;
  close(): Promise<void>;
  /** Every request received: method, path and parsed body. */
  requests: { method: string; path: string; body: Json; idempotencyKey: string | undefined }[];
  customers: Map<string, Json>;
  subscriptions: Map<string, Sub>;
  prices: Map<string, Json>;
  products: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  invoices: Map<string, Json>;
  checkoutSessions: Map<string, Json>;
  /** The buyer paid on the hosted Checkout page: the session as checkout.session.completed carries it. */
  completeCheckout(sessionId: string, buyer: { email: string; name?: string }): Json;
  /** The next request to this method and path prefix answers this Stripe error. */
  failNext(method: string, pathPrefix: string, message: string, status?: number): void;
  /** Creates the active price of a lookup key (what npm run stripe:sync would have done). */
  addPrice(lookupKey: string, unitAmount: number, interval: 'month' | 'year'): Json;
  /** The first invoice is paid: the subscription becomes active; returns the paid invoice. */
  paySubscription(subscriptionId: string): Json;
  setStatus(subscriptionId: string, status: string): Sub;
};

export async function startStripeDouble(): Promise<StripeDouble> {
  const requests: StripeDouble['requests'] = [];
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Sub>();
  const prices = new Map<string, Json>();
  const products = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const replays = new Map<string, { status: number; body: Json }>();
  const failures: { method: string; pathPrefix: string; message: string; status: number }[] = [];

  const priceById = (priceId: string) => prices.get(priceId);

  function invoiceFor(sub: Sub, amount: number): Json {
    const intent = { id: id('pi'), object: 'payment_intent', amount, currency: 'usd', status: 'requires_payment_method', client_secret: `${id('pi')}_secret_${id('s')}`, metadata: {} };
    paymentIntents.set(intent.id, intent);
    const invoice = {
      id: id('in'),
      object: 'invoice',
      number: `SB-${invoices.size + 1}`,
      status: 'open',
      customer: sub.customer,
      total: amount,
      currency: 'usd',
      created: now(),
      hosted_invoice_url: `https://invoice.stripe.test/${invoices.size + 1}`,
      confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  }

  function handle(method: string, path: string, body: Json, query: URLSearchParams): { status: number; body: Json } {
    const segments = path.split('/').filter(Boolean); // ['v1', 'customers', …]
    const [, resource, resourceId] = segments;
    if (method === 'POST' && resource === 'customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email, name: body.name, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'subscriptions' && method === 'POST' && !resourceId) {
      const items = body.items as { price: string }[];
      const price = priceById(items[0]!.price);
      if (!price) return stripeError(400, `No such price: '${items[0]!.price}'`);
      if (!customers.has(String(body.customer))) return stripeError(400, `No such customer: '${String(body.customer)}'`);
      const sub: Sub = {
        id: id('sub'),
        object: 'subscription',
        status: 'incomplete',
        customer: String(body.customer),
        cancel_at_period_end: false,
        trial_end: null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price, current_period_start: now(), current_period_end: now() + MONTH }] },
        latest_invoice: '',
      };
      const invoice = invoiceFor(sub, Number(price.unit_amount));
      sub.latest_invoice = String(invoice.id);
      subscriptions.set(sub.id, sub);
      const expand = (body.expand as string[] | undefined) ?? [];
      return { status: 200, body: { ...sub, latest_invoice: expand.some((e) => e.startsWith('latest_invoice')) ? invoice : invoice.id } };
    }
    if (resource === 'subscriptions' && resourceId) {
      const sub = subscriptions.get(resourceId);
      if (!sub) return stripeError(404, `No such subscription: '${resourceId}'`);
      if (method === 'POST') {
        const items = body.items as { id: string; price: string }[] | undefined;
        if (items?.[0]) {
          const price = priceById(items[0].price);
          if (!price) return stripeError(400, `No such price: '${items[0].price}'`);
          sub.items.data[0]!.price = price;
        }
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      }
      return { status: 200, body: sub };
    }
    if (method === 'POST' && resource === 'payment_intents') {
      const intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        status: 'requires_payment_method',
        client_secret: `${id('pi')}_secret_${id('s')}`,
        metadata: body.metadata ?? {},
        description: body.description,
      };
      paymentIntents.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    if (method === 'POST' && resource === 'checkout' && resourceId === 'sessions') {
      const items = body.line_items as { quantity: string; price_data: { currency: string; unit_amount: string; product_data: { name: string } } }[];
      const item = items?.[0];
      if (!item?.price_data || !/^\d+$/.test(item.price_data.unit_amount)) return stripeError(400, 'Missing required param: line_items[0][price_data][unit_amount].');
      if (!body.success_url || !body.cancel_url) return stripeError(400, 'Missing required param: success_url.');
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(item.price_data.unit_amount) * Number(item.quantity ?? 1),
        currency: item.price_data.currency,
        line_items: items,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        customer_details: null,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      };
      checkoutSessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    if (resource === 'prices' && method === 'GET') {
      const keys = [...query.entries()].filter(([k]) => k.startsWith('lookup_keys')).map(([, v]) => v);
      const data = [...prices.values()].filter((p) => p.active && (keys.length === 0 || keys.includes(String(p.lookup_key))));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/prices' } };
    }
    if (resource === 'prices' && method === 'POST') {
      if ([...prices.values()].some((p) => p.lookup_key === body.lookup_key)) return stripeError(400, `A price (\`${String(body.lookup_key)}\`) already uses that lookup key.`);
      const recurring = body.recurring as { interval: string };
      const price = {
        id: id('price'),
        object: 'price',
        active: true,
        product: body.product,
        unit_amount: Number(body.unit_amount),
        currency: body.currency,
        recurring: { interval: recurring.interval },
        lookup_key: body.lookup_key,
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (resource === 'products' && resourceId === 'search' && method === 'GET') {
      const match = /metadata\['([^']+)'\]:'([^']+)'/.exec(query.get('query') ?? '');
      const data = [...products.values()].filter((p) => match && (p.metadata as Record<string, string>)[match[1]!] === match[2]);
      return { status: 200, body: { object: 'search_result', data, has_more: false, url: '/v1/products/search' } };
    }
    if (resource === 'products' && method === 'POST') {
      const product = { id: id('prod'), object: 'product', name: body.name, description: body.description, metadata: body.metadata ?? {}, active: true };
      products.set(product.id, product);
      return { status: 200, body: product };
    }
    if (resource === 'billing_portal' && method === 'POST') {
      return { status: 200, body: { id: id('bps'), object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `https://billing.stripe.test/session/${id('p')}` } };
    }
    if (resource === 'invoices' && method === 'GET') {
      const data = [...invoices.values()].filter((i) => i.customer === query.get('customer')).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoices' } };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.double');
      const method = req.method ?? 'GET';
      const body = parseForm(raw);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path: url.pathname, body, idempotencyKey });
      const send = (answer: { status: number; body: Json }) => {
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(answer.body));
      };
      const failure = failures.findIndex((f) => f.method === method && url.pathname.startsWith(f.pathPrefix));
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        return send(stripeError(f!.status, f!.message));
      }
      const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : undefined;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) return send(replay);
      const answer = handle(method, url.pathname, body, url.searchParams);
      if (replayKey) replays.set(replayKey, answer);
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    requests,
    customers,
    subscriptions,
    prices,
    products,
    paymentIntents,
    invoices,
    checkoutSessions,
    completeCheckout(sessionId, buyer) {
      const session = checkoutSessions.get(sessionId)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer_details: { email: buyer.email, name: buyer.name ?? null } });
      return session;
    },
    failNext(method, pathPrefix, message, status = 402) {
      failures.push({ method, pathPrefix, message, status });
    },
    addPrice(lookupKey, unitAmount, interval) {
      const price = { id: id('price'), object: 'price', active: true, product: id('prod'), unit_amount: unitAmount, currency: 'usd', recurring: { interval }, lookup_key: lookupKey };
      prices.set(price.id, price);
      return price;
    },
    paySubscription(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.status = 'active';
      const invoice = invoices.get(sub.latest_invoice)!;
      invoice.status = 'paid';
      return invoice;
    },
    setStatus(subscriptionId, status) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.status = status;
      return sub;
    },
  };
}

function stripeError(status: number, message: string): { status: number; body: Json } {
  return { status, body: { error: { type: status === 402 ? 'card_error' : 'invalid_request_error', message } } };
}
