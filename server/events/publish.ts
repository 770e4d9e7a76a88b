import { sql, type Kysely } from 'kysely';
import { ROLE_PERMISSIONS } from '../auth/permissions';
import type { Database } from '../db/schema';
import { notificationFor } from './notifications';
import { mayReceive, type EventType } from './types';

export const EVENTS_CHANNEL = 'switchboard_events';

export type EventInput = {
  organizationId: string;
  type: EventType;
  payload?: Record<string, unknown>;
  actorUserId: string | null;
};

/**
 * Publishes a domain event from inside the transaction of the change (outbox): the row, the
 * notifications it raises and the NOTIFY that wakes every server process all commit with the change
 * or not at all. The NOTIFY carries only "<id>:<organization>"; listeners read the row.
 */
export async function publishEvent(trx: Kysely<Database>, event: EventInput): Promise<number> {
  const payload = event.payload ?? {};
  const row = await trx
    .insertInto('events')
    .values({ organization_id: event.organizationId, type: event.type, payload: JSON.stringify(payload), actor_user_id: event.actorUserId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  const draft = notificationFor(event.type, payload);
  if (draft) {
    const members = await trx
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id', 'users.preferences', 'memberships.role'])
      .where('memberships.organization_id', '=', event.organizationId)
      .execute();
    const recipients = members.filter((m) => {
      if (m.id === event.actorUserId) return false; // nobody is told what they just did
      if (!mayReceive(ROLE_PERMISSIONS[m.role], event.type)) return false;
      const settings = (m.preferences as { notifications?: Record<string, boolean> }).notifications;
      return settings?.[draft.preference] !== false;
    });
    if (recipients.length > 0) {
      await trx
        .insertInto('notifications')
        .values(recipients.map((m) => ({ organization_id: event.organizationId, user_id: m.id, event_id: id, type: draft.type, title: draft.title, message: draft.message, link: draft.link })))
        .execute();
    }
  }
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${`${id}:${event.organizationId}`})`.execute(trx);
  return id;
}
