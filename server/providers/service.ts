import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import { DomainError, fieldError } from '../errors';
import { actorOf } from '../kernel/caller';
import type { OrgContext } from '../kernel/context';
import {
  deleteProviderSettings,
  readProviderSettings,
  SECRET_FIELDS,
  storedSummaries,
  writeProviderSettings,
  type ProviderName,
  type PublicValues,
  type SecretWrites,
  type StoredSummary,
} from '../kernel/provider-settings';
import { keyring, SecretError } from '../kernel/secrets';
import { siteOwnerOrganization } from '../organizations/site-owner';
import { checkKit, checkSmtp, checkStripe, checkTwilio, type ConnectionResult } from './checks';
import { PROVIDER_LABELS, PROVIDER_NAMES, type TProviderStatus, type ZProviderInput, type ZSaveKitInput, type ZSaveSmtpInput, type ZSaveStripeInput, type ZSaveTwilioInput } from './schema';

/*
 * Settings → Integrations (issue #19, docs/decisions/038): each provider's status, its form's saved
 * values (credentials only as set / last 4), saving, clearing and testing. Twilio and SMTP are the
 * organization's own; Stripe and Kit are the instance's, set by the organization running the server.
 * Environment variables win: a provider they configure cannot be saved here.
 */

const INSTANCE_PROVIDERS: ReadonlySet<ProviderName> = new Set(['stripe', 'kit']);

/** The variables that configure each provider on the server, as the screen names them. */
const ENVIRONMENT_VARIABLES: Record<ProviderName, string> = {
  twilio: 'TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN',
  smtp: 'SMTP_URL',
  stripe: 'STRIPE_SECRET_KEY',
  kit: 'KIT_API_KEY',
};

/** The credential each provider cannot be saved without. */
const REQUIRED_SECRET: Partial<Record<ProviderName, string>> = { twilio: 'authToken', stripe: 'secretKey', kit: 'apiKey' };

const NOTES: Record<ProviderName, string> = {
  twilio: 'This organization’s SMS go out through its own Twilio account from the next send. Point the number’s webhooks at this server (see the SMS section of the README).',
  smtp: 'This organization’s e-mail leaves through its own SMTP server from the next send, with the sender name and address of Settings → E-mail.',
  stripe: 'Stripe is this server’s own account (the billing of every organization): saved keys apply when the server next starts.',
  kit: 'Kit receives the public site’s leads: a saved key applies when the server next starts.',
};

function fromEnvironment(ctx: Pick<OrgContext, 'deps'>, provider: ProviderName): boolean {
  const { config } = ctx.deps;
  switch (provider) {
    case 'twilio':
      return Boolean(config.twilio.accountSid && config.twilio.authToken);
    case 'smtp':
      return Boolean(config.email.smtpUrl);
    case 'stripe':
      return config.instanceProviderSources.stripe === 'environment';
    case 'kit':
      return config.instanceProviderSources.kit === 'environment';
  }
}

