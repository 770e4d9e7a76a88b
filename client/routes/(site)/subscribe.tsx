import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CircleCheckIcon, HeadsetIcon, RocketIcon, ShieldCheckIcon } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormAlert, TextField } from '../../components/form';
import type { PaymentOutcome } from '../../components/payments/stripe-payment';
import { PublicLayout } from '../../components/public-layout';
import { Button, buttonClasses } from '../../components/ui/button';
import { trackEvent } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { attemptKey, fetchBillingConfig, fetchProvisioning, postPayment, type BillingConfig, type Provisioning } from '../../lib/payments';
import { toast } from '../../state/toast';
import { findPlan, isBillingInterval, PLANS, PRICING_PLAN_KEYS, SUBSCRIBE_PLAN_KEYS, type BillingInterval, type PlanKey } from '../../../server/billing/schema';
import { PRICING_TEXTS } from '../../content/pricing';
import { SUBSCRIBE_TEXTS } from '../../content/subscribe';
import { useT } from '../../i18n';
import { BillingToggle, FeatureList, planLimit, PlanPrice, PlanTable } from './-components/pricing';

const StripePayment = lazy(() => import('../../components/payments/stripe-payment'));

/** `plan`: a plan's key or name, as links give it; `billing`: monthly or yearly. The page resolves both (readSubscribeSearch). */
export type SubscribeSearch = { plan?: string; billing?: string };

/**
 * The query's strings, kept as given: a route's search rule rides in the site's entry chunk, and one
 * that read the billing catalogue brought the whole catalogue into every public page's first load.
 */
export function validateSubscribeSearch(search: Record<string, unknown>): SubscribeSearch {
  return { plan: typeof search.plan === 'string' ? search.plan : undefined, billing: typeof search.billing === 'string' ? search.billing : undefined };
}

/** The plan (a key or a plan's name; Unlimited when it names none) and period (monthly unless yearly) a query asks for. */
function readSubscribeSearch(search: SubscribeSearch): { planKey: PlanKey; billing: BillingInterval } {
  const plan = search.plan === undefined ? undefined : findPlan(search.plan);
  return { planKey: plan?.key ?? 'unlimited', billing: isBillingInterval(search.billing) ? search.billing : 'monthly' };
}

export const Route = createFileRoute('/(site)/subscribe')({
  staticData: { title: 'Subscribe' },
  validateSearch: validateSubscribeSearch,
  component: SubscribePage,
});

const PRODUCT = 'Switchboard';
const SELECTED_PLAN_KEY = 'selectedPlan';
const ATTEMPT_KEY = 'switchboard.subscribeAttempt';
const PROVISIONING_KEY = 'switchboard.provisioningToken';
const POLL_MS = 2000;

type Step = 'info' | 'payment';
type Payment = { kind: 'ready'; clientSecret: string; publishableKey: string; provisioningToken: string | null } | { kind: 'unavailable'; message: string };

const WHY_ICONS = [RocketIcon, ShieldCheckIcon, HeadsetIcon];

