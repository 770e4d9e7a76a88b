import { CheckCircle2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FORMS_TEXTS, type FormsTexts } from '../../content/forms';
import { type Texts, useT } from '../../i18n';
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

type FormText = Texts<FormsTexts>;

/** The industries offered: the value sent (in English) and its label's key in the forms' texts. */
const INDUSTRIES: Record<string, keyof FormText['industries']> = {
  Technology: 'technology',
  'Financial Services': 'financialServices',
  Healthcare: 'healthcare',
  Manufacturing: 'manufacturing',
  'Energy & Utilities': 'energy',
  Government: 'government',
  Other: 'other',
};
const LEAD_MAGNETS = { 'crm-strategy-guide': 'crmStrategyGuide', 'roi-calculator': 'roiCalculator', 'executive-demo': 'executiveDemo' } as const satisfies Record<
  string,
  keyof FormText['leadMagnets']
>;
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

const LABELS = { name: 'fullName', email: 'email', company: 'company', phone: 'phone', industry: 'industry', interest: 'interest' } as const satisfies Record<Field, keyof FormText>;
const BUSINESS_EMAIL: LeadFormVariant[] = ['enterprise', 'demo', 'footer'];

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
export function LeadForm({ variant = 'default', formId, tags = [], leadMagnet, submitLabel, emailPlaceholder, className }: LeadFormProps) {
  const { text } = useT(FORMS_TEXTS);
  // Spec §8.
  const { toasts } = text;
  const toastOf = {
    success: { title: toasts.successTitle, description: toasts.leadSuccess },
    failure: { title: toasts.errorTitle, description: toasts.leadFailure },
  };
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
      toast({ ...toastOf.failure, variant: 'destructive' });
      return;
    }
    setValues(EMPTY);
    setState('success');
    toast(toastOf.success);
    const conversion = conversionOf(variant, magnet);
    trackEvent(conversion.name, { source: formId, variant, lead_magnet: magnet, value: conversion.value, currency: 'USD' });
  }

  const required = (field: Field) => spec.required.includes(field);
  const label = (field: Field) =>
    `${text[field === 'email' && BUSINESS_EMAIL.includes(variant) ? 'businessEmail' : field === 'company' && variant === 'demo' ? 'companyName' : LABELS[field]]}${required(field) && !spec.inline ? ' *' : ''}`;
  const busy = state === 'submitting';

  const field = (f: Field) => {
    const common = { id: `${id}-${f}`, name: f, required: required(f), disabled: busy, value: values[f] };
    switch (f) {
      case 'industry':
        return (
          <SelectField key={f} label={label(f)} {...common} onChange={(e) => set(f)(e.target.value)}>
            <option value="">{text.selectIndustry}</option>
            {Object.entries(INDUSTRIES).map(([value, key]) => (
              <option key={value} value={value}>
                {text.industries[key]}
              </option>
            ))}
          </SelectField>
        );
      case 'interest':
        return (
          <SelectField key={f} label={label(f)} {...common} onChange={(e) => set(f)(e.target.value)}>
            <option value="">{leadMagnet ? text.leadMagnets[LEAD_MAGNETS[leadMagnet]] : text.chooseResource}</option>
            {Object.entries(LEAD_MAGNETS).map(([value, key]) => (
              <option key={value} value={value}>
                {text.leadMagnets[key]}
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
            {busy ? text.submitting : (submitLabel ?? text.getStarted)}
          </Button>
        </div>
      ) : (
        <div className="grid gap-4">
          {spec.fields.map(field)}
          {spec.required.length > 1 ? <p className="text-xs text-gray-600 dark:text-gray-400">{text.requiredNote}</p> : null}
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? text.submitting : (submitLabel ?? text.getStarted)}
          </Button>
        </div>
      )}
      <div aria-live="polite" className="mt-2 text-sm">
        {state === 'success' ? (
          <p role="status" className="flex items-center gap-1.5 text-green-700 dark:text-green-400">
            <CheckCircle2Icon className="size-4 shrink-0" aria-hidden />
            {toasts.leadSuccess}
          </p>
        ) : state === 'error' ? (
          <p className="text-red-700 dark:text-red-400">{toasts.leadFailure}</p>
        ) : null}
      </div>
    </form>
  );
}
