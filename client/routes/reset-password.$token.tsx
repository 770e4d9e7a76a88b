import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN, ZAccountLinkToken, ZResetPasswordInput } from '../lib/schema';
import { AuthLayout, textLink } from '../components/auth-layout';
import { FormAlert, TextField } from '../components/form';
import { Button } from '../components/ui/button';
import { type FieldErrors, serverFormErrors, validateForm } from '../lib/forms';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/reset-password/$token')({
  staticData: { title: 'Set a new password' },
  component: ResetPasswordPage,
});

const INVALID_LINK = 'This link is not valid; ask for a new one';

/** The e-mailed link's page: a new password, then every session ends and the user signs in with it (/login). */
function ResetPasswordPage() {
  const { token } = Route.useParams();
  const navigate = useNavigate();
  const reset = trpc.account.resetPassword.useMutation();
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(ZAccountLinkToken.safeParse(token).success ? null : INVALID_LINK);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = validateForm(ZResetPasswordInput, { token, password });
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      if (parsed.errors.token) setFormError(INVALID_LINK);
      return;
    }
    setFieldErrors({});
    try {
      const { email } = await reset.mutateAsync(parsed.data);
      await navigate({ to: '/login', search: { email, reset: 1 }, replace: true });
    } catch (failure) {
      const { fieldErrors: placed, message } = serverFormErrors(failure, ['password'], 'Could not set the password');
      setFieldErrors(placed);
      setFormError(message);
    }
  }

  return (
    <AuthLayout
      title="Set a new password"
      description="Every device signed in to your account will be signed out."
      footer={
        <Link to="/forgot-password" className={textLink}>
          Ask for a new link
        </Link>
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label="Set a new password">
        <FormAlert message={formError} />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          autoFocus
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" disabled={reset.isPending} className="mt-2 w-full">
          {reset.isPending ? 'Saving...' : 'Set the password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
