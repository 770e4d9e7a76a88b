import type { inferRouterOutputs } from '@trpc/server';
import { CircleCheckIcon, CircleXIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { PROVIDER_LABELS, SMTP_SECURITY, SMTP_SECURITY_LABELS, ZSaveKitInput, ZSaveSmtpInput, ZSaveStripeInput, ZSaveTwilioInput, type ProviderName } from '../../../../../server/providers/schema';
import type { AppRouter } from '../../../../../server/assembly';
import { FormAlert, SelectField, TextField } from '../../../../components/form';
import { SettingsSection } from '../../../../components/settings-section';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { showError } from '../../../../lib/auth';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';

type Status = inferRouterOutputs<AppRouter>['providers']['overview']['providers'][number];

/** A form field: shown text, a number, a choice, or a write-only credential. */
type Field = { name: string; label: string; kind: 'text' | 'number' | 'select' | 'secret'; hint?: string; placeholder?: string; options?: readonly { value: string; label: string }[] };

/** Each provider's form: its fields, in order, and the schema the server checks them with. */
const FORMS: Record<ProviderName, { fields: Field[]; schema: z.ZodType; description: string }> = {
  twilio: {
    schema: ZSaveTwilioInput,
    description: 'This organization’s own Twilio account: its SMS go out from it, and its numbers’ webhooks are checked with its auth token.',
    fields: [
      { name: 'accountSid', label: 'Account SID', kind: 'text', placeholder: 'AC…' },
      { name: 'authToken', label: 'Auth token', kind: 'secret' },
      { name: 'fromNumber', label: 'Sending number', kind: 'text', placeholder: '+15551234567', hint: 'E.164; or a messaging service below.' },
      { name: 'messagingServiceSid', label: 'Messaging service SID', kind: 'text', placeholder: 'MG…', hint: 'Optional; used instead of the number when set.' },
    ],
  },
  smtp: {
    schema: ZSaveSmtpInput,
    description: 'This organization’s own SMTP server. The sender name and address are those of Settings → E-mail: use an address this server may send for.',
    fields: [
      { name: 'host', label: 'Host', kind: 'text', placeholder: 'smtp.example.com' },
      { name: 'port', label: 'Port', kind: 'number', placeholder: '587' },
      { name: 'security', label: 'Security', kind: 'select', options: SMTP_SECURITY.map((value) => ({ value, label: SMTP_SECURITY_LABELS[value] })) },
      { name: 'username', label: 'User name', kind: 'text', hint: 'Empty: the server takes mail without signing in.' },
      { name: 'password', label: 'Password', kind: 'secret' },
    ],
  },
  stripe: {
    schema: ZSaveStripeInput,
    description: 'This server’s own Stripe account, which bills every organization.',
    fields: [
      { name: 'secretKey', label: 'Secret key', kind: 'secret', placeholder: 'sk_…' },
      { name: 'publishableKey', label: 'Publishable key', kind: 'text', placeholder: 'pk_…' },
      { name: 'webhookSecret', label: 'Webhook signing secret', kind: 'secret', placeholder: 'whsec_…', hint: 'Of the endpoint POST /api/stripe/webhook.' },
    ],
  },
  kit: {
    schema: ZSaveKitInput,
    description: 'Kit (ConvertKit) receives each lead of the public site’s forms as a subscriber with its tags.',
    fields: [{ name: 'apiKey', label: 'API key', kind: 'secret' }],
  },
};

/** Section titles: the lead forwarding's own "Kit (ConvertKit)" section stays below, so the key's section names what it holds. */
const SECTION_TITLES: Record<ProviderName, string> = { twilio: 'Twilio', smtp: 'SMTP server', stripe: 'Stripe', kit: 'Kit API key' };

const SOURCE_BADGES: Record<Status['source'], { label: string; tone: BadgeTone }> = {
  environment: { label: 'Set by the environment', tone: 'blue' },
  app: { label: 'Saved here', tone: 'green' },
  sandbox: { label: 'Sandbox', tone: 'amber' },
  none: { label: 'Not configured', tone: 'gray' },
};

/** The form's values as typed: credentials always start empty (never shown again). */
function initialValues(status: Status): Record<string, string> {
  const fields = FORMS[status.provider].fields;
  const saved = status.settings ?? {};
  return Object.fromEntries(fields.map((f) => [f.name, f.kind === 'secret' ? '' : saved[f.name] == null ? (f.name === 'security' ? 'starttls' : '') : String(saved[f.name])]));
}

/** What the server takes: empty text is null, an empty credential is left out (the saved one stays), a port a number. */
function inputOf(provider: ProviderName, values: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    FORMS[provider].fields.flatMap((f): [string, unknown][] => {
      const value = values[f.name]!.trim();
      if (f.kind === 'secret') return value === '' ? [] : [[f.name, values[f.name]]];
      if (f.kind === 'number') return [[f.name, value === '' ? undefined : Number(value)]];
      return [[f.name, value === '' ? null : value]];
    }),
  );
}

