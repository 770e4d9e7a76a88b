import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { WEBHOOK_EVENT_TYPE_NAMES, WEBHOOK_EVENT_TYPES, type WebhookEventType, ZCreateWebhookEndpointInput } from '../../../../lib/webhooks-schema';
import { FormAlert, TextField } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { type FieldErrors, serverFormErrors, validateForm } from '../../../../lib/forms';

export type EndpointValues = { url: string; description: string; eventTypes: WebhookEventType[] };

/** The event types grouped by what they are about (contact, deal, …), as the checkboxes show them. */
const GROUPS = WEBHOOK_EVENT_TYPE_NAMES.reduce<Record<string, WebhookEventType[]>>((groups, type) => {
  (groups[type.split('.')[0]!] ??= []).push(type);
  return groups;
}, {});

/** Create or edit an endpoint: its URL, a description, and the event types it receives. */
export function EndpointForm({
  initial,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
}: {
  initial: EndpointValues;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: z.output<typeof ZCreateWebhookEndpointInput>) => Promise<void>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = validateForm(ZCreateWebhookEndpointInput, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const { fieldErrors, message } = serverFormErrors(error, ['url', 'description', 'eventTypes'], 'Could not save the endpoint');
      setErrors(fieldErrors);
      setFailure(message);
    } finally {
      setPending(false);
    }
  }

  const toggle = (type: WebhookEventType, on: boolean) => setValues((v) => ({ ...v, eventTypes: on ? [...v.eventTypes, type] : v.eventTypes.filter((t) => t !== type) }));
  const eventError = Object.entries(errors).find(([key]) => key === 'eventTypes' || key.startsWith('eventTypes.'))?.[1];

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid max-w-3xl gap-4" aria-label={submitLabel}>
      <FormAlert message={failure} />
      <TextField
        label="Endpoint URL"
        name="url"
        type="url"
        autoComplete="off"
        placeholder="https://example.com/webhooks/switchboard"
        required
        value={values.url}
        onChange={(e) => setValues((v) => ({ ...v, url: e.target.value }))}
        error={errors.url}
      />
      <TextField
        label="Description"
        name="description"
        autoComplete="off"
        value={values.description}
        onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
        error={errors.description}
      />
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium text-gray-900 dark:text-white">Events to send</legend>
        <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          {Object.entries(GROUPS).map(([group, types]) => (
            <div key={group} className="grid gap-1.5">
              {types.map((type) => (
                <label key={type} className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300" title={WEBHOOK_EVENT_TYPES[type].description}>
                  <Checkbox className="mt-0.5" checked={values.eventTypes.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                  <span className="font-mono text-xs leading-5">{type}</span>
                </label>
              ))}
            </div>
          ))}
        </div>
        {eventError ? <p className="text-sm text-red-600 dark:text-red-400">{eventError}</p> : null}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
