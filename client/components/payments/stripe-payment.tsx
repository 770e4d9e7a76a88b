import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import { returnUrl } from '../../lib/payments';
import { Button } from '../ui/button';

/**
 * Stripe Elements for one client secret (a payment intent's or a subscription's first invoice's).
 * Imported dynamically by /subscribe and /checkout only, so no other page downloads Stripe.
 */

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeOf = (publishableKey: string) => {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
};

export type PaymentOutcome = { ok: true } | { ok: false; message: string };

export default function StripePayment({
  publishableKey,
  clientSecret,
  submitLabel,
  processingLabel,
  onDone,
}: {
  publishableKey: string;
  clientSecret: string;
  submitLabel: string;
  processingLabel: string;
  onDone: (outcome: PaymentOutcome) => void;
}) {
  return (
    <Elements stripe={stripeOf(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <PaymentForm submitLabel={submitLabel} processingLabel={processingLabel} onDone={onDone} />
    </Elements>
  );
}

function PaymentForm({ submitLabel, processingLabel, onDone }: { submitLabel: string; processingLabel: string; onDone: (outcome: PaymentOutcome) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setProcessing(true);
    // Cards confirm in place; methods that need a redirect come back to the dashboard (spec §4).
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl() }, redirect: 'if_required' });
    setProcessing(false);
    onDone(error ? { ok: false, message: error.message ?? 'The payment could not be completed.' } : { ok: true });
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <PaymentElement />
      <Button type="submit" disabled={!stripe || processing} className="w-full">
        {processing ? processingLabel : submitLabel}
      </Button>
    </form>
  );
}
