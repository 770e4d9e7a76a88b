import { createFileRoute } from '@tanstack/react-router';
import { TriangleAlertIcon, WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import type { TWebhookEndpoint } from '../../../lib/webhooks-schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyField, FormAlert } from '../../../components/form';
import { NoAccess, SectionLoading, SettingsSection } from '../../../components/settings-section';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { showError, useCan, useMe } from '../../../lib/auth';
import { errorMessageOf } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { toast } from '../../../state/toast';
import { DeliveryLog } from '../-components/webhooks/delivery-log';
import { EndpointForm } from '../-components/webhooks/endpoint-form';

export const Route = createFileRoute('/_app/settings/webhooks')({
  staticData: { title: 'Webhooks' },
  component: WebhooksPage,
});

/** A signing secret, shown the one time the server answers it. */
type ShownSecret = { endpointUrl: string; secret: string };

function WebhooksPage() {
  const { data: me } = useMe();
  const canManage = useCan('settings:manage');
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [logOf, setLogOf] = useState<TWebhookEndpoint | null>(null);
  if (!me) return <SectionLoading />;
  if (!canManage) return <NoAccess>Your role does not allow managing webhooks (settings:manage is required). Ask an Admin or Super Admin.</NoAccess>;
  const timeZone = me.user.preferences.timezone;
  return (
    <div className="grid gap-6">
      {secret ? <SecretOnce shown={secret} onDone={() => setSecret(null)} /> : <CreateEndpoint onCreated={setSecret} />}
      <Endpoints timeZone={timeZone} onSecret={setSecret} onShowLog={setLogOf} shownLog={logOf?.id ?? null} />
      {logOf ? <DeliveryLog key={logOf.id} endpointId={logOf.id} url={logOf.url} timeZone={timeZone} /> : null}
    </div>
  );
}

function SecretOnce({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  return (
    <SettingsSection title="Signing secret">
      <div role="status" className="flex max-w-2xl flex-col gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40">
        <p className="flex items-start gap-2 text-sm font-medium text-amber-900 dark:text-amber-200">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          Copy this secret now: you won’t see it again. Verify each delivery’s webhook-signature with it (Standard Webhooks).
        </p>
        <CopyField label="Signing secret" value={shown.secret} hint={`For ${shown.endpointUrl}.`} />
        <div>
          <Button variant="outline" onClick={onDone}>
            I have copied it
          </Button>
        </div>
      </div>
    </SettingsSection>
  );
}

function CreateEndpoint({ onCreated }: { onCreated: (shown: ShownSecret) => void }) {
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation();
  return (
    <SettingsSection
      title="Add a webhook endpoint"
      description="Switchboard POSTs each chosen event to this URL as JSON, signed per Standard Webhooks, retrying for 24 hours when it fails; an endpoint failing that long is disabled and admins are notified."
    >
      <EndpointForm
        initial={{ url: '', description: '', eventTypes: [] }}
        submitLabel="Add endpoint"
        pendingLabel="Adding..."
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values);
          onCreated({ endpointUrl: created.url, secret: created.secret });
          await utils.webhooks.list.invalidate();
        }}
      />
    </SettingsSection>
  );
}

