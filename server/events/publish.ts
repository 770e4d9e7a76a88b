import { sql, type Expression, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import { insertJsonRows, type JsonRow } from '../db/json-rows';
import type { Database, EventsTable, NotificationsTable, RoleKey } from '../db/schema';
import { hiddenFromOwnOnlyRep, mayReceive, rolePermissions } from '../kernel/access';
import { registry } from '../kernel/registry';
import { notificationFor } from './notifications';
import type { EventType } from './types';

export const EVENTS_CHANNEL = 'switchboard_events';

export type EventInput = {
  organizationId: string;
  type: EventType;
  payload?: Record<string, unknown>;
  actorUserId: string | null;
};

const rowOf = (event: EventInput, payload: Record<string, unknown>): JsonRow<EventsTable> => ({
  organization_id: event.organizationId,
  type: event.type,
  payload,
  actor_user_id: event.actorUserId,
});

/** The NOTIFY of a stored event ("<id>:<organization>", sent at commit), over its row's columns. */
export const notifyEvent = (id: Expression<unknown>, organizationId: Expression<unknown>): RawBuilder<unknown> => sql`pg_notify(${EVENTS_CHANNEL}, ${id} || ':' || ${organizationId})`;

/**
 * The rows publishEvents stores, for a change that writes them in its own statement with its other
 * rows (one data-modifying WITH): insert them into `events` (insertJsonRows) returning id and
 * organization_id, and select notifyEvent over those rows ordered by id, so the NOTIFYs go in the
 * events' order. Only for events that raise no notification (publishEvents reads the members for
 * those): an event that would raise one throws.
 */
export function eventRows(events: EventInput[]): JsonRow<EventsTable>[] {
  return events.map((event) => {
    const payload = event.payload ?? {};
    if (notificationFor(event.type, payload)) throw new Error(`eventRows: a ${event.type} event raises notifications; publish it with publishEvents`);
    return rowOf(event, payload);
  });
}

/**
 * Publishes a domain event from inside the transaction of the change (outbox): the row, the
 * notifications it raises and the NOTIFY that wakes every server process all commit with the change
 * or not at all. The NOTIFY carries only "<id>:<organization>"; listeners read the row.
 */
export async function publishEvent(trx: Kysely<Database>, event: EventInput): Promise<number> {
  return (await publishEvents(trx, [event]))[0]!;
}

/**
 * publishEvent for many events of one change (a batch of contacts created by SMS sends): the same
 * rows, notifications and NOTIFYs in a fixed number of statements. Resolves to their ids, in order.
 */
export async function publishEvents(trx: Kysely<Database>, events: EventInput[]): Promise<number[]> {
  if (events.length === 0) return [];
  const payloads = events.map((event) => event.payload ?? {});
  const ids: number[] = [];
  for (let start = 0; start < events.length; start += 1000) {
    const rows = events.slice(start, start + 1000).map((event, i) => rowOf(event, payloads[start + i]!));
    // The rows take their ids from the sequence in the order of the JSON array, so in id order they
    // are the events' order. The statement that stores them NOTIFYs each (sent at commit), in that
    // order: Postgres evaluates a volatile select list after the sort.
    const inserted = await trx
      .with('inserted', (db) => insertJsonRows(db, 'events', rows).returning(['id', 'organization_id']))
      .selectFrom('inserted')
      .select((eb) => ['id', notifyEvent(eb.ref('id'), eb.ref('organization_id')).as('notified')])
      .orderBy('id')
      .execute();
    ids.push(...inserted.map((row) => Number(row.id)));
  }
  const membersOf = new Map<string, Promise<{ id: string; preferences: unknown; role: RoleKey }[]>>();
  const repsSeeOwnOnly = new Map<string, Promise<boolean>>();
  const notifications: Insertable<NotificationsTable>[] = [];
  for (const [i, event] of events.entries()) {
    const draft = notificationFor(event.type, payloads[i]!);
    if (!draft) continue;
    if (!membersOf.has(event.organizationId)) {
      membersOf.set(
        event.organizationId,
        trx
          .selectFrom('memberships')
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select(['users.id', 'users.preferences', 'memberships.role'])
          .where('memberships.organization_id', '=', event.organizationId)
          .execute(),
      );
    }
    let ownOnly = false;
    if (registry().events[event.type]?.ownerScoped) {
      if (!repsSeeOwnOnly.has(event.organizationId)) {
        repsSeeOwnOnly.set(event.organizationId, registry().repsSeeOwnOnly(trx, event.organizationId));
      }
      ownOnly = await repsSeeOwnOnly.get(event.organizationId)!;
    }
    const recipients = (await membersOf.get(event.organizationId)!).filter((m) => {
      if (m.id === event.actorUserId && !draft.notifyActor) return false; // nobody is told what they just did (but a won deal)
      if (draft.recipients && !draft.recipients.includes(m.id)) return false;
      if (!mayReceive(rolePermissions()[m.role], event.type)) return false;
      if (ownOnly && m.role === 'sales_rep' && hiddenFromOwnOnlyRep(event.type, payloads[i]!, m.id)) return false; // a record they cannot see
      const settings = (m.preferences as { notifications?: Record<string, boolean> }).notifications;
      return settings?.[draft.preference] !== false;
    });
    for (const m of recipients)
      notifications.push({ organization_id: event.organizationId, user_id: m.id, event_id: ids[i]!, type: draft.type, title: draft.title, message: draft.message, link: draft.link });
  }
  for (let start = 0; start < notifications.length; start += 1000)
    await trx
      .insertInto('notifications')
      .values(notifications.slice(start, start + 1000))
      .execute();
  return ids;
}
