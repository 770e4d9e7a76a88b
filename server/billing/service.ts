import { createHash, randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/service';
import { actorOf, type Actor, type Auth } from '../kernel/caller';
import { randomToken, sha256 } from '../auth/tokens';
import type { Db } from '../db';
import type { BillingStatus } from '../db/schema';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import type { z } from 'zod';
import { DomainError, fieldError } from '../errors';
import type { RequestMeta } from '../http/meta';
import type { OrgContext } from '../kernel/context';
import { createOrganization } from '../organizations/create';
import { INVITE_DAYS } from '../organizations/service';
import type { ZChangePlanInput, ZCreatePaymentIntentInput, ZCreateSubscriptionInput, ZProvisioningTokenInput } from './inputs';
import { effectivePlan, loadBilling, paymentsConfigured, readOnlyReason, READ_ONLY_MESSAGES, trialRow, usageOf, type BillingRow } from '../plans/limits';
import {
  CHECKOUT_PRODUCT,
  isDowngrade,
  lookupKeyOf,
  PAYMENTS_NOT_CONFIGURED,
  planOfLookupKey,
  PLANS,
  RESOURCE_LABELS,
  type BillingInterval,
  type LimitedResource,
  type PlanKey,
} from '../plans/schema';
import { completeSiteOrder, SITE_ORDER_KIND } from '../sites/orders';
import { stripeGateway, type StripeEvent, type StripeGateway, type StripeSubscription } from './stripe';

type Deps = Pick<AppDeps, 'database' | 'config' | 'logger'>;
type BillingReader = Pick<OrgContext, 'db' | 'deps' | 'organizationId'>;

const DAY_MS = 24 * 3600 * 1000;
const STRIPE_ACTOR: Actor = { userId: null, apiKeyId: null, label: 'Stripe' };
const WEBHOOK_META: RequestMeta = { ip: 'stripe', userAgent: 'Stripe webhook' };

const day = (now = new Date()) => now.toISOString().slice(0, 10);
const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 40);

// ——— What the pages read ———

/** GET /api/billing/config: what a payment page needs to start, and whether it can. */
export function publicBillingConfig(deps: Pick<Deps, 'config'>) {
  const { publishableKey } = deps.config.stripe;
  const configured = paymentsConfigured(deps.config) && Boolean(publishableKey);
  return configured ? { configured: true as const, publishableKey: publishableKey! } : { configured: false as const, message: PAYMENTS_NOT_CONFIGURED };
}

function statusOf(row: BillingRow, deps: Pick<Deps, 'config'>, now = new Date()) {
  const plan = effectivePlan(row, now);
  const reason = readOnlyReason(row, deps.config, now);
  const downgrade =
    row.previous_plan_until && row.previous_plan_until > now && row.previous_plan
      ? { plan: row.plan as PlanKey, planName: PLANS[row.plan as PlanKey]?.name ?? row.plan, at: row.previous_plan_until.toISOString() }
      : null;
  return {
    plan,
    planName: PLANS[plan].name,
    interval: row.billing_interval,
    status: row.status,
    trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
    trialDaysLeft: row.status === 'trialing' && row.trial_ends_at ? Math.max(0, Math.ceil((row.trial_ends_at.getTime() - now.getTime()) / DAY_MS)) : null,
    currentPeriodEnd: row.current_period_end?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    pendingDowngrade: downgrade,
    hasSubscription: Boolean(row.stripe_subscription_id),
    readOnly: reason !== null,
    readOnlyMessage: reason ? READ_ONLY_MESSAGES[reason] : null,
    paymentsConfigured: paymentsConfigured(deps.config),
  };
}

/** The banner's and every member's view: plan, status, trial days left, read-only or not. */
export async function billingStatus(ctx: BillingReader) {
  return statusOf(await loadBilling(ctx.db, ctx.organizationId), ctx.deps);
}

