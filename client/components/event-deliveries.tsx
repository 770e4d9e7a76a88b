import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/assembly';
import { FormAlert } from './form';
import { SectionLoading, SettingsSection, TableFrame, td } from './settings-section';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { showError, useCan } from '../lib/auth';
import { cn } from '../lib/cn';
import { errorMessageOf } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { trpc } from '../lib/trpc';
import { toast } from '../state/toast';

type Delivery = inferRouterOutputs<AppRouter>['eventDeliveries']['list']['items'][number];

const STATE_LABELS: Record<Delivery['state'], string> = { parked: 'Parked', retrying: 'Retrying' };

/**
 * Settings → Integrations → Event deliveries: the events the organization's consumers (automations,
 * webhooks) failed to deliver — parked after their last attempt, or retrying with backoff — with Retry.
 */
export function EventDeliveries({ timeZone }: { timeZone?: string }) {
  const canManage = useCan('settings:manage');
  const list = trpc.eventDeliveries.list.useQuery(undefined, { enabled: canManage });
  if (!canManage) return null;
  return (
    <SettingsSection
      title="Event deliveries"
      description="Events a consumer could not deliver: each is retried with backoff, then parked here after its last attempt. Retry sends it again now, before the organization’s later events."
    >
      {list.error ? (
        <FormAlert message={errorMessageOf(list.error, 'Could not read the event deliveries')} />
      ) : !list.data ? (
        <SectionLoading />
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No failed deliveries: every event reached its consumers.</p>
      ) : (
        <TableFrame label="Event deliveries" columns={['Consumer', 'Event', 'State', { label: 'Attempts', align: 'right' }, 'Last failure', 'Last error', { label: 'Actions', srOnly: true }]}>
          <tbody>
            {list.data.items.map((d) => (
              <tr key={`${d.consumer} ${d.eventId}`}>
                <td className={cn(td, 'font-medium text-gray-900 dark:text-white')}>{d.consumer}</td>
                <td className={td}>
                  {d.eventType} <span className="text-gray-500 dark:text-gray-400">#{d.eventId}</span>
                  <br />
                  <time className="text-xs text-gray-500 dark:text-gray-400" dateTime={d.eventAt}>
                    {formatDateTime(d.eventAt, timeZone)}
                  </time>
                </td>
                <td className={td}>
                  <Badge tone={d.state === 'parked' ? 'red' : 'amber'}>{STATE_LABELS[d.state]}</Badge>
                </td>
                <td className={cn(td, 'text-right tabular-nums')}>{d.attempts}</td>
                <td className={cn(td, 'whitespace-nowrap')}>
                  <time dateTime={d.failedAt}>{formatDateTime(d.failedAt, timeZone)}</time>
                </td>
                <td className={cn(td, 'max-w-xs break-words')}>{d.lastError ?? '—'}</td>
                <td className={cn(td, 'text-right')}>
                  <RetryDelivery delivery={d} />
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </SettingsSection>
  );
}

function RetryDelivery({ delivery }: { delivery: Delivery }) {
  const utils = trpc.useUtils();
  const retry = trpc.eventDeliveries.retry.useMutation();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={retry.isPending}
      aria-label={`Retry ${delivery.eventType} #${delivery.eventId} for ${delivery.consumer}`}
      onClick={async () => {
        try {
          await retry.mutateAsync({ consumer: delivery.consumer, eventId: delivery.eventId });
          toast({ title: 'Delivery retried', description: `${delivery.consumer} gets ${delivery.eventType} #${delivery.eventId} again now.` });
        } catch (error) {
          showError(error, 'Could not retry the delivery');
        } finally {
          await utils.eventDeliveries.list.invalidate();
        }
      }}
    >
      {retry.isPending ? 'Retrying…' : 'Retry'}
    </Button>
  );
}
