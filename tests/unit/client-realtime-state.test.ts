import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { EventType, RealtimeEvent } from '../../server/events/types';
import {
  activeUsersAtom,
  connectionStatusAtom,
  EVENTS_KEPT,
  initialRealtimeState,
  isConnected,
  isConnectedAtom,
  realtimeDispatchAtom,
  realtimeEventsAtom,
  realtimeReducer,
  type RealtimeState,
} from '../../client/state/realtime';

let nextId = 1;
function event(type: EventType, payload: Record<string, unknown> = {}, id = nextId++): RealtimeEvent {
  return { id, organizationId: 'org', type, payload, actorUserId: null, createdAt: new Date(1_700_000_000_000 + id * 1000).toISOString() };
}

const received = (state: RealtimeState, e: RealtimeEvent) => realtimeReducer(state, { type: 'eventReceived', event: e });

describe('realtime slice (spec app-core §3, §4.2)', () => {
  it('starts disconnected, with no events and nobody online', () => {
    expect(initialRealtimeState).toEqual({ connectionStatus: 'disconnected', events: [], activeUsers: [] });
    expect(isConnected(initialRealtimeState)).toBe(false);
  });

  it('sets the connection status directly; only "connected" is connected', () => {
    let state = initialRealtimeState;
    state = realtimeReducer(state, { type: 'setStatus', status: 'connecting' });
    expect(state.connectionStatus).toBe('connecting');
    expect(isConnected(state)).toBe(false);
    state = realtimeReducer(state, { type: 'setStatus', status: 'connected' });
    expect(isConnected(state)).toBe(true);
    state = realtimeReducer(state, { type: 'setStatus', status: 'disconnected' });
    expect(isConnected(state)).toBe(false);
    // The same status again changes nothing (no re-render for subscribers).
    expect(realtimeReducer(state, { type: 'setStatus', status: 'disconnected' })).toBe(state);
  });

  it('adds events at the front and keeps the newest 100', () => {
    expect(EVENTS_KEPT).toBe(100);
    let state = initialRealtimeState;
    const all = Array.from({ length: 105 }, (_, i) => event('contact_created', { name: `n${i}` }));
    for (const e of all) state = received(state, e);
    expect(state.events).toHaveLength(100);
    expect(state.events[0]).toBe(all[104]);
    expect(state.events[99]).toBe(all[5]);
  });

  it('does not add an event id twice (a replay that overlaps)', () => {
    const e = event('deal_moved');
    const once = received(initialRealtimeState, e);
    expect(received(once, { ...e })).toBe(once);
  });

  it('user_joined adds the user when absent; user_left removes them', () => {
    let state = realtimeReducer(initialRealtimeState, { type: 'presenceLoaded', userIds: ['a'] });
    state = received(state, event('user_joined', { userId: 'b' }));
    expect(state.activeUsers).toEqual(['a', 'b']);
    state = received(state, event('user_joined', { userId: 'a' }));
    expect(state.activeUsers).toEqual(['a', 'b']);
    state = received(state, event('user_left', { userId: 'a' }));
    expect(state.activeUsers).toEqual(['b']);
    state = received(state, event('user_left', { userId: 'nobody' }));
    expect(state.activeUsers).toEqual(['b']);
    // Other events and presence events without a user id leave the list alone.
    state = received(state, event('contact_created', { userId: 'c' }));
    state = received(state, event('user_joined', {}));
    expect(state.activeUsers).toEqual(['b']);
  });

  it('a presence snapshot replaces the list, then the comings and goings that arrived meanwhile apply on top', () => {
    let state = realtimeReducer(initialRealtimeState, { type: 'presenceLoaded', userIds: ['old'] });
    state = realtimeReducer(state, {
      type: 'presenceLoaded',
      userIds: ['a', 'b', 'a'],
      since: [event('user_left', { userId: 'b' }), event('user_joined', { userId: 'c' })],
    });
    expect(state.activeUsers).toEqual(['a', 'c']);
  });

  it('reset forgets everything (another organization or user)', () => {
    let state = received(realtimeReducer(initialRealtimeState, { type: 'setStatus', status: 'connected' }), event('user_joined', { userId: 'x' }));
    state = realtimeReducer(state, { type: 'reset' });
    expect(state).toEqual(initialRealtimeState);
  });

  it('exposes status, isConnected, events and activeUsers as atoms over one dispatch', () => {
    const store = createStore();
    store.set(realtimeDispatchAtom, { type: 'setStatus', status: 'connected' });
    const e = event('user_joined', { userId: 'u1' });
    store.set(realtimeDispatchAtom, { type: 'eventReceived', event: e });
    expect(store.get(connectionStatusAtom)).toBe('connected');
    expect(store.get(isConnectedAtom)).toBe(true);
    expect(store.get(realtimeEventsAtom)).toEqual([e]);
    expect(store.get(activeUsersAtom)).toEqual(['u1']);
  });
});
