import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { CREDENTIAL_FORMATS as F } from './input/schema';

const SECRETS_KEY_RULE = 'must be 32 bytes written as 64 hexadecimal digits or in base64 (openssl rand -base64 32)';

const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be one of development, production, test' }).default('development'),
  PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be between 0 and 65535').max(65535, 'must be between 0 and 65535').default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  DATA_DIR: z.string().default('./.data'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('false'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  JOBS_ENABLED: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('true'),
  ROW_LEVEL_SECURITY: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('true'),
  LEADS_ORGANIZATION_ID: z.uuid({ error: 'must be an organization id (a UUID)' }).optional(),
  KIT_API_KEY: z.string().optional(),
  KIT_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://api.kit.com'),
  STRIPE_SECRET_KEY: z.string().regex(F.stripeSecretKey.pattern, F.stripeSecretKey.rule).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(F.stripePublishableKey.pattern, F.stripePublishableKey.rule).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(F.stripeWebhookSecret.pattern, F.stripeWebhookSecret.rule).optional(),
  STRIPE_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  TWILIO_ACCOUNT_SID: z.string().regex(F.twilioAccountSid.pattern, F.twilioAccountSid.rule).optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().regex(F.twilioMessagingServiceSid.pattern, F.twilioMessagingServiceSid.rule).optional(),
  TWILIO_FROM_NUMBER: z.string().regex(F.e164.pattern, F.e164.rule).optional(),
  TWILIO_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://api.twilio.com'),
  TWILIO_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be between 100 and 120000')
    .max(120_000, 'must be between 100 and 120000')
    .default(15_000),
  TWILIO_SENDER_MPS: z
    .string()
    .regex(/^(\d+(\.\d+)?|[^=,\s]+=\d+(\.\d+)?(,[^=,\s]+=\d+(\.\d+)?)*)$/, 'must be a number of messages per second, or sender=rate pairs such as +15551234567=1,MG…=100')
    .optional(),
  SMTP_URL: z.string().refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465').optional(),
  EMAIL_FROM: z
    .string()
    .regex(/^([^<>\r\n]+<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address, or a name and an address such as Acme <no-reply@acme.com>')
    .optional(),
  DKIM_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name such as acme.com')
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-_.]{0,62})$/i, 'must be a DNS label such as s1')
    .optional(),
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n'))
    .refine(isPrivateKey, 'must be a PEM private key (-----BEGIN PRIVATE KEY-----…; \\n stands for a line break)')
    .optional(),
  SMTP_MAX_RATE: z.coerce.number({ error: 'must be a number' }).min(0.1, 'must be between 0.1 and 10000').max(10_000, 'must be between 0.1 and 10000').default(10),
  CAMPAIGN_DOMAIN_RATE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be between 0 and 1000000').max(1_000_000, 'must be between 0 and 1000000').default(0),
  EMAIL_INBOUND_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  INBOUND_SMTP_PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be between 0 and 65535').max(65535, 'must be between 0 and 65535').optional(),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a Google Analytics measurement id such as G-ABC123XYZ')
    .optional(),
  API_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be between 1 and 1000000').max(1_000_000, 'must be between 1 and 1000000').default(600),
  API_RATE_LIMIT_ORGANIZATION: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 1000000')
    .max(1_000_000, 'must be between 1 and 1000000')
    .default(1200),
  SIGNUPS_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be between 1 and 100000').max(100_000, 'must be between 1 and 100000').default(5),
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).default('false'),
  JOBS_POLL_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(50, 'must be between 50 and 60000').max(60_000, 'must be between 50 and 60000').default(1000),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SECRETS_KEY: z
    .string()
    .refine((value) => decodeSecretsKey(value) !== null, SECRETS_KEY_RULE)
    .optional(),
  SECRETS_KEY_PREVIOUS: z
    .string()
    .refine((value) => value.split(',').every((key) => decodeSecretsKey(key.trim()) !== null), `must be a comma-separated list of keys that each ${SECRETS_KEY_RULE.slice(5)}`)
    .optional(),
  SITES_DOMAIN_CHECK_URL: z.url({ protocol: /^http$/, error: 'must be an http:// URL such as http://127.0.0.1:3000' }).optional(),
});

