import type { EventType, RealtimeEvent } from '../../../server/events/types';
import type { trpc } from '../../lib/trpc';

/**
 * What a realtime event means for this browser: which cached queries it makes stale, whether it
 * may have raised a notification for the signed-in member, and how the activity list says it.
 * Pure functions; the provider applies them.
 */

export type { RealtimeEvent };
type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * The live queries an event can make stale, each with how to invalidate it (only the ones on
 * screen refetch; the rest are refetched when next shown).
 */
export const LIVE_QUERIES = {
  'contacts.list': (u: Utils) => u.contacts.list.invalidate(),
  'contacts.get': (u: Utils) => u.contacts.get.invalidate(),
  'contacts.timeline': (u: Utils) => u.contacts.timeline.invalidate(),
  'contacts.duplicates': (u: Utils) => u.contacts.duplicates.invalidate(),
  'deals.board': (u: Utils) => u.deals.board.invalidate(),
  'deals.list': (u: Utils) => u.deals.list.invalidate(),
  'deals.get': (u: Utils) => u.deals.get.invalidate(),
  'deals.timeline': (u: Utils) => u.deals.timeline.invalidate(),
  'tasks.list': (u: Utils) => u.tasks.list.invalidate(),
  'tasks.get': (u: Utils) => u.tasks.get.invalidate(),
  'tasks.counts': (u: Utils) => u.tasks.counts.invalidate(),
  'appointments.list': (u: Utils) => u.appointments.list.invalidate(),
  'appointments.search': (u: Utils) => u.appointments.search.invalidate(),
  'appointments.get': (u: Utils) => u.appointments.get.invalidate(),
  'imports.list': (u: Utils) => u.imports.list.invalidate(),
  'imports.get': (u: Utils) => u.imports.get.invalidate(),
  analytics: (u: Utils) => u.analytics.invalidate(),
  'members.list': (u: Utils) => u.members.list.invalidate(),
  'organizations.roles': (u: Utils) => u.organizations.roles.invalidate(),
  'notifications.list': (u: Utils) => u.notifications.list.invalidate(),
  'chat.list': (u: Utils) => u.chat.list.invalidate(),
  'chat.get': (u: Utils) => u.chat.get.invalidate(),
  sms: (u: Utils) => u.sms.invalidate(),
  email: (u: Utils) => u.email.invalidate(),
  conversations: (u: Utils) => u.conversations.invalidate(),
  automations: (u: Utils) => u.automations.invalidate(),
  webhooks: (u: Utils) => u.webhooks.invalidate(),
  campaigns: (u: Utils) => u.campaigns.invalidate(),
} satisfies Record<string, (u: Utils) => Promise<void>>;

export type LiveQuery = keyof typeof LIVE_QUERIES;

/**
 * The event types that raise a notification (their domain's `notification`, server/<domain>/domain.ts). The server never
 * notifies the member who acted, and a member's preferences may turn a type off: the list is
 * fetched again and only what it then holds is shown.
 */
export const NOTIFYING_EVENTS: readonly EventType[] = [
  'contact_created',
  'deal_won',
  'automation_completed',
  'automation_failed',
  'sms_received',
  'email_received',
  'import_finished',
  'member_joined',
  'webhook_endpoint_disabled',
];

/**
 * The notifying events whose actor is notified too (the notification's `notifyActor`, deals/domain.ts): a
 * won deal lands in the inbox of the member who marked it won. Their screen already said so, so it
 * refreshes their inbox without a second toast.
 */
export const ACTOR_NOTIFYING_EVENTS: readonly EventType[] = ['deal_won'];

/** Whether the event may have left a notification for `userId` to announce (a toast): not their own doing. */
export function mayNotify(event: Pick<RealtimeEvent, 'type' | 'actorUserId'>, userId: string | undefined): boolean {
  return NOTIFYING_EVENTS.includes(event.type) && (!userId || event.actorUserId !== userId);
}

/** Whether the event may have changed `userId`'s inbox: what mayNotify says, plus their own won deals. */
export function mayChangeInbox(event: Pick<RealtimeEvent, 'type' | 'actorUserId'>, userId: string | undefined): boolean {
  return mayNotify(event, userId) || ACTOR_NOTIFYING_EVENTS.includes(event.type);
}

const CONTACT_LISTS: LiveQuery[] = ['contacts.list', 'contacts.duplicates', 'analytics'];
const DEAL_LISTS: LiveQuery[] = ['deals.board', 'deals.list', 'analytics'];
const TASK_LISTS: LiveQuery[] = ['tasks.list', 'tasks.counts'];

/**
 * The queries an event makes stale. A deletion leaves the deleted record's own page alone (asking
 * for it again would only be refused); everything that lists it is refreshed.
 */
export function liveQueriesFor(event: Pick<RealtimeEvent, 'type' | 'payload' | 'actorUserId'>, userId?: string): LiveQuery[] {
  const found = new Set<LiveQuery>();
  const add = (...queries: LiveQuery[]) => queries.forEach((q) => found.add(q));
  switch (event.type) {
    case 'contact_created':
    case 'lead_captured':
      add(...CONTACT_LISTS);
      break;
    case 'contact_updated':
      add(...CONTACT_LISTS, 'contacts.get', 'contacts.timeline', 'deals.list', 'deals.board');
      break;
    case 'contact_deleted':
      add(...CONTACT_LISTS, ...DEAL_LISTS, ...TASK_LISTS, 'appointments.list');
      break;
    case 'deal_created':
    case 'deal_moved':
    case 'deal_won':
    case 'deal_lost':
    case 'deal_updated':
      add(...DEAL_LISTS, 'deals.get', 'deals.timeline', 'contacts.timeline');
      break;
    case 'deal_deleted':
      add(...DEAL_LISTS, 'contacts.timeline');
      break;
    case 'task_created':
    case 'task_completed':
    case 'task_reopened':
    case 'task_updated':
      add(...TASK_LISTS, 'tasks.get', 'contacts.timeline');
      break;
    case 'task_deleted':
      add(...TASK_LISTS);
      break;
    case 'appointment_changed':
      add('appointments.list', 'appointments.search');
      if (event.payload.change !== 'deleted') add('appointments.get');
      break;
    case 'import_finished':
      add('imports.list', 'imports.get', ...CONTACT_LISTS);
      break;
    case 'member_joined':
    case 'member_left':
      add('members.list', 'organizations.roles');
      break;
    case 'chat_message':
      add('chat.list', 'chat.get', 'conversations');
      break;
    case 'sms_received':
      add('sms', 'contacts.timeline', 'contacts.get', 'conversations');
      break;
    case 'conversation_updated':
      add('conversations');
      break;
    case 'email_status':
    case 'email_received':
      add('email', 'contacts.timeline', 'conversations');
      break;
    case 'automation_completed':
    case 'automation_failed':
      // A run ended: the workflows' counts, the run history, the builder's step counts and the overview.
      add('automations');
      break;
    case 'webhook_endpoint_disabled':
      add('webhooks');
      break;
    case 'campaign_updated':
    case 'campaign_email_opened':
    case 'campaign_email_clicked':
      // A campaign's state or live figures (sending batches, the A/B winner, the end, opens and clicks) changed.
      add('campaigns');
      break;
    case 'sms_status':
    case 'user_joined':
    case 'user_left':
      break;
  }
  if (mayChangeInbox(event, userId)) add('notifications.list');
  return [...found];
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