/** Whether the caller's organization runs this server (and so holds the instance's Stripe and Kit settings). */
async function runsTheServer(ctx: OrgContext): Promise<boolean> {
  try {
    return (await siteOwnerOrganization(ctx.deps.database.db, ctx.deps.config)).id === ctx.organizationId;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

function statusOf(ctx: OrgContext, provider: ProviderName, stored: StoredSummary | undefined, runsServer: boolean): TProviderStatus {
  const instance = INSTANCE_PROVIDERS.has(provider);
  const environment = fromEnvironment(ctx, provider);
  const visible = !instance || runsServer;
  const shown = visible ? stored : undefined;
  const lockedReason = environment
    ? `${ENVIRONMENT_VARIABLES[provider]} ${ENVIRONMENT_VARIABLES[provider].includes(' and ') ? 'are' : 'is'} set on the server: the environment’s settings win over these. Unset ${ENVIRONMENT_VARIABLES[provider].includes(' and ') ? 'them' : 'it'} to use settings made here.`
    : visible
      ? null
      : `${PROVIDER_LABELS[provider]} is this server’s own account: only the organization that runs the server sets it.`;
  const source: TProviderStatus['source'] = environment ? 'environment' : shown ? 'app' : provider === 'twilio' || provider === 'smtp' ? 'sandbox' : 'none';
  return {
    provider,
    source,
    scope: instance ? 'instance' : 'organization',
    editable: lockedReason === null,
    lockedReason,
    settings: shown ? shown.settings : null,
    secrets: Object.fromEntries((SECRET_FIELDS[provider] as readonly string[]).map((field) => [field, { set: Boolean(shown?.secretHints[field]), last4: shown?.secretHints[field] ?? null }])),
    updatedAt: shown ? shown.updatedAt.toISOString() : null,
    note: NOTES[provider],
  };
}

export async function providersOverview(ctx: OrgContext) {
  const [stored, runsServer] = await Promise.all([storedSummaries(ctx.db, ctx.organizationId), runsTheServer(ctx)]);
  const ring = keyring(ctx.deps.config);
  return {
    providers: PROVIDER_NAMES.map((provider) =>
      statusOf(
        ctx,
        provider,
        stored.find((s) => s.provider === provider),
        runsServer,
      ),
    ),
    secretsKey: { available: ring.current !== null, source: ring.source, message: ring.unavailable },
  };
}

/** Refuses a write the screen shows as read-only, saying why (the environment wins; another organization's instance settings). */
async function assertEditable(ctx: OrgContext, provider: ProviderName): Promise<void> {
  if (fromEnvironment(ctx, provider)) {
    throw new DomainError('CONFLICT', `${PROVIDER_LABELS[provider]} is configured by ${ENVIRONMENT_VARIABLES[provider]} on the server, which win over settings made here`);
  }
  if (INSTANCE_PROVIDERS.has(provider) && !(await runsTheServer(ctx))) {
    throw new DomainError('FORBIDDEN', `${PROVIDER_LABELS[provider]} is this server’s own account: only the organization that runs the server sets it`);
  }
}

async function save<P extends ProviderName>(ctx: OrgContext, provider: P, settings: PublicValues<P>, secrets: SecretWrites<P>) {
  await assertEditable(ctx, provider);
  await ctx.db.transaction().execute(async (trx) => {
    const required = REQUIRED_SECRET[provider];
    if (required && (secrets as Record<string, unknown>)[required] === undefined) {
      const stored = await storedSummaries(trx, ctx.organizationId);
      if (!stored.some((s) => s.provider === provider && s.secretHints[required])) throw fieldError(required, 'is required');
    }
    const { changedSecrets } = await writeProviderSettings(trx, ctx.deps.config, { organizationId: ctx.organizationId, provider, settings, secrets, updatedBy: ctx.auth.user?.id ?? null });
    await recordAudit(trx, {
      organizationId: ctx.organizationId,
      actor: actorOf(ctx.auth),
      action: 'provider_settings.saved',
      details: { provider, fields: Object.keys(settings), secretsChanged: changedSecrets },
      meta: ctx.meta,
    });
  });
  return providerStatus(ctx, provider);
}

async function providerStatus(ctx: OrgContext, provider: ProviderName) {
  return (await providersOverview(ctx)).providers.find((p) => p.provider === provider)!;
}

export const saveTwilio = (ctx: OrgContext, { authToken, ...settings }: z.output<typeof ZSaveTwilioInput>) => save(ctx, 'twilio', settings, authToken === undefined ? {} : { authToken });

export const saveSmtp = (ctx: OrgContext, { password, ...settings }: z.output<typeof ZSaveSmtpInput>) =>
  // A server without a user name takes no password: a kept one would be sent with nobody's name.
  save(ctx, 'smtp', settings, settings.username === null ? { password: null } : password === undefined ? {} : { password });

export const saveStripe = (ctx: OrgContext, { secretKey, webhookSecret, ...settings }: z.output<typeof ZSaveStripeInput>) =>
  save(ctx, 'stripe', settings, { ...(secretKey === undefined ? {} : { secretKey }), ...(webhookSecret === undefined ? {} : { webhookSecret }) });

export const saveKit = (ctx: OrgContext, { apiKey }: z.output<typeof ZSaveKitInput>) => save(ctx, 'kit', {}, apiKey === undefined ? {} : { apiKey });

/** Forgets the provider's saved settings (the organization goes back to the server's own, or the sandbox). */
export async function clearProvider(ctx: OrgContext, { provider }: z.output<typeof ZProviderInput>) {
  await assertEditable(ctx, provider);
  await ctx.db.transaction().execute(async (trx) => {
    if (await deleteProviderSettings(trx, ctx.organizationId, provider)) {
      await recordAudit(trx, { organizationId: ctx.organizationId, actor: actorOf(ctx.auth), action: 'provider_settings.cleared', details: { provider }, meta: ctx.meta });
    }
  });
  return providerStatus(ctx, provider);
}

/**
 * One authenticated call with the settings in use: the environment's when they win, else those
 * saved here. Answers ok or what went wrong; never throws for the provider's refusal.
 */
export async function testProvider(ctx: OrgContext, { provider }: z.output<typeof ZProviderInput>): Promise<ConnectionResult> {
  const environment = fromEnvironment(ctx, provider);
  if (!environment && INSTANCE_PROVIDERS.has(provider)) await assertEditable(ctx, provider);
  const { config } = ctx.deps;
  const saved = <P extends ProviderName>(name: P) => (environment ? Promise.resolve(null) : readProviderSettings(ctx.db, config, ctx.organizationId, name));
  try {
    switch (provider) {
      case 'twilio':
        return await checkTwilio(config, await saved('twilio'));
      case 'smtp':
        return await checkSmtp(ctx.deps, await saved('smtp'));
      case 'stripe': {
        const secretKey = environment ? config.stripe.secretKey : (await saved('stripe'))?.secretKey;
        return secretKey ? await checkStripe(config, { secretKey }) : { ok: false, detail: 'Stripe is not configured: save a secret key first' };
      }
      case 'kit': {
        const apiKey = environment ? config.kitApiKey : (await saved('kit'))?.apiKey;
        return apiKey ? await checkKit(config, { apiKey }) : { ok: false, detail: 'Kit is not configured: save an API key first' };
      }
    }
  } catch (error) {
    if (error instanceof SecretError) return { ok: false, detail: `The saved credentials do not open with this server’s key (SECRETS_KEY): save them again. ${error.message}` };
    throw error;
  }
}
