import { MinusIcon, TrendingDownIcon, TrendingUpIcon } from 'lucide-react';
import { cn } from '../../../../lib/cn';
import type { Trend } from './types';

export type Better = 'higher' | 'lower';

/** Whether a move is good news: up is good for revenue, down is good for cost and cycle length. */
export function trendTone(trend: Trend, better: Better): 'good' | 'bad' | 'neutral' {
  if (trend === 'flat') return 'neutral';
  return (trend === 'up') === (better === 'higher') ? 'good' : 'bad';
}

const TONE_CLASSES = {
  good: 'bg-green-50 text-green-700 ring-green-200 dark:bg-green-950 dark:text-green-300 dark:ring-green-800',
  bad: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950 dark:text-red-300 dark:ring-red-800',
  neutral: 'bg-gray-100 text-gray-700 ring-gray-200 dark:bg-gray-800 dark:text-gray-300 dark:ring-gray-700',
} as const;

const TONE_WORDS = { good: 'an improvement', bad: 'a decline', neutral: null } as const;

/**
 * The direction of a figure against the previous period: an icon, the change in words and numbers
 * ("Up +12.5%"), coloured by whether that is good news — never colour alone.
 */
export function TrendIndicator({
  trend,
  better,
  change,
  className,
}: {
  trend: Trend;
  better: Better;
  /** "+12.5%" or "+5 pts"; null when it cannot be computed. */ change: string | null;
  className?: string;
}) {
  const tone = trendTone(trend, better);
  const Icon = trend === 'up' ? TrendingUpIcon : trend === 'down' ? TrendingDownIcon : MinusIcon;
  const word = trend === 'up' ? 'Up' : trend === 'down' ? 'Down' : 'No change';
  const meaning = TONE_WORDS[tone];
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', TONE_CLASSES[tone], className)} data-trend={trend} data-tone={tone}>
      <Icon className="size-3.5" aria-hidden />
      <span>
        {word}
        {change && trend !== 'flat' ? ` ${change}` : null}
      </span>
      {meaning ? <span className="sr-only">, {meaning}</span> : null}
    </span>
  );
}