/** Settings → Billing: the status with the usage of each limited resource against the plan. */
export async function billingOverview(ctx: BillingReader) {
  const [row, usage] = await Promise.all([loadBilling(ctx.db, ctx.organizationId), usageOf(ctx.db, ctx.organizationId)]);
  const status = statusOf(row, ctx.deps);
  const limits = PLANS[status.plan].limits;
  return {
    ...status,
    usage: (Object.keys(RESOURCE_LABELS) as LimitedResource[]).map((resource) => ({ resource, label: RESOURCE_LABELS[resource], used: usage[resource], limit: limits[resource] })),
  };
}

export async function listInvoices(ctx: BillingReader) {
  const row = await loadBilling(ctx.db, ctx.organizationId);
  if (!row.stripe_customer_id || !paymentsConfigured(ctx.deps.config)) return [];
  const invoices = await stripeGateway(ctx.deps.config).listInvoices(row.stripe_customer_id);
  return invoices.map((i) => ({
    id: i.id,
    number: i.number,
    status: i.status,
    amountMinor: i.total,
    currency: i.currency.toUpperCase(),
    createdAt: new Date(i.created * 1000).toISOString(),
    url: i.hosted_invoice_url ?? null,
  }));
}

export async function openCustomerPortal(ctx: BillingReader) {
  const row = await loadBilling(ctx.db, ctx.organizationId);
  const gateway = stripeGateway(ctx.deps.config);
  if (!row.stripe_customer_id) throw new DomainError('CONFLICT', 'This organization has no Stripe customer yet: subscribe to a plan first');
  return gateway.createPortalSession(row.stripe_customer_id, `${ctx.deps.config.publicUrl}/settings/billing`);
}

// ——— Prices ———

async function priceIdOf(gateway: StripeGateway, plan: PlanKey, interval: BillingInterval): Promise<string> {
  const key = lookupKeyOf(plan, interval);
  const price = (await gateway.pricesByLookupKey([key])).get(key);
  if (!price) throw new DomainError('UNAVAILABLE', `The ${PLANS[plan].name} (${interval}) price is missing in Stripe (lookup key ${key}); run npm run stripe:sync`);
  return price.id;
}

// ——— The spec's REST calls ———

/**
 * POST /api/create-payment-intent: the checkout's one product, at the price the server knows. A
 * client amount that differs is refused: nobody pays what they choose.
 */
