import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN, ZSignupInput } from '../lib/schema';
import { AuthLayout, textLink } from '../components/auth-layout';
import { FormAlert, TextField } from '../components/form';
import { Button } from '../components/ui/button';
import { adoptSession } from '../lib/auth';
import { INDUSTRIES } from '../lib/industries';
import { type FieldErrors, serverFormErrors, validateForm } from '../lib/forms';
import { safeRedirect } from '../lib/redirect';
import { ZSignupSearch } from '../lib/search';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/signup')({
  validateSearch: ZSignupSearch,
  staticData: { title: 'Start your free trial' },
  component: SignupPage,
});

const FIELDS = ['name', 'email', 'password', 'organizationName'] as const;

function SignupPage() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const signup = trpc.auth.signup.useMutation();
  const [values, setValues] = useState({ name: '', email: search.email ?? '', password: '', organizationName: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZSignupInput, { ...values, ...(search.industry ? { industry: search.industry } : {}) });
    setFormError(null);
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      return;
    }
    setFieldErrors({});
    try {
      adoptSession(await signup.mutateAsync(parsed.data));
      await navigate({ href: safeRedirect(search.redirect), replace: true });
    } catch (failure) {
      const { fieldErrors: placed, message } = serverFormErrors(failure, FIELDS, 'Sign up failed');
      setFieldErrors(placed);
      setFormError(message);
    }
  }

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <AuthLayout
      title="Start your free trial"
      description={search.industry ? `Create your account and your organization's workspace, set up for ${INDUSTRIES[search.industry]}.` : "Create your account and your organization's workspace."}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" search={search.redirect ? { redirect: search.redirect } : {}} className={textLink}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label="Sign up">
        <FormAlert message={formError} />
        <TextField label="Your name" name="name" autoComplete="name" required autoFocus value={values.name} onChange={set('name')} error={fieldErrors.name} />
        <TextField label="Work e-mail" name="email" type="email" autoComplete="email" inputMode="email" required value={values.email} onChange={set('email')} error={fieldErrors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
          value={values.password}
          onChange={set('password')}
          error={fieldErrors.password}
        />
        <TextField
          label="Organization name"
          name="organizationName"
          autoComplete="organization"
          required
          value={values.organizationName}
          onChange={set('organizationName')}
          error={fieldErrors.organizationName}
        />
        <Button type="submit" disabled={signup.isPending} className="mt-2 w-full">
          {signup.isPending ? 'Creating your account...' : 'Create account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