export function ProviderSettings({ status }: { status: Status }) {
  const { provider } = status;
  const badge = SOURCE_BADGES[status.source];
  return (
    <SettingsSection title={SECTION_TITLES[provider]} description={FORMS[provider].description} actions={<Badge tone={badge.tone}>{badge.label}</Badge>}>
      <div className="grid max-w-2xl gap-4">
        {status.lockedReason ? <p className="text-sm text-gray-700 dark:text-gray-300">{status.lockedReason}</p> : null}
        <ProviderForm key={`${status.updatedAt ?? 'none'}:${status.source}`} status={status} />
      </div>
    </SettingsSection>
  );
}

function ProviderForm({ status }: { status: Status }) {
  const { provider } = status;
  const utils = trpc.useUtils();
  const mutations = {
    twilio: trpc.providers.saveTwilio.useMutation(),
    smtp: trpc.providers.saveSmtp.useMutation(),
    stripe: trpc.providers.saveStripe.useMutation(),
    kit: trpc.providers.saveKit.useMutation(),
  };
  const save = mutations[provider];
  const clear = trpc.providers.clear.useMutation();
  const test = trpc.providers.test.useMutation();
  const [values, setValues] = useState(() => initialValues(status));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fields = FORMS[provider].fields;
  const names = fields.map((f) => f.name);
  const disabled = !status.editable;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(FORMS[provider].schema, inputOf(provider, values));
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setFormError(null);
    try {
      await (save.mutateAsync as (input: unknown) => Promise<Status>)(parsed.data);
      test.reset();
      await utils.providers.overview.invalidate();
      toast({ title: `${PROVIDER_LABELS[provider]} settings saved` });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, names, `Could not save the ${PROVIDER_LABELS[provider]} settings`);
      setErrors(fieldErrors);
      setFormError(message);
    }
  }

  async function onClear() {
    try {
      await clear.mutateAsync({ provider });
      test.reset();
      await utils.providers.overview.invalidate();
      toast({ title: `${PROVIDER_LABELS[provider]} settings removed` });
    } catch (failure) {
      showError(failure, `Could not remove the ${PROVIDER_LABELS[provider]} settings`);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={`${PROVIDER_LABELS[provider]} settings`}>
      <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => (
          <FieldRow
            key={f.name}
            field={f}
            value={values[f.name]!}
            error={errors[f.name]}
            secret={status.secrets[f.name]}
            disabled={disabled}
            onChange={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
          />
        ))}
      </fieldset>
      <FormAlert message={formError} />
      <p className="text-xs text-gray-500 dark:text-gray-400">{status.note}</p>
      <div className="flex flex-wrap items-center gap-2">
        {status.editable ? (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        ) : null}
        {status.source === 'environment' || status.source === 'app' ? (
          <Button type="button" variant="outline" disabled={test.isPending} onClick={() => test.mutate({ provider })}>
            {test.isPending ? 'Testing...' : 'Test connection'}
          </Button>
        ) : null}
        {status.editable && status.source === 'app' ? (
          <Button type="button" variant="ghost" disabled={clear.isPending} onClick={() => void onClear()}>
            Remove saved settings
          </Button>
        ) : null}
      </div>
      <TestResult result={test.data} error={test.error} />
    </form>
  );
}

/**
 * One field of a provider's form, whichever the provider: a choice, or text (shown text, a number,
 * or a write-only credential saying whether one is saved and its last 4 characters).
 */
function FieldRow({
  field: f,
  value,
  error,
  secret,
  disabled,
  onChange,
}: {
  field: Field;
  value: string;
  error: string | undefined;
  secret: Status['secrets'][string] | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const common = { label: f.label, name: f.name, error, value, disabled };
  if (f.kind === 'select') {
    return (
      <SelectField {...common} onChange={(e) => onChange(e.target.value)}>
        {f.options!.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
    );
  }
  return (
    <TextField
      {...common}
      type={f.kind === 'secret' ? 'password' : f.kind === 'number' ? 'number' : 'text'}
      autoComplete={f.kind === 'secret' ? 'new-password' : 'off'}
      spellCheck={false}
      placeholder={f.kind === 'secret' && secret?.set ? `Saved, ends in ${secret.last4} — leave empty to keep` : f.placeholder}
      hint={f.kind === 'secret' ? (secret?.set ? `Saved (ending ${secret.last4}); never shown again.` : 'Write-only: never shown again once saved.') : f.hint}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function TestResult({ result, error }: { result: { ok: boolean; detail: string } | undefined; error: unknown }) {
  if (error) return <FormAlert message={error instanceof Error ? error.message : 'The test could not run'} />;
  if (!result) return null;
  const Icon = result.ok ? CircleCheckIcon : CircleXIcon;
  return (
    <p role="status" className={result.ok ? 'flex items-start gap-2 text-sm text-green-700 dark:text-green-300' : 'flex items-start gap-2 text-sm text-red-700 dark:text-red-300'}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {result.ok ? 'Connection works: ' : 'Connection failed: '}
        {result.detail}
      </span>
    </p>
  );
}
