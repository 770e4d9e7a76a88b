import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageForVisitor, visitorHash } from '../../server/sites/funnel-serve';
import { startStripeDouble, type StripeDouble } from '../doubles/stripe';
import { TEST_ORIGIN } from '../helpers/app';
import { getTestDatabase } from '../helpers/db';
import { uniqueEmail } from '../helpers/factories';
import { funnelsWorld, newVisitor, paymentBlock } from './funnels-helpers';

const WEBHOOK_SECRET = 'whsec_test_site_payments';
let stripe: StripeDouble;

beforeAll(async () => {
  stripe = await startStripeDouble();
  await getTestDatabase();
});
afterAll(() => stripe.close());

const stripeEnv = () => ({
  STRIPE_SECRET_KEY: 'sk_test_double',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE_URL: stripe.url,
  TRUST_PROXY: 'true',
});

type World = Awaited<ReturnType<typeof funnelsWorld>>;
type Visitor = ReturnType<typeof newVisitor>;

/** A two-step funnel: an offer page with a Payment block (49.50 USD), then a thank-you step. */
async function paidFunnel(world: World) {
  const offer = await world.page('/offer', { content: [paymentBlock()] });
  const thanks = await world.page('/offer/thanks');
  const { id: funnelId } = await world.api.funnels.create({ siteId: world.siteId, name: 'Kit' });
  await world.api.funnels.addStep({ funnelId, pageId: offer, name: 'Offer' });
  await world.api.funnels.addStep({ funnelId, pageId: thanks, name: 'Thanks' });
  const handle = (await world.db.selectFrom('sites').select('handle').where('id', '=', world.siteId).executeTakeFirstOrThrow()).handle;
  return { offer, thanks, funnelId, handle };
}

const as = (visitor: Visitor, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { 'x-forwarded-for': visitor.ip, 'user-agent': visitor.userAgent, ...(init.headers as Record<string, string>) },
});
const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
/** Where a "continue" page sends the visitor (its <meta refresh>). */
const nextUrl = (html: string) => /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(html)?.[1]?.replace(/&#38;/g, '&');

function deliver(world: World, type: string, object: unknown, eventId = `evt_${randomUUID().replace(/-/g, '')}`) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  });
  return world.app.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    body: payload,
  });
}

const offerStats = async (world: World, funnelId: string) => {
  const stats = await world.api.funnels.stats({ funnelId });
  return { step: stats.steps[0]!, variant: stats.steps[0]!.variants[0]!, currencies: stats.currencies };
};

describe('a Payment block through Stripe Checkout', () => {
  it('opens a Checkout Session at the block’s price with the funnel’s metadata; the signed webhook records the order once, the buyer and the revenue', async () => {
    const world = await funnelsWorld({ env: stripeEnv() });
    const f = await paidFunnel(world);
    const visitor = newVisitor();
    await pageForVisitor(world.db, { organizationId: world.organizationId, pageId: f.offer, visitor });

    const orderPage = await world.app.request(`/api/pay/${f.offer}/pay-1`, as(visitor));
    expect(orderPage.status).toBe(200);
    const shown = await orderPage.text();
    expect(shown).toContain('Whitening kit');
    expect(shown).toContain('$49.50');
    expect(shown).not.toContain('Sandbox');

    const started = await world.app.request(`/api/pay/${f.offer}/pay-1`, as(visitor, { method: 'POST' }));
    expect(started.status).toBe(200);
    const checkoutUrl = nextUrl(await started.text())!;
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe.checkoutSessions.get(checkoutUrl.split('/').pop()!)! as Record<string, unknown> & { metadata: Record<string, string> };
    expect(session.line_items).toEqual([{ quantity: '1', price_data: { currency: 'usd', unit_amount: '4950', product_data: { name: 'Whitening kit', description: 'Two trays and a gel' } } }]);
    const funnel = await world.api.funnels.get({ funnelId: f.funnelId });
    expect(session.metadata).toMatchObject({
      kind: 'site_order',
      organizationId: world.organizationId,
      funnelId: f.funnelId,
      stepId: funnel.steps[0]!.id,
      variantId: funnel.steps[0]!.variants[0]!.id,
      visitorHash: await visitorHash(world.db, visitor),
    });
    expect(session.success_url).toBe(`${TEST_ORIGIN}/s/${f.handle}/offer/thanks`);
    expect(session.cancel_url).toBe(`${TEST_ORIGIN}/s/${f.handle}/offer`);
    expect(stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!.idempotencyKey).toBe(`site-order:${session.metadata.orderId}`);
    expect((await offerStats(world, f.funnelId)).step).toMatchObject({ visitors: 1, purchases: 0, revenueCents: 0 });

    const email = uniqueEmail('buyer');
    const paid = stripe.completeCheckout(String(session.id), { email, name: 'Grace Hopper' });
    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
    expect(await (await deliver(world, 'checkout.session.completed', paid, eventId)).json()).toEqual({ received: true });
    expect(await (await deliver(world, 'checkout.session.completed', paid, eventId)).json()).toEqual({ received: true, duplicate: true });
    // Another event about the same session (Stripe sends several) does not count it twice.
    expect((await deliver(world, 'checkout.session.async_payment_succeeded', paid)).status).toBe(200);

    const figures = await offerStats(world, f.funnelId);
    expect(figures.step).toMatchObject({ visitors: 1, purchases: 1, revenueCents: 4950, revenuePerVisitorCents: 4950 });
    expect(figures.variant).toMatchObject({ visitors: 1, purchases: 1, revenueCents: 4950, revenuePerVisitorCents: 4950 });
    expect(figures.currencies).toEqual(['usd']);
    const { csv } = await world.api.funnels.statsCsv({ funnelId: f.funnelId });
    expect(csv).toContain(',1,4950,4950,usd,');

    const order = await world.db.selectFrom('site_orders').selectAll().where('checkout_session_id', '=', String(session.id)).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', provider: 'stripe', email, currency: 'usd' });
    expect(Number(order.amount_minor)).toBe(4950);
    const contact = await world.db.selectFrom('contacts').select(['id', 'first_name', 'last_name']).where('email_lower', '=', email).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ id: order.contact_id, first_name: 'Grace', last_name: 'Hopper' });
    const events = await world.db.selectFrom('events').select('payload').where('organization_id', '=', world.organizationId).where('type', '=', 'site_order_paid').execute();
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ orderId: order.id, contactId: contact.id, valueMinor: 4950, currency: 'USD', productName: 'Whitening kit' })]);

    // With Stripe configured there is no sandbox.
    expect((await world.app.request(`/api/pay/sandbox/${order.id}`)).status).toBe(404);
  });

  it('a Stripe failure is a readable 502 and opens no order', async () => {
    const world = await funnelsWorld({ env: stripeEnv() });
    const f = await paidFunnel(world);
    stripe.failNext('POST', '/v1/checkout/sessions', 'Your account cannot currently make live charges.', 400);
    const res = await world.app.request(`/api/pay/${f.offer}/pay-1`, as(newVisitor(), { method: 'POST' }));
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toContain('could not start the checkout');
    expect(await world.db.selectFrom('site_orders').select('id').where('organization_id', '=', world.organizationId).execute()).toEqual([]);
  });
});

