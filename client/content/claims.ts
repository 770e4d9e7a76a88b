import { LANGUAGES } from '../i18n/languages';

/**
 * The figures the public site claims about Switchboard, in one place for every language: a page's
 * English, French and Arabic texts interpolate these values, so a translation cannot change a
 * number (tests/unit/site-claims.test.ts checks every language's texts against this module).
 *
 * Each figure is one the product can show, not a marketing estimate: no customer counts, no
 * accuracy or speed-up percentages that nothing here measures.
 */

/** The channels Switchboard actually reaches contacts on: SMS (server/sms), one-to-one e-mail with replies (server/email) and the website chat (server/chat). */
export const CHANNELS = ['sms', 'email', 'chat'] as const;

/**
 * The integrations built into Switchboard: Stripe billing (server/billing), Twilio SMS (server/sms),
 * Kit forwarding of lead forms (server/leads/kit.ts), the Google Analytics tag (client/lib/analytics.ts),
 * and the REST API /api/v1 with OpenAPI and API keys (server/api-v1). Product names as their makers
 * write them. A page that counts integrations interpolates CLAIMS.integrations, never a typed number.
 */
export const INTEGRATIONS = ['Stripe', 'Twilio', 'Kit', 'Google Analytics', 'REST API'] as const;

/** The databases Switchboard runs on when self-hosted: Postgres, or PGlite embedded (server/db). */
export const DATABASES = ['Postgres', 'PGlite'] as const;

export const CLAIMS = {
  /** The languages the site is written in (en, fr, ar). */
  languages: LANGUAGES.length,
  /** The messaging channels built in (CHANNELS). */
  channels: CHANNELS.length,
  /** The integrations built in (INTEGRATIONS): a count computed from the list, never typed. */
  integrations: INTEGRATIONS.length,
  /** The databases a self-hosted Switchboard runs on (DATABASES). */
  databases: DATABASES.length,
  /** From sign-up to the first text or e-mail to a lead: one command to install, one workspace ready at sign-up. */
  setupHours: 2,
} as const;

export type ClaimKey = keyof typeof CLAIMS;

/** Every figure the site may claim, as numbers (what the test compares the texts' figures with). */
export const CLAIMED_FIGURES: readonly number[] = [...new Set(Object.values(CLAIMS))];
