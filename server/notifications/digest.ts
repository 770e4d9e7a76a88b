import { sql } from 'kysely';
import { effectivePreferences } from '../auth/service';
import { ZPreferences } from '../auth/schema';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { renderNotificationEmail } from '../email/account-templates/notification-emails';
import { queueEmail } from '../email/outbox';
import { readSettings } from '../organizations/settings';
import { addDays, safeZone, zonedParts, zonedTimeToInstant } from '../time/zoned';
import { membersOf, notificationLinks } from './recipients';
import { emailModesOf } from './email-preferences';

export const DIGEST_JOB = 'notifications.digest';
export type DigestJobData = { organizationId: string; userId: string };

/** The digest goes out at this wall-clock time in the member's zone. */
export const DIGEST_TIME = '08:00';

/** A schedule this far past its time has lost its job (failed for good): the next item sends it again. */
const OVERDUE_MS = 3600_000;

/** The first DIGEST_TIME in the zone strictly after `now` (a skipped 08:00 moves forward by the jump). */
export function nextDigestAt(now: Date, timeZone: string): Date {
  const zone = safeZone(timeZone);
  const { date } = zonedParts(now, zone);
  const today = zonedTimeToInstant(date, DIGEST_TIME, zone);
  return today > now ? today : zonedTimeToInstant(addDays(date, 1), DIGEST_TIME, zone);
}

/** The member's own time zone setting, else the organization's. */
export async function zoneOf(trx: Db, organizationId: string, preferences: unknown): Promise<string> {
  const own = ZPreferences.safeParse(preferences);
  if (own.success && own.data.timezone) return own.data.timezone;
  return safeZone((await readSettings(trx, organizationId)).timezone);
}

/**
 * Makes sure the member's next digest is due, in the transaction that stored an item for it: one
 * schedule row per member while items wait, and one job at its time. The upsert locks an existing
 * row, so a digest being sent at that moment waits for this item to commit and then includes it.
 */
export async function scheduleDigest(deps: AppDeps, trx: Db, organizationId: string, member: { id: string; preferences: unknown }, now = new Date()): Promise<void> {
  const dueAt = nextDigestAt(now, await zoneOf(trx, organizationId, member.preferences));
  const row = await scoped(trx, organizationId)
    .insertInto('notification_digest_schedules', { user_id: member.id, due_at: dueAt })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ due_at: (eb) => eb.ref('notification_digest_schedules.due_at') }))
    .returning(['due_at', sql<boolean>`xmax = 0`.as('inserted')])
    .executeTakeFirstOrThrow();
  const overdue = row.due_at.getTime() < now.getTime() - OVERDUE_MS;
  if (!row.inserted && !overdue) return;
  await deps.jobs.send(DIGEST_JOB, { organizationId, userId: member.id }, { db: trx, startAfter: overdue ? now : row.due_at });
}

/**
 * Sends the member one digest of everything waiting since their last one, grouped by kind, and
 * nothing when nothing waits. One transaction: the items are marked sent with the queued message,
 * so each is in exactly one digest, and a crash before the commit sends nothing and keeps them.
 * Items of a kind the member no longer wants by digest (or of a member who left) are dropped.
 */
export async function sendDigest(deps: AppDeps, { organizationId, userId }: DigestJobData): Promise<{ sent: number }> {
  return deps.database.db.transaction().execute(async (trx) => {
    const org = scoped(trx, organizationId);
    await org.deleteFrom('notification_digest_schedules').where('user_id', '=', userId).execute();
    const items = await org
      .selectFrom('notification_email_items')
      .select(['id', 'kind', 'message', 'link', 'created_at'])
      .where('user_id', '=', userId)
      .where('delivery', '=', 'digest')
      .where('sent_at', 'is', null)
      .where('dropped_at', 'is', null)
      .orderBy('created_at')
      .forUpdate()
      .execute();
    if (items.length === 0) return { sent: 0 };
    const [member] = await membersOf(trx, organizationId, [userId]);
    const modes = (await emailModesOf(trx, organizationId, [userId])).get(userId)!;
    const wanted = member?.verified ? items.filter((item) => modes[item.kind] === 'digest') : [];
    const unwanted = items.filter((item) => !wanted.includes(item));
    if (unwanted.length > 0)
      await org
        .updateTable('notification_email_items')
        .set({ dropped_at: sql`now()` })
        .where(
          'id',
          'in',
          unwanted.map((i) => i.id),
        )
        .execute();
    if (!member || wanted.length === 0) return { sent: 0 };
    const organization = await trx.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow();
    const links = notificationLinks(deps.config.publicUrl);
    const rendered = await renderNotificationEmail(
      {
        template: 'notification_digest',
        items: wanted.map((item) => ({ kind: item.kind, message: item.message, link: links.to(item.link), at: item.created_at })),
        timeZone: await zoneOf(trx, organizationId, member.preferences),
        organizationName: organization.name,
        preferencesLink: links.preferences,
        appLink: links.app,
      },
      effectivePreferences(member.preferences).language,
    );
    const queued = await queueEmail(trx, deps, { organizationId, kind: 'account', to: member.email, toName: member.name, userId, consoleLink: links.app, ...rendered });
    await org
      .updateTable('notification_email_items')
      .set({ sent_at: sql`now()`, email_message_id: queued.id })
      .where(
        'id',
        'in',
        wanted.map((i) => i.id),
      )
      .execute();
    return { sent: wanted.length };
  });
}
