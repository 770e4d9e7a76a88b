import { Link } from '@tanstack/react-router';
import { BriefcaseIcon, CalendarClockIcon, UserIcon, UserRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Checkbox } from '../../../../components/ui/checkbox';
import { focusRing } from '../../../../components/ui/focus';
import { showError } from '../../../../lib/auth';
import { cn } from '../../../../lib/cn';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import { refreshTasks } from '../crm/invalidate';
import type { Task } from '../crm/types';
import { formatDue, OverdueBadge, PriorityBadge } from './task-meta';

/** Complete or reopen in one click, with Undo in the toast; the deal's timeline follows. */
export function useToggleTask() {
  const utils = trpc.useUtils();
  const complete = trpc.tasks.complete.useMutation();
  const reopen = trpc.tasks.reopen.useMutation();

  async function toggle(task: Pick<Task, 'id' | 'title' | 'status' | 'deal'>, undo = false): Promise<void> {
    const done = task.status === 'open';
    try {
      await (done ? complete : reopen).mutateAsync({ id: task.id });
      if (!undo) {
        toast({
          title: done ? 'Task completed' : 'Task reopened',
          description: task.title,
          action: { label: 'Undo', altText: `Undo: mark “${task.title}” ${done ? 'open' : 'done'} again`, onClick: () => void toggle({ ...task, status: done ? 'done' : 'open' }, true) },
        });
      }
    } catch (error) {
      showError(error, done ? 'Could not complete the task' : 'Could not reopen the task');
    } finally {
      await refreshTasks(utils);
      if (task.deal) void utils.deals.timeline.invalidate({ dealId: task.deal.id });
    }
  }
  return { toggle, pending: complete.isPending || reopen.isPending };
}

/** One task: checkbox, title (opens it), due time (red when overdue), priority, assignee, contact and deal. */
export function TaskItem({ task, timeZone, canWrite, onEdit, showDeal = true }: { task: Task; timeZone: string; canWrite: boolean; onEdit: (task: Task) => void; showDeal?: boolean }) {
  const { toggle } = useToggleTask();
  const [busy, setBusy] = useState(false);
  const done = task.status === 'done';
  return (
    <li className={cn('flex items-start gap-3 px-4 py-3', task.overdue && 'bg-red-50/50 dark:bg-red-950/20')}>
      <Checkbox
        className="mt-1"
        checked={done}
        disabled={!canWrite || busy}
        aria-label={done ? `Reopen “${task.title}”` : `Complete “${task.title}”`}
        onChange={() => {
          setBusy(true);
          void toggle(task).finally(() => setBusy(false));
        }}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            onClick={() => onEdit(task)}
            className={cn('min-w-0 rounded text-left text-sm font-medium text-gray-900 hover:underline dark:text-white', done && 'text-gray-500 line-through dark:text-gray-500', focusRing)}
          >
            {task.title}
          </button>
          <PriorityBadge priority={task.priority} />
          {task.overdue ? <OverdueBadge /> : null}
        </div>
        {task.description ? <p className="line-clamp-2 text-sm text-gray-600 dark:text-gray-400">{task.description}</p> : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-gray-500 dark:text-gray-400">
          {task.dueAt ? (
            <span className={cn('inline-flex items-center gap-1', task.overdue && 'font-semibold text-red-600 dark:text-red-400')}>
              <CalendarClockIcon className="size-3.5" aria-hidden />
              <span className="sr-only">Due</span>
              <time dateTime={task.dueAt}>{formatDue(task.dueAt, timeZone)}</time>
            </span>
          ) : (
            <span>No due date</span>
          )}
          {done && task.completedAt ? <span>Done {formatDue(task.completedAt, timeZone)}</span> : null}
          <span className="inline-flex items-center gap-1">
            <UserIcon className="size-3.5" aria-hidden />
            <span className="sr-only">Assignee:</span>
            {task.assignee?.name ?? 'Unassigned'}
          </span>
          {task.contact ? (
            <Link
              to="/contacts/$contactId"
              params={{ contactId: task.contact.id }}
              className={cn('inline-flex items-center gap-1 rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}
            >
              <UserRoundIcon className="size-3.5" aria-hidden />
              <span className="sr-only">Contact:</span>
              {task.contact.name}
            </Link>
          ) : null}
          {showDeal && task.deal ? (
            <Link
              to="/pipeline/deals/$dealId"
              params={{ dealId: task.deal.id }}
              className={cn('inline-flex items-center gap-1 rounded text-indigo-700 hover:underline dark:text-indigo-300', focusRing)}
            >
              <BriefcaseIcon className="size-3.5" aria-hidden />
              <span className="sr-only">Deal:</span>
              {task.deal.title}
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}
