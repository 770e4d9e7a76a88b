import type { NotificationType } from '../db/schema';
import type { Permission } from '../kernel/permissions';

/**
 * Every domain event type. The kernel's own (presence) are here; each domain adds its own by
 * augmenting this interface in its description (server/<domain>/domain.ts).
 */
export interface EventRegistry {
  user_joined: true;
  user_left: true;
}

export type EventType = keyof EventRegistry & string;

/** A notification an event raises: the spec's texts exactly (app-core §4.2). */
export type NotificationDraft = {
  /** The key of the user's notification settings that turns it off. */
  preference: string;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  /**
   * The member who caused the event gets it too. Nobody is told what they just did, except a won
   * deal: the one who marked it won sees it celebrated, and their inbox keeps it like everyone's.
   */
  notifyActor?: true;
  /** Only these members, among those who may receive it (a failed run goes to its workflow's owner, not everyone). */
  recipients?: readonly string[];
};

/** What a domain says of each of its event types: who may receive it (null: every member) and the notification it raises, if any. */
export type EventRule = {
  permission: Permission | null;
  notification?: (payload: Record<string, unknown>) => NotificationDraft;
  /**
   * The event is about a record Sales Reps see only when they own it (the organization setting
   * "Sales Reps see only contacts and deals they own"): its payload carries the record's `ownerId`,
   * and `previousOwnerId` when the change moved it away from someone. Other reps neither receive it
   * live nor are notified of it.
   */
  ownerScoped?: true;
  /**
   * The tRPC query paths whose cached answers the event makes stale in a browser that receives it: a
   * procedure ('contacts.list': every input of it) or a whole router ('analytics'). A function of the
   * payload when that decides (a deleted record's own query is left alone: asking again would only be
   * refused). Written `as const` (a function returns `… as const`): the assembly checks every path
   * against the app router's queries, so a typo fails the typecheck (server/assembly.ts). `[]`: the
   * event refreshes nothing (presence, delivery statuses). The realtime stream sends the list with the
   * event (RealtimeFrame); the client's invalidation is generic (client/components/realtime/events.ts).
   */
  invalidates: Invalidates;
};

/** What an event makes stale: fixed paths, or paths read from its payload (see EventRule.invalidates). */
export type Invalidates = readonly string[] | ((payload: Record<string, unknown>) => readonly string[]);

/** The kernel's own event types: who is online (server/events/presence.ts). */
export const PRESENCE_EVENTS = {
  user_joined: { permission: null, invalidates: [] },
  user_left: { permission: null, invalidates: [] },
} as const satisfies Record<'user_joined' | 'user_left', EventRule>;

/** What a subscriber receives: small, the same object for every subscriber of the organization. */
export type RealtimeEvent = {
  id: number;
  organizationId: string;
  type: EventType;
  payload: Record<string, unknown>;
  actorUserId: string | null;
  createdAt: string;
};

/**
 * What the realtime stream sends for an event: the event, and what it means for a browser, from its
 * domain's rule (server/<domain>/domain.ts) — computed once per event in a process, not per subscriber
 * (server/realtime/frame.ts). `notifies`: it raises a notification (for members other than its actor);
 * `notifiesActor`: its actor is notified too (a won deal).
 */
export type RealtimeFrame = RealtimeEvent & { invalidates: readonly string[]; notifies: boolean; notifiesActor: boolean };
