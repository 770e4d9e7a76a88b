import { createFileRoute } from '@tanstack/react-router';
import { CircleCheckIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormAlert } from '../components/form';
import type { PaymentOutcome } from '../components/payments/stripe-payment';
import { PublicLayout } from '../components/public-layout';
import { attemptKey, fetchBillingConfig, postPayment } from '../lib/payments';
import { toast } from '../state/toast';
import { CHECKOUT_PRODUCT } from '../../server/billing/schema';
import { usd } from './-components/pricing';

const StripePayment = lazy(() => import('../components/payments/stripe-payment'));

export const Route = createFileRoute('/checkout')({
  staticData: { title: 'Checkout' },
  component: CheckoutPage,
});

type Form = { kind: 'loading' } | { kind: 'ready'; clientSecret: string; publishableKey: string } | { kind: 'failed'; message: string } | { kind: 'paid' };

/** Spec public-site §2.16: the single $99 payment. */
function CheckoutPage() {
  const [form, setForm] = useState<Form>({ kind: 'loading' });

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
      toast({ variant: 'destructive', title: 'Payment Failed', description: outcome.message });
      return;
    }
    toast({ title: 'Payment Successful', description: 'Thank you for your purchase!' });
    setForm({ kind: 'paid' });
  }

  return (
    <PublicLayout>
      <section className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 dark:text-white">Checkout</h1>
        <div className="mt-6 flex items-baseline justify-between rounded-xl border border-gray-200 p-5 dark:border-gray-800">
          <div>
            <p className="font-semibold text-gray-900 dark:text-white">{CHECKOUT_PRODUCT.name}</p>
            <p className="text-sm text-gray-600 dark:text-gray-300">{CHECKOUT_PRODUCT.description}</p>
          </div>
          <p className="text-2xl font-bold text-gray-900 dark:text-white">{usd(CHECKOUT_PRODUCT.amount)}</p>
        </div>
        <div className="mt-6">
          {form.kind === 'loading' ? (
            <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
              Loading payment form...
            </p>
          ) : form.kind === 'failed' ? (
            <FormAlert message={form.message} />
          ) : form.kind === 'paid' ? (
            <p role="status" className="flex items-center gap-2 font-semibold text-gray-900 dark:text-white">
              <CircleCheckIcon className="size-5 text-green-600" aria-hidden />
              Payment received. Thank you for your purchase!
            </p>
          ) : (
            <Suspense fallback={<p className="text-sm text-gray-600 dark:text-gray-300">Loading payment form...</p>}>
              <StripePayment publishableKey={form.publishableKey} clientSecret={form.clientSecret} submitLabel={`Pay ${usd(CHECKOUT_PRODUCT.amount)}`} processingLabel="Processing..." onDone={paid} />
            </Suspense>
          )}
        </div>
      </section>
    </PublicLayout>
  );
}
