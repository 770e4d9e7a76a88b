import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { PASSWORD_MIN, ZAcceptInviteInput, ZInviteTokenInput } from '../lib/schema';
import { AuthLayout, textLink } from '../components/auth-layout';
import { FormAlert, TextField } from '../components/form';
import { Button, buttonClasses } from '../components/ui/button';
import { Input, Label } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { adoptSession, signOut, useMe } from '../lib/auth';
import { errorMessageOf } from '../lib/errors';
import { type FieldErrors, serverFormErrors, validateForm } from '../lib/forms';
import { trpc } from '../lib/trpc';
import { toast } from '../state/toast';

export const Route = createFileRoute('/invite/$token')({
  staticData: { title: 'Invitation' },
  component: InvitePage,
});

const INVALID_LINK = 'This invite link is not valid';
const ZNewAccount = ZAcceptInviteInput.required({ name: true, password: true });

type Invite = { organizationName: string; email: string; role: string; roleLabel: string; accountExists: boolean; expiresAt: string };

function InvitePage() {
  const { token } = Route.useParams();
  // A malformed link is known to be invalid without asking.
  const wellFormed = ZInviteTokenInput.safeParse({ token }).success;
  const describe = trpc.invites.describe.useQuery({ token }, { enabled: wellFormed, retryOnMount: false });

  if (!wellFormed || describe.error) {
    return (
      <AuthLayout title="Invitation">
        <div className="flex flex-col gap-4">
          <FormAlert message={wellFormed ? errorMessageOf(describe.error, INVALID_LINK) : INVALID_LINK} />
          <p className="text-sm text-gray-600 dark:text-gray-400">Ask the person who invited you for a new link.</p>
          <Link to="/" className={buttonClasses({ variant: 'outline', className: 'self-start' })}>
            Go to the home page
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (!describe.data) return <Loading />;
  return <InviteDetails token={token} invite={describe.data} />;
}

function Loading() {
  return (
    <AuthLayout title="Invitation">
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    </AuthLayout>
  );
}

function InviteDetails({ token, invite }: { token: string; invite: Invite }) {
  const summary = (
    <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-gray-50 p-4 text-sm dark:bg-gray-800/60">
      <dt className="text-gray-500 dark:text-gray-400">Organization</dt>
      <dd className="font-medium text-gray-900 dark:text-white">{invite.organizationName}</dd>
      <dt className="text-gray-500 dark:text-gray-400">Role</dt>
      <dd className="font-medium text-gray-900 dark:text-white">{invite.roleLabel}</dd>
      <dt className="text-gray-500 dark:text-gray-400">E-mail</dt>
      <dd className="font-medium break-all text-gray-900 dark:text-white">{invite.email}</dd>
    </dl>
  );
  return (
    <AuthLayout title={`Join ${invite.organizationName}`} description={`You have been invited to join ${invite.organizationName} on Switchboard as ${invite.roleLabel}.`}>
      {summary}
      {/* Without an account for this e-mail, whoever may be signed in is someone else: the server says so on accept. */}
      {invite.accountExists ? <ExistingAccount token={token} invite={invite} /> : <NewAccountForm token={token} invite={invite} />}
    </AuthLayout>
  );
}

function useAccept(token: string) {
  const navigate = useNavigate();
  const accept = trpc.invites.accept.useMutation();
  async function run(extra: { name?: string; password?: string } = {}) {
    const payload = await accept.mutateAsync({ token, ...extra });
    adoptSession(payload);
    toast({ title: `Welcome to ${payload.organization?.name ?? 'your new organization'}` });
    await navigate({ to: '/app', replace: true });
  }
  return { run, isPending: accept.isPending };
}

function ExistingAccount({ token, invite }: { token: string; invite: Invite }) {
  const me = useMe();
  const { run, isPending } = useAccept(token);
  const [error, setError] = useState<string | null>(null);
  const here = `/invite/${token}`;

  if (me.isPending) {
    return (
      <div className="flex justify-center py-2">
        <Spinner />
      </div>
    );
  }
  if (!me.data) {
    return (
      <Notice>
        <p>
          An account for <strong>{invite.email}</strong> already exists. Sign in with it to accept; you will come back here.
        </p>
        <Link to="/login" search={{ redirect: here }} className={buttonClasses({ className: 'w-full' })}>
          Sign in to accept
        </Link>
      </Notice>
    );
  }
  if (me.data.user.email !== invite.email) {
    return (
      <Notice>
        <FormAlert message={`This invite is for ${invite.email}, but you are signed in as ${me.data.user.email}.`} />
        <p>Sign out, then sign in as {invite.email} to accept it.</p>
        <Button variant="outline" className="w-full" onClick={() => void signOut(`/login?redirect=${encodeURIComponent(here)}`)}>
          Sign out and switch account
        </Button>
      </Notice>
    );
  }
  return (
    <Notice>
      <FormAlert message={error} />
      <p>
        You are signed in as <strong>{me.data.user.email}</strong>.
      </p>
      <Button
        className="w-full"
        disabled={isPending}
        onClick={() => {
          setError(null);
          run().catch((failure: unknown) => setError(errorMessageOf(failure, 'Could not accept the invite')));
        }}
      >
        {isPending ? 'Joining...' : `Accept and join ${invite.organizationName}`}
      </Button>
    </Notice>
  );
}

function NewAccountForm({ token, invite }: { token: string; invite: Invite }) {
  const { run, isPending } = useAccept(token);
  const [values, setValues] = useState({ name: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = validateForm(ZNewAccount, { token, ...values });
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      return;
    }
    setFieldErrors({});
    try {
      await run({ name: parsed.data.name, password: parsed.data.password });
    } catch (failure) {
      const { fieldErrors: placed, message } = serverFormErrors(failure, ['name', 'password'], 'Could not accept the invite');
      setFieldErrors(placed);
      setFormError(message);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label="Create your account">
      <p className="text-sm text-gray-600 dark:text-gray-400">Create your account to join.</p>
      <FormAlert message={formError} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="invite-email">E-mail</Label>
        <Input id="invite-email" name="email" type="email" autoComplete="username" readOnly value={invite.email} />
      </div>
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        required
        autoFocus
        value={values.name}
        onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        error={fieldErrors.name}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        error={fieldErrors.password}
      />
      <Button type="submit" disabled={isPending} className="mt-2 w-full">
        {isPending ? 'Joining...' : `Create account and join`}
      </Button>
      <p className="text-center text-sm text-gray-600 dark:text-gray-400">
        Not {invite.email}?{' '}
        <Link to="/" className={textLink}>
          Leave this page
        </Link>
      </p>
    </form>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-4 text-sm text-gray-700 dark:text-gray-300">{children}</div>;
}
