import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { ZLoginInput } from '../lib/schema';
import { AuthLayout, textLink } from '../components/auth-layout';
import { FormAlert, TextField } from '../components/form';
import { Button } from '../components/ui/button';
import { adoptSession } from '../lib/auth';
import { type FieldErrors, serverFormErrors, validateForm } from '../lib/forms';
import { safeRedirect } from '../lib/redirect';
import { ZLoginSearch } from '../lib/search';
import { trpc } from '../lib/trpc';
import { authDispatchAtom, authStateAtom, LOGIN_FAILED } from '../state/auth';

export const Route = createFileRoute('/login')({
  validateSearch: ZLoginSearch,
  staticData: { title: 'Sign in' },
  beforeLoad: ({ context, search }) => {
    // Already signed in (known in this page): straight on.
    if (context.trpc.auth.me.getData()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: LoginPage,
});

const FIELDS = ['email', 'password'] as const;

function LoginPage() {
  const search = Route.useSearch();
  const target = safeRedirect(search.redirect);
  const navigate = useNavigate();
  const { isLoading, error } = useAtomValue(authStateAtom);
  const dispatch = useSetAtom(authDispatchAtom);
  const login = trpc.auth.login.useMutation();
  const [values, setValues] = useState({ email: search.email ?? '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  // A failure shown here is not carried to the next visit.
  useEffect(() => () => dispatch({ type: 'clearError' }), [dispatch]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZLoginInput, values);
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      dispatch({ type: 'clearError' });
      return;
    }
    setFieldErrors({});
    dispatch({ type: 'loginPending' });
    try {
      const payload = await login.mutateAsync(parsed.data);
      adoptSession(payload);
      dispatch({ type: 'loginSuccess' });
      await navigate({ href: target, replace: true });
    } catch (failure) {
      const { fieldErrors: placed, message } = serverFormErrors(failure, FIELDS, LOGIN_FAILED);
      setFieldErrors(placed);
      dispatch({ type: 'loginFailure', message: message ?? 'Check the fields marked below.' });
    }
  }

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <AuthLayout
      title="Sign in"
      description={
        search.reset
          ? 'Your password was changed and every device was signed out. Sign in with your new password.'
          : search.redirect
            ? 'Sign in to continue to that page.'
            : 'Welcome back. Sign in to your Switchboard account.'
      }
      footer={
        <>
          No account yet?{' '}
          <Link to="/signup" className={textLink}>
            Start a free trial
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label="Sign in">
        <FormAlert message={error} />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          autoFocus={!search.email}
          value={values.email}
          onChange={set('email')}
          error={fieldErrors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={Boolean(search.email)}
          value={values.password}
          onChange={set('password')}
          error={fieldErrors.password}
        />
        <Link to="/forgot-password" search={values.email ? { email: values.email } : {}} className={`${textLink} self-end text-sm`}>
          Forgot password?
        </Link>
        <Button type="submit" disabled={isLoading} className="mt-2 w-full">
          {isLoading ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
