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

export const ZLoginSearch = z.object({ redirect: returnPath });

export const ZSignupSearch = z.object({
  industry: optional(z.enum(INDUSTRY_KEYS)),
  redirect: returnPath,
});

/** The audit log in Settings → Security. */
export const ZAuditSearch = z.object({
  page: optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  /** Checked against the audit actions where it is used (their list lives with the server's schemas). */
  action: optional(z.string().check(z.maxLength(60))),
});
