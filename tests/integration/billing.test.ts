import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import Stripe from 'stripe';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { registerContactJobs } from '../../server/contacts/jobs';
import { lookupKeyOf, PAYMENTS_NOT_CONFIGURED, PLANS, PLAN_KEYS, type PlanKey } from '../../server/plans/schema';
import type { AppDeps } from '../../server/deps';
import { startStripeDouble, type StripeDouble } from '../doubles/stripe';
import { TEST_ORIGIN } from '../helpers/app';
import { checkedTestApp } from '../helpers/openapi';
import { getTestDatabase } from '../helpers/db';
import { addMember, browser, createAccount, createKey, uniqueEmail } from '../helpers/factories';

const WEBHOOK_SECRET = 'whsec_test_switchboard';
let stripe: StripeDouble;
let env: Record<string, string>;

beforeAll(async () => {
  stripe = await startStripeDouble();
  for (const plan of PLAN_KEYS) {
    stripe.addPrice(lookupKeyOf(plan, 'monthly'), PLANS[plan].monthlyPrice * 100, 'month');
    stripe.addPrice(lookupKeyOf(plan, 'yearly'), PLANS[plan].yearlyPrice * 100, 'year');
  }
  // Opening and migrating the worker's database is the slow part: done here, under the hook timeout.
  await getTestDatabase();
  env = { STRIPE_SECRET_KEY: 'sk_test_double', STRIPE_PUBLISHABLE_KEY: 'pk_test_double', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE_URL: stripe.url };
});
afterAll(() => stripe.close());

const setup = () => checkedTestApp({ env });
type App = Awaited<ReturnType<typeof setup>>['app'];

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

