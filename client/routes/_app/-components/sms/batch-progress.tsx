import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { trpc } from '../../../../lib/trpc';

const PARTS = [
  { key: 'delivered', label: 'Delivered', className: 'bg-emerald-500' },
  { key: 'sent', label: 'Sent', className: 'bg-indigo-500' },
  { key: 'queued', label: 'Queued', className: 'bg-gray-400 dark:bg-gray-500' },
  { key: 'failed', label: 'Failed', className: 'bg-red-500' },
] as const;

/** Delivery receipts usually come within seconds; a batch is watched this long after it left the queue. */
const RECEIPT_WAIT_MS = 120_000;

/** The live state of a bulk batch, polled each second until it left the queue and its receipts are in (or stopped coming). */
export function BatchProgress({ batchId, rejected }: { batchId: string; rejected: { to: string; status: string; error?: string }[] }) {
  const batch = trpc.sms.batch.useQuery(
    { batchId },
    {
      refetchInterval: (query) => {
        const d = query.state.data;
        const settled = d?.done && (d.sent === 0 || Date.now() - new Date(d.createdAt).getTime() > RECEIPT_WAIT_MS);
        return settled ? false : 1000;
      },
    },
  );
  const data = batch.data;
  const total = data ? Math.max(data.accepted, 1) : 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Batch progress</CardTitle>
        {data ? (
          <p className="text-sm text-gray-600 dark:text-gray-400" role="status" data-testid="batch-state">
            {data.done ? 'Complete: every message has left the queue.' : `Sending: ${data.queued} of ${data.accepted} still queued.`}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {data ? (
          <>
            <div
              className="flex h-3 w-full overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
              role="img"
              aria-label={`${data.delivered} delivered, ${data.sent} sent, ${data.queued} queued, ${data.failed} failed of ${data.accepted}`}
            >
              {PARTS.map((part) => (
                <div key={part.key} className={part.className} style={{ width: `${(data[part.key] / total) * 100}%` }} />
              ))}
            </div>
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="batch-progress">
              {PARTS.map((part) => (
                <div key={part.key} className="flex items-center gap-2">
                  <span className={`size-2.5 rounded-full ${part.className}`} aria-hidden />
                  <dt className="text-gray-600 dark:text-gray-400">{part.label}</dt>
                  <dd className="font-medium tabular-nums">{data[part.key]}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-400">Loading the batch…</p>
        )}
        {rejected.length > 0 ? (
          <div>
            <h3 className="text-sm font-medium">Not sent</h3>
            <ul className="mt-1 flex flex-col gap-1 text-sm" data-testid="bulk-rejected">
              {rejected.map((r) => (
                <li key={`${r.to}-${r.status}`}>
                  <span className="font-mono">{r.to}</span> — {r.error}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
