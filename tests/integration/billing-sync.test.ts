import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupKeyOf, PLANS } from '../../server/plans/schema';
import { stripeGateway } from '../../server/billing/stripe';
import { syncCatalogue } from '../../server/billing/sync';
import { startStripeDouble, type StripeDouble } from '../doubles/stripe';
import { testConfig } from '../helpers/app';

let stripe: StripeDouble;
beforeAll(async () => {
  stripe = await startStripeDouble();
});
afterAll(() => stripe.close());

describe('npm run stripe:sync', () => {
  it('creates the missing products and prices by lookup_key, and nothing on a second run', async () => {
    const gateway = stripeGateway(testConfig({ STRIPE_SECRET_KEY: 'sk_test_sync', STRIPE_API_BASE_URL: stripe.url }));
    // One price exists already (created by hand in the dashboard, say).
    stripe.addPrice(lookupKeyOf('starter', 'monthly'), 9700, 'month');

    const first = await syncCatalogue(gateway);
    expect(first.createdProducts).toHaveLength(6);
    expect(first.createdPrices).toHaveLength(11);
    expect(first.existingPrices).toEqual(['switchboard_starter_monthly']);
    const enterpriseYearly = [...stripe.prices.values()].find((p) => p.lookup_key === 'switchboard_enterprise_yearly');
    expect(enterpriseYearly).toMatchObject({ unit_amount: PLANS.enterprise.yearlyPrice * 100, currency: 'usd', recurring: { interval: 'year' } });

    const second = await syncCatalogue(gateway);
    expect(second).toEqual({ createdProducts: [], createdPrices: [], existingPrices: expect.arrayContaining(['switchboard_enterprise_plus_yearly']) });
    expect(second.existingPrices).toHaveLength(12);
    expect(stripe.products.size).toBe(6);
    expect(stripe.prices.size).toBe(12);
  });
});
