/** `npm run stripe:sync`: creates the plan products and prices missing in the configured Stripe account (by lookup_key); safe to run again. */
import { stripeGateway } from '../server/billing/stripe';
import { syncCatalogue } from '../server/billing/sync';
import { ConfigError, loadConfig } from '../server/config';

try {
  const report = await syncCatalogue(stripeGateway(loadConfig()));
  console.log(`Products created: ${report.createdProducts.length}`);
  console.log(`Prices created: ${report.createdPrices.length ? report.createdPrices.join(', ') : 'none'}`);
  console.log(`Prices already present: ${report.existingPrices.length}`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
