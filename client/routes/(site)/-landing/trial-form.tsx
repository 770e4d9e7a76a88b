import { clsx } from 'clsx';
import { useId, useState, type FormEvent } from 'react';
import { plainButtonClasses } from '../../../components/ui/button-classes';
import { trackEvent } from '../../../lib/analytics';

/** Spec §9: trial-signup conversion value in USD. */
const TRIAL_SIGNUP_VALUE = 300;

export const inputClasses =
  'h-11 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 placeholder:text-gray-500 focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 focus-visible:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-white dark:placeholder:text-gray-400';

/**
 * The work-email trial form (spec §2.2, §2.3, §4) on the desktop and mobile landings. It starts a
 * real sign-up: submitting opens /signup with the address filled in (a plain GET form, so it works
 * before the page's script has loaded) and records the trial_signup conversion. It sends no e-mail
 * and says none was sent.
 */
export function TrialForm({ source, className }: { source: string; className?: string }) {
  const id = useId();
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    if (!email.trim()) {
      event.preventDefault();
      return;
    }
    trackEvent('trial_signup', { source, value: TRIAL_SIGNUP_VALUE, currency: 'USD' });
  };

  return (
    <form action="/signup" method="get" onSubmit={submit} noValidate className={clsx('flex flex-col gap-2 sm:flex-row', className)} aria-label="Start your free trial">
      <label htmlFor={id} className="sr-only">
        Work email
      </label>
      <input id={id} name="email" type="email" required autoComplete="email" placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.target.value)} className={inputClasses} />
      <button type="submit" className={plainButtonClasses('default', 'lg', 'shrink-0')}>
        Start Free Trial
      </button>
    </form>
  );
}
