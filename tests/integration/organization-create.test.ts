import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupKeyOf, PLANS, PLAN_KEYS, TRIAL_DAYS } from '../../server/plans/schema';
import type { AppDeps } from '../../server/deps';
import { DEMO_BUSINESS_PHONE, seedDemoWorkspace } from '../../server/demo/demo';
import { readSettings } from '../../server/organizations/settings';
import { startStripeDouble, type StripeDouble } from '../doubles/stripe';
import { buildTestApp } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';
import { createAccount, uniqueEmail } from '../helpers/factories';

const WEBHOOK_SECRET = 'whsec_test_switchboard';
const DAY_MS = 24 * 3600 * 1000;
let stripe: StripeDouble;

beforeAll(async () => {
  stripe = await startStripeDouble();
  for (const plan of PLAN_KEYS) {
    stripe.addPrice(lookupKeyOf(plan, 'monthly'), PLANS[plan].monthlyPrice * 100, 'month');
    stripe.addPrice(lookupKeyOf(plan, 'yearly'), PLANS[plan].yearlyPrice * 100, 'year');
  }
});
afterAll(() => stripe.close());

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** What every new organization gets, whichever way it was made. */
async function shapeOf(deps: AppDeps, organizationId: string) {
  const db = deps.database.db;
  const org = await db.selectFrom('organizations').select(['created_at']).where('id', '=', organizationId).executeTakeFirstOrThrow();
  const pipelines = await db.selectFrom('pipelines').select(['id', 'name', 'is_default', 'position']).where('organization_id', '=', organizationId).orderBy('position').execute();
  const stages = await db.selectFrom('pipeline_stages').select(['pipeline_id', 'name', 'position', 'probability', 'kind']).where('organization_id', '=', organizationId).orderBy('position').execute();
  const billing = await db.selectFrom('organization_billing').select(['trial_ends_at']).where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
  const created = await db
    .selectFrom('audit_events')
    .select(['action', 'target_type', 'target_id', 'details'])
    .where('organization_id', '=', organizationId)
    .where('action', '=', 'organization.created')
    .execute();
  return {
    pipelines: pipelines.map((p) => ({ name: p.name, isDefault: p.is_default, stages: stages.filter((s) => s.pipeline_id === p.id).map(({ pipeline_id: _, ...s }) => s) })),
    trialDays: Math.round(((billing.trial_ends_at?.getTime() ?? 0) - org.created_at.getTime()) / DAY_MS),
    created: created.map((e) => ({ action: e.action, target: `${e.target_type}:${e.target_id}`, origin: (e.details as { origin?: string }).origin })),
    settings: await readSettings(db, organizationId),
  };
}

describe('createOrganization: one way to make an organization', () => {
  it('gives signup, the demo workspace and a paid checkout the same pipeline, trial billing row, settings and audit entry', async () => {
    const database = await createTestDatabase();
    try {
      const { app, deps } = await buildTestApp({
        database,
        env: { STRIPE_SECRET_KEY: 'sk_test_double', STRIPE_PUBLISHABLE_KEY: 'pk_test_double', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE_URL: stripe.url },
      });
      const db = deps.database.db;

      const signedUp = (await createAccount(deps)).organizationId;
      const demo = (await seedDemoWorkspace(db)).organizationId;

      const created = (await (
        await app.request('/api/create-subscription', json({ planName: 'Starter', customerEmail: uniqueEmail('buyer'), customerName: 'Bo Buyer', billing: 'monthly' }))
      ).json()) as {
        subscriptionId: string;
      };
      const event = {
        id: `evt_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        created: Math.floor(Date.now() / 1000),
        type: 'invoice.paid',
        livemode: false,
        data: { object: stripe.paySubscription(created.subscriptionId) },
      };
      const payload = JSON.stringify(event);
      const delivered = await app.request('/api/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
        body: payload,
      });
      expect(delivered.status).toBe(200);
      const checkout = (await db.selectFrom('billing_provisionings').select('organization_id').where('stripe_subscription_id', '=', created.subscriptionId).executeTakeFirstOrThrow()).organization_id!;
      expect(checkout).toBeTruthy();

      const [a, b, c] = await Promise.all([shapeOf(deps, signedUp), shapeOf(deps, demo), shapeOf(deps, checkout)]);
      expect(a.pipelines).toHaveLength(1);
      expect(a.pipelines[0]!.stages.length).toBeGreaterThan(2);
      expect(b.pipelines).toEqual(a.pipelines);
      expect(c.pipelines).toEqual(a.pipelines);
      for (const [shape, origin, id] of [
        [a, 'signup', signedUp],
        [b, 'demo', demo],
        [c, 'checkout', checkout],
      ] as const) {
        expect(shape.trialDays).toBe(TRIAL_DAYS);
        expect(shape.created).toEqual([{ action: 'organization.created', target: `organization:${id}`, origin }]);
        // The demo's sender identity (issue #16) and business phone (issue #20) are filled in; every other setting starts the same.
        expect({ ...shape.settings, email: a.settings.email, phone: a.settings.phone }).toEqual(a.settings);
      }
      expect(b.settings.email.postalAddress).toBeTruthy();
      expect([a.settings.phone, b.settings.phone, c.settings.phone]).toEqual([null, DEMO_BUSINESS_PHONE, null]);

      // Signup and the demo have their owner as Super Admin; a checkout's buyer joins through the set-password invite.
      const roles = async (id: string) => (await db.selectFrom('memberships').select('role').where('organization_id', '=', id).execute()).map((m) => m.role);
      expect(await roles(signedUp)).toEqual(['super_admin']);
      expect(await roles(demo)).toContain('super_admin');
      expect(await roles(checkout)).toEqual([]);
      // The paid plan replaced the trial for the checkout.
      expect(await db.selectFrom('organization_billing').select(['plan', 'status']).where('organization_id', '=', checkout).executeTakeFirstOrThrow()).toEqual({ plan: 'starter', status: 'active' });
    } finally {
      await database.close();
    }
  });

  it('keeps the industry a signup came with, in the typed settings', async () => {
    const { deps, caller } = await buildTestApp();
    await caller().auth.signup({ name: 'Dee Dentist', email: uniqueEmail('dentist'), password: 'correct horse battery staple', organizationName: 'Smile Co', industry: 'dental_practice' });
    const org = await deps.database.db.selectFrom('organizations').select('id').where('name', '=', 'Smile Co').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect((await readSettings(deps.database.db, org.id)).industry).toBe('dental_practice');
  });
});
