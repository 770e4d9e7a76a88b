import type { Page } from 'playwright-core';
import { trpcCall, trpcQuery } from './accounts';
import type { E2E } from './app';

/** A personal calendar "Cleaning visit" (slug cleaning-visit) of the signed-in member, 30-minute slots in `hours` every day, in UTC. */
export async function cleaningVisitCalendar(page: Page, e2e: E2E, hours: { start: string; end: string }): Promise<{ id: string }> {
  const me = ((await (await trpcQuery(page, 'auth.me')).json()) as { result: { data: { user: { id: string } } } }).result.data.user.id;
  const day = [hours];
  return trpcCall(page, e2e, 'calendars.create', {
    name: 'Cleaning visit',
    slug: 'cleaning-visit',
    kind: 'personal',
    slotMinutes: 30,
    members: [{ userId: me, timeZone: 'UTC', weekly: [day, day, day, day, day, day, day], overrides: [] }],
  });
}
