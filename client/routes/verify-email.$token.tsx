import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ZAccountLinkToken } from '../lib/schema';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form';
import { buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useMe } from '../lib/auth';
import { errorMessageOf } from '../lib/errors';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/verify-email/$token')({
  staticData: { title: 'Verify your e-mail' },
  component: VerifyEmailPage,
});

const INVALID_LINK = 'This link is not valid; ask for a new one';

/** Opening the e-mailed link verifies the address, signed in or not. */
function VerifyEmailPage() {
  const { token } = Route.useParams();
  const wellFormed = ZAccountLinkToken.safeParse(token).success;
  const utils = trpc.useUtils();
  const { data: me } = useMe();
  const verify = trpc.account.verifyEmail.useMutation({ onSuccess: () => void utils.auth.me.invalidate() });
  const { mutate } = verify;
  // Once per token: the link is single-use, so a second call (StrictMode's re-run of effects) would fail.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!wellFormed || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [mutate, token, wellFormed]);

  const onward = me ? (
    <Link to="/app" className={buttonClasses({ className: 'self-start' })}>
      Go to your workspace
    </Link>
  ) : (
    <Link to="/login" className={buttonClasses({ className: 'self-start' })}>
      Sign in
    </Link>
  );

  if (!wellFormed || verify.error) {
    return (
      <AuthLayout title="Verify your e-mail">
        <div className="flex flex-col gap-4">
          <FormAlert message={wellFormed ? errorMessageOf(verify.error, INVALID_LINK) : INVALID_LINK} />
          <p className="text-sm text-gray-600 dark:text-gray-400">Signed in, you can ask for a new link from the banner at the top of the app.</p>
          {onward}
        </div>
      </AuthLayout>
    );
  }
  if (!verify.data) {
    return (
      <AuthLayout title="Verify your e-mail">
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="E-mail verified">
      <div className="flex flex-col gap-4">
        <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
          {verify.data.email} is verified. Thank you.
        </p>
        {onward}
      </div>
    </AuthLayout>
  );
}