function Endpoints({
  timeZone,
  onSecret,
  onShowLog,
  shownLog,
}: {
  timeZone: string;
  onSecret: (shown: ShownSecret) => void;
  onShowLog: (e: TWebhookEndpoint | null) => void;
  shownLog: string | null;
}) {
  const list = trpc.webhooks.list.useQuery(undefined, { retryOnMount: false });
  return (
    <SettingsSection title="Webhook endpoints" description="Where this organization’s events go.">
      {list.error ? (
        <FormAlert message={errorMessageOf(list.error, 'Could not load the webhook endpoints')} />
      ) : !list.data ? (
        <SectionLoading />
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No webhook endpoints yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Webhook endpoints">
          {list.data.items.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} timeZone={timeZone} onSecret={onSecret} logShown={shownLog === endpoint.id} onShowLog={onShowLog} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function EndpointItem({
  endpoint,
  timeZone,
  onSecret,
  logShown,
  onShowLog,
}: {
  endpoint: TWebhookEndpoint;
  timeZone: string;
  onSecret: (shown: ShownSecret) => void;
  logShown: boolean;
  onShowLog: (e: TWebhookEndpoint | null) => void;
}) {
  const utils = trpc.useUtils();
  const update = trpc.webhooks.update.useMutation();
  const rotate = trpc.webhooks.rotateSecret.useMutation();
  const sendTest = trpc.webhooks.sendTest.useMutation();
  const remove = trpc.webhooks.remove.useMutation();
  const [editing, setEditing] = useState(false);
  const refresh = () => Promise.all([utils.webhooks.list.invalidate(), utils.webhooks.deliveries.invalidate()]);
  const act = (work: () => Promise<unknown>, failed: string) => async () => {
    try {
      await work();
      await refresh();
    } catch (error) {
      showError(error, failed);
    }
  };

  return (
    <li className="grid gap-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800" aria-label={endpoint.url}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p className="flex items-center gap-2 font-mono text-sm break-all text-gray-900 dark:text-white">
            <WebhookIcon className="size-4 shrink-0" aria-hidden />
            {endpoint.url}
          </p>
          {endpoint.description ? <p className="text-sm text-gray-600 dark:text-gray-400">{endpoint.description}</p> : null}
          <p className="text-xs text-gray-500">
            {endpoint.eventTypes.join(', ')} · secret {endpoint.secretHint}
            {endpoint.previousSecretExpiresAt ? ` · previous secret signs until ${formatDate(endpoint.previousSecretExpiresAt, timeZone)}` : ''} · added {formatDate(endpoint.createdAt, timeZone)}
          </p>
          {endpoint.disabledReason ? <p className="text-sm text-red-700 dark:text-red-400">{endpoint.disabledReason}</p> : null}
        </div>
        <Badge tone={endpoint.enabled ? 'green' : 'gray'}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</Badge>
      </div>
      {editing ? (
        <EndpointForm
          initial={{ url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes as never }}
          submitLabel="Save endpoint"
          pendingLabel="Saving..."
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await update.mutateAsync({ id: endpoint.id, url: values.url, description: values.description, eventTypes: values.eventTypes });
            setEditing(false);
            await refresh();
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="outline" size="sm" disabled={update.isPending} onClick={act(() => update.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled }), 'Could not change the endpoint')}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={sendTest.isPending}
            onClick={act(async () => {
              await sendTest.mutateAsync({ id: endpoint.id });
              toast({ title: 'Test event sent', description: 'It appears in the delivery log.' });
              onShowLog(endpoint);
            }, 'Could not send a test event')}
          >
            Send test event
          </Button>
          <Button variant="outline" size="sm" onClick={() => onShowLog(logShown ? null : endpoint)}>
            {logShown ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm">
                Rotate secret
              </Button>
            }
            title="Rotate the signing secret?"
            description="A new secret is shown once. For the next 24 hours deliveries are signed with both, so you can update your receiver without missing any."
            confirmLabel="Rotate secret"
            pendingLabel="Rotating..."
            onConfirm={act(async () => {
              const rotated = await rotate.mutateAsync({ id: endpoint.id, overlapHours: 24 });
              onSecret({ endpointUrl: rotated.url, secret: rotated.secret });
            }, 'Could not rotate the secret')}
          />
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" aria-label={`Delete ${endpoint.url}`}>
                Delete
              </Button>
            }
            title="Delete this endpoint?"
            description={`${endpoint.url} will receive nothing more, and its delivery log is deleted with it.`}
            confirmLabel="Delete endpoint"
            pendingLabel="Deleting..."
            onConfirm={act(async () => {
              await remove.mutateAsync({ id: endpoint.id });
              if (logShown) onShowLog(null);
              toast({ title: 'Webhook endpoint deleted' });
            }, 'Could not delete the endpoint')}
          />
        </div>
      )}
    </li>
  );
}
