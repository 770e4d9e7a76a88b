import { atom } from 'jotai';
import type { RealtimeEvent } from '../../server/events/types';
import { EVENTS_KEPT } from '../../server/realtime/schema';

/**
 * The realtime slice of client state (spec app-core §3, §4.2): what only this browser knows about
 * its live connection. Server state stays in the query cache — notifications are the
 * `notifications.list` query (invalidated when an event may have raised one), names of who is online
 * the `realtime.presence` query. This slice holds the connection status, the buffer of the newest
 * events received on the stream, and who is online as ids (the presence snapshot plus the
 * user_joined / user_left deltas since).
 */

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

export type RealtimeState = {
  connectionStatus: ConnectionStatus;
  /** Newest first, at most EVENTS_KEPT, each id once. */
  events: RealtimeEvent[];
  /** User ids online in the organization, in the order they were seen. */
  activeUsers: string[];
};

export type RealtimeAction =
  | { type: 'setStatus'; status: ConnectionStatus }
  | { type: 'eventReceived'; event: RealtimeEvent }
  /**
   * A fresh `realtime.presence` answer replaces the list; `since` are the presence events that
   * arrived while it was on its way (already in the buffer), applied again on top of it.
   */
  | { type: 'presenceLoaded'; userIds: readonly string[]; since?: readonly RealtimeEvent[] }
  | { type: 'reset' };

export const initialRealtimeState: RealtimeState = { connectionStatus: 'disconnected', events: [], activeUsers: [] };

export { EVENTS_KEPT };

export function isConnected(state: Pick<RealtimeState, 'connectionStatus'>): boolean {
  return state.connectionStatus === 'connected';
}

const userIdOf = (event: RealtimeEvent): string | null => {
  const id = event.payload.userId;
  return typeof id === 'string' && id ? id : null;
};

/** user_joined adds the user when absent; user_left removes them; every other event leaves the list alone. */
export function applyPresence(activeUsers: readonly string[], event: RealtimeEvent): string[] {
  const userId = userIdOf(event);
  if (!userId) return activeUsers as string[];
  if (event.type === 'user_joined') return activeUsers.includes(userId) ? (activeUsers as string[]) : [...activeUsers, userId];
  if (event.type === 'user_left') return activeUsers.includes(userId) ? activeUsers.filter((id) => id !== userId) : (activeUsers as string[]);
  return activeUsers as string[];
}

/** The event at the front, the buffer cut to EVENTS_KEPT; an id already held is not added twice. */
export function addEvent(events: readonly RealtimeEvent[], event: RealtimeEvent, kept: number = EVENTS_KEPT): RealtimeEvent[] {
  if (events.some((e) => e.id === event.id)) return events as RealtimeEvent[];
  return [event, ...events].slice(0, kept);
}

export function realtimeReducer(state: RealtimeState, action: RealtimeAction): RealtimeState {
  switch (action.type) {
    case 'setStatus':
      return state.connectionStatus === action.status ? state : { ...state, connectionStatus: action.status };
    case 'eventReceived': {
      const events = addEvent(state.events, action.event);
      if (events === state.events) return state;
      return { ...state, events, activeUsers: applyPresence(state.activeUsers, action.event) };
    }
    case 'presenceLoaded': {
      let activeUsers = [...new Set(action.userIds)];
      for (const event of action.since ?? []) activeUsers = applyPresence(activeUsers, event);
      return { ...state, activeUsers };
    }
    case 'reset':
      return initialRealtimeState;
  }
}

export const realtimeStateAtom = atom<RealtimeState>(initialRealtimeState);

/** Write-only: `set(realtimeDispatchAtom, action)` applies one transition. */
export const realtimeDispatchAtom = atom(null, (get, set, action: RealtimeAction) => {
  const next = realtimeReducer(get(realtimeStateAtom), action);
  if (next !== get(realtimeStateAtom)) set(realtimeStateAtom, next);
});

export const connectionStatusAtom = atom((get) => get(realtimeStateAtom).connectionStatus);
export const isConnectedAtom = atom((get) => isConnected(get(realtimeStateAtom)));
export const realtimeEventsAtom = atom((get) => get(realtimeStateAtom).events);
export const activeUsersAtom = atom((get) => get(realtimeStateAtom).activeUsers);
