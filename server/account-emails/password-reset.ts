import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import { hashPassword } from '../auth/password';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import type { RequestMeta } from '../http/meta';
import { assertSlots, waitText, type RateLimit } from '../rate-limit';
import { accountLinks, mailAccountEmail } from './mailer';
import { PASSWORD_RESET_REQUESTED, type ZForgotPasswordInput, type ZResetPasswordInput } from './schema';
import { claimAccountToken, issueAccountToken } from './tokens';

/** Reset requests per address and per client address, whether or not the address has an account. */
export const RESET_LIMIT_PER_ADDRESS: RateLimit = { bucket: 'auth.password_reset.email', max: 3, windowSeconds: 3600 };
export const RESET_LIMIT_PER_CLIENT: RateLimit = { bucket: 'auth.password_reset.ip', max: 10, windowSeconds: 3600 };
const resetsMessage = (retryAfter: number) => `Too many password reset requests. Try again in ${waitText(retryAfter)}.`;

/**
 * E-mails a single-use link valid one hour to the account using this address, if any. The answer
 * is the same either way, and so is what the throttle counts.
 */
export async function requestPasswordReset(deps: AppDeps, { email }: z.output<typeof ZForgotPasswordInput>, meta: RequestMeta) {
  const db = deps.database.db;
  await assertSlots(
    db,
    [
      { limit: RESET_LIMIT_PER_ADDRESS, key: email },
      { limit: RESET_LIMIT_PER_CLIENT, key: meta.ip },
    ],
    resetsMessage,
  );
  const user = await db.selectFrom('users').select(['id', 'email', 'name', 'preferences']).where('email', '=', email).executeTakeFirst();
  if (user) {
    await db.transaction().execute(async (trx) => {
      const token = await issueAccountToken(trx, { userId: user.id, purpose: 'password_reset', email: user.email });
      await mailAccountEmail(trx, deps, { to: user.email, user, organizationId: null, email: { template: 'password_reset', link: accountLinks(deps.config.publicUrl).resetPassword(token) } });
      await recordAudit(trx, { organizationId: null, actor: actorFor(user), action: 'auth.password_reset_requested', meta });
    });
  }
  return { message: PASSWORD_RESET_REQUESTED } as const;
}

const actorFor = (user: { id: string; name: string; email: string }) => ({ userId: user.id, apiKeyId: null, label: `${user.name} <${user.email}>` });

/**
 * Sets a new password with a reset link (once, within the hour) and ends every session of the user:
 * whoever held one keeps nothing. The user then signs in with the new password (the client sends
 * them to /login with their address). Opening the link also proves the address, if still theirs.
 */
export async function resetPassword(deps: AppDeps, input: z.output<typeof ZResetPasswordInput>, meta: RequestMeta): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  return deps.database.db.transaction().execute(async (trx: Db) => {
    const token = await claimAccountToken(trx, input.token, 'password_reset');
    const user = await trx.selectFrom('users').select(['id', 'email', 'name', 'email_verified_at']).where('id', '=', token.user_id).executeTakeFirstOrThrow();
    const now = new Date();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now, ...(user.email_verified_at === null && user.email === token.email ? { email_verified_at: now } : {}) })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await recordAudit(trx, { organizationId: null, actor: actorFor(user), action: 'auth.password_reset', meta });
    return { email: user.email };
  });
}
