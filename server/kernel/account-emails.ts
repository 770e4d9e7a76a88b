import type { Db } from '../db';
import type { AppDeps } from '../deps';

/**
 * The account e-mails that domains below the e-mail domain ask for: auth (sign-up) and organizations
 * (invites) may not import it, since e-mail reads the organization's settings. The assembly installs
 * the account-emails domain's mailer here, as it installs the registry (docs/decisions/023).
 */
export type AccountEmailRequest =
  /** A verification link for the user's current address. */
  | { type: 'verify_email'; userId: string }
  /** "Someone tried to sign up with your address", with a sign-in and a reset link. */
  | { type: 'signup_existing'; userId: string }
  | { type: 'invite'; organizationId: string; email: string; link: string; organizationName: string; inviterName: string; roleLabel: string };

/** `queued`: false when the address is refused (it hard-bounced before), so nothing will be sent. */
export type AccountMailer = (trx: Db, deps: AppDeps, request: AccountEmailRequest) => Promise<{ queued: boolean }>;

let installed: AccountMailer | undefined;

export function installAccountMailer(mailer: AccountMailer): void {
  installed = mailer;
}

/** Queues an account e-mail in the caller's transaction: it leaves only if the change commits. */
export function sendAccountEmail(trx: Db, deps: AppDeps, request: AccountEmailRequest): Promise<{ queued: boolean }> {
  if (!installed) throw new Error('The account mailer is not installed: import server/assembly.ts (createApp does) before serving requests');
  return installed(trx, deps, request);
}
