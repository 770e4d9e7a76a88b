import { z } from 'zod';

/**
 * Bounded primitives every domain schema builds on (zod, shared with the client's forms like any
 * schema.ts): what a door accepts must fit the column it lands in, so bad input is a 400 naming the
 * field and the rule, never a database error. Strings' NUL and surrogate rule is the input guard's
 * (server/input/guard.ts), applied to every input before any schema.
 */

/** The largest integer the integer (int4) columns hold. */
export const MAX_INT = 2_147_483_647;
export const MAX_INT_RULE = `must be at most ${MAX_INT}`;

/** Dates and instants the doors accept: what Postgres' date/timestamptz and JavaScript's Date both handle, with room for time zones. */
export const DATE_RANGE = { min: '1900-01-01', max: '9999-12-31' } as const;
export const DATE_RANGE_RULE = `must be between ${DATE_RANGE.min} and ${DATE_RANGE.max}`;
const MIN_MS = Date.parse(`${DATE_RANGE.min}T00:00:00Z`);
const MAX_MS = Date.parse(`${DATE_RANGE.max}T00:00:00Z`);

/** 'YYYY-MM-DD' or an ISO date-time within DATE_RANGE (a date-time without offset is read as UTC). */
export function isWithinDateRange(value: string): boolean {
  const ms = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : /[zZ]|[+-]\d{2}:?\d{2}$/.test(value.slice(10)) ? value : `${value}Z`);
  return ms >= MIN_MS && ms <= MAX_MS;
}

/** A calendar date 'YYYY-MM-DD' within DATE_RANGE. */
export const isoDate = (message: string) => z.iso.date(message).refine(isWithinDateRange, DATE_RANGE_RULE);

/** An ISO date-time (with its offset when `offset`) within DATE_RANGE. */
export const isoDateTime = (options: { offset?: boolean; error: string }) => z.iso.datetime(options).refine(isWithinDateRange, DATE_RANGE_RULE);

/** An e-mail address as stored and compared: trimmed, lower-cased, at most 254 characters (RFC 5321). */
export const ZEmailAddress = z.string({ error: 'is required' }).trim().toLowerCase().max(254, 'must be at most 254 characters').pipe(z.email('must be an e-mail address'));

/**
 * The shapes of provider credentials: one rule each for the environment (server/config.ts) and
 * Settings → Integrations (server/providers/schema.ts), so both refuse the same values with the same words.
 */
export const CREDENTIAL_FORMATS = {
  twilioAccountSid: { pattern: /^AC[0-9a-zA-Z]{32}$/, rule: 'must be an Account SID (AC followed by 32 characters)' },
  twilioMessagingServiceSid: { pattern: /^MG[0-9a-zA-Z]{32}$/, rule: 'must be a Messaging Service SID (MG followed by 32 characters)' },
  e164: { pattern: /^\+[1-9]\d{6,14}$/, rule: 'must be an E.164 number such as +15551234567' },
  stripeSecretKey: { pattern: /^(sk|rk)_\S+$/, rule: 'must be a Stripe secret key (sk_… or rk_…)' },
  stripePublishableKey: { pattern: /^pk_\S+$/, rule: 'must be a Stripe publishable key (pk_…)' },
  stripeWebhookSecret: { pattern: /^whsec_\S+$/, rule: 'must be a Stripe webhook signing secret (whsec_…)' },
} as const;