export async function createPaymentIntent(deps: Deps, input: z.output<typeof ZCreatePaymentIntentInput>, clientKey: string | undefined) {
  if (input.amount !== CHECKOUT_PRODUCT.amount) {
    throw fieldError('amount', `must be ${CHECKOUT_PRODUCT.amount}, the price of ${CHECKOUT_PRODUCT.name}`);
  }
  const gateway = stripeGateway(deps.config);
  const amountMinor = CHECKOUT_PRODUCT.amount * 100;
  const intent = await gateway.createPaymentIntent(
    { amountMinor, currency: CHECKOUT_PRODUCT.currency, description: CHECKOUT_PRODUCT.description, metadata: { ...input.metadata, kind: 'checkout', product: CHECKOUT_PRODUCT.name } },
    `payment-intent:${clientKey ? hash(clientKey) : randomUUID()}`,
  );
  await deps.database.db
    .insertInto('checkout_payments')
    .values({ id: intent.id, amount_minor: amountMinor, currency: CHECKOUT_PRODUCT.currency, status: 'pending' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return { clientSecret: intent.clientSecret };
}

/**
 * POST /api/create-subscription: the chosen plan and interval, payment_behavior=default_incomplete.
 * A signed-in member who may manage billing subscribes their current organization; a visitor who is
 * not signed in gets a provisioning token, and a new organization once the first invoice is paid.
 * Idempotency keys come from the organization or the page's attempt key, so a retried click
 * returns the same customer and subscription.
 */
export async function createSubscription(deps: Deps, auth: Auth | null, input: z.output<typeof ZCreateSubscriptionInput>, clientKey: string | undefined, meta: RequestMeta) {
  const gateway = stripeGateway(deps.config);
  const db = deps.database.db;
  const organization = auth?.organization ?? null;
  if (organization && !auth!.permissions.includes('billing:manage')) {
    throw new DomainError('FORBIDDEN', 'Your role does not allow this action (billing:manage is required)');
  }
  const priceId = await priceIdOf(gateway, input.planName.key, input.billing);
  const attempt = clientKey ? hash(clientKey) : randomUUID();
  const metadata: Record<string, string> = { ...input.metadata, plan: input.planName.key, billing: input.billing };

  if (organization) {
    const row = await loadBilling(db, organization.id);
    if (row.stripe_subscription_id && row.status !== 'canceled') {
      throw new DomainError('CONFLICT', 'This organization already has a subscription: change its plan in Settings → Billing');
    }
    const customerId =
      row.stripe_customer_id ??
      (await gateway.createCustomer({ email: input.customerEmail, name: input.customerName, metadata: { organizationId: organization.id } }, `customer:org:${organization.id}`)).id;
    await db.transaction().execute(async (trx) => {
      await ensureBillingRow(trx, organization.id);
      await scoped(trx, organization.id).updateTable('organization_billing').set({ stripe_customer_id: customerId, updated_at: new Date() }).where('stripe_customer_id', 'is', null).execute();
    });
    const subscription = await gateway.createSubscription(
      { customerId, priceId, metadata: { ...metadata, organizationId: organization.id } },
      `subscription:org:${organization.id}:${priceId}:${day()}`,
    );
    if (!subscription.clientSecret) throw new DomainError('BAD_GATEWAY', 'The payment provider returned no payment secret for the subscription');
    await recordAudit(db, {
      organizationId: organization.id,
      actor: actorOf(auth!),
      action: 'billing.changed',
      target: { type: 'subscription', id: subscription.id },
      details: { change: 'subscription_started', plan: input.planName.key, billing: input.billing },
      meta,
    });
    return { clientSecret: subscription.clientSecret, subscriptionId: subscription.id };
  }

  const customer = await gateway.createCustomer(
    { email: input.customerEmail, name: input.customerName, metadata: { signup: 'subscribe_page' } },
    `customer:visitor:${hash(attempt, input.customerEmail, input.customerName)}`,
  );
  const subscription = await gateway.createSubscription(
    { customerId: customer.id, priceId, metadata: { ...metadata, provisioning: 'new_organization' } },
    `subscription:visitor:${hash(attempt, customer.id, priceId)}`,
  );
  if (!subscription.clientSecret) throw new DomainError('BAD_GATEWAY', 'The payment provider returned no payment secret for the subscription');
  // The token lets this page (and only it) fetch the set-password link once the payment lands.
  // A retried click replays the same subscription and gets a fresh token.
  const token = randomToken(32);
  await db
    .insertInto('billing_provisionings')
    .values({
      token_hash: sha256(token),
      email: input.customerEmail,
      name: input.customerName,
      plan: input.planName.key,
      billing_interval: input.billing,
      stripe_customer_id: customer.id,
      stripe_subscription_id: subscription.id,
    })
    .onConflict((oc) =>
      oc
        .column('stripe_subscription_id')
        .doUpdateSet({ token_hash: sha256(token) })
        .where('billing_provisionings.provisioned_at', 'is', null),
    )
    .execute();
  return { clientSecret: subscription.clientSecret, subscriptionId: subscription.id, provisioningToken: token };
}

/**
 * GET /api/billing/provisioning?token=… — the subscribe page polls it after paying. Once the
 * organization exists it answers, once, the one-time link where the owner sets their password
 * (a Super Admin invite to the new organization, valid 7 days).
 */
export async function provisioningStatus(deps: Deps, { token }: z.output<typeof ZProvisioningTokenInput>) {
  const db = deps.database.db;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('billing_provisionings')
      .leftJoin('organizations', 'organizations.id', 'billing_provisionings.organization_id')
      .select(['billing_provisionings.id', 'billing_provisionings.email', 'billing_provisionings.organization_id', 'billing_provisionings.link_issued_at', 'organizations.name as organization_name'])
      .where('billing_provisionings.token_hash', '=', sha256(token))
      .forUpdate(['billing_provisionings'])
      .executeTakeFirst();
    if (!row) throw new DomainError('NOT_FOUND', 'This subscription link is not valid');
    if (!row.organization_id) return { status: 'pending' as const, email: row.email };
    if (row.link_issued_at) return { status: 'ready' as const, email: row.email, organizationName: row.organization_name, setPasswordUrl: null };
    const inviteToken = randomToken(32);
    await scoped(trx, row.organization_id)
      .insertInto('invites', { email: row.email, role: 'super_admin', token_hash: sha256(inviteToken), invited_by: null, expires_at: new Date(Date.now() + INVITE_DAYS * DAY_MS) })
      .execute();
    await trx.updateTable('billing_provisionings').set({ link_issued_at: new Date() }).where('id', '=', row.id).execute();
    return { status: 'ready' as const, email: row.email, organizationName: row.organization_name, setPasswordUrl: `${deps.config.publicUrl}/invite/${inviteToken}` };
  });
}

