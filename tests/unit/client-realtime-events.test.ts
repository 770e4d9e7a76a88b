import { describe, expect, it } from 'vitest';
import type { EventType, RealtimeEvent } from '../../server/events/types';
// The assembly installs the domains' event types and notification texts (server/<domain>/domain.ts).
import '../../server/assembly';
import { registry } from '../../server/kernel/registry';
import { notificationFor } from '../../server/events/notifications';
import { ACTOR_NOTIFYING_EVENTS, describeEvent, internalPath, isActivity, liveQueriesFor, mayNotify, NOTIFYING_EVENTS } from '../../client/components/realtime/events';
import { bellLabel, markedRead, notificationsToAnnounce, unreadBadge, withoutNotification, type NotificationList } from '../../client/components/realtime/notifications';

const ev = (type: EventType, payload: Record<string, unknown> = {}, actorUserId: string | null = 'someone'): RealtimeEvent => ({
  id: 1,
  organizationId: 'o',
  type,
  payload,
  actorUserId,
  createdAt: new Date(0).toISOString(),
});

describe('which queries an event makes stale', () => {
  it('contacts, deals, tasks, appointments and imports refresh their live lists', () => {
    expect(liveQueriesFor(ev('contact_created'))).toEqual(expect.arrayContaining(['contacts.list', 'analytics']));
    expect(liveQueriesFor(ev('contact_updated'))).toEqual(expect.arrayContaining(['contacts.list', 'contacts.get', 'contacts.timeline']));
    expect(liveQueriesFor(ev('deal_moved'))).toEqual(expect.arrayContaining(['deals.board', 'deals.list', 'deals.get', 'analytics']));
    expect(liveQueriesFor(ev('deal_won'))).toEqual(expect.arrayContaining(['deals.board', 'deals.list', 'deals.get', 'analytics']));
    expect(liveQueriesFor(ev('task_completed'))).toEqual(expect.arrayContaining(['tasks.list', 'tasks.counts', 'tasks.get']));
    expect(liveQueriesFor(ev('appointment_changed', { change: 'created' }))).toEqual(expect.arrayContaining(['appointments.list', 'appointments.get']));
    expect(liveQueriesFor(ev('import_finished'))).toEqual(expect.arrayContaining(['imports.list', 'imports.get', 'contacts.list']));
    expect(liveQueriesFor(ev('member_joined'))).toEqual(expect.arrayContaining(['members.list']));
  });

  it("a deletion leaves the deleted record's own query alone", () => {
    expect(liveQueriesFor(ev('contact_deleted'))).not.toContain('contacts.get');
    expect(liveQueriesFor(ev('deal_deleted'))).not.toContain('deals.get');
    expect(liveQueriesFor(ev('task_deleted'))).not.toContain('tasks.get');
    expect(liveQueriesFor(ev('appointment_changed', { change: 'deleted' }))).not.toContain('appointments.get');
    expect(liveQueriesFor(ev('deal_deleted'))).toContain('deals.board');
  });

  it('an event that may raise a notification refreshes the notifications, unless I did it', () => {
    expect(liveQueriesFor(ev('contact_created', {}, 'colleague'), 'me')).toContain('notifications.list');
    expect(liveQueriesFor(ev('contact_created', {}, 'me'), 'me')).not.toContain('notifications.list');
    expect(liveQueriesFor(ev('import_finished', {}, null), 'me')).toContain('notifications.list');
    expect(liveQueriesFor(ev('deal_moved', {}, 'colleague'), 'me')).not.toContain('notifications.list');
    expect(liveQueriesFor(ev('user_joined', { userId: 'x' }, 'x'), 'me')).toEqual([]);
  });

  it('a deal I marked won refreshes my inbox (it holds my Deal Won! too) without announcing it again', () => {
    expect(liveQueriesFor(ev('deal_won', {}, 'me'), 'me')).toContain('notifications.list');
    expect(mayNotify(ev('deal_won', {}, 'me'), 'me')).toBe(false);
  });

  it('the events that notify their actor are exactly those the server notifies the actor of', () => {
    const sample = { name: 'x', title: 't', contactId: 'c', dealId: 'd', automationId: 'a', from: 'f', body: 'b' };
    const server = (Object.keys(registry().events) as EventType[]).filter((t) => notificationFor(t, sample)?.notifyActor);
    expect([...ACTOR_NOTIFYING_EVENTS].sort()).toEqual(server.sort());
  });

  it('the notifying types are exactly those the server writes notifications for', () => {
    const sample = { name: 'x', title: 't', contactId: 'c', dealId: 'd', automationId: 'a', from: 'f', body: 'b' };
    const server = (Object.keys(registry().events) as EventType[]).filter((t) => notificationFor(t, sample) !== null);
    expect([...NOTIFYING_EVENTS].sort()).toEqual(server.sort());
    expect(mayNotify(ev('deal_won', {}, 'a'), 'b')).toBe(true);
    expect(mayNotify(ev('deal_won', {}, 'b'), 'b')).toBe(false);
  });
});

