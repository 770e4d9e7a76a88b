import { MailWarningIcon } from 'lucide-react';
import { useState } from 'react';
import { useMe } from '../lib/auth';
import { errorMessageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { Button } from './ui/button';

/** Above every application screen until the user opens the verification link sent to their address; "Resend" sends a new one. */
export function VerifyEmailBanner() {
  const { data: me } = useMe();
  const resend = trpc.account.resendVerification.useMutation();
  const [outcome, setOutcome] = useState<string | null>(null);
  if (!me || me.user.emailVerified) return null;

  async function onResend() {
    try {
      await resend.mutateAsync();
      setOutcome(`Sent. Open the link in the e-mail to ${me!.user.email}.`);
    } catch (failure) {
      setOutcome(errorMessageOf(failure, 'Could not send the e-mail'));
    }
  }

  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <MailWarningIcon className="size-4 shrink-0" aria-hidden />
      <span>
        Verify your e-mail address: we sent a link to <strong className="font-semibold">{me.user.email}</strong>.
      </span>
      {outcome ? (
        <span>{outcome}</span>
      ) : (
        <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => void onResend()}>
          {resend.isPending ? 'Sending...' : 'Resend'}
        </Button>
      )}
    </div>
  );
}
