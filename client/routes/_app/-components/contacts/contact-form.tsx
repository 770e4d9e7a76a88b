import { Link } from '@tanstack/react-router';
import { GitMergeIcon, PlusIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Input, Label, Switch } from '../../../../components/ui/input';
import { TagsInput } from '../../../../components/ui/tags-input';
import { showError } from '../../../../lib/auth';
import { cn } from '../../../../lib/cn';
import { CONTACT_LIMITS, LIFECYCLE_LABELS, LIFECYCLE_STAGES, type TLifecycleStage, ZCreateContactInput, ZUpdateContactInput } from '../../../../../server/contacts/schema';
import { type FieldErrors, fieldMessage, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { DNC_LABELS } from './labels';
import type { Contact, CustomField, Member } from './types';

export const PHONE_HINT = 'Include the country code, for example +1 for US numbers';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  otherEmails: string[];
  phone: string;
  otherPhones: string[];
  companyName: string;
  jobTitle: string;
  lifecycleStage: TLifecycleStage;
  source: string;
  tags: string[];
  ownerId: string;
  leadScore: string;
  doNotContact: { sms: boolean; email: boolean; calls: boolean };
  customFields: Record<string, string>;
};

function valuesOf(contact: Contact | null, defaultOwnerId: string): Values {
  return {
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    email: contact?.email ?? '',
    otherEmails: contact?.otherEmails ?? [],
    phone: contact?.phone ?? '',
    otherPhones: contact?.otherPhones ?? [],
    companyName: contact?.companyName ?? '',
    jobTitle: contact?.jobTitle ?? '',
    lifecycleStage: contact?.lifecycleStage ?? 'lead',
    source: contact?.source ?? '',
    tags: contact?.tags ?? [],
    ownerId: contact ? (contact.ownerId ?? '') : defaultOwnerId,
    leadScore: contact ? String(contact.leadScore) : '',
    doNotContact: contact?.doNotContact ?? { sms: false, email: false, calls: false },
    customFields: Object.fromEntries(Object.entries(contact?.customFields ?? {}).map(([k, v]) => [k, String(v)])),
  };
}

/** The form's values as the create/update input; custom numbers typed as text are read here. */
function inputOf(values: Values, fields: readonly CustomField[]) {
  const customFields: Record<string, string | number | null> = {};
  for (const field of fields) {
    const raw = (values.customFields[field.key] ?? '').trim();
    if (raw === '') customFields[field.key] = null;
    else if (field.type === 'number') customFields[field.key] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    else customFields[field.key] = raw;
  }
  const score = values.leadScore.trim();
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    otherEmails: values.otherEmails.map((e) => e.trim()).filter(Boolean),
    phone: values.phone,
    otherPhones: values.otherPhones.map((p) => p.trim()).filter(Boolean),
    companyName: values.companyName,
    jobTitle: values.jobTitle,
    lifecycleStage: values.lifecycleStage,
    source: values.source,
    tags: values.tags,
    ownerId: values.ownerId === '' ? null : values.ownerId,
    leadScore: score === '' ? 0 : Number(score),
    doNotContact: values.doNotContact,
    customFields,
  };
}

/** Every path the server may name an issue by, for this form's values. */
function fieldPaths(values: Values, fields: readonly CustomField[]): string[] {
  return [
    ...['firstName', 'lastName', 'email', 'phone', 'companyName', 'jobTitle', 'lifecycleStage', 'source', 'tags', 'ownerId', 'leadScore', 'otherEmails', 'otherPhones'],
    ...['doNotContact.sms', 'doNotContact.email', 'doNotContact.calls'],
    ...values.otherEmails.map((_, i) => `otherEmails.${i}`),
    ...values.otherPhones.map((_, i) => `otherPhones.${i}`),
    ...values.tags.map((_, i) => `tags.${i}`),
    ...fields.map((f) => `customFields.${f.key}`),
  ];
}

/**
 * Create or edit a contact: every field of the contact, custom fields by their type, rules checked
 * with the server's own schema before sending, and the server's issues under their fields.
 */
