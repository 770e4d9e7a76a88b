import { CheckCircle2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FORMS_TEXTS } from '../../content/forms';
import { useT } from '../../i18n';
import { trackEvent } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { toast } from '../../state/toast';
import { Button } from '../ui/button';
import { Input, Label } from '../ui/input';
import { Honeypot } from './honeypot';
import { leadTags, sendLead } from './submit';

/** Spec §5: the demo-request form's own check — not empty, with an at sign. The server checks the rest. */
export function looksLikeEmail(value: string): boolean {
  return value.trim() !== '' && value.includes('@');
}

/**
 * The enterprise demo-request form (spec §2.4, §2.5, §4): a business e-mail; submitting disables
 * the button ('Processing...'); success replaces the form with 'Demo Request Received'; a refusal
 * or a network failure keeps it. Sent in the landing pages' short shape with the enterprise-demo tag.
 */
export function DemoRequestForm({ formId = 'demo-request', tags = [], className }: { formId?: string; tags?: string[]; className?: string }) {
  const { text } = useT(FORMS_TEXTS);
  // Spec §5 and §8.
  const { toasts } = text;
  const toastOf = {
    invalid: { title: toasts.invalidEmailTitle, description: toasts.invalidEmail },
    failure: { title: toasts.errorTitle, description: toasts.demoFailure },
    success: { title: toasts.successTitle, description: toasts.demoSuccess },
  };
  const id = useId();
  const [email, setEmail] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [state, setState] = useState<'idle' | 'submitting' | 'success'>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'submitting') return;
    if (!looksLikeEmail(email)) {
      toast({ ...toastOf.invalid, variant: 'destructive' });
      return;
    }
    setState('submitting');
    const ok = await sendLead({ email: email.trim(), formId, firstName: '', tags: leadTags('enterprise-demo', ...tags) }, honeypot);
    if (!ok) {
      setState('idle');
      toast({ ...toastOf.failure, variant: 'destructive' });
      return;
    }
    setState('success');
    toast(toastOf.success);
    trackEvent('demo_requested', { source: formId, value: 500, currency: 'USD' });
  }

  if (state === 'success') {
    return (
      <div role="status" className={cn('rounded-xl border border-green-200 bg-green-50 p-6 text-center dark:border-green-900 dark:bg-green-950/40', className)}>
        <CheckCircle2Icon className="mx-auto size-8 text-green-700 dark:text-green-400" aria-hidden />
        <h3 className="mt-2 text-lg font-semibold text-gray-900 dark:text-white">{text.demoReceived}</h3>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{text.demoReceivedText}</p>
      </div>
    );
  }

  const busy = state === 'submitting';
  return (
    <form onSubmit={onSubmit} aria-busy={busy} className={cn('relative flex flex-col gap-2 sm:flex-row sm:items-end', className)}>
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={`${id}-email`}>{text.businessEmail}</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          disabled={busy}
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="h-11"
        />
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? text.processing : text.requestDemo}
      </Button>
    </form>
  );
}