function eventOf(type: string, object: unknown, created = Math.floor(Date.now() / 1000)) {
  return { id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', api_version: '2026-10-28.endive', created, type, livemode: false, pending_webhooks: 1, request: null, data: { object } };
}

/** Delivers an event as Stripe does: the raw JSON body signed with the SDK's own test-header helper. */
function deliver(app: App, event: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.request('/api/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
}

const billingRow = (deps: AppDeps, organizationId: string) => deps.database.db.selectFrom('organization_billing').selectAll().where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
const eventCount = async (deps: AppDeps) =>
  Number(
    (
      await deps.database.db
        .selectFrom('stripe_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A signed-in owner whose organization subscribed to a plan and paid its first invoice. */
async function subscribedOrganization(app: App, deps: AppDeps, plan: PlanKey, billing: 'monthly' | 'yearly' = 'monthly') {
  const owner = await createAccount(deps, `billing-${plan}`);
  const res = await app.request('/api/create-subscription', json({ planName: PLANS[plan].name, customerEmail: owner.email, customerName: 'Owner', billing }, browser(owner.cookie)));
  expect(res.status).toBe(200);
  const { subscriptionId } = (await res.json()) as { subscriptionId: string };
  const invoice = stripe.paySubscription(subscriptionId);
  expect((await deliver(app, eventOf('invoice.paid', invoice))).status).toBe(200);
  return { owner, subscriptionId };
}

describe('configuration', () => {
  it('gives the publishable key to the payment pages; without keys every payment step says payments are not configured', async () => {
    const { app } = await setup();
    expect(await (await app.request('/api/billing/config')).json()).toEqual({ configured: true, publishableKey: 'pk_test_double' });

    const bare = (await checkedTestApp()).app;
    expect(await (await bare.request('/api/billing/config')).json()).toEqual({ configured: false, message: PAYMENTS_NOT_CONFIGURED });
    for (const [path, body] of [
      ['/api/create-payment-intent', { amount: 99, metadata: {} }],
      ['/api/create-subscription', { planName: 'Unlimited', customerEmail: 'a@example.test', customerName: 'A' }],
    ] as const) {
      const res = await bare.request(path, json(body));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: PAYMENTS_NOT_CONFIGURED });
    }
  });
});

describe('POST /api/create-payment-intent', () => {
  it('charges the product’s $99 whatever else is asked, refuses a tampered amount, and replays a retried click', async () => {
    const { app, deps } = await setup();
    const key = randomUUID();
    const first = await app.request('/api/create-payment-intent', json({ amount: 99, metadata: { product: 'Setup', description: 'x' } }, { 'idempotency-key': key }));
    expect(first.status).toBe(200);
    const { clientSecret } = (await first.json()) as { clientSecret: string };
    expect(clientSecret).toMatch(/_secret_/);
    const created = stripe.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(created.at(-1)!.body).toMatchObject({ amount: '9900', currency: 'usd' });

    const retry = await app.request('/api/create-payment-intent', json({ amount: 99, metadata: {} }, { 'idempotency-key': key }));
    expect(await retry.json()).toEqual({ clientSecret });
    const intents = [...stripe.paymentIntents.values()].filter((p) => p.client_secret === clientSecret);
    expect(intents).toHaveLength(1);
    expect(await deps.database.db.selectFrom('checkout_payments').select('status').where('id', '=', String(intents[0]!.id)).executeTakeFirstOrThrow()).toEqual({ status: 'pending' });

    const before = stripe.paymentIntents.size;
    const tampered = await app.request('/api/create-payment-intent', json({ amount: 1, metadata: {} }));
    expect(tampered.status).toBe(400);
    expect(((await tampered.json()) as { message: string }).message).toMatch(/^amount: must be 99/);
    expect(stripe.paymentIntents.size).toBe(before);
  });

  it('records the outcome of the payment from its webhook', async () => {
    const { app, deps } = await setup();
    await app.request('/api/create-payment-intent', json({ amount: 99, metadata: {} }));
    const intent = [...stripe.paymentIntents.values()].at(-1)!;
    expect((await deliver(app, eventOf('payment_intent.payment_failed', { ...intent, last_payment_error: { message: 'Your card was declined.' } }))).status).toBe(200);
    expect(await deps.database.db.selectFrom('checkout_payments').select(['status', 'failure_message']).where('id', '=', String(intent.id)).executeTakeFirstOrThrow()).toEqual({
      status: 'failed',
      failure_message: 'Your card was declined.',
    });
    await deliver(app, eventOf('payment_intent.succeeded', intent));
    expect(await deps.database.db.selectFrom('checkout_payments').select('status').where('id', '=', String(intent.id)).executeTakeFirstOrThrow()).toEqual({ status: 'succeeded' });
  });
});

describe('POST /api/create-subscription', () => {
  it('subscribes to the plan chosen, monthly or yearly, incomplete until paid', async () => {
    const { app } = await setup();
    const res = await app.request(
      '/api/create-subscription',
      json({ planName: 'Starter', customerEmail: uniqueEmail('buyer'), customerName: 'Buyer', metadata: { product: 'Switchboard', plan: 'Starter' }, billing: 'yearly' }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { clientSecret: string; subscriptionId: string; provisioningToken: string };
    expect(body.clientSecret).toMatch(/_secret_/);
    expect(body.provisioningToken).toMatch(/^[\w-]{40,}$/);
    const call = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').at(-1)!;
    expect(call.body).toMatchObject({ payment_behavior: 'default_incomplete', expand: ['latest_invoice.confirmation_secret'] });
    expect(call.idempotencyKey).toBeTruthy();
    const sub = stripe.subscriptions.get(body.subscriptionId)!;
    expect(sub.items.data[0]!.price).toMatchObject({ lookup_key: 'switchboard_starter_yearly', unit_amount: 97000 });
  });

  it('refuses an unknown plan or an invalid e-mail with 400, and shows a Stripe failure as a readable 502', async () => {
    const { app } = await setup();
    const unknown = await app.request('/api/create-subscription', json({ planName: 'Platinum', customerEmail: 'a@example.test', customerName: 'A' }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/^planName: is not a plan/);
    const badEmail = await app.request('/api/create-subscription', json({ planName: 'Unlimited', customerEmail: 'nope', customerName: 'A' }));
    expect(badEmail.status).toBe(400);
    expect(((await badEmail.json()) as { message: string }).message).toMatch(/^customerEmail: /);

    stripe.failNext('POST', '/v1/customers', 'Your account cannot currently make live charges.', 400);
    const failed = await app.request('/api/create-subscription', json({ planName: 'Unlimited', customerEmail: 'a@example.test', customerName: 'A' }));
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ message: 'The payment provider could not create the customer: Your account cannot currently make live charges.' });
  });

  it('creates one customer and one subscription for a retried click', async () => {
    const { app } = await setup();
    const key = randomUUID();
    const body = { planName: 'Unlimited', customerEmail: uniqueEmail('retry'), customerName: 'Retry', metadata: {} };
    const customersBefore = stripe.customers.size;
    const subsBefore = stripe.subscriptions.size;
    const first = (await (await app.request('/api/create-subscription', json(body, { 'idempotency-key': key }))).json()) as { subscriptionId: string; clientSecret: string };
    const second = (await (await app.request('/api/create-subscription', json(body, { 'idempotency-key': key }))).json()) as { subscriptionId: string; clientSecret: string };
    expect(second.subscriptionId).toBe(first.subscriptionId);
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(stripe.customers.size).toBe(customersBefore + 1);
    expect(stripe.subscriptions.size).toBe(subsBefore + 1);
  });

  it('attaches a signed-in member’s subscription to their organization; the paid invoice activates the plan, with an audit entry', async () => {
    const { app, deps } = await setup();
    const { owner, subscriptionId } = await subscribedOrganization(app, deps, 'starter');
    expect(await billingRow(deps, owner.organizationId)).toMatchObject({ plan: 'starter', status: 'active', billing_interval: 'monthly', stripe_subscription_id: subscriptionId });
    const audit = await deps.database.db.selectFrom('audit_events').select(['action', 'details']).where('organization_id', '=', owner.organizationId).where('action', '=', 'billing.changed').execute();
    expect(audit.map((a) => (a.details as { change: string }).change)).toEqual(expect.arrayContaining(['subscription_started', 'invoice.paid']));

    // A role without billing:manage cannot buy for the organization.
    const rep = await addMember(deps, owner.organizationId, 'sales_rep');
    const refused = await app.request('/api/create-subscription', json({ planName: 'Starter', customerEmail: rep.email, customerName: 'Rep' }, browser(rep.cookie)));
    expect(refused.status).toBe(403);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('refuses a bad or missing signature with 400 and writes nothing', async () => {
    const { app, deps } = await setup();
    const before = await eventCount(deps);
    const event = eventOf('invoice.paid', { object: 'invoice', id: 'in_x' });
    expect((await deliver(app, event, 'whsec_someone_else')).status).toBe(400);
    const unsigned = await app.request('/api/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    // A body changed after signing fails too.
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await app.request('/api/stripe/webhook', { method: 'POST', headers: { 'stripe-signature': signature }, body: payload.replace('in_x', 'in_y') });
    expect(tampered.status).toBe(400);
    expect(await eventCount(deps)).toBe(before);
  });

  it('applies an event once; a duplicate changes nothing', async () => {
    const { app, deps } = await setup();
    const { owner, subscriptionId } = await subscribedOrganization(app, deps, 'unlimited');
    const event = eventOf('customer.subscription.updated', stripe.subscriptions.get(subscriptionId));
    expect(await (await deliver(app, event)).json()).toEqual({ received: true });
    expect(await (await deliver(app, event)).json()).toEqual({ received: true, duplicate: true });
    expect(await deps.database.db.selectFrom('stripe_events').select('organization_id').where('id', '=', event.id).execute()).toEqual([{ organization_id: owner.organizationId }]);
  });

  it('ends in Stripe’s latest state when events arrive out of order', async () => {
    const { app, deps } = await setup();
    const { owner, subscriptionId } = await subscribedOrganization(app, deps, 'unlimited');
    const activeSnapshot = structuredClone(stripe.subscriptions.get(subscriptionId));
    const canceled = stripe.setStatus(subscriptionId, 'canceled');
    const now = Math.floor(Date.now() / 1000);
    await deliver(app, eventOf('customer.subscription.deleted', canceled, now));
    // The older 'active' update arrives last: it must not bring the subscription back.
    await deliver(app, eventOf('customer.subscription.updated', activeSnapshot, now - 60));
    expect(await billingRow(deps, owner.organizationId)).toMatchObject({ status: 'canceled' });
  });
});

describe('POST /api/stripe/webhook: subscriptions that are not ours', () => {
  const storedEvent = (deps: AppDeps, id: string) => deps.database.db.selectFrom('stripe_events').select(['status', 'ignored_reason', 'organization_id']).where('id', '=', id).executeTakeFirst();
  const subscriptionReads = () => stripe.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/subscriptions/')).length;

  it('answers 200 and records the event as ignored without asking Stripe (another product on the account, a deleted test object)', async () => {
    const { app, deps } = await setup();
    // Stripe itself would answer 404 for these: they are not in the double either.
    const foreign = { id: 'sub_another_product', object: 'subscription', status: 'active', customer: 'cus_another_product', metadata: {} };
    const invoice = { id: 'in_another_product', object: 'invoice', customer: 'cus_another_product', parent: { subscription_details: { subscription: 'sub_deleted_test_object' } } };
    const reads = subscriptionReads();
    for (const event of [eventOf('customer.subscription.updated', foreign), eventOf('invoice.paid', invoice)]) {
      const res = await deliver(app, event);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, ignored: 'not_our_subscription' });
      expect(await storedEvent(deps, event.id)).toEqual({ status: 'ignored', ignored_reason: 'not_our_subscription', organization_id: null });
      // Delivered again (Stripe retries on a timeout): the same answer as any duplicate.
      expect(await (await deliver(app, event)).json()).toEqual({ received: true, duplicate: true });
    }
    expect(subscriptionReads()).toBe(reads);
  });

  it('still answers 5xx when Stripe fails for a subscription that is ours, and records nothing (Stripe retries)', async () => {
    const { app, deps } = await setup();
    const { subscriptionId } = await subscribedOrganization(app, deps, 'unlimited');
    // Both the call and the SDK's one retry fail.
    stripe.failNext('GET', `/v1/subscriptions/${subscriptionId}`, 'Stripe is down', 500);
    stripe.failNext('GET', `/v1/subscriptions/${subscriptionId}`, 'Stripe is down', 500);
    const event = eventOf('customer.subscription.updated', stripe.subscriptions.get(subscriptionId));
    const res = await deliver(app, event);
    expect(res.status).toBe(502);
    expect(await storedEvent(deps, event.id)).toBeUndefined();
    // Once Stripe is back the retry is applied as usual.
    expect(await (await deliver(app, event)).json()).toEqual({ received: true });
    expect(await storedEvent(deps, event.id)).toMatchObject({ status: 'processed', ignored_reason: null });
  });

  it('applies a visitor’s subscription known only by its pending sign-up', async () => {
    const { app, deps } = await setup();
    const res = await app.request('/api/create-subscription', json({ planName: PLANS.starter.name, customerEmail: uniqueEmail('visitor'), customerName: 'Visitor', billing: 'monthly' }));
    expect(res.status).toBe(200);
    const { subscriptionId } = (await res.json()) as { subscriptionId: string };
    const event = eventOf('invoice.paid', stripe.paySubscription(subscriptionId));
    expect(await (await deliver(app, event)).json()).toEqual({ received: true });
    expect((await storedEvent(deps, event.id))?.status).toBe('processed');
    expect((await storedEvent(deps, event.id))?.organization_id).not.toBeNull();
  });
});

describe('trial and read-only organizations', () => {
  it('starts every new organization on a 14-day trial of Unlimited', async () => {
    const { deps, caller } = await setup();
    const owner = await createAccount(deps, 'trial');
    const status = await caller(browser(owner.cookie)).billing.status();
    expect(status).toMatchObject({ plan: 'unlimited', status: 'trialing', trialDaysLeft: 14, readOnly: false, paymentsConfigured: true });
  });

  it('makes an organization whose trial ended read-only on every door, keeps its data, and lets it subscribe', async () => {
    const { app, deps, caller } = await setup();
    const owner = await createAccount(deps, 'expired');
    const api = caller(browser(owner.cookie));
    const contact = await api.contacts.create({ firstName: 'Kept' });
    await deps.database.db
      .updateTable('organization_billing')
      .set({ trial_ends_at: new Date(Date.now() - 1000) })
      .where('organization_id', '=', owner.organizationId)
      .execute();

    const message = 'Your free trial has ended, so this organization is read-only. Subscribe to keep working — nothing has been deleted.';
    await expect(api.contacts.create({ firstName: 'Refused' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', message });
    await expect(api.tasks.create({ title: 'Refused' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    const key = await createKey(deps, owner.organizationId, 'admin');
    const rest = await app.request('/api/v1/contacts', json({ firstName: 'Refused' }, { authorization: `Bearer ${key}` }));
    expect(rest.status).toBe(402);
    expect(rest.headers.get('content-type')).toBe('application/problem+json');
    expect(await rest.json()).toEqual({ type: 'https://switchboard.dev/problems/payment-required', title: 'Payment required', status: 402, detail: message, errors: [], message });

    // Reading still works and nothing was deleted.
    expect(await api.contacts.get({ id: contact.id })).toMatchObject({ id: contact.id });
    expect(await api.billing.status()).toMatchObject({ readOnly: true, readOnlyMessage: message, trialDaysLeft: 0 });
    // The way out stays open: subscribing, and billing's own procedures.
    const subscribe = await app.request('/api/create-subscription', json({ planName: 'Unlimited', customerEmail: owner.email, customerName: 'Owner' }, browser(owner.cookie)));
    expect(subscribe.status).toBe(200);
    const { subscriptionId } = (await subscribe.json()) as { subscriptionId: string };
    await deliver(app, eventOf('invoice.paid', stripe.paySubscription(subscriptionId)));
    expect(await api.contacts.create({ firstName: 'Back' })).toMatchObject({ firstName: 'Back' });
  });

  it('makes a lapsed subscription read-only', async () => {
    const { app, deps, caller } = await setup();
    const { owner, subscriptionId } = await subscribedOrganization(app, deps, 'unlimited');
    await deliver(app, eventOf('customer.subscription.updated', stripe.setStatus(subscriptionId, 'unpaid')));
    await expect(caller(browser(owner.cookie)).contacts.create({ firstName: 'X' })).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'Your subscription has lapsed, so this organization is read-only. Subscribe to keep working — nothing has been deleted.',
    });
  });

  it('enforces nothing on a server without Stripe keys', async () => {
    const { deps, caller } = await checkedTestApp();
    const owner = await createAccount(deps, 'self-hosted');
    await deps.database.db
      .updateTable('organization_billing')
      .set({ trial_ends_at: new Date(Date.now() - 1000) })
      .where('organization_id', '=', owner.organizationId)
      .execute();
    expect(await caller(browser(owner.cookie)).contacts.create({ firstName: 'Allowed' })).toMatchObject({ firstName: 'Allowed' });
  });
});

describe('plan limits', () => {
  it('refuses the 1,001st contact on Starter with 402 and the plan’s message, through every way of creating one', async () => {
    const { app, deps, caller } = await setup();
    const { owner } = await subscribedOrganization(app, deps, 'starter');
    await sql`insert into contacts (organization_id, first_name) select ${owner.organizationId}::uuid, 'Bulk ' || g from generate_series(1, 999) g`.execute(deps.database.db);
    const api = caller(browser(owner.cookie));
    await api.contacts.create({ firstName: 'Number 1000' });
    const message = 'Your Starter plan allows 1,000 contacts. Upgrade to add more.';
    await expect(api.contacts.create({ firstName: 'Number 1001' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', message });
    const key = await createKey(deps, owner.organizationId, 'admin');
    const rest = await app.request('/api/v1/contacts', json({ firstName: 'Number 1001' }, { authorization: `Bearer ${key}` }));
    expect(rest.status).toBe(402);
    expect(rest.headers.get('content-type')).toBe('application/problem+json');
    expect(await rest.json()).toEqual({ type: 'https://switchboard.dev/problems/payment-required', title: 'Payment required', status: 402, detail: message, errors: [], message });
    await expect(api.imports.start({ filename: 'more.csv', csv: 'First name\nAda\n', mapping: { 'First name': 'firstName' }, dedupeBy: 'none', onDuplicate: 'create' })).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message,
    });
  });

  it('refuses a 2nd website and a 4th funnel on Starter with the plan’s message; usage counts them', async () => {
    const { app, deps, caller } = await setup();
    const { owner } = await subscribedOrganization(app, deps, 'starter');
    const api = caller(browser(owner.cookie));
    const site = await api.sites.create({ name: 'Main site' });
    await expect(api.sites.create({ name: 'Second site' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', message: 'Your Starter plan allows 1 website. Upgrade to add more.' });
    for (const name of ['One', 'Two', 'Three']) await api.funnels.create({ siteId: site.id, name });
    await expect(api.funnels.create({ siteId: site.id, name: 'Four' })).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', message: 'Your Starter plan allows 3 funnels. Upgrade to add more.' });
    const { usage } = await api.billing.overview();
    expect(usage.filter((u) => u.resource === 'websites' || u.resource === 'funnels')).toEqual([
      { resource: 'funnels', label: 'Funnels', used: 3, limit: 3 },
      { resource: 'websites', label: 'Websites', used: 1, limit: 1 },
    ]);
  });

  it('stops an import that would pass the limit with the plan’s message, without retrying', async () => {
    const { app, deps, caller } = await checkedTestApp({ env: { ...env, JOBS_ENABLED: 'true', JOBS_POLL_MS: '100' } });
    registerContactJobs(deps);
    await deps.jobs.start();
    onTestFinished(() => deps.jobs.stop({ timeoutMs: 2000 }));
    const { owner } = await subscribedOrganization(app, deps, 'starter');
    await sql`insert into contacts (organization_id, first_name) select ${owner.organizationId}::uuid, 'Bulk ' || g from generate_series(1, 998) g`.execute(deps.database.db);
    const api = caller(browser(owner.cookie));
    const started = await api.imports.start({ filename: 'five.csv', csv: 'Name\nA\nB\nC\nD\nE\n', mapping: { Name: 'fullName' }, dedupeBy: 'none', onDuplicate: 'create' });
    let state = await api.imports.get({ id: started.id });
    for (let i = 0; i < 200 && state.status !== 'failed' && state.status !== 'completed'; i++) {
      await delay(100);
      state = await api.imports.get({ id: started.id });
    }
    expect(state).toMatchObject({ status: 'failed', failure: 'Your Starter plan allows 1,000 contacts. Upgrade to add more.', created: 0 });
    expect((await api.contacts.list({ limit: 1 })).total).toBe(998);
  });

  it('refuses inviting a 4th team member on Starter (pending invites hold seats)', async () => {
    const { app, deps, caller } = await setup();
    const { owner } = await subscribedOrganization(app, deps, 'starter');
    await addMember(deps, owner.organizationId, 'admin');
    const api = caller(browser(owner.cookie));
    await api.members.invite({ email: uniqueEmail('third'), role: 'viewer' });
    await expect(api.members.invite({ email: uniqueEmail('fourth'), role: 'viewer' })).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'Your Starter plan allows 3 team members. Upgrade to add more.',
    });
  });

  it('applies an upgrade at once and a downgrade at the next billing cycle', async () => {
    const { app, deps, caller } = await setup();
    const { owner } = await subscribedOrganization(app, deps, 'unlimited');
    const api = caller(browser(owner.cookie));
    expect(await api.billing.changePlan({ plan: 'saas_pro', billing: 'monthly' })).toMatchObject({ plan: 'saas_pro', pendingDowngrade: null });
    const upgrade = stripe.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/')).at(-1)!;
    expect(upgrade.body).toMatchObject({ proration_behavior: 'always_invoice' });

    const downgraded = await api.billing.changePlan({ plan: 'starter', billing: 'monthly' });
    const downgrade = stripe.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/')).at(-1)!;
    expect(downgrade.body).toMatchObject({ proration_behavior: 'none' });
    // Still SaaS Pro (no Starter limits) until the period paid for ends.
    expect(downgraded).toMatchObject({ plan: 'saas_pro', pendingDowngrade: { plan: 'starter' } });
    await addMember(deps, owner.organizationId, 'admin');
    await addMember(deps, owner.organizationId, 'admin');
    await expect(api.members.invite({ email: uniqueEmail('fourth'), role: 'viewer' })).resolves.toMatchObject({ role: 'viewer' });
    const overview = await api.billing.overview();
    expect(overview.usage.find((u) => u.resource === 'members')).toEqual({ resource: 'members', label: 'Team members', used: 4, limit: null });
  });
});

describe('settings: portal and invoices', () => {
  it('opens the customer portal and lists the invoices from Stripe', async () => {
    const { app, deps, caller } = await setup();
    const { owner } = await subscribedOrganization(app, deps, 'starter');
    const api = caller(browser(owner.cookie));
    expect((await api.billing.portal()).url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const invoices = await api.billing.invoices();
    expect(invoices).toEqual([expect.objectContaining({ status: 'paid', amountMinor: 9700, currency: 'USD' })]);
    const portalCall = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portalCall.body).toMatchObject({ return_url: `${TEST_ORIGIN}/settings/billing` });
  });
});

describe('tenant isolation', () => {
  it('shows an organization only its own plan, usage, invoices and portal', async () => {
    const { app, deps, caller } = await setup();
    await subscribedOrganization(app, deps, 'starter');
    const other = await createAccount(deps, 'other-tenant');
    const api = caller(browser(other.cookie));
    expect(await api.billing.overview()).toMatchObject({ plan: 'unlimited', status: 'trialing', hasSubscription: false });
    expect(await api.billing.invoices()).toEqual([]);
    await expect(api.billing.portal()).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(api.billing.changePlan({ plan: 'enterprise', billing: 'monthly' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('provisioning a visitor who was not signed in', () => {
  it('creates a new organization when the first invoice is paid and shows a one-time set-password link', async () => {
    const { app, deps, caller } = await setup();
    const email = uniqueEmail('newcomer');
    const created = (await (await app.request('/api/create-subscription', json({ planName: 'Unlimited', customerEmail: email, customerName: 'Nia Newcomer', billing: 'yearly' }))).json()) as {
      subscriptionId: string;
      provisioningToken: string;
    };
    const poll = async () => (await app.request(`/api/billing/provisioning?token=${created.provisioningToken}`)).json() as Promise<Record<string, unknown>>;
    expect(await poll()).toEqual({ status: 'pending', email });

    expect((await deliver(app, eventOf('invoice.paid', stripe.paySubscription(created.subscriptionId)))).status).toBe(200);
    const ready = await poll();
    expect(ready).toMatchObject({ status: 'ready', email, organizationName: 'Nia Newcomer’s organization' });
    expect(ready.setPasswordUrl).toMatch(new RegExp(`^${TEST_ORIGIN}/invite/`));
    // Shown once.
    expect(await poll()).toMatchObject({ status: 'ready', setPasswordUrl: null });
    expect((await app.request('/api/billing/provisioning?token=not-a-real-token-at-all-000')).status).toBe(404);

    const token = String(ready.setPasswordUrl).split('/invite/')[1]!;
    const joined = await caller().invites.accept({ token, name: 'Nia Newcomer', password: 'a long enough password' });
    expect(joined.organization).toMatchObject({ name: 'Nia Newcomer’s organization', role: 'super_admin' });
    expect(await billingRow(deps, joined.organization!.id)).toMatchObject({ plan: 'unlimited', billing_interval: 'yearly', status: 'active', stripe_subscription_id: created.subscriptionId });
  });
});
