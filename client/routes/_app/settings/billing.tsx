import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { FormAlert, SelectField } from '../../../components/form';
import { NoAccess, SectionLoading, SettingsSection, TableFrame, td } from '../../../components/settings-section';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { showError, useCan, useMe } from '../../../lib/auth';
import { errorMessageOf } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { trpc } from '../../../lib/trpc';
import { toast } from '../../../state/toast';
import { BILLING_INTERVALS, PAYMENTS_NOT_CONFIGURED, PLAN_KEYS, PLANS, priceOf, type BillingInterval, type PlanKey } from '../../../../server/plans/schema';

export const Route = createFileRoute('/_app/settings/billing')({
  staticData: { title: 'Billing' },
  component: BillingPage,
});

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  trialing: { label: 'Free trial', tone: 'indigo' },
  active: { label: 'Active', tone: 'green' },
  past_due: { label: 'Payment past due', tone: 'amber' },
  canceled: { label: 'Canceled', tone: 'red' },
  unpaid: { label: 'Unpaid', tone: 'red' },
  paused: { label: 'Paused', tone: 'amber' },
};

const usd = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;

/** Settings → Billing: plan and status, trial days left, usage against limits, change plan, portal, invoices. */
function BillingPage() {
  const { data: me } = useMe();
  const canManage = useCan('billing:manage');
  const overview = trpc.billing.overview.useQuery(undefined, { enabled: canManage, retryOnMount: false });
  if (!me) return <SectionLoading />;
  if (!canManage) return <NoAccess>Your role does not allow managing billing (billing:manage is required). Ask a Super Admin.</NoAccess>;
  if (overview.error) return <FormAlert message={errorMessageOf(overview.error, 'Could not load billing')} />;
  if (!overview.data) return <SectionLoading />;
  const o = overview.data;
  const timeZone = me.user.preferences.timezone;
  const status = STATUS[o.status] ?? { label: o.status, tone: 'gray' as const };
  return (
    <div className="grid gap-6">
      <SettingsSection title="Plan" description="What this organization pays for, and until when.">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-gray-500 dark:text-gray-400">Current plan</dt>
            <dd className="mt-1 flex items-center gap-2 text-lg font-semibold text-gray-900 dark:text-white">
              {o.planName}
              <Badge tone={status.tone}>{status.label}</Badge>
            </dd>
          </div>
          {o.trialDaysLeft !== null ? (
            <div>
              <dt className="text-gray-500 dark:text-gray-400">Trial</dt>
              <dd className="mt-1 text-gray-900 dark:text-white">
                {o.trialDaysLeft} {o.trialDaysLeft === 1 ? 'day' : 'days'} left{o.trialEndsAt ? ` (ends ${formatDate(o.trialEndsAt, timeZone)})` : ''}
              </dd>
            </div>
          ) : null}
          {o.interval ? (
            <div>
              <dt className="text-gray-500 dark:text-gray-400">Billing</dt>
              <dd className="mt-1 text-gray-900 dark:text-white">
                {usd(priceOf(PLANS[o.plan], o.interval))} {o.interval}
              </dd>
            </div>
          ) : null}
          {o.currentPeriodEnd ? (
            <div>
              <dt className="text-gray-500 dark:text-gray-400">{o.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
              <dd className="mt-1 text-gray-900 dark:text-white">{formatDate(o.currentPeriodEnd, timeZone)}</dd>
            </div>
          ) : null}
        </dl>
        {o.pendingDowngrade ? (
          <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
            Changes to {o.pendingDowngrade.planName} on {formatDate(o.pendingDowngrade.at, timeZone)}, at the end of the period already paid for.
          </p>
        ) : null}
        {o.readOnlyMessage ? <FormAlert className="mt-4" message={o.readOnlyMessage} /> : null}
        {!o.paymentsConfigured ? <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">{PAYMENTS_NOT_CONFIGURED}. Plans and limits are not enforced here.</p> : null}
      </SettingsSection>

      <SettingsSection title="Usage" description="What counts against your plan’s limits.">
        <TableFrame label="Usage against limits" columns={['Resource', 'Used', 'Limit']}>
          <tbody>
            {o.usage.map((u) => (
              <tr key={u.resource}>
                <td className={td}>{u.label}</td>
                <td className={td}>{u.used.toLocaleString('en-US')}</td>
                <td className={td}>{u.limit === null ? 'Unlimited' : u.limit.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      </SettingsSection>

      {o.paymentsConfigured ? <ChangePlan current={o.plan} interval={o.interval ?? 'monthly'} hasSubscription={o.hasSubscription && o.status !== 'canceled'} /> : null}
      {o.paymentsConfigured && o.hasSubscription ? <PaymentsSection timeZone={timeZone} /> : null}
    </div>
  );
}

function ChangePlan({ current, interval, hasSubscription }: { current: PlanKey; interval: BillingInterval; hasSubscription: boolean }) {
  const utils = trpc.useUtils();
  const change = trpc.billing.changePlan.useMutation();
  const [plan, setPlan] = useState<PlanKey>(current);
  const [billing, setBilling] = useState<BillingInterval>(interval);
  const subscribeHref = `/subscribe?plan=${plan}&billing=${billing}`;

  async function onChange() {
    try {
      await change.mutateAsync({ plan, billing });
      toast({ title: 'Plan changed', description: `${PLANS[plan].name}, ${billing}. Upgrades apply now; downgrades at your next billing cycle.` });
      void utils.billing.invalidate();
    } catch (failure) {
      showError(failure, 'Could not change the plan');
    }
  }

  return (
    <SettingsSection title={hasSubscription ? 'Change plan' : 'Subscribe'} description="Upgrades apply immediately; downgrades take effect at the start of the next billing cycle.">
      <div className="flex flex-wrap items-end gap-4">
        <SelectField label="Plan" value={plan} onChange={(e) => setPlan(e.target.value as PlanKey)} className="w-56">
          {PLAN_KEYS.map((k) => (
            <option key={k} value={k}>
              {PLANS[k].name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Billing" value={billing} onChange={(e) => setBilling(e.target.value as BillingInterval)} className="w-40">
          {BILLING_INTERVALS.map((i) => (
            <option key={i} value={i}>
              {i === 'monthly' ? 'Monthly' : 'Yearly'}
            </option>
          ))}
        </SelectField>
        <p className="pb-2 text-sm text-gray-700 dark:text-gray-300">
          {usd(priceOf(PLANS[plan], billing))} {billing === 'monthly' ? 'per month' : 'per year'}
        </p>
        {hasSubscription ? (
          <Button onClick={() => void onChange()} disabled={change.isPending || (plan === current && billing === interval)}>
            {change.isPending ? 'Changing…' : 'Change plan'}
          </Button>
        ) : (
          <a href={subscribeHref} className={buttonClasses()}>
            Subscribe to {PLANS[plan].name}
          </a>
        )}
      </div>
    </SettingsSection>
  );
}

function PaymentsSection({ timeZone }: { timeZone: string }) {
  const invoices = trpc.billing.invoices.useQuery(undefined, { retryOnMount: false });
  const portal = trpc.billing.portal.useMutation();

  async function openPortal() {
    try {
      window.location.assign((await portal.mutateAsync()).url);
    } catch (failure) {
      showError(failure, 'Could not open the customer portal');
    }
  }

  return (
    <SettingsSection
      title="Payment and invoices"
      description="Update your card, download receipts or cancel in Stripe’s customer portal."
      actions={
        <Button variant="outline" onClick={() => void openPortal()} disabled={portal.isPending}>
          Open customer portal
        </Button>
      }
    >
      {invoices.error ? (
        <FormAlert message={errorMessageOf(invoices.error, 'Could not load the invoices')} />
      ) : !invoices.data ? (
        <SectionLoading />
      ) : invoices.data.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No invoices yet.</p>
      ) : (
        <TableFrame label="Invoices" columns={['Date', 'Number', 'Amount', 'Status', { label: 'Link', srOnly: true }]}>
          <tbody>
            {invoices.data.map((i) => (
              <tr key={i.id}>
                <td className={td}>{formatDate(i.createdAt, timeZone)}</td>
                <td className={td}>{i.number ?? '—'}</td>
                <td className={td}>{formatMoney(i.amountMinor, i.currency)}</td>
                <td className={td}>{i.status ?? '—'}</td>
                <td className={td}>
                  {i.url ? (
                    <a href={i.url} target="_blank" rel="noreferrer" className="font-medium text-indigo-700 underline dark:text-indigo-300">
                      View<span className="sr-only"> invoice {i.number}</span>
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </SettingsSection>
  );
}
