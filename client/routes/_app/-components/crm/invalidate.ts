import type { trpc } from '../../../../lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

/** After a deal changes: the board, the list, the deal, pipeline counts and every dashboard figure. */
export function refreshDeals(utils: Utils): Promise<unknown> {
  return Promise.all([utils.deals.invalidate(), utils.pipelines.list.invalidate(), utils.analytics.invalidate()]);
}

/** After a task changes: its lists and tab counts, and reports built on tasks. */
export function refreshTasks(utils: Utils): Promise<unknown> {
  return Promise.all([utils.tasks.invalidate(), utils.analytics.invalidate()]);
}

/** After an appointment changes: the calendar, the appointment, and reports built on appointments. */
export function refreshAppointments(utils: Utils): Promise<unknown> {
  return Promise.all([utils.appointments.invalidate(), utils.analytics.invalidate()]);
}
