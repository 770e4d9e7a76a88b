import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { EventType, RealtimeEvent, RealtimeFrame } from '../../server/events/types';
// The assembly installs the domains' event rules, which give each frame its meaning (server/realtime/frame.ts).
import '../../server/assembly';
import { frameOf } from '../../server/realtime/frame';
import { describeEvent, INBOX_QUERY, internalPath, invalidatePaths, isActivity, mayChangeInbox, mayNotify, staleQueriesOf } from '../../client/components/realtime/events';
import { bellLabel, markedRead, notificationsToAnnounce, unreadBadge, withoutNotification, type NotificationList } from '../../client/components/realtime/notifications';

const ev = (type: EventType, payload: Record<string, unknown> = {}, actorUserId: string | null = 'someone'): RealtimeEvent => ({
  id: 1,
  organizationId: 'o',
  type,
  payload,
  actorUserId,
  createdAt: new Date(0).toISOString(),
});
/** The frame the server sends for the event, from its domain's rule. */
const frame = (type: EventType, payload: Record<string, unknown> = {}, actorUserId: string | null = 'someone'): RealtimeFrame => frameOf(ev(type, payload, actorUserId));

describe('which queries an event makes stale here', () => {
  it('the ones its frame names', () => {
    expect(staleQueriesOf(frame('deal_moved', {}, 'colleague'), 'me')).toEqual(frame('deal_moved').invalidates);
    expect(staleQueriesOf({ invalidates: ['contacts.list', 'analytics'], notifies: false, notifiesActor: false, actorUserId: null }, 'me')).toEqual(['contacts.list', 'analytics']);
  });

  it('and the inbox when the event may have raised a notification, unless I did it', () => {
    expect(staleQueriesOf(frame('contact_created', {}, 'colleague'), 'me')).toContain(INBOX_QUERY);
    expect(staleQueriesOf(frame('contact_created', {}, 'me'), 'me')).not.toContain(INBOX_QUERY);
    expect(staleQueriesOf(frame('import_finished', {}, null), 'me')).toContain(INBOX_QUERY);
    expect(staleQueriesOf(frame('deal_moved', {}, 'colleague'), 'me')).not.toContain(INBOX_QUERY);
    expect(staleQueriesOf(frame('user_joined', { userId: 'x' }, 'x'), 'me')).toEqual([]);
  });

  it('a deal I marked won refreshes my inbox (it holds my Deal Won! too) without announcing it again', () => {
    expect(staleQueriesOf(frame('deal_won', {}, 'me'), 'me')).toContain(INBOX_QUERY);
    expect(mayChangeInbox(frame('deal_won', {}, 'me'), 'me')).toBe(true);
    expect(mayNotify(frame('deal_won', {}, 'me'), 'me')).toBe(false);
    expect(mayNotify(frame('deal_won', {}, 'a'), 'b')).toBe(true);
    expect(mayChangeInbox(frame('contact_created', {}, 'me'), 'me')).toBe(false);
  });
});

describe('invalidating by query path', () => {
  /** tRPC's query keys: [path segments, { input, type }]. */
  const key = (path: string, input: unknown, type: 'query' | 'infinite' = 'query') => [path.split('.'), { input, type }];

  it('marks stale every input of a procedure, and every query of a router, and nothing else', async () => {
    const client = new QueryClient();
    const keys = {
      list: key('contacts.list', { search: 'a' }),
      listOther: key('contacts.list', { search: 'b' }),
      listInfinite: key('contacts.list', { search: 'a' }, 'infinite'),
      get: key('contacts.get', { id: '1' }),
      dashboard: key('analytics.dashboard', { period: '30d' }),
      insights: key('analytics.insights', undefined),
      deals: key('deals.list', {}),
      plain: ['contacts.list'],
    };
    for (const k of Object.values(keys)) client.setQueryData(k, 'data');
    await invalidatePaths(client, ['contacts.list', 'analytics']);
    const invalidated = Object.entries(keys)
      .filter(([, k]) => client.getQueryState(k)?.isInvalidated)
      .map(([name]) => name);
    expect(invalidated.sort()).toEqual(['dashboard', 'insights', 'list', 'listInfinite', 'listOther']);
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
