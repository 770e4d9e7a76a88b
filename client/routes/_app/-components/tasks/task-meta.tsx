import { AlertTriangleIcon, ArrowDownIcon, ArrowUpIcon, ChevronsUpIcon, MinusIcon } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import type { Task } from '../crm/types';
import { zonedParts } from '../../../../lib/zoned-time';
import { addDays, todayIn } from '../../../../lib/calendar';

export type Priority = Task['priority'];

export const PRIORITY_LABELS: Record<Priority, string> = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' };
const PRIORITY_TONES: Record<Priority, BadgeTone> = { low: 'gray', medium: 'blue', high: 'amber', urgent: 'red' };
const PRIORITY_ICONS = { low: ArrowDownIcon, medium: MinusIcon, high: ArrowUpIcon, urgent: ChevronsUpIcon } as const;

export function PriorityBadge({ priority }: { priority: Priority }) {
  const Icon = PRIORITY_ICONS[priority];
  return (
    <Badge tone={PRIORITY_TONES[priority]}>
      <Icon className="size-3" aria-hidden />
      <span>
        <span className="sr-only">Priority: </span>
        {PRIORITY_LABELS[priority]}
      </span>
    </Badge>
  );
}

export function OverdueBadge() {
  return (
    <Badge tone="red">
      <AlertTriangleIcon className="size-3" aria-hidden />
      Overdue
    </Badge>
  );
}

/** "Today, 5:00 PM", "Tomorrow, 9:00 AM", "Yesterday, …", else "Mon, Jun 15, 5:00 PM" — in the user's zone. */
export function formatDue(iso: string, timeZone: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const day = zonedParts(at, timeZone).date;
  const today = todayIn(timeZone, now);
  const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone }).format(at);
  if (day === today) return `Today, ${time}`;
  if (day === addDays(today, 1)) return `Tomorrow, ${time}`;
  if (day === addDays(today, -1)) return `Yesterday, ${time}`;
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }), hour: 'numeric', minute: '2-digit', timeZone }).format(at);
}
