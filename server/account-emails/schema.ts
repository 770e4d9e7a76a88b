import { z } from 'zod';
import { ZEmail, ZPassword, PASSWORD_MAX } from '../auth/schema';

/** The account e-mail doors' inputs, shared with the client's forms. */

/** A token from an e-mailed link (/reset-password/$token, /verify-email/$token). */
export const ZAccountLinkToken = z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{20,200}$/, 'is not a valid link');

export const ZForgotPasswordInput = z.object({ email: ZEmail });
export type TForgotPasswordInput = z.input<typeof ZForgotPasswordInput>;

/** The new password follows sign-up's rules (ZPassword). */
export const ZResetPasswordInput = z.object({ token: ZAccountLinkToken, password: ZPassword });
export type TResetPasswordInput = z.input<typeof ZResetPasswordInput>;

export const ZVerifyEmailInput = z.object({ token: ZAccountLinkToken });

export const ZChangeEmailInput = z.object({
  email: ZEmail,
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
});
export type TChangeEmailInput = z.input<typeof ZChangeEmailInput>;

/** What a reset request answers, whether or not the address has an account. */
export const PASSWORD_RESET_REQUESTED = 'If an account uses this address, we have sent it a link to set a new password. The link works once, within one hour.';
export const ZPasswordResetRequested = z.strictObject({ message: z.literal(PASSWORD_RESET_REQUESTED) });
/** A reset or a verification: the address of the account it applied to (the sign-in form fills it in). */
export const ZAccountLinkUsed = z.strictObject({ email: z.string() });