describe('the sandbox checkout (Stripe not configured)', () => {
  it('says it is a sandbox and completes the order through the same path: paid once, revenue counted, on to the next step', async () => {
    const world = await funnelsWorld({ env: { TRUST_PROXY: 'true' } });
    const f = await paidFunnel(world);
    const visitor = newVisitor();
    await pageForVisitor(world.db, { organizationId: world.organizationId, pageId: f.offer, visitor });
    expect(await (await world.app.request(`/api/pay/${f.offer}/pay-1`, as(visitor))).text()).toContain('Sandbox');

    const started = await world.app.request(`/api/pay/${f.offer}/pay-1`, as(visitor, { method: 'POST' }));
    const sandboxUrl = nextUrl(await started.text())!;
    expect(sandboxUrl).toMatch(new RegExp(`^${TEST_ORIGIN}/api/pay/sandbox/[0-9a-f-]{36}$`));
    const path = new URL(sandboxUrl).pathname;
    const checkout = await (await world.app.request(path, as(visitor))).text();
    expect(checkout).toContain('Sandbox checkout');
    expect(checkout).toContain('no card is charged');

    const email = uniqueEmail('sandbox-buyer');
    const done = await world.app.request(path, as(visitor, form({ email, name: 'Ada Lovelace' })));
    expect(done.status).toBe(200);
    expect(nextUrl(await done.text())).toBe(`${TEST_ORIGIN}/s/${f.handle}/offer/thanks`);
    const again = await world.app.request(path, as(visitor, form({ email })));
    expect(await again.text()).toContain('already paid');

    expect((await offerStats(world, f.funnelId)).step).toMatchObject({ visitors: 1, purchases: 1, revenueCents: 4950 });
    expect(await world.db.selectFrom('contacts').select('first_name').where('email_lower', '=', email).executeTakeFirst()).toEqual({ first_name: 'Ada' });
  });

  it('answers hostile or wrong input with a 4xx naming the rule, never a 500', async () => {
    const world = await funnelsWorld();
    const f = await paidFunnel(world);
    const draftOnly = await world.page('/draft-offer', { content: [paymentBlock()], published: false });
    const noPayment = await world.page('/plain');
    const cases: [string, RequestInit | undefined, number][] = [
      [`/api/pay/not-a-page/pay-1`, undefined, 400],
      [`/api/pay/${f.offer}/${'x'.repeat(81)}`, undefined, 400],
      [`/api/pay/${f.offer}/pay%00`, undefined, 400],
      [`/api/pay/${randomUUID()}/pay-1`, { method: 'POST' }, 404],
      [`/api/pay/${draftOnly}/pay-1`, undefined, 404],
      [`/api/pay/${noPayment}/pay-1`, { method: 'POST' }, 404],
      [`/api/pay/${f.offer}/other-block`, undefined, 404],
      [`/api/pay/sandbox/${randomUUID()}`, undefined, 404],
      [`/api/pay/sandbox/nope`, form({ email: 'a@b.test' }), 400],
    ];
    for (const [path, init, status] of cases) {
      const res = await world.app.request(path, init);
      expect([path, res.status]).toEqual([path, status]);
    }
    const started = await world.app.request(`/api/pay/${f.offer}/pay-1`, { method: 'POST' });
    const sandbox = new URL(nextUrl(await started.text())!).pathname;
    for (const [init, message] of [
      [form({ email: 'not-an-address' }), 'email: must be a valid e-mail address'],
      [form({ email: `a\u0000@b.test` }), 'NUL'],
      [{ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.test' }) }, 'email: is required'],
      [form({ email: 'a@b.test', name: 'n'.repeat(201) }), 'name: must be at most 200 characters'],
    ] as const) {
      const res = await world.app.request(sandbox, init);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(((await res.json()) as { message: string }).message).toContain(message);
    }
    const huge = await world.app.request(sandbox, form({ email: 'a@b.test', name: 'n'.repeat(64 * 1024) }));
    expect(huge.status).toBe(413);
  });
});
