import type { QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '../../../server/assembly';
import type { RealtimeEvent, RealtimeFrame } from '../../../server/events/types';
import type { QueryPath } from '../../../server/kernel/domain';

/**
 * What a realtime event means for this browser: which cached queries it makes stale, whether it
 * may have raised a notification for the signed-in member, and how the activity list says it.
 * The first two come with the event: its domain declares them (server/<domain>/domain.ts, `events`)
 * and the server sends them on the event's frame (server/realtime/frame.ts); nothing here lists
 * event types. Pure functions; the provider applies them.
 */

export type { RealtimeEvent, RealtimeFrame };

/** The member's inbox (the bell and its panel). */
export const INBOX_QUERY = 'notifications.list' satisfies QueryPath<AppRouter>;

/**
 * Whether the event may have left a notification for `userId` to announce (a toast): it raises one,
 * and it is not their own doing. The server never notifies the member who acted, and a member's
 * preferences may turn a type off: the list is fetched again and only what it then holds is shown.
 */
export function mayNotify(frame: Pick<RealtimeFrame, 'notifies' | 'actorUserId'>, userId: string | undefined): boolean {
  return frame.notifies && (!userId || frame.actorUserId !== userId);
}

/**
 * Whether the event may have changed `userId`'s inbox: what mayNotify says, plus the events whose
 * actor is notified too (a won deal lands in the inbox of the member who marked it won; their screen
 * already said so, so the inbox refreshes without a second toast).
 */
export function mayChangeInbox(frame: Pick<RealtimeFrame, 'notifies' | 'notifiesActor' | 'actorUserId'>, userId: string | undefined): boolean {
  return mayNotify(frame, userId) || frame.notifiesActor;
}

/** The query paths the event makes stale here: what its domain declared, and the inbox when the event may have changed it. */
export function staleQueriesOf(frame: Pick<RealtimeFrame, 'invalidates' | 'notifies' | 'notifiesActor' | 'actorUserId'>, userId?: string): string[] {
  const paths = new Set(frame.invalidates);
  if (mayChangeInbox(frame, userId)) paths.add(INBOX_QUERY);
  return [...paths];
}

/**
 * Marks stale every cached tRPC query under these paths: a procedure ('contacts.list', every input
 * and the infinite form) or a whole router ('analytics'). tRPC keys a query `[['contacts', 'list'],
 * { input, type }]` and TanStack Query matches a key's prefix, so `[['contacts', 'list']]` and
 * `[['analytics']]` are what `utils.contacts.list.invalidate()` and `utils.analytics.invalidate()` use.
 * Only the queries on screen refetch; the rest are refetched when next shown.
 */
export async function invalidatePaths(queryClient: Pick<QueryClient, 'invalidateQueries'>, paths: Iterable<string>): Promise<void> {
  await Promise.all([...paths].map((path) => queryClient.invalidateQueries({ queryKey: [path.split('.')] })));
}

/** How the activity list says an event: a sentence, and the record to open when there is one. */
export type EventDescription = { text: string; link: string | null };

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const quoted = (value: unknown, fallback: string) => {
  const s = str(value);
  return s ? `“${s}”` : fallback;
};

/** `nameOf` gives a user's name by id ('You' for the signed-in member), null when unknown. */
export function describeEvent(event: RealtimeEvent, nameOf: (userId: string) => string | null): EventDescription {
  const p = event.payload;
  const actor = (event.actorUserId && nameOf(event.actorUserId)) || (event.actorUserId ? 'A teammate' : 'An integration');
  const contactLink = str(p.contactId) ? `/contacts/${str(p.contactId)}` : null;
  const dealLink = str(p.dealId) ? `/pipeline/deals/${str(p.dealId)}` : null;
  const count = num(p.count) ?? (Array.isArray(p.contactIds) ? p.contactIds.length : 1);
  const subjectId = str(p.userId);
  const subject = (fallback: string) => (subjectId && nameOf(subjectId)) || fallback;
  const contacts = (n: number) => (n === 1 ? 'a contact' : `${n.toLocaleString()} contacts`);
  switch (event.type) {
    case 'contact_created':
      return { text: `${actor} added ${quoted(p.name, 'a contact')}`, link: contactLink };
    case 'contact_updated': {
      const ids = Array.isArray(p.contactIds) ? p.contactIds : [];
      return { text: `${actor} updated ${contacts(count)}`, link: count === 1 && typeof ids[0] === 'string' ? `/contacts/${ids[0]}` : '/contacts' };
    }
    case 'contact_deleted':
      return { text: `${actor} deleted ${contacts(count)}`, link: null };
    case 'lead_captured':
      return { text: str(p.name) ? `New lead “${str(p.name)}”` : 'A new lead came in', link: contactLink ?? '/contacts' };
    case 'deal_created':
      return { text: `${actor} created ${str(p.title) ? `the deal “${str(p.title)}”` : 'a deal'}`, link: dealLink };
    case 'deal_moved':
      return { text: `${actor} moved ${quoted(p.title, 'a deal')}${str(p.toStage) ? ` to ${str(p.toStage)}` : ''}`, link: dealLink };
    case 'deal_won':
      return { text: `${quoted(p.title, 'A deal')} was won`, link: dealLink };
    case 'deal_lost':
      return { text: `${quoted(p.title, 'A deal')} was lost`, link: dealLink };
    case 'deal_updated':
      return { text: `${actor} updated ${quoted(p.title, 'a deal')}`, link: dealLink };
    case 'deal_deleted':
      return { text: `${actor} deleted ${quoted(p.title, 'a deal')}`, link: null };
    case 'task_created':
      return { text: `${actor} created ${str(p.title) ? `the task “${str(p.title)}”` : 'a task'}`, link: '/tasks' };
    case 'task_completed':
      return { text: `${actor} completed ${quoted(p.title, 'a task')}`, link: '/tasks' };
    case 'task_reopened':
      return { text: `${actor} reopened ${quoted(p.title, 'a task')}`, link: '/tasks' };
    case 'task_updated':
      return { text: `${actor} updated a task`, link: '/tasks' };
    case 'task_deleted':
      return { text: `${actor} deleted a task`, link: null };
    case 'appointment_changed': {
      const change = str(p.change);
      const verb = change === 'created' ? 'scheduled' : change === 'deleted' ? 'cancelled' : 'changed';
      return { text: `${actor} ${verb} an appointment`, link: '/appointments' };
    }
    case 'automation_completed':
      return { text: `${quoted(p.name, 'An automation')} finished running`, link: '/automations' };
    case 'automation_failed':
      return { text: `A run of ${quoted(p.name, 'an automation')} failed`, link: '/automations' };
    case 'campaign_updated':
      return { text: `A campaign is now ${str(p.status) ?? 'updated'}`, link: '/campaigns' };
    case 'campaign_email_opened':
      return { text: 'A contact opened a campaign e-mail', link: contactLink ?? '/campaigns' };
    case 'campaign_email_clicked':
      return { text: 'A contact clicked a link in a campaign e-mail', link: contactLink ?? '/campaigns' };
    case 'sms_received':
      return { text: `New SMS from ${str(p.from) ?? 'a contact'}`, link: contactLink ?? '/sms' };
    case 'sms_status':
      return { text: 'An SMS changed status', link: '/sms' };
    case 'conversation_updated':
      return { text: `${actor} ${str(p.change) ?? 'updated'} a conversation`, link: str(p.conversationId) ? `/conversations?id=${str(p.conversationId)}` : '/conversations' };
    case 'email_received':
      return { text: `New e-mail from ${str(p.from) ?? 'a contact'}`, link: contactLink ?? '/conversations' };
    case 'email_status':
      return { text: 'An e-mail changed status', link: contactLink };
    case 'chat_message':
      return p.sender === 'member'
        ? { text: `${actor} replied to a website chat`, link: '/conversations' }
        : { text: `New website chat message${str(p.preview) ? `: ${quoted(p.preview, '')}` : ''}`, link: '/conversations' };
    case 'import_finished': {
      const created = num(p.createdCount) ?? 0;
      const updated = num(p.updatedCount) ?? 0;
      const errors = num(p.errorCount) ?? 0;
      const file = str(p.filename);
      return { text: `${file ? `Import of “${file}”` : 'An import'} finished: ${created} created, ${updated} updated, ${errors} with errors`, link: '/contacts/import' };
    }
    case 'member_joined':
      return { text: `${str(p.name) ?? 'Someone'} joined the organization`, link: '/settings/organization' };
    case 'member_left':
      return { text: `${subject('A member')} left the organization`, link: '/settings/organization' };
    case 'user_joined':
      return { text: `${subject('A teammate')} came online`, link: null };
    case 'user_left':
      return { text: `${subject('A teammate')} went offline`, link: null };
    case 'webhook_endpoint_disabled':
      return { text: `Webhook endpoint ${quoted(p.url, '')} was disabled after failing for 24 hours`.replace('  ', ' '), link: '/settings/webhooks' };
    case 'site_page_published':
      return { text: `${actor} ${p.reverted ? 'made an earlier version of a site page live' : 'published a site page'}`, link: '/sites' };
    case 'site_order_paid':
      return { text: `A visitor paid for ${quoted(p.productName, 'a product')} on a site page`, link: contactLink ?? (str(p.funnelId) ? `/funnels/${str(p.funnelId)}` : '/funnels') };
  }
}

/** Presence comings and goings are shown as avatars, not in the activity list. */
export const isActivity = (event: Pick<RealtimeEvent, 'type'>) =>
  !['user_joined', 'user_left', 'sms_status', 'email_status', 'campaign_updated', 'campaign_email_opened', 'campaign_email_clicked'].includes(event.type);

/** A link from the server that is a path on this site (never another origin). */
export function internalPath(link: string | null | undefined): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return null;
  return link;
}
