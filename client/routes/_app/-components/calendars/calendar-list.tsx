import { CalendarDaysIcon, CheckIcon, CopyIcon, ExternalLinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { copyText } from '../../../../components/form';
import { Badge } from '../../../../components/ui/badge';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { toast } from '../../../../state/toast';
import { KIND_LABELS } from './calendar-model';

export type CalendarListItem = { id: string; name: string; slug: string; kind: keyof typeof KIND_LABELS; slotMinutes: number; active: boolean; bookingUrl: string };

/** The calendars with their public links; edit and delete for those who may manage them. */
export function CalendarList({
  items,
  canManage,
  onCreate,
  onEdit,
  onDelete,
}: {
  items: CalendarListItem[];
  canManage: boolean;
  onCreate: () => void;
  onEdit: (id: string) => void;
  onDelete: (calendar: CalendarListItem) => Promise<void>;
}) {
  if (items.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <CalendarDaysIcon className="size-8 text-gray-400" aria-hidden />
        <p className="text-sm text-gray-600 dark:text-gray-400">No booking calendars yet. A calendar gives a public page where contacts book a time with you or your team.</p>
        {canManage ? <Button onClick={onCreate}>Create a booking calendar</Button> : null}
      </div>
    );
  return (
    <ul className="grid gap-3" aria-label="Booking calendars">
      {items.map((calendar) => (
        <li key={calendar.id} aria-label={calendar.name} className="grid gap-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1">
              <p className="font-medium text-gray-900 dark:text-white">{calendar.name}</p>
              <p className="text-sm text-gray-600 dark:text-gray-400">
                {KIND_LABELS[calendar.kind]} · {calendar.slotMinutes} min
              </p>
            </div>
            <Badge tone={calendar.active ? 'green' : 'gray'}>{calendar.active ? 'Active' : 'Inactive'}</Badge>
          </div>
          <BookingLink url={calendar.bookingUrl} name={calendar.name} />
          {canManage ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => onEdit(calendar.id)} aria-label={`Edit ${calendar.name}`}>
                Edit
              </Button>
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" size="sm" aria-label={`Delete ${calendar.name}`}>
                    Delete
                  </Button>
                }
                title={`Delete ${calendar.name}?`}
                description="Its booking page stops working. Appointments already booked stay on the calendar of appointments."
                confirmLabel="Delete calendar"
                pendingLabel="Deleting..."
                onConfirm={() => onDelete(calendar)}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The public booking link: shown, copied, opened in a new tab. */
function BookingLink({ url, name }: { url: string; name: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    if (await copyText(url)) return setCopied(true);
    toast({ title: 'Could not copy', description: `Your browser blocked the clipboard. The link is ${url}` });
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="min-w-0 rounded bg-gray-50 px-2 py-1 text-xs break-all text-gray-700 dark:bg-gray-900 dark:text-gray-300">{url}</code>
      <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={copied ? `${name} link copied` : `Copy ${name} link`}>
        {copied ? <CheckIcon className="size-4" aria-hidden /> : <CopyIcon className="size-4" aria-hidden />}
        {copied ? 'Copied' : 'Copy link'}
      </Button>
      <a href={url} target="_blank" rel="noreferrer" className={buttonClasses({ variant: 'ghost', size: 'sm' })} aria-label={`Open ${name} booking page`}>
        <ExternalLinkIcon className="size-4" aria-hidden />
        Open
      </a>
    </div>
  );
}
