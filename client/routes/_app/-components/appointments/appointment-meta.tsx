import { AlertTriangleIcon } from 'lucide-react';
import type { BadgeTone } from '../../../../components/ui/badge';
import { formatDateTimeRangeIn } from '../../../../lib/zoned-time';
import type { Appointment, Conflict } from '../crm/types';

export type AppointmentStatus = Appointment['status'];

export const STATUS_LABELS: Record<AppointmentStatus, string> = { scheduled: 'Scheduled', completed: 'Completed', cancelled: 'Cancelled', no_show: 'No-show' };
export const STATUS_TONES: Record<AppointmentStatus, BadgeTone> = { scheduled: 'indigo', completed: 'green', cancelled: 'gray', no_show: 'amber' };

/** The event colours on the calendar, light and dark. */
export const STATUS_BLOCKS: Record<AppointmentStatus, string> = {
  scheduled: 'border-indigo-300 bg-indigo-50 text-indigo-900 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-100',
  completed: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  cancelled: 'border-gray-300 bg-gray-100 text-gray-500 line-through dark:border-gray-700 dark:bg-gray-900 dark:text-gray-400',
  no_show: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
};

/** Overlaps are a warning, never a refusal: the appointment is kept, the clash is shown. */
export function ConflictWarning({ conflicts, timeZone, saved = false }: { conflicts: readonly Conflict[]; timeZone: string; saved?: boolean }) {
  if (conflicts.length === 0) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>
        <p className="font-medium">
          {saved ? 'Saved, but it overlaps' : 'Overlaps'} with {conflicts.length === 1 ? 'another appointment' : `${conflicts.length} other appointments`} of the assignee:
        </p>
        <ul className="mt-1 list-disc pl-4">
          {conflicts.slice(0, 5).map((c) => (
            <li key={c.id}>
              {c.title} · {formatDateTimeRangeIn(c.startsAt, c.endsAt, timeZone)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function conflictSummary(conflicts: readonly Conflict[]): string {
  return conflicts.length === 1 ? `It overlaps with “${conflicts[0]!.title}”.` : `It overlaps with ${conflicts.length} other appointments.`;
}
