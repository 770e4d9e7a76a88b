import { keepPreviousData } from '@tanstack/react-query';
import type { Permission } from '../../../../lib/auth';
import type { trpcUtils } from '../../../../lib/trpc';

/**
 * Loading the dashboards. Loaders ensure the same queries the components read (same input, same
 * cache entry). Entering a screen waits for its figures; switching the period on the screen ("stay")
 * starts the new queries without waiting, so the page keeps the previous figures, marked as updating,
 * instead of a blank spinner. A failed query is not the loader's to report: the panel that reads it
 * says what went wrong, and the rest of the screen still shows.
 */

type Cause = 'enter' | 'stay' | 'preload';

export async function settle(cause: Cause, loads: Promise<unknown>[]): Promise<void> {
  const settled = Promise.allSettled(loads);
  if (cause !== 'stay') await settled;
}

/** Figures older than this are fetched again in the background when a dashboard is opened. */
export const DASHBOARD_FRESH_MS = 60_000;

/**
 * Query options of a dashboard figure: while a new period loads, the previous figures stay on screen
 * (isPlaceholderData marks them); opening the screen again refreshes figures older than a minute in
 * the background — the records behind them change on other screens.
 */
export const dashboardQueryOptions = {
  placeholderData: keepPreviousData,
  refetchOnMount: (query: { state: { dataUpdatedAt: number } }) => (Date.now() - query.state.dataUpdatedAt > DASHBOARD_FRESH_MS ? 'always' : false),
} as const;

/** Whether the member may read something, from the cached auth.me the layout's guard ensured. */
export function permissionsOf(utils: typeof trpcUtils): (permission: Permission) => boolean {
  const me = utils.auth.me.getData();
  return (permission) => Boolean(me?.permissions.includes(permission));
}
