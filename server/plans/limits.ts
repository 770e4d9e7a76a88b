import { sql, type Selectable } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db';
import type { OrganizationBillingTable } from '../db/schema';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import { isPlanKey, limitMessage, PLANS, TRIAL_DAYS, TRIAL_PLAN, type LimitedResource, type PlanKey } from './schema';

export type BillingRow = Pick<
  Selectable<OrganizationBillingTable>,
  'plan' | 'billing_interval' | 'status' | 'trial_ends_at' | 'stripe_customer_id' | 'stripe_subscription_id' | 'current_period_end' | 'cancel_at_period_end' | 'previous_plan' | 'previous_plan_until'
>;

const BILLING_COLUMNS = [
  'plan',
  'billing_interval',
  'status',
  'trial_ends_at',
  'stripe_customer_id',
  'stripe_subscription_id',
  'current_period_end',
  'cancel_at_period_end',
  'previous_plan',
  'previous_plan_until',
] as const;

const DAY_MS = 24 * 3600 * 1000;

/** Payments work when a Stripe secret key is configured; without one, billing is neither sold nor enforced. */
export function paymentsConfigured(config: Pick<Config, 'stripe'>): boolean {
  return Boolean(config.stripe.secretKey);
}

/** The billing row a new organization starts with: a 14-day trial of Unlimited, no card. */
export function trialRow(now: Date): BillingRow {
  return {
    plan: TRIAL_PLAN,
    billing_interval: null,
    status: 'trialing',
    trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    stripe_customer_id: null,
    stripe_subscription_id: null,
    current_period_end: null,
    cancel_at_period_end: false,
    previous_plan: null,
    previous_plan_until: null,
  };
}

/** Starts the trial of a new organization, in the transaction that creates it. */
export async function startTrial(trx: Db, organizationId: string, now = new Date()): Promise<void> {
  await scoped(trx, organizationId).insertInto('organization_billing', trialRow(now)).execute();
}

/**
 * An organization's billing row. One created without it (a script's bulk seed) is read as a trial
 * from its creation.
 */
export async function loadBilling(db: Db, organizationId: string, options: { lock?: boolean } = {}): Promise<BillingRow> {
  let query = scoped(db, organizationId).selectFrom('organization_billing').select(BILLING_COLUMNS);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (row) return row;
  const org = await db.selectFrom('organizations').select('created_at').where('id', '=', organizationId).executeTakeFirstOrThrow();
  return trialRow(org.created_at);
}

/** The plan whose limits apply now: after a downgrade, the one paid for until its period ends. */
export function effectivePlan(row: BillingRow, now = new Date()): PlanKey {
  const plan = row.previous_plan && row.previous_plan_until && row.previous_plan_until > now ? row.previous_plan : row.plan;
  return isPlanKey(plan) ? plan : TRIAL_PLAN;
}

export type ReadOnlyReason = 'trial_ended' | 'subscription_lapsed';

/** Why an organization may only read, or null. A server without Stripe keys sells nothing and enforces nothing. */
export function readOnlyReason(row: BillingRow, config: Pick<Config, 'stripe'>, now = new Date()): ReadOnlyReason | null {
  if (!paymentsConfigured(config)) return null;
  if (row.status === 'trialing') return row.trial_ends_at && row.trial_ends_at <= now ? 'trial_ended' : null;
  return row.status === 'canceled' || row.status === 'unpaid' || row.status === 'paused' ? 'subscription_lapsed' : null;
}

export const READ_ONLY_MESSAGES: Record<ReadOnlyReason, string> = {
  trial_ended: 'Your free trial has ended, so this organization is read-only. Subscribe to keep working — nothing has been deleted.',
  subscription_lapsed: 'Your subscription has lapsed, so this organization is read-only. Subscribe to keep working — nothing has been deleted.',
};

/**
 * Refuses a change in an organization whose trial ended or whose subscription lapsed. Called by the
 * tRPC and REST guards for every mutation (through the kernel registry), never by screens; the
 * mutations that let it pay again are exempt (billing's `readOnlyExempt`).
 */
export async function assertWritable(db: Db, config: Pick<Config, 'stripe'>, organizationId: string): Promise<void> {
  if (!paymentsConfigured(config)) return;
  const reason = readOnlyReason(await loadBilling(db, organizationId), config);
  if (reason) throw new DomainError('PAYMENT_REQUIRED', READ_ONLY_MESSAGES[reason]);
}

/** What counts against each limit: contacts, members with pending invites, funnels and websites. */
export async function usageOf(db: Db, organizationId: string): Promise<Record<LimitedResource, number>> {
  const org = scoped(db, organizationId);
  const [contacts, members, invites, funnels, websites] = await Promise.all([
    org
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    org
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    // A pending invite holds a seat: otherwise a full team could invite past its limit.
    org
      .selectFrom('invites')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirstOrThrow(),
    org
      .selectFrom('funnels')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    org
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { contacts: Number(contacts.n), members: Number(members.n) + Number(invites.n), funnels: Number(funnels.n), websites: Number(websites.n) };
}

/**
 * The one plan-limit check (contacts created by hand, import or capture; member invites; …): adding
 * `adding` more of a resource must stay within the effective plan, or PAYMENT_REQUIRED with the
 * plan's message. Inside the caller's transaction, a lock per organization and resource makes
 * concurrent additions take turns, so two requests cannot both take the last place.
 */
export async function assertWithinLimit(trx: Db, organizationId: string, resource: LimitedResource, adding = 1): Promise<void> {
  if (adding <= 0) return;
  const plan = effectivePlan(await loadBilling(trx, organizationId));
  const limit = PLANS[plan].limits[resource];
  if (limit === null) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`${organizationId}:limit:${resource}`}))`.execute(trx);
  const used = (await usageOf(trx, organizationId))[resource];
  if (used + adding > limit) throw new DomainError('PAYMENT_REQUIRED', limitMessage(plan, resource));
}
