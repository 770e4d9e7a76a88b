import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import { verifyPassword } from '../auth/password';
import { authPayload, type AuthPayload } from '../auth/service';
import { DomainError, fieldError } from '../errors';
import type { AppDeps } from '../deps';
import type { UserContext } from '../kernel/context';
import { actorOf } from '../kernel/caller';
import { assertSlots, waitText, type RateLimit } from '../rate-limit';
import { accountLinks, mailAccountEmail, mailVerification } from './mailer';
import type { ZChangeEmailInput, ZVerifyEmailInput } from './schema';
import { claimAccountToken } from './tokens';

/** Verification e-mails a user may ask again for, per hour. */
export const RESEND_VERIFICATION_LIMIT: RateLimit = { bucket: 'auth.verification_resend', max: 3, windowSeconds: 3600 };
/** E-mail changes a user may attempt (a wrong current password included) per 15 minutes. */
export const EMAIL_CHANGE_LIMIT: RateLimit = { bucket: 'auth.email_change', max: 5, windowSeconds: 15 * 60 };

/** Marks the address verified with a link from a verification e-mail (once, within 24 hours), signed in or not. */
export async function verifyEmail(deps: AppDeps, { token }: z.output<typeof ZVerifyEmailInput>): Promise<{ email: string }> {
  return deps.database.db.transaction().execute(async (trx) => {
    const claimed = await claimAccountToken(trx, token, 'email_verification');
    const result = await trx.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', claimed.user_id).where('email', '=', claimed.email).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new DomainError('CONFLICT', 'This link is for an address your account no longer uses');
    return { email: claimed.email };
  });
}

/** Sends the signed-in user a new verification link (RESEND_VERIFICATION_LIMIT). */
export async function resendVerification(ctx: UserContext): Promise<void> {
  const { db, auth } = ctx;
  const user = await db.selectFrom('users').select(['id', 'email', 'name', 'preferences', 'email_verified_at']).where('id', '=', auth.user.id).executeTakeFirstOrThrow();
  if (user.email_verified_at) throw new DomainError('CONFLICT', 'Your e-mail address is already verified');
  await assertSlots(db, [{ limit: RESEND_VERIFICATION_LIMIT, key: user.id }], (retryAfter) => `Too many verification e-mails. Try again in ${waitText(retryAfter)}.`);
  await db.transaction().execute((trx) => mailVerification(trx, ctx.deps, user));
}

/**
 * Changes the user's sign-in address (their current password required): the new one is unverified
 * until its link is opened, and the old one is told of the change.
 */
export async function changeEmail(ctx: UserContext, input: z.output<typeof ZChangeEmailInput>): Promise<AuthPayload> {
  const { db, auth } = ctx;
  await assertSlots(db, [{ limit: EMAIL_CHANGE_LIMIT, key: auth.user.id }], (retryAfter) => `Too many e-mail change attempts. Try again in ${waitText(retryAfter)}.`);
  const user = await db.selectFrom('users').select(['id', 'email', 'name', 'preferences', 'password_hash']).where('id', '=', auth.user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) throw fieldError('currentPassword', 'is not your current password');
  if (input.email === user.email) throw fieldError('email', 'is already your e-mail address');
  const taken = () => new DomainError('CONFLICT', 'email: An account with this e-mail already exists', { issues: [{ path: 'email', message: 'An account with this e-mail already exists' }] });
  if (await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()) throw taken();
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable('users').set({ email: input.email, email_verified_at: null, updated_at: new Date() }).where('id', '=', user.id).execute();
      await mailVerification(trx, ctx.deps, { ...user, email: input.email });
      await mailAccountEmail(trx, ctx.deps, {
        to: user.email,
        user,
        organizationId: null,
        email: { template: 'email_changed', newEmail: input.email, signInLink: accountLinks(ctx.deps.config.publicUrl).signIn },
      });
      await recordAudit(trx, { organizationId: auth.organization?.id ?? null, actor: actorOf(auth), action: 'auth.email_changed', details: { from: user.email, to: input.email }, meta: ctx.meta });
    })
    .catch((error: unknown) => {
      throw (error as { code?: string }).code === '23505' ? taken() : error;
    });
  return authPayload(db, user.id, auth.organization?.id ?? null);
}