// ——— Changing plan from the app ———

/** Upgrades apply now (prorated and charged); downgrades from the next billing cycle (spec §9). */
export async function changePlan(ctx: OrgContext, input: z.output<typeof ZChangePlanInput>) {
  const gateway = stripeGateway(ctx.deps.config);
  const { organizationId } = ctx;
  const row = await loadBilling(ctx.db, organizationId);
  if (!row.stripe_subscription_id || row.status === 'canceled') {
    throw new DomainError('CONFLICT', 'This organization has no active subscription: subscribe to a plan first');
  }
  const current = effectivePlan(row);
  if (current === input.plan && row.billing_interval === input.billing) throw new DomainError('CONFLICT', `You are already on ${PLANS[current].name} (${input.billing})`);
  const priceId = await priceIdOf(gateway, input.plan, input.billing);
  const subscription = await gateway.retrieveSubscription(row.stripe_subscription_id);
  const mode = isDowngrade(current, input.plan) ? 'next_cycle' : 'now';
  const updated = await gateway.changeSubscriptionPrice(subscription, priceId, mode, `change:${subscription.id}:${priceId}:${day()}`);
  await ctx.db.transaction().execute(async (trx) => {
    await applySubscription(trx, ctx.deps, organizationId, updated, { actor: actorOf(ctx.auth), meta: ctx.meta, cause: 'plan_changed' });
  });
  return billingStatus(ctx);
}

// ——— Stripe's truth, applied ———

async function ensureBillingRow(trx: Db, organizationId: string): Promise<void> {
  const org = await trx.selectFrom('organizations').select('created_at').where('id', '=', organizationId).executeTakeFirstOrThrow();
  await scoped(trx, organizationId)
    .insertInto('organization_billing', trialRow(org.created_at))
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
}

const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'paused']);

function periodEndOf(subscription: StripeSubscription): Date | null {
  const end = subscription.items.data[0]?.current_period_end;
  return end ? new Date(end * 1000) : null;
}

/**
 * Writes what Stripe says of a subscription onto its organization, with an audit entry when
 * something changed. The subscription was just read from Stripe, so however events arrive
 * (late, twice, out of order) the row ends with Stripe's latest state.
 */
