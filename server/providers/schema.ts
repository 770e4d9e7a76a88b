import { z } from 'zod';
import { CREDENTIAL_FORMATS as F } from '../input/schema';

/*
 * Settings → Integrations (issue #19, docs/decisions/038): the forms of each provider. Credentials
 * are write-only: absent keeps the stored one, a value replaces it. The shapes of SIDs and keys are
 * the environment's own rules (CREDENTIAL_FORMATS), so a value the server would refuse at start-up
 * is refused here with the same words.
 */

export const PROVIDER_NAMES = ['twilio', 'smtp', 'stripe', 'kit'] as const;
export const ZProviderName = z.enum(PROVIDER_NAMES, { error: 'must be one of twilio, smtp, stripe, kit' });
export type ProviderName = z.infer<typeof ZProviderName>;

export const PROVIDER_LABELS: Record<ProviderName, string> = { twilio: 'Twilio', smtp: 'SMTP', stripe: 'Stripe', kit: 'Kit (ConvertKit)' };

const credential = (min = 8) =>
  z.string({ error: 'must be text' }).trim().min(min, `must be at least ${min} characters`).max(500, 'must be at most 500 characters').regex(/^\S+$/, 'must not contain spaces');
const formatted = (format: { pattern: RegExp; rule: string }) => z.string({ error: 'must be text' }).trim().max(500, 'must be at most 500 characters').regex(format.pattern, format.rule);

export const ZSaveTwilioInput = z
  .object({
    accountSid: formatted(F.twilioAccountSid),
    authToken: credential(16).optional(),
    messagingServiceSid: formatted(F.twilioMessagingServiceSid).nullable().default(null),
    fromNumber: formatted(F.e164).nullable().default(null),
  })
  .strict()
  .refine((input) => input.messagingServiceSid !== null || input.fromNumber !== null, {
    path: ['fromNumber'],
    message: 'a sending number or a messaging service SID is required',
  });

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\d{1,3}(\.\d{1,3}){3}$/i;

export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export const SMTP_SECURITY_LABELS: Record<(typeof SMTP_SECURITY)[number], string> = {
  tls: 'TLS from the start (port 465)',
  starttls: 'STARTTLS required (port 587)',
  none: 'No TLS required (STARTTLS when offered)',
};

export const ZSaveSmtpInput = z
  .object({
    host: z.string({ error: 'must be text' }).trim().toLowerCase().regex(HOSTNAME, 'must be a host name such as smtp.example.com'),
    port: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be between 1 and 65535').max(65535, 'must be between 1 and 65535'),
    security: z.enum(SMTP_SECURITY, { error: 'must be one of tls, starttls, none' }),
    username: z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(254, 'must be at most 254 characters').nullable().default(null),
    password: z.string({ error: 'must be text' }).min(1, 'must not be empty').max(500, 'must be at most 500 characters').nullable().optional(),
  })
  .strict();

export const ZSaveStripeInput = z
  .object({
    secretKey: formatted(F.stripeSecretKey).optional(),
    publishableKey: formatted(F.stripePublishableKey).nullable().default(null),
    webhookSecret: formatted(F.stripeWebhookSecret).nullable().optional(),
  })
  .strict();

export const ZSaveKitInput = z.object({ apiKey: credential().optional() }).strict();

export const ZProviderInput = z.object({ provider: ZProviderName }).strict();

/** Where a provider's settings come from for this organization. */
export const PROVIDER_SOURCES = ['environment', 'app', 'sandbox', 'none'] as const;
export type ProviderSource = (typeof PROVIDER_SOURCES)[number];

const ZSecretState = z.object({ set: z.boolean(), last4: z.string().nullable() });

export const ZProviderStatus = z.object({
  provider: ZProviderName,
  /** environment: variables set on the server win and the form is read-only; app: saved here; sandbox / none: neither. */
  source: z.enum(PROVIDER_SOURCES),
  /** Stripe and Kit are the server's own accounts: only the organization running the server sets them. */
  scope: z.enum(['organization', 'instance']),
  /** The caller's organization may save this provider's settings. */
  editable: z.boolean(),
  /** Why the form is read-only, when it is. */
  lockedReason: z.string().nullable(),
  /** Shown fields as saved (null when nothing is saved). */
  settings: z.record(z.string(), z.unknown()).nullable(),
  /** Each credential: set or not, and its last 4 characters. */
  secrets: z.record(z.string(), ZSecretState),
  updatedAt: z.string().nullable(),
  /** What the saved settings do and when they take effect. */
  note: z.string(),
});
export type TProviderStatus = z.infer<typeof ZProviderStatus>;

export const ZProvidersOverview = z.object({
  providers: z.array(ZProviderStatus),
  /** Whether this server can seal secrets (SECRETS_KEY or its DATA_DIR key), and if not why. */
  secretsKey: z.object({ available: z.boolean(), source: z.enum(['environment', 'data-dir']).nullable(), message: z.string().nullable() }),
});

export const ZConnectionResult = z.object({ ok: z.boolean(), detail: z.string() });