export function ContactEditor({
  contact,
  members,
  customFields,
  defaultOwnerId,
  country,
  onSaved,
  onCancel,
  className,
}: {
  contact: Contact | null;
  members: readonly Member[];
  customFields: readonly CustomField[];
  defaultOwnerId: string;
  /** The organization's country: numbers typed without a code are read there. */
  country?: string | undefined;
  onSaved: (contact: Contact) => void;
  onCancel: () => void;
  className?: string;
}) {
  const utils = trpc.useUtils();
  const create = trpc.contacts.create.useMutation();
  const update = trpc.contacts.update.useMutation();
  const [values, setValues] = useState<Values>(() => valuesOf(contact, defaultOwnerId));
  const tagSuggestions = trpc.contacts.tags.useQuery({ limit: 200 });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = inputOf(values, customFields);
    const parsed = contact ? validateForm(ZUpdateContactInput, { id: contact.id, ...input }) : validateForm(ZCreateContactInput, input);
    const customErrors: FieldErrors = {};
    for (const field of customFields) {
      if (field.type === 'number' && typeof input.customFields[field.key] === 'string') customErrors[`customFields.${field.key}`] = 'must be a number';
    }
    if (!parsed.ok || Object.keys(customErrors).length > 0) {
      const all = { ...(parsed.ok ? {} : parsed.errors), ...customErrors };
      setErrors(all);
      setFormError(all[''] ?? null);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const saved = contact ? await update.mutateAsync({ id: contact.id, ...input }) : await create.mutateAsync(input);
      utils.contacts.get.setData({ id: saved.id }, saved);
      await Promise.all([utils.contacts.list.invalidate(), utils.contacts.timeline.invalidate({ id: saved.id }), utils.contacts.duplicates.invalidate()]);
      onSaved(saved);
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, fieldPaths(values, customFields), contact ? 'Could not save the contact' : 'Could not create the contact');
      setErrors(fieldErrors);
      setFormError(message);
      if (message && Object.keys(fieldErrors).length === 0) showError(failure, contact ? 'Could not save the contact' : 'Could not create the contact');
    }
  }

  const id = useId();
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className={cn('@container grid gap-5', className)} aria-label={contact ? `Edit ${contact.name}` : 'New contact'}>
      <FormAlert message={formError} />
      <Fieldset legend="Person">
        <div className="grid gap-4 @md:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="off"
            maxLength={CONTACT_LIMITS.name}
            value={values.firstName}
            onChange={(e) => set('firstName', e.target.value)}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="off"
            maxLength={CONTACT_LIMITS.name}
            value={values.lastName}
            onChange={(e) => set('lastName', e.target.value)}
            error={errors.lastName}
          />
        </div>
        <TextField label="E-mail" name="email" type="email" inputMode="email" autoComplete="off" value={values.email} onChange={(e) => set('email', e.target.value)} error={errors.email} />
        <ListField
          label="Other e-mails"
          itemLabel="Other e-mail"
          type="email"
          values={values.otherEmails}
          max={CONTACT_LIMITS.otherEmails}
          errors={errors}
          path="otherEmails"
          onChange={(next) => set('otherEmails', next)}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={values.phone}
          onChange={(e) => set('phone', e.target.value)}
          error={errors.phone}
          hint={phoneHint(country)}
        />
        <ListField
          label="Other phones"
          itemLabel="Other phone"
          type="tel"
          values={values.otherPhones}
          max={CONTACT_LIMITS.otherPhones}
          errors={errors}
          path="otherPhones"
          onChange={(next) => set('otherPhones', next)}
        />
        <DuplicateWarning email={values.email} phone={values.phone} excludeId={contact?.id} />
        <div className="grid gap-4 @md:grid-cols-2">
          <TextField
            label="Company"
            name="companyName"
            autoComplete="off"
            maxLength={CONTACT_LIMITS.companyName}
            value={values.companyName}
            onChange={(e) => set('companyName', e.target.value)}
            error={errors.companyName}
          />
          <TextField
            label="Job title"
            name="jobTitle"
            autoComplete="off"
            maxLength={CONTACT_LIMITS.jobTitle}
            value={values.jobTitle}
            onChange={(e) => set('jobTitle', e.target.value)}
            error={errors.jobTitle}
          />
        </div>
      </Fieldset>

      <Fieldset legend="Sales">
        <div className="grid gap-4 @md:grid-cols-2">
          <SelectField
            label="Lifecycle stage"
            name="lifecycleStage"
            value={values.lifecycleStage}
            onChange={(e) => set('lifecycleStage', e.target.value as TLifecycleStage)}
            error={errors.lifecycleStage}
          >
            {LIFECYCLE_STAGES.map((s) => (
              <option key={s} value={s}>
                {LIFECYCLE_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Owner" name="ownerId" value={values.ownerId} onChange={(e) => set('ownerId', e.target.value)} error={errors.ownerId}>
            <option value="">Unassigned</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Source"
            name="source"
            autoComplete="off"
            maxLength={CONTACT_LIMITS.source}
            placeholder="e.g. Referral, Webinar"
            value={values.source}
            onChange={(e) => set('source', e.target.value)}
            error={errors.source}
          />
          <TextField
            label="Lead score"
            name="leadScore"
            type="number"
            inputMode="numeric"
            step={1}
            min={-CONTACT_LIMITS.leadScore}
            max={CONTACT_LIMITS.leadScore}
            placeholder="0"
            value={values.leadScore}
            onChange={(e) => set('leadScore', e.target.value)}
            error={errors.leadScore}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-tags`}>Tags</Label>
          <TagsInput
            id={`${id}-tags`}
            value={values.tags}
            onChange={(next) => set('tags', next)}
            suggestions={tagSuggestions.data?.items.map((t) => t.tag)}
            maxLength={CONTACT_LIMITS.tag}
            aria-invalid={errors.tags || Object.keys(errors).some((k) => k.startsWith('tags.')) ? true : undefined}
            aria-describedby={`${id}-tags-hint`}
          />
          <p id={`${id}-tags-hint`} className="text-xs text-gray-500 dark:text-gray-400">
            Press Enter or type a comma after each tag.
          </p>
          <FieldError label="Tags" message={errors.tags ?? Object.entries(errors).find(([k]) => k.startsWith('tags.'))?.[1]} />
        </div>
      </Fieldset>

      <Fieldset legend="Do not contact">
        <div className="grid gap-3 @lg:grid-cols-3">
          {(['email', 'sms', 'calls'] as const).map((channel) => (
            <div key={channel} className="flex items-center gap-3">
              <Switch id={`${id}-dnc-${channel}`} checked={values.doNotContact[channel]} onCheckedChange={(checked) => set('doNotContact', { ...values.doNotContact, [channel]: checked })} />
              <Label htmlFor={`${id}-dnc-${channel}`} className="font-normal">
                {DNC_LABELS[channel]}
              </Label>
            </div>
          ))}
        </div>
      </Fieldset>

      {customFields.length > 0 ? (
        <Fieldset legend="Custom fields">
          <div className="grid gap-4 @md:grid-cols-2">
            {customFields.map((field) => (
              <CustomFieldInput
                key={field.key}
                field={field}
                value={values.customFields[field.key] ?? ''}
                error={errors[`customFields.${field.key}`]}
                onChange={(v) => set('customFields', { ...values.customFields, [field.key]: v })}
              />
            ))}
          </div>
        </Fieldset>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : contact ? 'Save contact' : 'Create contact'}
        </Button>
      </div>
    </form>
  );
}

/** The value once it has stopped changing for a moment (typing is not looked up key by key). */
function useSettled<T>(value: T, delayMs = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const MATCHED_FIELD = { email: 'this e-mail', phone: 'this phone' } as const;

/**
 * Warns when the e-mail or phone typed already belongs to another contact, with a link to merge
 * them (the duplicates screen). A warning only: saving stays possible, as the product does not
 * refuse duplicates.
 */
function DuplicateWarning({ email, phone, excludeId }: { email: string; phone: string; excludeId: string | undefined }) {
  const typed = useSettled({ email: email.trim(), phone: phone.trim() });
  const enabled = typed.email.length > 0 || typed.phone.length > 0;
  const matches = trpc.contacts.matches.useQuery({ ...(typed.email ? { email: typed.email } : {}), ...(typed.phone ? { phone: typed.phone } : {}), ...(excludeId ? { excludeId } : {}) }, { enabled });
  const found = enabled ? (matches.data?.matches ?? []) : [];
  return (
    <div role="status" aria-live="polite">
      {found.length > 0 ? (
        <div
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="duplicate-warning"
        >
          <p className="flex items-start gap-2 font-medium">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            Possible duplicate
          </p>
          <ul className="flex flex-col gap-1">
            {found.map((m) => (
              <li key={m.id}>
                <Link to="/contacts/$contactId" params={{ contactId: m.id }} className="font-medium underline-offset-2 hover:underline">
                  {m.name}
                </Link>{' '}
                already has {m.fields.map((f) => MATCHED_FIELD[f]).join(' and ')}.
              </li>
            ))}
          </ul>
          <p>
            <Link to="/contacts/duplicates" className="inline-flex items-center gap-1 font-medium underline underline-offset-2">
              <GitMergeIcon className="size-3.5" aria-hidden />
              Review and merge duplicates
            </Link>{' '}
            — you can still save this contact.
          </p>
        </div>
      ) : null}
    </div>
  );
}

export function phoneHint(country: string | undefined): string {
  return country ? `${PHONE_HINT}. Numbers without one are read as ${regionName(country)} numbers.` : `${PHONE_HINT}.`;
}

function regionName(code: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">{legend}</legend>
      {children}
    </fieldset>
  );
}

function FieldError({ label, message, id }: { label: string; message: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-600 dark:text-red-400">
      {fieldMessage(label, message)}
    </p>
  );
}

/** Extra e-mails or phones: one box each, added and removed as needed. */
function ListField({
  label,
  itemLabel,
  type,
  values,
  max,
  errors,
  path,
  onChange,
}: {
  label: string;
  itemLabel: string;
  type: 'email' | 'tel';
  values: string[];
  max: number;
  errors: FieldErrors;
  path: string;
  onChange: (next: string[]) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm font-medium text-gray-900 dark:text-gray-100">
        {label}
      </span>
      {values.map((value, i) => {
        const error = errors[`${path}.${i}`];
        return (
          <div key={i} className="flex flex-col gap-1">
            <div className="flex gap-2">
              <Input
                type={type}
                inputMode={type}
                autoComplete="off"
                aria-label={`${itemLabel} ${i + 1}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${i}-error` : undefined}
                value={value}
                onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
              />
              <Button variant="ghost" size="icon" aria-label={`Remove ${itemLabel.toLowerCase()} ${i + 1}`} onClick={() => onChange(values.filter((_, j) => j !== i))}>
                <XIcon className="size-4" aria-hidden />
              </Button>
            </div>
            <FieldError id={`${id}-${i}-error`} label={itemLabel} message={error} />
          </div>
        );
      })}
      <FieldError label={label} message={errors[path]} />
      {values.length < max ? (
        <div>
          <Button variant="ghost" size="sm" onClick={() => onChange([...values, ''])}>
            <PlusIcon className="size-4" aria-hidden />
            Add {itemLabel.toLowerCase()}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function CustomFieldInput({ field, value, error, onChange }: { field: CustomField; value: string; error: string | undefined; onChange: (v: string) => void }) {
  if (field.type === 'select') {
    return (
      <SelectField label={field.label} value={value} onChange={(e) => onChange(e.target.value)} error={error}>
        <option value="">—</option>
        {/* A value no longer among the options stays visible until changed. */}
        {value && !field.options.includes(value) ? <option value={value}>{value}</option> : null}
        {field.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </SelectField>
    );
  }
  return (
    <TextField
      label={field.label}
      type={field.type === 'number' ? 'text' : field.type === 'date' ? 'date' : 'text'}
      inputMode={field.type === 'number' ? 'decimal' : undefined}
      maxLength={field.type === 'text' ? CONTACT_LIMITS.customText : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

/** The editor in a dialog: "New contact" from the list, "Edit" from a row or the detail page. */
export function ContactDialog({
  open,
  onOpenChange,
  contact,
  members,
  customFields,
  defaultOwnerId,
  country,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contact: Contact | null;
  members: readonly Member[];
  customFields: readonly CustomField[];
  defaultOwnerId: string;
  country?: string | undefined;
  onCreated?: (contact: Contact) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{contact ? `Edit ${contact.name}` : 'New contact'}</DialogTitle>
          <DialogDescription>{contact ? 'Changes are recorded on the contact’s timeline.' : 'A name, an e-mail or a phone is enough to start; the rest can follow.'}</DialogDescription>
        </DialogHeader>
        {open ? (
          <ContactEditor
            key={contact?.id ?? 'new'}
            contact={contact}
            members={members}
            customFields={customFields}
            defaultOwnerId={defaultOwnerId}
            country={country}
            onCancel={() => onOpenChange(false)}
            onSaved={(saved) => {
              onOpenChange(false);
              if (contact) toast({ title: 'Contact saved', description: `${saved.name} is up to date.` });
              else onCreated?.(saved);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
