import type { AnyTRPCProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
// The assembly installs the domains' event rules (server/<domain>/domain.ts) in the kernel registry.
import { appRouter } from '../../server/assembly';
import { DOMAINS } from '../../server/domains';
import { notificationFor } from '../../server/events/notifications';
import { PRESENCE_EVENTS, type EventRule, type EventType, type RealtimeEvent } from '../../server/events/types';
import { registry } from '../../server/kernel/registry';
import { frameOf, meaningOf } from '../../server/realtime/frame';

const ev = (type: EventType, payload: Record<string, unknown> = {}, actorUserId: string | null = 'someone'): RealtimeEvent => ({
  id: 1,
  organizationId: 'o',
  type,
  payload,
  actorUserId,
  createdAt: new Date(0).toISOString(),
});
const stale = (type: EventType, payload: Record<string, unknown> = {}) => meaningOf({ type, payload }).invalidates;

/** Payloads that exercise the payload-dependent rules (a deletion, a creation) and ones that carry nothing. */
const SAMPLE_PAYLOADS: Record<string, unknown>[] = [{}, { change: 'created' }, { change: 'updated' }, { change: 'deleted' }];

/** The app router's procedures by path ('contacts.list'). */
const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
const isQueryPath = (path: string) => procedures[path]?._def.type === 'query' || Object.keys(procedures).some((p) => p.startsWith(`${path}.`));

describe('what an event makes stale, as its domain declares it', () => {
  it('contacts, deals, tasks, appointments and imports refresh their live lists', () => {
    expect(stale('contact_created')).toEqual(expect.arrayContaining(['contacts.list', 'analytics']));
    expect(stale('contact_updated')).toEqual(expect.arrayContaining(['contacts.list', 'contacts.get', 'contacts.timeline', 'deals.board']));
    expect(stale('lead_captured')).toEqual(expect.arrayContaining(['contacts.list']));
    expect(stale('deal_moved')).toEqual(expect.arrayContaining(['deals.board', 'deals.list', 'deals.get', 'analytics']));
    expect(stale('deal_won')).toEqual(expect.arrayContaining(['deals.board', 'deals.list', 'deals.get', 'analytics', 'contacts.timeline']));
    expect(stale('task_completed')).toEqual(expect.arrayContaining(['tasks.list', 'tasks.counts', 'tasks.get']));
    expect(stale('appointment_changed', { change: 'created' })).toEqual(expect.arrayContaining(['appointments.list', 'appointments.search', 'appointments.get']));
    expect(stale('import_finished')).toEqual(expect.arrayContaining(['imports.list', 'imports.get', 'contacts.list']));
    expect(stale('member_joined')).toEqual(expect.arrayContaining(['members.list', 'organizations.roles']));
    expect(stale('sms_received')).toEqual(expect.arrayContaining(['sms', 'contacts.timeline', 'conversations']));
    // A run ended: the workflows' counts, the run history, the builder's step counts and the overview.
    expect(stale('automation_completed', { automationId: 'a1', name: 'Welcome' })).toContain('automations');
  });

  it("a deletion leaves the deleted record's own query alone, and refreshes what listed it", () => {
    expect(stale('contact_deleted')).not.toContain('contacts.get');
    expect(stale('contact_deleted')).toEqual(expect.arrayContaining(['contacts.list', 'deals.board', 'tasks.list', 'appointments.list']));
    expect(stale('deal_deleted')).not.toContain('deals.get');
    expect(stale('deal_deleted')).toContain('deals.board');
    expect(stale('task_deleted')).not.toContain('tasks.get');
    expect(stale('appointment_changed', { change: 'deleted' })).not.toContain('appointments.get');
    expect(stale('appointment_changed', { change: 'deleted' })).toEqual(expect.arrayContaining(['appointments.list', 'appointments.search']));
  });

  it('presence refreshes nothing; an event type this process does not know refreshes nothing and notifies no one', () => {
    expect(stale('user_joined', { userId: 'x' })).toEqual([]);
    expect(stale('user_left', { userId: 'x' })).toEqual([]);
    expect(meaningOf({ type: 'from_a_newer_version' as EventType, payload: {} })).toEqual({ invalidates: [], notifies: false, notifiesActor: false });
  });

  it('a won deal notifies its actor too; other notifying events notify everyone else; most notify no one', () => {
    expect(meaningOf(ev('deal_won', { title: 'Navy', valueMinor: 1250000, currency: 'USD' }))).toMatchObject({ notifies: true, notifiesActor: true });
    expect(meaningOf(ev('contact_created', { name: 'Grace' }))).toMatchObject({ notifies: true, notifiesActor: false });
    expect(meaningOf(ev('deal_moved'))).toMatchObject({ notifies: false, notifiesActor: false });
  });

  it('the flags are what the server notifies: every event type, read from the same notification rule', () => {
    const sample = { name: 'x', title: 't', contactId: 'c', dealId: 'd', automationId: 'a', from: 'f', body: 'b' };
    for (const type of Object.keys(registry().events) as EventType[]) {
      const notification = notificationFor(type, sample);
      expect(meaningOf({ type, payload: sample }), type).toMatchObject({ notifies: notification !== null, notifiesActor: notification?.notifyActor === true });
    }
  });
});

describe('every event type declares what it makes stale', () => {
  const declared: [string, EventRule][] = [...Object.entries(PRESENCE_EVENTS), ...DOMAINS.flatMap((d) => Object.entries((d.events ?? {}) as Record<string, EventRule>))];

  it('each domain event and presence event, the registry holding exactly those', () => {
    expect(declared.map(([type]) => type).sort()).toEqual(Object.keys(registry().events).sort());
    for (const [type, rule] of declared) {
      expect(Array.isArray(rule.invalidates) || typeof rule.invalidates === 'function', `${type} declares invalidates`).toBe(true);
    }
  });

  it('as query paths of the app router (a query, or a router), whatever the payload', () => {
    for (const [type, rule] of declared) {
      for (const payload of SAMPLE_PAYLOADS) {
        const paths = typeof rule.invalidates === 'function' ? rule.invalidates(payload) : rule.invalidates;
        expect(Array.isArray(paths), type).toBe(true);
        for (const path of paths) expect(isQueryPath(path), `${type} invalidates ${path}`).toBe(true);
      }
    }
    expect(isQueryPath('contacts.create')).toBe(false);
    expect(isQueryPath('contacts.lists')).toBe(false);
  });
});

describe('the frame the stream sends', () => {
  it('is the event with its meaning, built once per event object', () => {
    const event = ev('contact_created', { name: 'Grace', contactId: 'c1' }, 'ada');
    const frame = frameOf(event);
    expect(frame).toMatchObject({ ...event, notifies: true, notifiesActor: false });
    expect(frame.invalidates).toEqual(expect.arrayContaining(['contacts.list', 'analytics']));
    expect(frameOf(event)).toBe(frame);
    expect(frameOf({ ...event })).not.toBe(frame);
  });
});
