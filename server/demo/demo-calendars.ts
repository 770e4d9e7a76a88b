import { ensureBookingHandle } from '../calendars/repo';
import { DEFAULT_WEEKLY } from '../calendars/schema';
import type { Db } from '../db';
import { scoped } from '../db/scoped';

/**
 * The demo workspace's booking calendar (issue #20): a round-robin "Discovery call" shared by its two
 * sales reps, weekdays 09:00–17:00 in their own zones, so /book/<handle>/discovery-call shows real
 * slots (their demo appointments block theirs) and a visitor's booking lands on the less recently booked.
 */
export async function seedDemoCalendar(db: Db, organizationId: string): Promise<void> {
  const reps = await scoped(db, organizationId).selectFrom('memberships').select('user_id').where('role', '=', 'sales_rep').orderBy('created_at').orderBy('user_id').limit(2).execute();
  if (reps.length === 0) return;
  await ensureBookingHandle(db, organizationId);
  const calendar = await scoped(db, organizationId)
    .insertInto('calendars', {
      slug: 'discovery-call',
      name: 'Discovery call',
      description: 'Thirty minutes with our team: your goals, your current tools, and whether we are a fit.',
      kind: 'round_robin',
      slot_minutes: 30,
      buffer_after_minutes: 10,
      minimum_notice_minutes: 240,
      maximum_per_day: 6,
      horizon_days: 60,
      location: 'Video call (the link comes with the confirmation)',
      questions: JSON.stringify([{ id: 'goal', label: 'What would you like to get out of the call?', required: false, multiline: true }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const zones = ['America/New_York', 'Europe/London'];
  await scoped(db, organizationId)
    .insertInto(
      'calendar_members',
      reps.map((rep, position) => ({ calendar_id: calendar.id, user_id: rep.user_id, position, time_zone: zones[position]!, weekly: JSON.stringify(DEFAULT_WEEKLY), overrides: '[]' })),
    )
    .execute();
}
