import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { DownloadIcon, PauseIcon, PlayIcon, XIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useCan } from '../../../../lib/auth';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormAlert } from '../../../../components/form';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { CAMPAIGN_LIMITS } from '../../../../lib/campaigns-schema';
import { errorMessageOf } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import { trpc } from '../../../../lib/trpc';
import { AbTestCard } from './ab-test-card';
import { EngagementCard } from './engagement-chart';
import type { Campaign, CampaignStats } from './labels';

const LIVE: readonly Campaign['status'][] = ['scheduled', 'sending', 'paused'];
const ROW_HEIGHT = 44;

/** The campaign's figures (live while it sends), pause / resume / cancel, and every recipient with their events. */
export function CampaignReport({ campaign, canWrite }: { campaign: Campaign; canWrite: boolean }) {
  const live = LIVE.includes(campaign.status);
  // campaign_updated refreshes these (realtime/events.ts); polling covers a dropped stream while sending.
  const stats = trpc.campaigns.stats.useQuery({ id: campaign.id }, { refetchInterval: live ? 3000 : false });
  const utils = trpc.useUtils();
  const after = (saved: Campaign) => {
    utils.campaigns.get.setData({ id: saved.id }, saved);
    void utils.campaigns.list.invalidate();
    void utils.campaigns.stats.invalidate({ id: saved.id });
  };
  const pause = trpc.campaigns.pause.useMutation({ onSuccess: after });
  const resume = trpc.campaigns.resume.useMutation({ onSuccess: after });
  const cancel = trpc.campaigns.cancel.useMutation({ onSuccess: after });
  const error = pause.error ?? resume.error ?? cancel.error;
  const s = stats.data;
  const figures: [string, number | undefined][] = s
    ? [
        ['Recipients', s.recipients],
        ['Queued', s.byStatus.pending + s.byStatus.queued],
        ['Sent', s.byStatus.sent],
        ['Delivered', s.delivered],
        ['Bounced', s.bounced],
        ['Failed', s.byStatus.failed],
        ['Suppressed', s.byStatus.suppressed + s.byStatus.skipped],
        ...(campaign.channel === 'email'
          ? ([
              ['Opened', s.openedHuman],
              ['Machine opens', s.openedMachine],
              ['Clicked', s.clicked],
              ['Unsubscribed', s.unsubscribed],
              ['Complained', s.complained],
            ] as [string, number][])
          : []),
        ['Replied', s.replied],
        [`Deals created (${s.conversions.windowDays} days)`, s.conversions.dealsCreated],
        ['Deals won', s.conversions.dealsWon],
      ]
    : [];
  return (
    <div className="flex flex-col gap-4">
      {canWrite && (live || campaign.status === 'draft') ? (
        <div className="flex flex-wrap gap-2">
          {campaign.status === 'sending' ? (
            <Button variant="outline" disabled={pause.isPending} onClick={() => pause.mutate({ id: campaign.id })}>
              <PauseIcon className="size-4" aria-hidden />
              Pause
            </Button>
          ) : null}
          {campaign.status === 'paused' ? (
            <Button variant="outline" disabled={resume.isPending} onClick={() => resume.mutate({ id: campaign.id })}>
              <PlayIcon className="size-4" aria-hidden />
              Resume
            </Button>
          ) : null}
          <ConfirmDialog
            trigger={
              <Button variant="outline">
                <XIcon className="size-4" aria-hidden />
                Cancel campaign
              </Button>
            }
            title={`Cancel “${campaign.name}”?`}
            description="Messages not yet sent are not sent; the ones already sent stay in the report."
            confirmLabel="Cancel campaign"
            pendingLabel="Cancelling…"
            onConfirm={() => cancel.mutateAsync({ id: campaign.id })}
          />
        </div>
      ) : null}
      <FormAlert message={error ? errorMessageOf(error, 'Could not change the campaign') : null} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Results</CardTitle>
        </CardHeader>
        <CardContent>
          {s ? (
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6" data-testid="campaign-stats" aria-live="polite">
              {figures.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
                  <dd className="text-xl font-semibold tabular-nums">{(value ?? 0).toLocaleString()}</dd>
                </div>
              ))}
              {s.conversions.wonValue > 0 ? (
                <div>
                  <dt className="text-xs text-gray-600 dark:text-gray-400">Won value</dt>
                  <dd className="text-xl font-semibold tabular-nums">{s.conversions.wonValue.toLocaleString()}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">Loading the figures…</p>
          )}
          {s ? <DeliveryBar stats={s} /> : null}
        </CardContent>
      </Card>
      {campaign.abTest ? <AbTestCard campaign={{ ...campaign, abTest: campaign.abTest }} stats={s} /> : null}
      {campaign.channel === 'email' && campaign.status !== 'draft' ? <EngagementCard campaign={campaign} live={live} /> : null}
      <RecipientsTable campaign={campaign} />
    </div>
  );
}