async function applySubscription(trx: Db, deps: Deps, organizationId: string, subscription: StripeSubscription, context: { actor: Actor; meta: RequestMeta | undefined; cause: string }) {
  // A subscription whose first payment never completed changes nothing: the trial goes on.
  if (!LIVE_STATUSES.has(subscription.status)) return;
  await ensureBillingRow(trx, organizationId);
  const row = await loadBilling(trx, organizationId, { lock: true });
  const price = subscription.items.data[0]?.price;
  const bought = planOfLookupKey(price?.lookup_key);
  if (!bought) {
    deps.logger.warn({ subscription: subscription.id, lookupKey: price?.lookup_key }, 'Stripe subscription price has no plan lookup key; plan left unchanged');
  }
  const now = new Date();
  const periodEnd = periodEndOf(subscription);
  const before = { plan: effectivePlan(row, now), status: row.status };
  const next: Partial<BillingRow> & { status: BillingStatus } = {
    status: subscription.status as BillingStatus,
    stripe_customer_id: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    stripe_subscription_id: subscription.id,
    current_period_end: periodEnd,
    cancel_at_period_end: subscription.cancel_at_period_end,
    trial_ends_at: subscription.status === 'trialing' && subscription.trial_end ? new Date(subscription.trial_end * 1000) : row.trial_ends_at,
  };
  if (bought) {
    next.plan = bought.plan;
    next.billing_interval = bought.interval;
    const samePaidSubscription = row.stripe_subscription_id === subscription.id && row.status !== 'trialing';
    if (bought.plan !== row.plan && samePaidSubscription && isDowngrade(before.plan, bought.plan) && periodEnd && periodEnd > now) {
      // A downgrade: the plan paid for stays until the end of the period.
      next.previous_plan = before.plan;
      next.previous_plan_until = periodEnd;
    } else if (bought.plan !== row.plan) {
      next.previous_plan = null;
      next.previous_plan_until = null;
    }
  }
  await scoped(trx, organizationId)
    .updateTable('organization_billing')
    .set({ ...next, updated_at: now })
    .execute();
  const after = { plan: effectivePlan({ ...row, ...next }, now), status: next.status };
  if (after.plan !== before.plan || after.status !== before.status || next.plan !== row.plan || next.billing_interval !== row.billing_interval) {
    await recordAudit(trx, {
      organizationId,
      actor: context.actor,
      action: 'billing.changed',
      target: { type: 'subscription', id: subscription.id },
      details: { change: context.cause, from: before, to: after, billedPlan: next.plan ?? row.plan, billing: next.billing_interval ?? row.billing_interval },
      meta: context.meta,
    });
  }
}

/** The organization a Stripe subscription belongs to: its billing row, else the one it was created for. */
async function organizationOfSubscription(db: Db, subscription: StripeSubscription): Promise<string | null> {
  const linked = await db.selectFrom('organization_billing').select('organization_id').where('stripe_subscription_id', '=', subscription.id).executeTakeFirst();
  if (linked) return linked.organization_id;
  const claimed = subscription.metadata?.organizationId;
  if (!claimed) return null;
  // Only trust the metadata when the customer is the one we linked to that organization.
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const row = await db.selectFrom('organization_billing').select('organization_id').where('organization_id', '=', claimed).where('stripe_customer_id', '=', customerId).executeTakeFirst();
  return row?.organization_id ?? null;
}

/** A visitor's paid subscription becomes a new organization (its owner sets a password from the success page). */
async function provisionOrganization(trx: Db, deps: Deps, subscription: StripeSubscription): Promise<string | null> {
  const pending = await trx.selectFrom('billing_provisionings').selectAll().where('stripe_subscription_id', '=', subscription.id).forUpdate().executeTakeFirst();
  if (!pending) return null;
  if (pending.organization_id) return pending.organization_id;
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return null;
  const org = await createOrganization(trx, {
    name: `${pending.name}’s organization`,
    origin: 'checkout',
    actor: STRIPE_ACTOR,
    meta: WEBHOOK_META,
    details: { email: pending.email, plan: pending.plan },
  });
  await trx.updateTable('billing_provisionings').set({ organization_id: org.id, provisioned_at: new Date() }).where('id', '=', pending.id).execute();
  return org.id;
}

function subscriptionIdOf(event: StripeEvent): string | null {
  const object = event.data.object as { object?: string; id?: string; parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null };
  if (object.object === 'subscription') return object.id ?? null;
  if (object.object === 'invoice') {
    const sub = object.parent?.subscription_details?.subscription;
    return typeof sub === 'string' ? sub : (sub?.id ?? null);
  }
  return null;
}

/** The customer an event's subscription or invoice belongs to. */
function customerIdOf(event: StripeEvent): string | null {
  const customer = (event.data.object as { customer?: string | { id: string } | null }).customer;
  return typeof customer === 'string' ? customer : (customer?.id ?? null);
}

/**
 * Whether this server has a record of the subscription: an organization's billing or a visitor's
 * sign-up in progress holds it, or its customer (an organization's subscription is linked to it by
 * its first event; the customer is stored before the subscription is created).
 */
