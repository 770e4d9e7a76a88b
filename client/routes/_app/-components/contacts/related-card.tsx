import { Link } from '@tanstack/react-router';
import { BriefcaseIcon, CalendarIcon, ClipboardListIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { focusRing } from '../../../../components/ui/focus';
import { useCan } from '../../../../lib/auth';
import { cn } from '../../../../lib/cn';
import { errorMessageOf } from '../../../../lib/errors';
import { formatDate } from '../../../../lib/format';
import { formatMoney } from '../../../../lib/money';
import { trpc } from '../../../../lib/trpc';
import { formatDateTimeRangeIn } from '../../../../lib/zoned-time';
import { relatedAppointmentsInput, relatedDealsInput, relatedTasksInput } from './related';
import type { ContactDetail } from './types';

const relatedLink = cn('rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing);

/**
 * Deals, tasks and appointments of the contact: counts, the latest few, and where to see them all.
 * `deleted`: the contact is gone and its page is leaving; the lists keep what they show and are not
 * fetched again (the realtime refresh would ask for a contact that no longer exists).
 */
export function RelatedCard({ contact, timeZone, deleted = false }: { contact: ContactDetail; timeZone: string; deleted?: boolean }) {
  const canDeals = useCan('deals:read');
  const canTasks = useCan('tasks:read');
  const canAppointments = useCan('appointments:read');
  const deals = trpc.deals.list.useQuery(relatedDealsInput(contact.id), { enabled: canDeals && !deleted });
  const tasks = trpc.tasks.list.useQuery(relatedTasksInput(contact.id), { enabled: canTasks && !deleted });
  const appointments = trpc.appointments.search.useQuery(relatedAppointmentsInput(contact.id), { enabled: canAppointments && !deleted });
  const c = contact.counts;
  if (!canDeals && !canTasks && !canAppointments) return null;
  return (
    <Card role="region" aria-label="Related">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">
          Related
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {canDeals ? (
          <section aria-label="Deals">
            <div className="flex items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 text-sm font-semibold">
                <BriefcaseIcon className="size-4 text-gray-500" aria-hidden />
                Deals
                <span className="font-normal text-gray-500 dark:text-gray-400">
                  {c.openDeals} open · {c.deals} in all
                </span>
              </h3>
              <Link to="/pipeline" className={relatedLink}>
                Pipeline
              </Link>
            </div>
            <RelatedList
              error={deals.error}
              empty="No deals with this contact."
              items={(deals.data?.items ?? []).map((d) => ({
                id: d.id,
                dealId: d.id,
                title: d.title,
                meta: `${d.stage.name} · ${formatMoney(d.value.valueMinor, d.value.currency)}${d.status !== 'open' ? ` · ${d.status}` : ''}`,
              }))}
            />
          </section>
        ) : null}
        {canTasks ? (
          <section aria-label="Tasks">
            <div className="flex items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 text-sm font-semibold">
                <ClipboardListIcon className="size-4 text-gray-500" aria-hidden />
                Tasks
                <span className="font-normal text-gray-500 dark:text-gray-400">
                  {c.openTasks} open · {c.tasks} in all
                </span>
              </h3>
              <Link to="/tasks" className={relatedLink}>
                Tasks
              </Link>
            </div>
            <RelatedList
              error={tasks.error}
              empty="No open tasks."
              items={(tasks.data?.items ?? []).map((t) => ({
                id: t.id,
                title: t.title,
                meta: [t.dueAt ? `Due ${formatDate(t.dueAt, timeZone)}` : 'No due date', t.overdue ? 'overdue' : null, t.assignee?.name].filter(Boolean).join(' · '),
                alert: t.overdue,
              }))}
            />
          </section>
        ) : null}
        {canAppointments ? (
          <section aria-label="Appointments">
            <div className="flex items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 text-sm font-semibold">
                <CalendarIcon className="size-4 text-gray-500" aria-hidden />
                Appointments
                <span className="font-normal text-gray-500 dark:text-gray-400">
                  {c.upcomingAppointments} upcoming · {c.appointments} in all
                </span>
              </h3>
              <Link to="/appointments" className={relatedLink}>
                Calendar
              </Link>
            </div>
            <RelatedList
              error={appointments.error}
              empty="No appointments."
              items={(appointments.data?.items ?? []).map((a) => ({
                id: a.id,
                title: a.title,
                meta: `${formatDateTimeRangeIn(a.startsAt, a.endsAt, timeZone)}${a.status !== 'scheduled' ? ` · ${a.status.replace('_', '-')}` : ''}`,
              }))}
            />
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RelatedList({ items, empty, error }: { items: { id: string; title: string; meta: string; alert?: boolean; dealId?: string }[]; empty: string; error: unknown }) {
  if (error) return <p className="mt-2 text-sm text-red-600 dark:text-red-400">{errorMessageOf(error, 'Could not read these')}</p>;
  if (items.length === 0) return <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{empty}</p>;
  return (
    <ul className="mt-2 divide-y divide-gray-100 rounded-md border border-gray-100 dark:divide-gray-800 dark:border-gray-800">
      {items.map((i) => (
        <li key={i.id} className="px-3 py-2">
          {i.dealId ? (
            <Link
              to="/pipeline/deals/$dealId"
              params={{ dealId: i.dealId }}
              className={cn('block truncate rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}
            >
              {i.title}
            </Link>
          ) : (
            <p className="truncate text-sm font-medium text-gray-900 dark:text-gray-100">{i.title}</p>
          )}
          <p className={cn('truncate text-xs', i.alert ? 'text-red-600 dark:text-red-400' : 'text-gray-500 dark:text-gray-400')}>{i.meta}</p>
        </li>
      ))}
    </ul>
  );
}
