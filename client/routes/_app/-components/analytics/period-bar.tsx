import { RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { SegmentedControl } from '../../../../components/ui/segmented-control';
import { formatCalendarRange } from '../../../../lib/calendar';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { PERIOD_KEYS, PERIOD_LABELS, type PeriodKey } from './search';
import type { PeriodInfo } from './types';

export const PERIOD_OPTIONS = PERIOD_KEYS.map((key) => ({ value: key, label: PERIOD_LABELS[key].short, description: PERIOD_LABELS[key].long }));

/** The period choice (7d / 30d / 90d / 1y) as a radio group; the choice goes to the URL. */
export function PeriodSelector({ value, onChange, extra }: { value: PeriodKey | null; onChange: (period: PeriodKey) => void; extra?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SegmentedControl label="Period" value={value} onValueChange={onChange} options={PERIOD_OPTIONS} />
      {extra}
    </div>
  );
}

/**
 * Which days the figures cover and what they are compared with, when they were computed, a refresh
 * button, and a polite live region that says when new figures have arrived.
 */
export function PeriodSummary({
  info,
  busy,
  label,
  timeZone,
  onRefresh,
  refreshing,
  className,
}: {
  info: PeriodInfo | undefined;
  busy: boolean;
  /** "Last 30 days" or the custom range, for the announcement. */
  label: string;
  timeZone: string | undefined;
  onRefresh: () => void;
  refreshing: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-gray-600 dark:text-gray-400', className)}>
      {info ? (
        <p>
          <span className="font-medium text-gray-900 dark:text-white">{formatCalendarRange(info.from, info.to)}</span>
          <span> · compared with {formatCalendarRange(info.previous.from, info.previous.to)}</span>
          {info.timezone ? <span className="text-gray-500 dark:text-gray-500"> ({info.timezone})</span> : null}
        </p>
      ) : (
        <span />
      )}
      <div className="flex items-center gap-2">
        {info ? <span className="text-xs">As of {formatDateTime(info.asOf, timeZone)}</span> : null}
        <Button variant="ghost" size="sm" onClick={onRefresh} disabled={refreshing} aria-label="Refresh figures">
          <RefreshCwIcon className={cn('size-4', refreshing && 'animate-spin')} aria-hidden />
          <span className="hidden sm:inline">Refresh</span>
        </Button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {busy ? `Updating figures for ${label}…` : `Showing figures for ${label}.`}
      </p>
    </div>
  );
}