/** Where the recipients are now: one bar, each state's share. */
function DeliveryBar({ stats }: { stats: CampaignStats }) {
  const total = Math.max(stats.recipients, 1);
  const parts = [
    { label: 'Delivered', value: stats.delivered, className: 'bg-emerald-500' },
    { label: 'Sent', value: stats.byStatus.sent, className: 'bg-indigo-500' },
    { label: 'Queued', value: stats.byStatus.pending + stats.byStatus.queued, className: 'bg-gray-400 dark:bg-gray-500' },
    { label: 'Bounced or failed', value: stats.bounced + stats.byStatus.failed, className: 'bg-red-500' },
    { label: 'Suppressed', value: stats.byStatus.suppressed + stats.byStatus.skipped + stats.byStatus.cancelled, className: 'bg-amber-400' },
  ];
  return (
    <div
      className="mt-4 flex h-3 w-full overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
      role="img"
      aria-label={parts.map((p) => `${p.value} ${p.label.toLowerCase()}`).join(', ') + ` of ${stats.recipients}`}
    >
      {parts.map((p) => (
        <div key={p.label} className={p.className} style={{ width: `${(p.value / total) * 100}%` }} />
      ))}
    </div>
  );
}

/** Every recipient, a page at a time as the list scrolls (virtualized rows), and all of them as CSV. */
function RecipientsTable({ campaign }: { campaign: Campaign }) {
  const utils = trpc.useUtils();
  const limit = CAMPAIGN_LIMITS.pageSize;
  const pages = useInfiniteQuery({
    queryKey: ['campaign-recipients', campaign.id],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => utils.campaigns.recipients.fetch({ id: campaign.id, page: pageParam, limit }),
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10, useFlushSync: false });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (pages.hasNextPage && !pages.isFetchingNextPage && lastShown >= items.length - 10) void pages.fetchNextPage();
  }, [pages, lastShown, items.length]);
  const canExport = useCan('data:export');

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Recipients ({total.toLocaleString()})</CardTitle>
        {canExport && total > 0 ? (
          // Streamed by the server (every recipient, their events), recorded in the audit log.
          <Button asChild variant="outline" size="sm">
            <a href={`/api/v1/campaigns/${campaign.id}/recipients.csv`} download>
              <DownloadIcon className="size-4" aria-hidden />
              Export CSV
            </a>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <FormAlert message={pages.error ? errorMessageOf(pages.error, 'Could not load the recipients') : null} />
        <div role="table" aria-label="Recipients" aria-rowcount={total + 1} className="text-sm">
          <div role="row" aria-rowindex={1} className="grid grid-cols-[2fr_2fr_1fr_3fr] gap-2 border-b border-gray-200 py-2 font-medium dark:border-gray-800">
            <span role="columnheader">Recipient</span>
            <span role="columnheader">Address</span>
            <span role="columnheader">Status</span>
            <span role="columnheader">Events</span>
          </div>
          <div ref={scroller} className="max-h-[28rem] overflow-y-auto" data-testid="recipients">
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {rows.map((row) => {
                const r = items[row.index]!;
                return (
                  <div
                    key={r.id}
                    role="row"
                    aria-rowindex={row.index + 2}
                    className="absolute inset-x-0 grid grid-cols-[2fr_2fr_1fr_3fr] items-center gap-2 border-b border-gray-100 dark:border-gray-800"
                    style={{ top: row.start, height: ROW_HEIGHT }}
                  >
                    <span role="cell" className="truncate">
                      {r.contactName}
                    </span>
                    <span role="cell" className="truncate">
                      {r.address}
                    </span>
                    <span role="cell">{r.status}</span>
                    <span role="cell" className="truncate text-xs text-gray-600 dark:text-gray-400" title={r.error ?? undefined}>
                      {r.events.length > 0 ? r.events.map((e) => `${e.type}${e.machine ? ' (machine)' : ''} ${formatDateTime(e.at)}`).join(' · ') : (r.error ?? '—')}
                    </span>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
