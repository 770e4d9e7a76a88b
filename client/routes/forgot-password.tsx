import { createFileRoute, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ZForgotPasswordInput } from '../lib/schema';
import { AuthLayout, textLink } from '../components/auth-layout';
import { FormAlert, TextField } from '../components/form';
import { Button } from '../components/ui/button';
import { type FieldErrors, serverFormErrors, validateForm } from '../lib/forms';
import { ZForgotPasswordSearch } from '../lib/search';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/forgot-password')({
  validateSearch: ZForgotPasswordSearch,
  staticData: { title: 'Reset your password' },
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const search = Route.useSearch();
  const request = trpc.account.requestPasswordReset.useMutation();
  const [email, setEmail] = useState(search.email ?? '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = validateForm(ZForgotPasswordInput, { email });
    if (!parsed.ok) return setFieldErrors(parsed.errors);
    setFieldErrors({});
    try {
      setSent((await request.mutateAsync(parsed.data)).message);
    } catch (failure) {
      const { fieldErrors: placed, message } = serverFormErrors(failure, ['email'], 'Could not send the e-mail');
      setFieldErrors(placed);
      setFormError(message);
    }
  }

  const footer = (
    <>
      Remembered it?{' '}
      <Link to="/login" search={email ? { email } : {}} className={textLink}>
        Sign in
      </Link>
    </>
  );

  if (sent) {
    return (
      <AuthLayout title="Check your e-mail" footer={footer}>
        <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
          {sent}
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Reset your password" description="Enter the e-mail you sign in with; we will send it a link to set a new password." footer={footer}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label="Reset your password">
        <FormAlert message={formError} />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors.email}
        />
        <Button type="submit" disabled={request.isPending} className="mt-2 w-full">
          {request.isPending ? 'Sending...' : 'Send the link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
