import { clsx } from 'clsx';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { plainButtonClasses } from '../../../components/ui/button-classes';
import { trackEvent } from '../../../lib/analytics';

/** Spec §9: trial-signup conversion value in USD. */
const TRIAL_SIGNUP_VALUE = 300;

export const inputClasses =
  'h-11 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 placeholder:text-gray-500 focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 focus-visible:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-white dark:placeholder:text-gray-400';

/**
 * The work-email trial form (spec §2.2, §2.3, §4). A non-empty e-mail shows the Welcome note; then
 * `onWelcomed` runs after `welcomeMs` (the desktop form resets after 3 s, the mobile one goes to /app
 * after 1.5 s). No call is made; the trial_signup conversion is recorded.
 */
export function TrialForm({ source, welcomeMs, onWelcomed, welcomeText, className }: { source: string; welcomeMs: number; onWelcomed?: () => void; welcomeText: string; className?: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [welcomed, setWelcomed] = useState(false);

  useEffect(() => {
    if (!welcomed) return;
    const timer = setTimeout(() => {
      setWelcomed(false);
      setEmail('');
      onWelcomed?.();
    }, welcomeMs);
    return () => clearTimeout(timer);
  }, [welcomed, welcomeMs, onWelcomed]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    trackEvent('trial_signup', { source, value: TRIAL_SIGNUP_VALUE, currency: 'USD' });
    setWelcomed(true);
  };

  if (welcomed) {
    return (
      <div role="status" className={clsx('flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-start dark:border-green-900 dark:bg-green-950', className)}>
        <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
        <div>
          <p className="font-semibold text-green-900 dark:text-green-200">Welcome!</p>
          <p className="text-sm text-green-800 dark:text-green-300">{welcomeText}</p>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className={clsx('flex flex-col gap-2 sm:flex-row', className)} aria-label="Start your free trial">
      <label htmlFor={id} className="sr-only">
        Work email
      </label>
      <input id={id} type="email" required autoComplete="email" placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.target.value)} className={inputClasses} />
      <button type="submit" className={plainButtonClasses('default', 'lg', 'shrink-0')}>
        Start Free Trial
      </button>
    </form>
  );
}