/** Variables whose value an error never repeats (it would land in logs): keys, and URLs carrying a password. */
const SECRET_VARIABLES = new Set([
  'SMTP_URL',
  'DKIM_PRIVATE_KEY',
  'EMAIL_INBOUND_SECRET',
  'METRICS_TOKEN',
  'SECRETS_KEY',
  'SECRETS_KEY_PREVIOUS',
  'TWILIO_AUTH_TOKEN',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'KIT_API_KEY',
]);

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Origin the product is reached at, without a trailing slash. */
  publicUrl: string;
  logLevel: z.infer<typeof ZEnvironment>['LOG_LEVEL'];
  /** Take the client's address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Run background-job handlers in this process (false: only enqueue, for multi-process deployments). */
  jobsEnabled: boolean;
  /** Organization work runs under the row-level policies (decision 024); off until its search cost is solved. */
  rowLevelSecurity: boolean;
  /** How often an idle job queue looks for new jobs, in milliseconds. */
  jobsPollMs: number;
  /** The organization that receives the public site's leads and chats; unset: the first organization created. */
  leadsOrganizationId: string | undefined;
  /** Kit (ConvertKit) v4 API key; unset: leads are not forwarded. */
  kitApiKey: string | undefined;
  /** Kit's API origin (tests point it at a local double), without a trailing slash. */
  kitApiBaseUrl: string;
  /** Stripe (server/billing); without a secret key payments are not configured and billing is not enforced. */
  stripe: { secretKey: string | undefined; publishableKey: string | undefined; webhookSecret: string | undefined; apiBaseUrl: string | undefined };
  /** Twilio credentials and sender; without an account SID and token SMS runs on the sandbox provider. */
  twilio: {
    accountSid: string | undefined;
    authToken: string | undefined;
    messagingServiceSid: string | undefined;
    fromNumber: string | undefined;
    apiBaseUrl: string;
    /** How long a call to Twilio may take before its outcome counts as unknown (and is reconciled). */
    timeoutMs: number;
    /** Messages per second by sender ('*': every sender not named); 0 lifts the limit. */
    senderMps: Record<string, number>;
  };
  /** E-mail delivery (server/email); without an SMTP URL the sandbox transport keeps every message in the outbox. */
  email: {
    smtpUrl: string | undefined;
    /** The default sender (EMAIL_FROM), which an organization's Settings → E-mail may override. */
    from: { name: string; address: string };
    /** DKIM signing of every outgoing message; null: unsigned (the relay may sign). */
    dkim: { domainName: string; keySelector: string; privateKey: string } | null;
    /** Messages per second handed to the SMTP server. */
    maxRate: number;
    /** Secret of the inbound webhook (POST /api/email/inbound); unset: the webhook is closed. */
    inboundSecret: string | undefined;
    /** Port of the inbound SMTP listener (an MX pointed at this server); unset: no listener. */
    inboundSmtpPort: number | undefined;
  };
  /** Google Analytics measurement id; when set, the served pages carry the gtag.js tag. */
  gaMeasurementId: string | undefined;
  /** Sign-ups accepted from one client address per hour (server/auth/throttle.ts). */
  signupsPerHour: number;
  /** Campaign e-mails in any 60 s to one recipient domain, per organization (server/campaigns/throttle.ts); 0: no limit. */
  campaignDomainRate: number;
  /** /api/v1 requests per minute (token buckets, server/http/api-rate-limit.ts): per API key, and per organization whatever the caller. */
  apiRateLimit: { perKey: number; perOrganization: number };
  /** Outbound webhooks may reach private, loopback and link-local addresses (tests, private deployments). */
  webhooksAllowPrivateNetworks: boolean;
  /** Bearer token of GET /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  /** Where a custom domain's verification connects (with the domain as Host) instead of the domain's DNS address; unset: real DNS (server/sites/domains.ts). */
  sitesDomainCheckUrl: string | undefined;
  /**
   * The keys that seal stored secrets (server/kernel/secrets.ts): SECRETS_KEY seals and opens, the
   * previous ones only open (a rotation). Unset: a key kept in DATA_DIR, except on Postgres in
   * production, where secrets cannot be stored (docs/decisions/038).
   */
  secrets: { key: Buffer | undefined; previousKeys: Buffer[] };
  /**
   * Where the server's own Stripe and Kit settings come from: the environment, the app (saved in
   * Settings → Integrations, applied at start-up; server/providers/instance.ts), or nowhere.
   */
  instanceProviderSources: { stripe: 'environment' | 'app' | null; kit: 'environment' | 'app' | null };
  version: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const version: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Parses the environment once; a bad value throws one line naming the variable and the rule. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty values mean "not set", as most deploy tools write them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = ZEnvironment.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = SECRET_VARIABLES.has(name) ? `a value of ${env[name]?.length ?? 0} characters, not shown` : JSON.stringify(env[name] ?? '');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${got})`);
  }
  const e = parsed.data;
  if (Boolean(e.TWILIO_ACCOUNT_SID) !== Boolean(e.TWILIO_AUTH_TOKEN)) {
    const name = e.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_ACCOUNT_SID';
    throw new ConfigError(`Invalid configuration: ${name} is required when ${name === 'TWILIO_AUTH_TOKEN' ? 'TWILIO_ACCOUNT_SID' : 'TWILIO_AUTH_TOKEN'} is set (got "")`);
  }
  if (e.TWILIO_ACCOUNT_SID && !e.TWILIO_MESSAGING_SERVICE_SID && !e.TWILIO_FROM_NUMBER) {
    throw new ConfigError('Invalid configuration: TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM_NUMBER is required with TWILIO_ACCOUNT_SID (got "")');
  }
  const dkimNames = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;
  const dkimSet = dkimNames.filter((name) => e[name]);
  if (dkimSet.length > 0 && dkimSet.length < dkimNames.length) {
    const missing = dkimNames.find((name) => !e[name])!;
    throw new ConfigError(`Invalid configuration: ${missing} is required when ${dkimSet.join(' and ')} ${dkimSet.length > 1 ? 'are' : 'is'} set (got "")`);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    jobsEnabled: e.JOBS_ENABLED === 'true' || e.JOBS_ENABLED === '1',
    rowLevelSecurity: e.ROW_LEVEL_SECURITY === 'true' || e.ROW_LEVEL_SECURITY === '1',
    jobsPollMs: e.JOBS_POLL_MS,
    leadsOrganizationId: e.LEADS_ORGANIZATION_ID,
    kitApiKey: e.KIT_API_KEY,
    kitApiBaseUrl: e.KIT_API_BASE_URL.replace(/\/+$/, ''),
    stripe: { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBaseUrl: e.STRIPE_API_BASE_URL },
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
      fromNumber: e.TWILIO_FROM_NUMBER,
      apiBaseUrl: e.TWILIO_API_BASE_URL.replace(/\/+$/, ''),
      timeoutMs: e.TWILIO_TIMEOUT_MS,
      senderMps: parseSenderMps(e.TWILIO_SENDER_MPS),
    },
    email: {
      smtpUrl: e.SMTP_URL,
      from: parseEmailFrom(e.EMAIL_FROM, publicUrl),
      dkim: e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY ? { domainName: e.DKIM_DOMAIN.toLowerCase(), keySelector: e.DKIM_SELECTOR, privateKey: e.DKIM_PRIVATE_KEY } : null,
      maxRate: e.SMTP_MAX_RATE,
      inboundSecret: e.EMAIL_INBOUND_SECRET,
      inboundSmtpPort: e.INBOUND_SMTP_PORT,
    },
    gaMeasurementId: e.GA_MEASUREMENT_ID,
    metricsToken: e.METRICS_TOKEN,
    signupsPerHour: e.SIGNUPS_PER_HOUR,
    campaignDomainRate: e.CAMPAIGN_DOMAIN_RATE,
    apiRateLimit: { perKey: e.API_RATE_LIMIT, perOrganization: e.API_RATE_LIMIT_ORGANIZATION },
    webhooksAllowPrivateNetworks: e.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === 'true' || e.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === '1',
    sitesDomainCheckUrl: e.SITES_DOMAIN_CHECK_URL?.replace(/\/+$/, ''),
    secrets: {
      key: e.SECRETS_KEY ? decodeSecretsKey(e.SECRETS_KEY)! : undefined,
      previousKeys: (e.SECRETS_KEY_PREVIOUS ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean)
        .map((key) => decodeSecretsKey(key)!),
    },
    instanceProviderSources: { stripe: e.STRIPE_SECRET_KEY ? 'environment' : null, kit: e.KIT_API_KEY ? 'environment' : null },
    version,
  };
}

/** A 32-byte key from 64 hex digits or base64 (standard or URL-safe); null for anything else. */
export function decodeSecretsKey(value: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : null;
}

/** "2" → every sender at 2/s; "+15551234567=1,MG…=100" → per sender. */
function parseSenderMps(value: string | undefined): Record<string, number> {
  if (!value) return {};
  if (!value.includes('=')) return { '*': Number(value) };
  return Object.fromEntries(
    value.split(',').map((pair) => {
      const [sender, rate] = pair.split('=') as [string, string];
      return [sender, Number(rate)];
    }),
  );
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).type === 'private';
  } catch {
    return false;
  }
}

/**
 * "Acme <no-reply@acme.com>" or "no-reply@acme.com"; unset: Switchboard at no-reply@ the public
 * host when it is a domain name (an IP address or a single label such as localhost is no mail domain).
 */
function parseEmailFrom(value: string | undefined, publicUrl: string): { name: string; address: string } {
  const named = value?.match(/^\s*(.*?)\s*<(.+)>\s*$/);
  if (named) return { name: named[1]!.replace(/^"(.*)"$/, '$1'), address: named[2]!.trim().toLowerCase() };
  if (value) return { name: 'Switchboard', address: value.trim().toLowerCase() };
  const host = new URL(publicUrl).hostname;
  const domain = host.includes('.') && isIP(host.replace(/^\[|\]$/g, '')) === 0 ? host.replace(/^www\./, '') : 'localhost';
  return { name: 'Switchboard', address: `no-reply@${domain}` };
}
