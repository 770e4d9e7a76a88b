import type { inferRouterOutputs } from '@trpc/server';
import { CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ZUpdateEmailSettingsInput } from '../../../../../server/email/schema';
import { FormAlert, TextField } from '../../../../components/form';
import { SectionLoading, SettingsSection } from '../../../../components/settings-section';
import { Button } from '../../../../components/ui/button';
import { Label } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { showError } from '../../../../lib/auth';
import { errorMessageOf } from '../../../../lib/errors';
import { type FieldErrors, fieldMessage, serverFormErrors, validateForm } from '../../../../lib/forms';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import type { AppRouter } from '../../../../../server/assembly';

type EmailSettings = inferRouterOutputs<AppRouter>['email']['settings'];
const FIELDS = ['fromName', 'fromAddress', 'replyTo', 'postalAddress'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** The sender identity every e-mail of the organization carries, and the postal address its footer shows. */
export function SenderSection() {
  const settings = trpc.email.settings.useQuery(undefined, { retryOnMount: false });
  return (
    <SettingsSection
      title="Sender"
      description="Who the organization’s e-mails come from and where replies go. Left empty, the server’s sender (EMAIL_FROM) is used. The postal address is printed in the footer of every e-mail that can be unsubscribed from."
    >
      {settings.error ? (
        <FormAlert message={errorMessageOf(settings.error, 'Could not load the e-mail settings')} />
      ) : !settings.data ? (
        <SectionLoading />
      ) : (
        <SenderForm key={JSON.stringify(settings.data.settings)} current={settings.data} />
      )}
    </SettingsSection>
  );
}

function SenderForm({ current }: { current: EmailSettings }) {
  const utils = trpc.useUtils();
  const update = trpc.email.updateSettings.useMutation();
  const [values, setValues] = useState<Values>(() => Object.fromEntries(FIELDS.map((f) => [f, current.settings[f] ?? ''])) as Values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const postalId = useId();
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // An empty field clears the setting.
    const input = Object.fromEntries(FIELDS.map((f) => [f, values[f].trim() === '' ? null : values[f]]));
    const parsed = validateForm(ZUpdateEmailSettingsInput, input);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    try {
      utils.email.settings.setData(undefined, await update.mutateAsync(parsed.data));
      toast({ title: 'E-mail settings saved' });
    } catch (failure) {
      const { fieldErrors, message } = serverFormErrors(failure, FIELDS, 'Could not save the e-mail settings');
      setErrors(fieldErrors);
      if (message) showError(failure, 'Could not save the e-mail settings');
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-2xl gap-4" aria-label="E-mail sender settings">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Sender name"
          name="fromName"
          autoComplete="organization"
          placeholder={current.defaultSender.name ?? 'Your organization'}
          value={values.fromName}
          onChange={(e) => set('fromName')(e.target.value)}
          error={errors.fromName}
        />
        <TextField
          label="Sender address"
          name="fromAddress"
          type="email"
          autoComplete="off"
          placeholder={current.defaultSender.address}
          hint="An address of a domain your SMTP server may send for (and that DKIM signs)."
          value={values.fromAddress}
          onChange={(e) => set('fromAddress')(e.target.value)}
          error={errors.fromAddress}
        />
      </div>
      <TextField
        label="Reply-to address"
        name="replyTo"
        type="email"
        autoComplete="off"
        hint="Where a recipient’s mail program sends a reply that does not come back to Switchboard’s reply address."
        value={values.replyTo}
        onChange={(e) => set('replyTo')(e.target.value)}
        error={errors.replyTo}
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={postalId}>Postal address</Label>
        <Textarea
          id={postalId}
          name="postalAddress"
          rows={3}
          autoComplete="street-address"
          aria-invalid={errors.postalAddress ? true : undefined}
          aria-describedby={`${postalId}-hint${errors.postalAddress ? ` ${postalId}-error` : ''}`}
          value={values.postalAddress}
          onChange={(e) => set('postalAddress')(e.target.value)}
        />
        <p id={`${postalId}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          Required before marketing e-mails are sent (anti-spam laws ask for it), and shown in the footer of one-to-one e-mails.
        </p>
        {errors.postalAddress ? (
          <p id={`${postalId}-error`} className="text-sm text-red-600 dark:text-red-400">
            {fieldMessage('Postal address', errors.postalAddress)}
          </p>
        ) : null}
      </div>
      <MarketingReadiness missing={current.missingForMarketing} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save sender settings'}
        </Button>
      </div>
    </form>
  );
}

function MarketingReadiness({ missing }: { missing: string[] }) {
  if (missing.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-green-700 dark:text-green-400" role="status">
        <CircleCheckIcon className="size-4" aria-hidden />
        Ready for marketing e-mails.
      </p>
    );
  }
  return (
    <p className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-300" role="status">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      Marketing e-mails cannot be sent until these are filled in: {missing.join(', ')}.
    </p>
  );
}