/** Spec public-site §2.15: plan, then name and e-mail, then payment with Stripe Elements. */
function SubscribePage() {
  const { planKey, billing } = readSubscribeSearch(Route.useSearch());
  const {
    language,
    texts: [text, { subscribe: page }],
  } = useT(PRICING_TEXTS, SUBSCRIBE_TEXTS);
  const navigate = useNavigate({ from: '/subscribe' });
  const plan = PLANS[planKey];
  const shown: readonly PlanKey[] = (PRICING_PLAN_KEYS as readonly PlanKey[]).includes(planKey) ? PRICING_PLAN_KEYS : SUBSCRIBE_PLAN_KEYS;
  const [step, setStep] = useState<Step>('info');
  const [config, setConfig] = useState<BillingConfig | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const [done, setDone] = useState<{ provisioningToken: string | null } | null>(null);
  const infoHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void fetchBillingConfig().then(setConfig);
  }, []);

  function choose(key: PlanKey) {
    try {
      sessionStorage.setItem(SELECTED_PLAN_KEY, PLANS[key].name);
    } catch {
      // Storage may be unavailable (private mode); the query string still carries the plan.
    }
    setStep('info');
    setPayment(null);
    void navigate({ search: (prev) => ({ ...prev, plan: key }), replace: true, resetScroll: false });
    infoHeading.current?.focus();
  }

  function paid(outcome: PaymentOutcome, provisioningToken: string | null) {
    if (!outcome.ok) {
      toast({ variant: 'destructive', title: page.failedTitle, description: outcome.message });
      return;
    }
    toast({ title: page.successTitle, description: page.successText });
    trackEvent('trial_signup', { value: 300, currency: 'USD', plan: plan.key, billing });
    setDone({ provisioningToken });
  }

  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-4xl font-bold tracking-tight text-gray-900 dark:text-white">{page.title}</h1>
          <p className="max-w-2xl text-lg text-gray-600 dark:text-gray-300">{page.lead}</p>
          <BillingToggle value={billing} onChange={(next) => void navigate({ search: (prev) => ({ ...prev, billing: next }), replace: true, resetScroll: false })} />
        </div>

        <ul className="mt-10 grid gap-6 lg:grid-cols-3" aria-label={page.plansLabel}>
          {shown.map((key) => {
            const p = PLANS[key];
            const selected = key === planKey;
            return (
              <li
                key={key}
                className={cn(
                  'relative flex flex-col gap-5 rounded-2xl border bg-white p-6 dark:bg-gray-900',
                  selected ? 'border-indigo-600 ring-2 ring-indigo-600' : 'border-gray-200 dark:border-gray-800',
                )}
              >
                {p.popular ? <span className="absolute -top-3 start-6 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">{page.mostPopular}</span> : null}
                <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{p.name}</h2>
                <PlanPrice plan={p} billing={billing} />
                <FeatureList features={text.plans[key].features} />
                <Button variant={selected ? 'default' : 'outline'} className="mt-auto w-full" aria-pressed={selected} onClick={() => choose(key)}>
                  {selected ? page.selected(p.name) : text.plans[key].buttonText}
                  {selected ? null : <span className="sr-only"> {text.withPlan(p.name)}</span>}
                </Button>
              </li>
            );
          })}
        </ul>

        <div className="mx-auto mt-12 max-w-xl rounded-2xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
          <h2 ref={infoHeading} tabIndex={-1} className="text-xl font-semibold text-gray-900 outline-none dark:text-white">
            {page.heading(plan.name, billing === 'yearly')}
          </h2>
          <ol className="mt-2 flex gap-4 text-sm text-gray-600 dark:text-gray-300" aria-label={page.stepsLabel}>
            <li aria-current={step === 'info' ? 'step' : undefined} className={step === 'info' ? 'font-semibold text-indigo-700 dark:text-indigo-300' : undefined}>
              {page.detailsStep}
            </li>
            <li aria-current={step === 'payment' ? 'step' : undefined} className={step === 'payment' ? 'font-semibold text-indigo-700 dark:text-indigo-300' : undefined}>
              {page.paymentStep}
            </li>
          </ol>
          <div className="mt-6">
            {done ? (
              <Success provisioningToken={done.provisioningToken} />
            ) : step === 'info' ? (
              <InfoStep
                plan={planKey}
                billing={billing}
                config={config}
                onReady={(next) => {
                  setPayment(next);
                  setStep('payment');
                }}
              />
            ) : payment?.kind === 'ready' ? (
              <Suspense fallback={<p className="text-sm text-gray-600 dark:text-gray-300">{page.loadingPayment}</p>}>
                <StripePayment
                  publishableKey={payment.publishableKey}
                  clientSecret={payment.clientSecret}
                  submitLabel={page.pay(plan.name)}
                  processingLabel={page.processing}
                  onDone={(outcome) => paid(outcome, payment.provisioningToken)}
                />
              </Suspense>
            ) : (
              <FormAlert message={payment?.message} />
            )}
          </div>
        </div>

        <section aria-labelledby="limits" className="mt-16">
          <h2 id="limits" className="text-2xl font-semibold text-gray-900 dark:text-white">
            {page.limitsTitle}
          </h2>
          <PlanTable
            labelledBy="limits"
            firstColumn={page.limitColumn}
            plans={shown}
            rows={(['contacts', 'members', 'funnels', 'websites'] as const).map((resource) => ({
              key: resource,
              label: page.limits[resource],
              cell: (k: PlanKey) => planLimit(language, text.unlimited, k, resource),
            }))}
          />
        </section>

        <section aria-labelledby="why" className="mt-16">
          <h2 id="why" className="text-2xl font-semibold text-gray-900 dark:text-white">
            {page.whyTitle}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-3">
            {page.why.map(({ title, text: why }, i) => {
              const Icon = WHY_ICONS[i]!;
              return (
                <li key={title} className="rounded-xl border border-gray-200 p-5 dark:border-gray-800">
                  <Icon className="size-6 text-indigo-600 dark:text-indigo-400" aria-hidden />
                  <h3 className="mt-3 font-semibold text-gray-900 dark:text-white">{title}</h3>
                  <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{why}</p>
                </li>
              );
            })}
          </ul>
        </section>
      </section>
    </PublicLayout>
  );
}

