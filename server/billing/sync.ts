import { BILLING_INTERVALS, lookupKeyOf, PLANS, PLAN_KEYS, priceOf } from '../plans/schema';
import type { StripeGateway } from './stripe';

export type SyncReport = { createdProducts: string[]; createdPrices: string[]; existingPrices: string[] };

/**
 * Makes the Stripe account hold a product per plan and an active price per plan and interval, found
 * by lookup_key. Idempotent: what exists is left alone, and every create carries an idempotency key.
 */
export async function syncCatalogue(gateway: StripeGateway): Promise<SyncReport> {
  const report: SyncReport = { createdProducts: [], createdPrices: [], existingPrices: [] };
  const wanted = PLAN_KEYS.flatMap((plan) => BILLING_INTERVALS.map((interval) => ({ plan, interval, lookupKey: lookupKeyOf(plan, interval) })));
  const existing = await gateway.pricesByLookupKey(wanted.map((w) => w.lookupKey));
  for (const plan of PLAN_KEYS) {
    const missing = wanted.filter((w) => w.plan === plan && !existing.has(w.lookupKey));
    report.existingPrices.push(...wanted.filter((w) => w.plan === plan && existing.has(w.lookupKey)).map((w) => w.lookupKey));
    if (missing.length === 0) continue;
    let product = await gateway.findProductByMetadata('switchboard_plan', plan);
    if (!product) {
      product = await gateway.createProduct({ name: `Switchboard ${PLANS[plan].name}`, description: PLANS[plan].description, metadata: { switchboard_plan: plan } }, `product:${plan}`);
      report.createdProducts.push(product.id);
    }
    for (const { interval, lookupKey } of missing) {
      await gateway.createPrice(
        { productId: product.id, unitAmountMinor: priceOf(PLANS[plan], interval) * 100, currency: 'usd', interval: interval === 'yearly' ? 'year' : 'month', lookupKey },
        `price:${lookupKey}:${priceOf(PLANS[plan], interval)}`,
      );
      report.createdPrices.push(lookupKey);
    }
  }
  return report;
}
