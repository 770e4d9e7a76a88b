import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type TUnsubscribeState, UNSUBSCRIBE_API_PATH, ZUnsubscribeTokenInput } from '../../server/email/schema';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form';
import { Button, buttonClasses } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';

export const Route = createFileRoute('/unsubscribe/$token')({
  staticData: { title: 'Unsubscribe' },
  component: UnsubscribePage,
});

const INVALID_LINK = 'This unsubscribe link is not valid';

type Load = { state: 'loading' } | { state: 'invalid'; message: string } | { state: 'ready'; answer: TUnsubscribeState };

/** One call of the link's doors (server/email/compliance-rest.ts): its answer, or the message of its refusal. */
async function call(path: string, init?: RequestInit): Promise<{ ok: true; answer: TUnsubscribeState } | { ok: false; status: number; message: string }> {
  try {
    const response = await fetch(path, { cache: 'no-store', ...init });
    const body = (await response.json().catch(() => null)) as (TUnsubscribeState & { message?: string }) | null;
    if (response.ok && body) return { ok: true, answer: body };
    return { ok: false, status: response.status, message: body?.message ?? 'Something went wrong. Please try again.' };
  } catch {
    return { ok: false, status: 0, message: 'The server could not be reached. Please try again.' };
  }
}

/**
 * Where the List-Unsubscribe link of an e-mail leads (GET /api/email/unsubscribe/<token> redirects
 * here): it names the sender and the address, unsubscribes with one click and offers to resubscribe.
 * Opening it changes nothing, so a mail scanner following the link unsubscribes no one.
 */
function UnsubscribePage() {
  const { token } = Route.useParams();
  const wellFormed = ZUnsubscribeTokenInput.safeParse({ token }).success;
  const [load, setLoad] = useState<Load>(wellFormed ? { state: 'loading' } : { state: 'invalid', message: INVALID_LINK });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!wellFormed) return;
    let active = true;
    void call(`${UNSUBSCRIBE_API_PATH(token)}/status`).then((result) => {
      if (!active) return;
      setLoad(result.ok ? { state: 'ready', answer: result.answer } : { state: 'invalid', message: result.status === 404 ? INVALID_LINK : result.message });
    });
    return () => {
      active = false;
    };
  }, [token, wellFormed]);

  async function act(action: 'unsubscribe' | 'resubscribe') {
    setPending(true);
    setError(null);
    const result =
      action === 'unsubscribe'
        ? await call(UNSUBSCRIBE_API_PATH(token), { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) })
        : await call(`${UNSUBSCRIBE_API_PATH(token)}/resubscribe`, { method: 'POST' });
    setPending(false);
    if (result.ok) setLoad({ state: 'ready', answer: result.answer });
    else setError(result.message);
  }

  if (load.state === 'loading') {
    return (
      <AuthLayout title="Unsubscribe">
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      </AuthLayout>
    );
  }
  if (load.state === 'invalid') {
    return (
      <AuthLayout title="Unsubscribe">
        <div className="flex flex-col gap-4">
          <FormAlert message={load.message} />
          <p className="text-sm text-gray-600 dark:text-gray-400">Use the link of a more recent e-mail, or reply to the sender and ask to be taken off their list.</p>
          <Link to="/" className={buttonClasses({ variant: 'outline', className: 'self-start' })}>
            Go to the home page
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const { organizationName, address, status } = load.answer;
  const who = (
    <>
      E-mails from <strong className="font-medium text-gray-900 dark:text-white">{organizationName}</strong> to{' '}
      <strong className="font-medium break-all text-gray-900 dark:text-white">{address}</strong>
    </>
  );
  return (
    <AuthLayout title={status === 'subscribed' ? 'Unsubscribe' : status === 'unsubscribed' ? 'You are unsubscribed' : 'E-mails are stopped'}>
      <div className="flex flex-col gap-4 text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
        {status === 'subscribed' ? (
          <>
            <p>
              {who}. Unsubscribe, and {organizationName} sends this address no more e-mails.
            </p>
            <Button className="self-start" disabled={pending} onClick={() => void act('unsubscribe')}>
              {pending ? 'Unsubscribing...' : 'Unsubscribe'}
            </Button>
          </>
        ) : status === 'unsubscribed' ? (
          <>
            <p role="status">
              {who} are stopped: you will receive no more e-mails from {organizationName}.
            </p>
            <p>Unsubscribed by mistake?</p>
            <Button variant="outline" className="self-start" disabled={pending} onClick={() => void act('resubscribe')}>
              {pending ? 'Resubscribing...' : 'Resubscribe'}
            </Button>
          </>
        ) : (
          <p role="status">
            {who} are stopped by {organizationName}. To receive them again, reply to one of their e-mails and ask.
          </p>
        )}
        <FormAlert message={error} />
      </div>
    </AuthLayout>
  );
}
