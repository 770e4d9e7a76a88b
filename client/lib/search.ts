import { z } from 'zod/mini';
import { INDUSTRY_KEYS } from './industries';

/**
 * Search parameters of routes people share, validated on every navigation. A value that breaks its
 * rule is dropped (`z.catch`), never an error screen: these URLs are typed and shared by people.
 * zod/mini keeps these out of the weight of the first page load; forms use the full shared schemas.
 */

const optional = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

/** A return path; safeRedirect() decides whether it is used. */
const returnPath = optional(z.string().check(z.maxLength(2000)));

/** An address to fill a form with (the landing's sign-up box, an e-mail's link); the form validates it. */
const prefilledEmail = optional(z.string().check(z.maxLength(254)));

export const ZLoginSearch = z.object({
  redirect: returnPath,
  email: prefilledEmail,
  /** Set by /reset-password once the new password is saved: the page says so. */
  reset: optional(z.literal(1)),
});

export const ZSignupSearch = z.object({
  industry: optional(z.enum(INDUSTRY_KEYS)),
  redirect: returnPath,
  email: prefilledEmail,
});

/** A booking page; `embed=1`: inside a site's Booking calendar block (server/sites/blocks/embed.ts). */
export const ZBookingSearch = z.object({ embed: optional(z.literal(1)) });

export const ZForgotPasswordSearch = z.object({ email: prefilledEmail });

/** The audit log in Settings → Security. */
export const ZAuditSearch = z.object({
  page: optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  /** Checked against the audit actions where it is used (their list lives with the server's schemas). */
  action: optional(z.string().check(z.maxLength(60))),
});
