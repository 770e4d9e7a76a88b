import { effectivePreferences } from '../auth/service';
import type { Db } from '../db';
import type { AppDeps } from '../deps';
import { renderAccountEmail, type AccountEmail } from '../email/account-templates';
import { queueEmail } from '../email/outbox';
import { SEND_JOB } from '../email/send-job';
import type { AccountEmailRequest } from '../kernel/account-emails';
import { issueAccountToken } from './tokens';

type Recipient = { id: string; email: string; name: string; preferences: unknown };

/** Where each account e-mail's links lead. */
export const accountLinks = (publicUrl: string) => ({
  signIn: `${publicUrl}/login`,
  forgotPassword: (email: string) => `${publicUrl}/forgot-password?email=${encodeURIComponent(email)}`,
  resetPassword: (token: string) => `${publicUrl}/reset-password/${token}`,
  verifyEmail: (token: string) => `${publicUrl}/verify-email/${token}`,
});

/**
 * Renders an account e-mail in the recipient's language (their preference; English for someone
 * without an account) and queues it in the caller's transaction. The sandbox console prints its
 * main link, so a newcomer can follow it on a fresh `npm start`. A process whose job queue is not
 * running with the e-mail job (a script, a test that runs only its own jobs; never the server, which starts every domain's jobs before serving)
 * sends none: sign-ups and invites there go on, answering `queued: false`.
 */
export async function mailAccountEmail(
  trx: Db,
  deps: AppDeps,
  { to, user, organizationId, email }: { to: string; user: Recipient | null; organizationId: string | null; email: AccountEmail },
): Promise<{ queued: boolean }> {
  if (!deps.jobs.accepts(SEND_JOB)) {
    deps.logger.warn({ template: email.template }, 'account e-mail not sent: this process runs no job queue');
    return { queued: false };
  }
  const language = user ? effectivePreferences(user.preferences).language : 'en';
  const rendered = await renderAccountEmail(email, language);
  const consoleLink = 'link' in email ? email.link : email.signInLink;
  const { status } = await queueEmail(trx, deps, { organizationId, kind: 'account', to, toName: user?.name ?? null, userId: user?.id ?? null, consoleLink, ...rendered });
  return { queued: status !== 'suppressed' };
}

const recipientOf = (trx: Db, userId: string): Promise<Recipient> => trx.selectFrom('users').select(['id', 'email', 'name', 'preferences']).where('id', '=', userId).executeTakeFirstOrThrow();

/** Sends a verification link for the user's current address. */
export async function mailVerification(trx: Db, deps: AppDeps, user: Recipient): Promise<{ queued: boolean }> {
  const token = await issueAccountToken(trx, { userId: user.id, purpose: 'email_verification', email: user.email });
  return mailAccountEmail(trx, deps, { to: user.email, user, organizationId: null, email: { template: 'verify_email', link: accountLinks(deps.config.publicUrl).verifyEmail(token) } });
}

/** The mailer the assembly installs for auth and organizations (server/kernel/account-emails.ts). */
export async function queueAccountEmail(trx: Db, deps: AppDeps, request: AccountEmailRequest): Promise<{ queued: boolean }> {
  const links = accountLinks(deps.config.publicUrl);
  switch (request.type) {
    case 'verify_email':
      return mailVerification(trx, deps, await recipientOf(trx, request.userId));
    case 'signup_existing': {
      const user = await recipientOf(trx, request.userId);
      return mailAccountEmail(trx, deps, {
        to: user.email,
        user,
        organizationId: null,
        email: { template: 'signup_existing', signInLink: links.signIn, resetLink: links.forgotPassword(user.email) },
      });
    }
    case 'invite': {
      const { organizationId, email, ...invite } = request;
      const user = (await trx.selectFrom('users').select(['id', 'email', 'name', 'preferences']).where('email', '=', email).executeTakeFirst()) ?? null;
      return mailAccountEmail(trx, deps, { to: email, user, organizationId, email: { template: 'invite', ...invite } });
    }
  }
}
