import { createFileRoute } from '@tanstack/react-router';
import { CircleCheckIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormAlert } from '../../components/form';
import type { PaymentOutcome } from '../../components/payments/stripe-payment';
import { PublicLayout } from '../../components/public-layout';
import { attemptKey, fetchBillingConfig, postPayment } from '../../lib/payments';
import { toast } from '../../state/toast';
import { CHECKOUT_PRODUCT } from '../../../server/billing/schema';
import { SUBSCRIBE_TEXTS } from '../../content/subscribe';
import { useT } from '../../i18n';
import { formatUsd } from '../../i18n/format';

const StripePayment = lazy(() => import('../../components/payments/stripe-payment'));

export const Route = createFileRoute('/(site)/checkout')({
  staticData: { title: 'Checkout' },
  component: CheckoutPage,
});

type Form = { kind: 'loading' } | { kind: 'ready'; clientSecret: string; publishableKey: string } | { kind: 'failed'; message: string } | { kind: 'paid' };

/** Spec public-site §2.16: the single $99 payment. */
function CheckoutPage() {
  const [form, setForm] = useState<Form>({ kind: 'loading' });
  const {
    language,
    text: { checkout: text },
  } = useT(SUBSCRIBE_TEXTS);
  const amount = formatUsd(language, CHECKOUT_PRODUCT.amount);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const config = await fetchBillingConfig();
      if (!config.configured) {
        if (!cancelled) setForm({ kind: 'failed', message: config.message });
        return;
      }
      const answer = await postPayment<{ clientSecret: string }>(
        '/api/create-payment-intent',
        { amount: CHECKOUT_PRODUCT.amount, metadata: { product: CHECKOUT_PRODUCT.name, description: CHECKOUT_PRODUCT.description } },
        attemptKey('switchboard.checkoutAttempt'),
      );
      if (cancelled) return;
      setForm(answer.ok ? { kind: 'ready', clientSecret: answer.data.clientSecret, publishableKey: config.publishableKey } : { kind: 'failed', message: answer.message });
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  function paid(outcome: PaymentOutcome) {
    if (!outcome.ok) {
      toast({ variant: 'destructive', title: text.failedTitle, description: outcome.message });
      return;
    }
    toast({ title: text.successTitle, description: text.successText });
    setForm({ kind: 'paid' });
  }

  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 dark:text-white">{text.title}</h1>
        <div className="mt-6 flex items-baseline justify-between rounded-xl border border-gray-200 p-5 dark:border-gray-800">
          <div>
            <p className="font-semibold text-gray-900 dark:text-white">{text.product}</p>
            <p className="text-sm text-gray-600 dark:text-gray-300">{text.description}</p>
          </div>
          <p className="text-2xl font-bold text-gray-900 dark:text-white">{amount}</p>
        </div>
        <div className="mt-6">
          {form.kind === 'loading' ? (
            <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
              {text.loading}
            </p>
          ) : form.kind === 'failed' ? (
            <FormAlert message={form.message} />
          ) : form.kind === 'paid' ? (
            <p role="status" className="flex items-center gap-2 font-semibold text-gray-900 dark:text-white">
              <CircleCheckIcon className="size-5 text-green-600" aria-hidden />
              {text.paid}
            </p>
          ) : (
            <Suspense fallback={<p className="text-sm text-gray-600 dark:text-gray-300">{text.loading}</p>}>
              <StripePayment publishableKey={form.publishableKey} clientSecret={form.clientSecret} submitLabel={text.pay(amount)} processingLabel={text.processing} onDone={paid} />
            </Suspense>
          )}
        </div>
      </section>
    </PublicLayout>
  );
}
