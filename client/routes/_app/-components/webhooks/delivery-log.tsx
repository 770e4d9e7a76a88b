import { useState } from 'react';
import type { TWebhookDelivery } from '../../../../lib/webhooks-schema';
import { FormAlert } from '../../../../components/form';
import { SectionLoading, SettingsSection, TableFrame, td } from '../../../../components/settings-section';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { showError } from '../../../../lib/auth';
import { errorMessageOf } from '../../../../lib/errors';
import { formatRelative } from '../../../../lib/format';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';

const STATE_TONES: Record<TWebhookDelivery['state'], BadgeTone> = { pending: 'gray', sending: 'blue', retrying: 'amber', delivered: 'green', failed: 'red', cancelled: 'gray' };

/** An endpoint's deliveries, newest first, each opening onto its attempts; redeliver any of them. */
export function DeliveryLog({ endpointId, url, timeZone }: { endpointId: string; url: string; timeZone: string }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  // The log moves while deliveries go out: refetched every few seconds while it is open.
  const log = trpc.webhooks.deliveries.useQuery({ endpointId, ...(cursor ? { cursor } : {}) }, { refetchInterval: 3000 });
  return (
    <SettingsSection title="Delivery log" description={`What was sent to ${url}: each attempt’s answer, the first 1 KB of its body and how long it took.`}>
      {log.error ? (
        <FormAlert message={errorMessageOf(log.error, 'Could not load the delivery log')} />
      ) : !log.data ? (
        <SectionLoading />
      ) : log.data.items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">Nothing sent yet. Send a test event to try the endpoint.</p>
      ) : (
        <>
          <TableFrame label="Deliveries" columns={['Event', 'State', 'Answer', 'Attempts', 'Created', { label: 'Actions', srOnly: true }]}>
            <tbody>
              {log.data.items.map((d) => (
                <DeliveryRow key={d.id} delivery={d} timeZone={timeZone} />
              ))}
            </tbody>
          </TableFrame>
          <div className="mt-3 flex gap-2">
            {cursors.length > 0 ? (
              <Button variant="outline" size="sm" onClick={() => setCursors((c) => c.slice(0, -1))}>
                Newer
              </Button>
            ) : null}
            {log.data.nextCursor ? (
              <Button variant="outline" size="sm" onClick={() => setCursors((c) => [...c, log.data.nextCursor!])}>
                Older
              </Button>
            ) : null}
          </div>
        </>
      )}
    </SettingsSection>
  );
}

function DeliveryRow({ delivery, timeZone }: { delivery: TWebhookDelivery; timeZone: string }) {
  const utils = trpc.useUtils();
  const redeliver = trpc.webhooks.redeliver.useMutation();
  const [open, setOpen] = useState(false);
  const answer = delivery.lastStatusCode ?? delivery.lastError ?? '—';
  return (
    <>
      <tr>
        <td className={`${td} font-mono text-xs`}>
          <button type="button" className="text-left underline-offset-2 hover:underline" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {delivery.eventType}
          </button>
          <div className="text-gray-500">{delivery.eventId}</div>
        </td>
        <td className={td}>
          <Badge tone={STATE_TONES[delivery.state]}>{delivery.state}</Badge>
        </td>
        <td className={`${td} max-w-56 truncate`}>{answer}</td>
        <td className={td}>{delivery.attempts}</td>
        <td className={td}>{formatRelative(delivery.createdAt, new Date(), timeZone)}</td>
        <td className={`${td} text-right`}>
          <Button
            variant="ghost"
            size="sm"
            disabled={redeliver.isPending || delivery.state === 'sending'}
            onClick={async () => {
              try {
                await redeliver.mutateAsync({ deliveryId: delivery.id });
                toast({ title: 'Sent again', description: `${delivery.eventType} is on its way.` });
                await utils.webhooks.deliveries.invalidate();
              } catch (error) {
                showError(error, 'Could not send it again');
              }
            }}
          >
            Redeliver
          </Button>
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={6} className={`${td} bg-gray-50 dark:bg-gray-900/40`}>
            <div className="grid gap-3 text-xs">
              <pre className="overflow-x-auto rounded bg-white p-3 font-mono dark:bg-gray-950">{JSON.stringify(delivery.payload, null, 2)}</pre>
              {delivery.log.length === 0 ? <p>Not attempted yet.</p> : null}
              {delivery.log.map((a) => (
                <div key={a.attempt} className="grid gap-1 rounded border border-gray-200 p-3 dark:border-gray-800">
                  <p className="font-medium text-gray-900 dark:text-white">
                    Attempt {a.attempt} · {a.statusCode ?? a.error} · {a.durationMs} ms · {formatRelative(a.at, new Date(), timeZone)}
                  </p>
                  <p className="font-mono break-all text-gray-600 dark:text-gray-400">
                    {Object.entries(a.requestHeaders)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join('\n')}
                  </p>
                  {a.responseExcerpt ? <pre className="overflow-x-auto font-mono whitespace-pre-wrap">{a.responseExcerpt}</pre> : null}
                </div>
              ))}
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}
