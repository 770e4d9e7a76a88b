import type { Config } from '../config';
import type { Db } from '../db';
import { DomainError } from '../errors';
import { readProviderSettings } from '../kernel/provider-settings';
import type { Logger } from '../logging';
import { siteOwnerOrganization } from '../organizations/site-owner';

/**
 * Stripe and Kit are the server's own accounts (billing of every organization, the public site's
 * leads), so their in-app settings are the instance's: saved by the admins of the organization that
 * runs the server (the site owner, LEADS_ORGANIZATION_ID or the first organization) and applied to
 * the configuration once, at start-up, where the environment's variables are unset
 * (docs/decisions/038). Billing decides at start-up whether it is enforced, and the pages'
 * Content-Security-Policy whether Stripe.js may load: a key switching mid-flight would change both
 * for requests already served.
 */
export async function withInstanceProviders(config: Config, db: Db, logger: Logger): Promise<Config> {
  if (config.instanceProviderSources.stripe && config.instanceProviderSources.kit) return config;
  let owner: string;
  try {
    owner = (await siteOwnerOrganization(db, config)).id;
  } catch (error) {
    if (error instanceof DomainError) return config; // no organization yet: nothing can have been saved
    throw error;
  }
  const read = async <P extends 'stripe' | 'kit'>(provider: P) => {
    try {
      return await readProviderSettings(db, config, owner, provider);
    } catch (error) {
      logger.error({ err: error, provider }, 'the saved provider settings do not open with this server’s key; they are not applied');
      return null;
    }
  };
  const stripe = config.instanceProviderSources.stripe ? null : await read('stripe');
  const kit = config.instanceProviderSources.kit ? null : await read('kit');
  if (!stripe && !kit) return config;
  return {
    ...config,
    ...(stripe ? { stripe: { ...config.stripe, secretKey: stripe.secretKey, publishableKey: stripe.publishableKey ?? undefined, webhookSecret: stripe.webhookSecret ?? undefined } } : {}),
    ...(kit ? { kitApiKey: kit.apiKey } : {}),
    instanceProviderSources: { stripe: stripe ? 'app' : config.instanceProviderSources.stripe, kit: kit ? 'app' : config.instanceProviderSources.kit },
  };
}