type SubscriptionCreated = { clientSecret: string; subscriptionId: string; provisioningToken?: string };

function InfoStep({ plan, billing, config, onReady }: { plan: PlanKey; billing: BillingInterval; config: BillingConfig | null; onReady: (payment: Payment) => void }) {
  const {
    text: { subscribe: page },
  } = useT(SUBSCRIBE_TEXTS);
  const [values, setValues] = useState({ name: '', email: '' });
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const name = values.name.trim();
    const email = values.email.trim();
    // Spec §5: full name and e-mail are both required.
    const missing = { ...(name ? {} : { name: page.required }), ...(email ? {} : { email: page.required }) };
    setErrors(missing);
    if (!name || !email) return;
    const current = config ?? (await fetchBillingConfig());
    if (!current.configured) return onReady({ kind: 'unavailable', message: current.message });
    setSubmitting(true);
    setFailure(null);
    const answer = await postPayment<SubscriptionCreated>(
      '/api/create-subscription',
      { planName: PLANS[plan].name, customerEmail: email, customerName: name, metadata: { product: PRODUCT, plan: PLANS[plan].name }, billing },
      attemptKey(ATTEMPT_KEY),
    );
    setSubmitting(false);
    if (!answer.ok) {
      const fieldErrors = Object.fromEntries(answer.issues.map((i) => [i.path === 'customerEmail' ? 'email' : i.path === 'customerName' ? 'name' : i.path, i.message]));
      setErrors(fieldErrors);
      setFailure(answer.message);
      toast({ variant: 'destructive', title: page.failedTitle, description: answer.message });
      return;
    }
    const token = answer.data.provisioningToken ?? null;
    try {
      if (token) sessionStorage.setItem(PROVISIONING_KEY, token);
    } catch {
      // Without storage the success page still polls with the token it holds.
    }
    onReady({ kind: 'ready', clientSecret: answer.data.clientSecret, publishableKey: current.publishableKey, provisioningToken: token });
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={page.detailsLabel}>
      <TextField label={page.fullName} name="name" autoComplete="name" required value={values.name} error={errors.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} />
      <TextField
        label={page.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
      />
      <FormAlert message={failure} />
      <Button type="submit" disabled={submitting} className="w-full">
        {submitting ? page.processingShort : page.continue}
      </Button>
    </form>
  );
}

/** After paying: a signed-in member goes to the app; a new customer gets their set-password link once it exists. */
function Success({ provisioningToken }: { provisioningToken: string | null }) {
  const {
    text: { subscribe: page },
  } = useT(SUBSCRIBE_TEXTS);
  const [state, setState] = useState<Provisioning | null>(null);
  useEffect(() => {
    if (!provisioningToken) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      const next = await fetchProvisioning(provisioningToken);
      if (stopped) return;
      setState(next);
      if (!next || next.status === 'pending') timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [provisioningToken]);

  return (
    <div role="status" className="grid gap-4">
      <p className="flex items-center gap-2 font-semibold text-gray-900 dark:text-white">
        <CircleCheckIcon className="size-5 text-green-600" aria-hidden />
        {page.paid}
      </p>
      {!provisioningToken ? (
        <a href="/app" className={buttonClasses({ className: 'justify-self-start' })}>
          {page.dashboard}
        </a>
      ) : state?.status === 'ready' ? (
        state.setPasswordUrl ? (
          <div className="grid gap-2">
            <p className="text-sm text-gray-700 dark:text-gray-300">{page.ready(state.organizationName, state.email)}</p>
            <a href={state.setPasswordUrl} className={buttonClasses({ className: 'justify-self-start' })}>
              {page.setPassword}
            </a>
          </div>
        ) : (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {page.alreadyShown(state.organizationName)}{' '}
            <a href="/login" className="font-medium text-indigo-700 underline dark:text-indigo-300">
              {page.signIn}
            </a>
          </p>
        )
      ) : (
        <p className="text-sm text-gray-700 dark:text-gray-300">{page.settingUp}</p>
      )}
    </div>
  );
}
