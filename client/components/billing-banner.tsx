import { Link } from '@tanstack/react-router';
import { CircleAlertIcon, SparklesIcon } from 'lucide-react';
import { useCan, useMe } from '../lib/auth';
import { trpc } from '../lib/trpc';

/**
 * Above every application screen: a read-only organization (trial ended, subscription lapsed) is
 * told why and how to subscribe; a trial shows its days left. Nothing on a server without payments.
 */
export function BillingBanner() {
  const { data: me } = useMe();
  // A user outside any organization (removed from theirs) has no billing to show.
  const status = trpc.billing.status.useQuery(undefined, { enabled: Boolean(me?.organization), retryOnMount: false, staleTime: 60_000 });
  const canManage = useCan('billing:manage');
  const s = status.data;
  if (!s?.paymentsConfigured) return null;
  const action = canManage ? (
    <Link to="/settings/billing" className="font-semibold underline underline-offset-2">
      Subscribe now
    </Link>
  ) : (
    <span>Ask a Super Admin to subscribe.</span>
  );
  if (s.readOnly) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100"
      >
        <CircleAlertIcon className="size-4 shrink-0" aria-hidden />
        <span>{s.readOnlyMessage}</span>
        {action}
      </div>
    );
  }
  if (s.status !== 'trialing' || s.trialDaysLeft === null) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-100"
    >
      <SparklesIcon className="size-4 shrink-0" aria-hidden />
      <span>
        Free trial of {s.planName}: {s.trialDaysLeft} {s.trialDaysLeft === 1 ? 'day' : 'days'} left.
      </span>
      {action}
    </div>
  );
}