async function knowsSubscription(db: Db, subscriptionId: string, customerId: string | null): Promise<boolean> {
  for (const table of ['organization_billing', 'billing_provisionings'] as const) {
    const row = await db
      .selectFrom(table)
      .select('stripe_subscription_id')
      .where((eb) => eb.or([eb('stripe_subscription_id', '=', subscriptionId), ...(customerId ? [eb('stripe_customer_id', '=', customerId)] : [])]))
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export const UNKNOWN_SUBSCRIPTION_REASON = 'not_our_subscription';

export type WebhookOutcome = { received: true; duplicate?: true; ignored?: string };

/**
 * POST /api/stripe/webhook, after the signature was checked on the raw body: each event applied
 * once (its id stored in the same transaction as its effect). Subscription and invoice events
 * re-read the subscription from Stripe first, so late or repeated events cannot roll state back —
 * only for a subscription this server knows: one it has no record of is recorded as ignored and
 * answered 200 without asking Stripe.
 */
export async function applyStripeEvent(deps: Deps, event: StripeEvent): Promise<WebhookOutcome> {
  const db = deps.database.db;
  if (await db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst()) return { received: true, duplicate: true };
  const subscriptionId = subscriptionIdOf(event);
  if (subscriptionId && !(await knowsSubscription(db, subscriptionId, customerIdOf(event)))) {
    // Another product on the same Stripe account, or a deleted test object: Stripe would answer 404 to
    // a read, and a 5xx here would have Stripe retry for days and then disable the endpoint. It is
    // answered 200 and recorded as ignored; Stripe outages for our own subscriptions stay 5xx.
    deps.logger.info({ eventId: event.id, type: event.type, subscriptionId }, 'Stripe event ignored: the subscription is not ours');
    await db
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type, organization_id: null, stripe_created_at: new Date(event.created * 1000), status: 'ignored', ignored_reason: UNKNOWN_SUBSCRIPTION_REASON })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return { received: true, ignored: UNKNOWN_SUBSCRIPTION_REASON };
  }
  const subscription = subscriptionId ? await stripeGateway(deps.config).retrieveSubscription(subscriptionId) : null;
  return db
    .transaction()
    .execute(async (trx) => {
      let organizationId: string | null = null;
      if (subscription) organizationId = (await organizationOfSubscription(trx, subscription)) ?? (await provisionOrganization(trx, deps, subscription));
      const stored = await trx
        .insertInto('stripe_events')
        .values({ id: event.id, type: event.type, organization_id: organizationId, stripe_created_at: new Date(event.created * 1000) })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!stored) throw new DuplicateEvent();
      if (subscription && organizationId) {
        await applySubscription(trx, deps, organizationId, subscription, { actor: STRIPE_ACTOR, meta: WEBHOOK_META, cause: event.type });
      } else if (isSiteOrderPayment(event)) {
        const session = event.data.object as { id: string; customer_details?: { email?: string | null; name?: string | null } | null };
        await completeSiteOrder(trx, { checkoutSessionId: session.id, email: session.customer_details?.email ?? null, name: session.customer_details?.name ?? null });
      } else if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        const intent = event.data.object as { id: string; last_payment_error?: { message?: string } | null };
        await trx
          .updateTable('checkout_payments')
          .set({ status: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed', failure_message: intent.last_payment_error?.message ?? null, updated_at: new Date() })
          .where('id', '=', intent.id)
          // A success is final: a late failure of an earlier attempt does not undo it.
          .where('status', '!=', 'succeeded')
          .execute();
      }
      return { received: true as const };
    })
    .catch((error: unknown) => {
      // Two deliveries of one event at once: the second finds the first's id and changes nothing.
      if (error instanceof DuplicateEvent) return { received: true as const, duplicate: true as const };
      throw error;
    });
}

class DuplicateEvent extends Error {}

/**
 * A site Payment block's Checkout Session, paid: completed with the money in, or a delayed method
 * (a bank debit) that succeeded later. A completed session still 'unpaid' waits for that second event.
 */
function isSiteOrderPayment(event: StripeEvent): boolean {
  const session = event.data.object as { object?: string; metadata?: Record<string, string> | null; payment_status?: string };
  if (session.object !== 'checkout.session' || session.metadata?.kind !== SITE_ORDER_KIND) return false;
  return event.type === 'checkout.session.async_payment_succeeded' || (event.type === 'checkout.session.completed' && session.payment_status === 'paid');
}
