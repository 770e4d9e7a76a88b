import { CheckCircle2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { trackEvent } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { toast } from '../../state/toast';
import { SelectField, TextField } from '../form';
import { Button } from '../ui/button';
import { Input, Label } from '../ui/input';
import { Honeypot } from './honeypot';
import { leadTags, sendLead } from './submit';

/** Spec public-site §9. */
export const LEAD_FORM_VARIANTS = ['hero', 'enterprise', 'demo', 'sidebar', 'footer', 'popup', 'default'] as const;
export type LeadFormVariant = (typeof LEAD_FORM_VARIANTS)[number];

export const INDUSTRIES = ['Technology', 'Financial Services', 'Healthcare', 'Manufacturing', 'Energy & Utilities', 'Government', 'Other'] as const;
export const LEAD_MAGNETS = { 'crm-strategy-guide': 'CRM strategy guide', 'roi-calculator': 'ROI calculator', 'executive-demo': 'Executive demo' } as const;
export type LeadMagnet = keyof typeof LEAD_MAGNETS;

type Field = 'name' | 'email' | 'company' | 'phone' | 'industry' | 'interest';

/** Each variant's fields, in order, and which are required (spec §5: e-mail always; enterprise adds name and company; demo adds company). */
const VARIANTS: Record<LeadFormVariant, { fields: Field[]; required: Field[]; inline?: boolean }> = {
  hero: { fields: ['email'], required: ['email'], inline: true },
  enterprise: { fields: ['name', 'email', 'company', 'phone', 'industry', 'interest'], required: ['name', 'email', 'company'] },
  demo: { fields: ['email', 'company'], required: ['email', 'company'] },
  sidebar: { fields: ['name', 'email'], required: ['email'] },
  footer: { fields: ['email'], required: ['email'], inline: true },
  popup: { fields: ['name', 'email', 'interest'], required: ['email'] },
  default: { fields: ['name', 'email', 'company'], required: ['email'] },
};

const LABELS: Record<Field, string> = { name: 'Full name', email: 'Email', company: 'Company', phone: 'Phone', industry: 'Industry', interest: 'Interest' };
const BUSINESS_EMAIL: LeadFormVariant[] = ['enterprise', 'demo', 'footer'];

/** Spec §8. */
export const LEAD_TOASTS = {
  success: { title: 'Success!', description: 'Thank you for your interest. We’ll be in touch within 2 business hours.' },
  failure: { title: 'Error', description: 'Something went wrong. Please try again.' },
} as const;

/**
 * The conversion a successful lead counts as (spec §7, §9): the enterprise and demo variants and
 * the executive-demo lead magnet are enterprise contacts (1000 USD); every other lead is worth 300.
 */
export function conversionOf(variant: LeadFormVariant, leadMagnet: string | undefined): { name: string; value: number } {
  return variant === 'enterprise' || variant === 'demo' || leadMagnet === 'executive-demo' ? { name: 'enterprise_contact', value: 1000 } : { name: 'lead_generated', value: 300 };
}

type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', company: '', phone: '', industry: '', interest: '' };

export type LeadFormProps = {
  variant?: LeadFormVariant;
  /** The form's id as the CRM's Forms view lists it, e.g. 'hero-trial', 'case-study-cta'. */
  formId: string;
  /** Tags the contact gets besides the variant and the chosen lead magnet. */
  tags?: string[];
  /** A lead magnet the form offers (the visitor may also choose one in the variants that ask). */
  leadMagnet?: LeadMagnet;
  submitLabel?: string;
  /** Placeholder of the e-mail field. */
  emailPlaceholder?: string;
  className?: string;
};

/**
 * The lead form of the public pages, in the variants of spec §9: idle → submitting → success
 * (fields cleared) or error (the form keeps what was typed), with the spec's toasts and, after a
 * success, the conversion event.
 */
export function LeadForm({ variant = 'default', formId, tags = [], leadMagnet, submitLabel = 'Get Started', emailPlaceholder, className }: LeadFormProps) {
  const id = useId();
  const spec = VARIANTS[variant];
  const [values, setValues] = useState<Values>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [state, setState] = useState<'idle' | 'submitting' | 'success' | 'error'>('idle');
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'submitting') return;
    setState('submitting');
    const magnet = values.interest || leadMagnet || undefined;
    const ok = await sendLead(
      {
        email: values.email.trim(),
        name: values.name.trim(),
        company: values.company.trim(),
        industry: values.industry,
        phone: values.phone.trim(),
        formId,
        tags: leadTags(variant, magnet, ...tags),
        leadMagnet: magnet,
      },
      honeypot,
    );
    if (!ok) {
      setState('error');
      toast({ ...LEAD_TOASTS.failure, variant: 'destructive' });
      return;
    }
    setValues(EMPTY);
    setState('success');
    toast(LEAD_TOASTS.success);
    const conversion = conversionOf(variant, magnet);
    trackEvent(conversion.name, { source: formId, variant, lead_magnet: magnet, value: conversion.value, currency: 'USD' });
  }

  const required = (field: Field) => spec.required.includes(field);
  const label = (field: Field) => `${field === 'email' && BUSINESS_EMAIL.includes(variant) ? 'Business email' : field === 'company' && variant === 'demo' ? 'Company name' : LABELS[field]}${required(field) && !spec.inline ? ' *' : ''}`;
  const busy = state === 'submitting';

  const field = (f: Field) => {
    const common = { id: `${id}-${f}`, name: f, required: required(f), disabled: busy, value: values[f] };
    switch (f) {
      case 'industry':
        return (
          <SelectField key={f} label={label(f)} {...common} onChange={(e) => set(f)(e.target.value)}>
            <option value="">Select an industry</option>
            {INDUSTRIES.map((i) => (
              <option key={i} value={i}>
                {i}
              </option>
            ))}
          </SelectField>
        );
      case 'interest':
        return (
          <SelectField key={f} label={label(f)} {...common} onChange={(e) => set(f)(e.target.value)}>
            <option value="">{leadMagnet ? LEAD_MAGNETS[leadMagnet] : 'Choose a resource'}</option>
            {Object.entries(LEAD_MAGNETS).map(([key, text]) => (
              <option key={key} value={key}>
                {text}
              </option>
            ))}
          </SelectField>
        );
      default:
        return (
          <TextField
            key={f}
            label={label(f)}
            type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
            autoComplete={f === 'email' ? 'email' : f === 'name' ? 'name' : f === 'company' ? 'organization' : 'tel'}
            placeholder={f === 'email' ? emailPlaceholder : undefined}
            {...common}
            onChange={(e) => set(f)(e.target.value)}
          />
        );
    }
  };

  return (
    <form onSubmit={onSubmit} aria-busy={busy} data-variant={variant} className={cn('relative', className)}>
      <Honeypot value={honeypot} onChange={setHoneypot} />
      {spec.inline ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Label htmlFor={`${id}-email`} className="sr-only">
            {label('email')}
          </Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            disabled={busy}
            placeholder={emailPlaceholder ?? label('email')}
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
            className="h-11 sm:flex-1"
          />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Submitting...' : submitLabel}
          </Button>
        </div>
      ) : (
        <div className="grid gap-4">
          {spec.fields.map(field)}
          {spec.required.length > 1 ? <p className="text-xs text-gray-600 dark:text-gray-400">Fields marked * are required.</p> : null}
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Submitting...' : submitLabel}
          </Button>
        </div>
      )}
      <div aria-live="polite" className="mt-2 text-sm">
        {state === 'success' ? (
          <p role="status" className="flex items-center gap-1.5 text-green-700 dark:text-green-400">
            <CheckCircle2Icon className="size-4 shrink-0" aria-hidden />
            {LEAD_TOASTS.success.description}
          </p>
        ) : state === 'error' ? (
          <p className="text-red-700 dark:text-red-400">{LEAD_TOASTS.failure.description}</p>
        ) : null}
      </div>
    </form>
  );
}
