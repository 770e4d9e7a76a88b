import type { RealtimeEvent, RealtimeFrame } from '../events/types';
import { registry } from '../kernel/registry';

/** What an event means for a browser that receives it, from its domain's rule (server/<domain>/domain.ts). */
export type EventMeaning = Pick<RealtimeFrame, 'invalidates' | 'notifies' | 'notifiesActor'>;

/** An event type this process does not know (a row written by a newer version during a deploy) refreshes nothing. */
const UNKNOWN: EventMeaning = { invalidates: [], notifies: false, notifiesActor: false };

/**
 * The queries the event makes stale and whether it raises a notification, for its actor too — the
 * one place these are read from the domains' rules: the client no longer keeps its own lists.
 */
export function meaningOf(event: Pick<RealtimeEvent, 'type' | 'payload'>): EventMeaning {
  const rule = registry().events[event.type];
  if (!rule) return UNKNOWN;
  const paths = typeof rule.invalidates === 'function' ? rule.invalidates(event.payload) : rule.invalidates;
  const notification = rule.notification?.(event.payload);
  return { invalidates: [...new Set(paths)], notifies: notification !== undefined, notifiesActor: notification?.notifyActor === true };
}

/**
 * The bus hands the same event object to every local subscriber of its organization (and the SSE
 * route serializes it once for all of them), so the frame is built once per event in this process,
 * not once per subscriber; a replay's events are read per stream and get their own.
 */
const frames = new WeakMap<RealtimeEvent, RealtimeFrame>();

/** What the realtime stream sends for an event: the event and its meaning (RealtimeFrame). */
export function frameOf(event: RealtimeEvent): RealtimeFrame {
  let frame = frames.get(event);
  if (!frame) {
    frame = { ...event, ...meaningOf(event) };
    frames.set(event, frame);
  }
  return frame;
}