describe('activity sentences', () => {
  const names = (id: string) => ({ me: 'You', ada: 'Ada Lovelace' })[id] ?? null;
  it('name the actor and link the record', () => {
    expect(describeEvent(ev('contact_created', { name: 'Grace Hopper', contactId: 'c1' }, 'ada'), names)).toEqual({ text: 'Ada Lovelace added “Grace Hopper”', link: '/contacts/c1' });
    expect(describeEvent(ev('deal_moved', { title: 'Navy', toStage: 'Proposal', dealId: 'd1' }, 'me'), names)).toEqual({ text: 'You moved “Navy” to Proposal', link: '/pipeline/deals/d1' });
    expect(describeEvent(ev('contact_updated', { contactIds: ['a', 'b'], count: 2 }, 'x'), names).text).toBe('A teammate updated 2 contacts');
    expect(describeEvent(ev('task_completed', { title: 'Call back' }, null), names).text).toBe('An integration completed “Call back”');
    expect(describeEvent(ev('import_finished', { filename: 'leads.csv', createdCount: 3, updatedCount: 1, errorCount: 0 }, null), names).text).toBe(
      'Import of “leads.csv” finished: 3 created, 1 updated, 0 with errors',
    );
    expect(describeEvent(ev('deal_deleted', { title: 'Gone' }, 'ada'), names).link).toBeNull();
  });

  it('leave presence out of the activity list', () => {
    expect(isActivity(ev('user_joined'))).toBe(false);
    expect(isActivity(ev('user_left'))).toBe(false);
    expect(isActivity(ev('deal_won'))).toBe(true);
  });

  it('only follow links on this site', () => {
    expect(internalPath('/contacts/1')).toBe('/contacts/1');
    expect(internalPath('//evil.example/x')).toBeNull();
    expect(internalPath('https://evil.example')).toBeNull();
    expect(internalPath(null)).toBeNull();
  });
});

describe('notifications in the bell', () => {
  const list: NotificationList = {
    unread: 2,
    items: [
      { id: 'n3', type: 'success', title: 'Deal Won!', message: 'Navy - $12,500', link: '/pipeline/deals/d', read: false, eventId: 30, timestamp: '2024-01-01T00:00:03Z' },
      { id: 'n2', type: 'success', title: 'New Contact', message: 'Grace has been added to your contacts', link: null, read: false, eventId: 20, timestamp: '2024-01-01T00:00:02Z' },
      { id: 'n1', type: 'info', title: 'Old', message: 'm', link: null, read: true, eventId: 10, timestamp: '2024-01-01T00:00:01Z' },
    ],
  };

  it('announces only unread notifications raised by the events just received, once each', () => {
    expect(notificationsToAnnounce(list.items, new Set([20, 30, 10]), new Set()).map((n) => n.id)).toEqual(['n3', 'n2']);
    expect(notificationsToAnnounce(list.items, new Set([20]), new Set()).map((n) => n.id)).toEqual(['n2']);
    expect(notificationsToAnnounce(list.items, new Set([20, 30]), new Set(['n3'])).map((n) => n.id)).toEqual(['n2']);
    expect(notificationsToAnnounce(list.items, new Set([99]), new Set())).toEqual([]);
  });

  it('shows the unread count on the bell and in its name', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(3)).toBe('3');
    expect(unreadBadge(120)).toBe('99+');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(2)).toBe('Notifications, 2 unread');
  });

  it('marks one or all read and removes one, keeping the unread count true', () => {
    const one = markedRead(list, 'n2');
    expect(one.unread).toBe(1);
    expect(one.items.find((n) => n.id === 'n2')!.read).toBe(true);
    expect(markedRead(list, 'n1').unread).toBe(2);
    const all = markedRead(list);
    expect(all.unread).toBe(0);
    expect(all.items.every((n) => n.read)).toBe(true);
    expect(withoutNotification(list, 'n3')).toEqual({ unread: 1, items: [list.items[1], list.items[2]] });
    expect(withoutNotification(list, 'n1').unread).toBe(2);
    expect(withoutNotification(list, 'zz')).toBe(list);
  });
});
