import { z } from 'zod';
import { ZEmailAddress } from '../input/schema';

/**
 * The form of Settings → E-mail: the rules of the organization's sender identity, which
 * organizations/settings.ts reads and writes. Pure (zod only): email/schema.ts re-exports it for its
 * doors and the client, and the settings module uses it without depending on the e-mail domain.
 */
// A line break in a header value would start another header (header injection).
const headerText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !/[\r\n]/.test(value), 'must be on one line');
export const ZUpdateEmailSettingsInput = z.strictObject({
  /** The sender's display name; unset: EMAIL_FROM's name. */
  fromName: headerText(100).nullable().optional(),
  /** The sender's address; unset: EMAIL_FROM's. */
  fromAddress: ZEmailAddress.nullable().optional(),
  /** Where replies go (its plus-addressed form threads them); unset: the sender's address. */
  replyTo: ZEmailAddress.nullable().optional(),
  /** The postal address in the footer of marketing and one-to-one e-mail (required before marketing sends). */
  postalAddress: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters').nullable().optional(),
});
export type TUpdateEmailSettingsInput = z.infer<typeof ZUpdateEmailSettingsInput>;
