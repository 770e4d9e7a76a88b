import { sql } from 'kysely';
import { effectivePreferences } from '../auth/service';
import type { Db } from '../db';
import { scoped } from '../db/scoped';
import type { AppDeps } from '../deps';
import { renderNotificationEmail, type NotificationEmailItem } from '../email/account-templates/notification-emails';
import { queueEmail } from '../email/outbox';
import { notificationFor } from '../events/notifications';
import type { EventType, RealtimeEvent } from '../events/types';
import { hiddenFromOwnOnlyRep, mayReceive, rolePermissions } from '../kernel/access';
import { registry } from '../kernel/registry';
import { scheduleDigest } from './digest';
import { emailModesOf } from './email-preferences';
import { membersOf, notificationLinks } from './recipients';
import { assignedSentence, notificationSentence, type Sentence } from './sentences';
import type { NotificationEmailKind } from './schema';

/** The events that may become notification e-mails: the three broadcast texts, a failed run (to its workflow's owner), and those that hand a record to a member. */
export const NOTIFICATION_EMAIL_EVENTS = [
  'contact_created',
  'deal_won',
  'automation_completed',
  'automation_failed',
  'contact_updated',
  'deal_created',
  'deal_updated',
  'task_created',
  'task_updated',
] as const satisfies readonly EventType[];

/** Kinds that e-mail their in-app notification's recipients: everyone, or the members the notification names. */
const NOTIFICATION_KINDS: ReadonlySet<string> = new Set(['contact_created', 'deal_won', 'automation_completed', 'automation_failed'] satisfies NotificationEmailKind[]);

type Assignment = { userId: string; sentence: Sentence; link: string | null };

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * The member a record was just handed to by someone else, if the event says so: a contact, deal or
 * task created for them or whose owner / assignee became them.
 */
async function assignmentOf(trx: Db, event: RealtimeEvent, actorName: string | null): Promise<Assignment | null> {
  const p = event.payload;
  const becameOwner = (owner: unknown, previous: unknown, key: string) => {
    const to = text(owner);
    return to && (!(key in p) || previous !== to) ? to : null;
  };
  switch (event.type) {
    case 'contact_created': {
      const to = text(p.ownerId);
      return to ? { userId: to, sentence: assignedSentence({ record: 'contact', name: text(p.name) }, actorName), link: p.contactId ? `/contacts/${String(p.contactId)}` : '/contacts' } : null;
    }
    case 'contact_updated': {
      const to = becameOwner(p.ownerId, p.previousOwnerId, 'previousOwnerId');
      if (!to) return null;
      if ('assignedCount' in p) {
        return { userId: to, sentence: assignedSentence({ record: 'contacts', count: Number(p.assignedCount) }, actorName), link: '/contacts' };
      }
      const contactId = Array.isArray(p.contactIds) ? text(p.contactIds[0]) : null;
      const name = text(p.name) ?? (contactId ? await contactName(trx, event.organizationId, contactId) : null);
      return { userId: to, sentence: assignedSentence({ record: 'contact', name }, actorName), link: contactId ? `/contacts/${contactId}` : '/contacts' };
    }
    case 'deal_created':
    case 'deal_updated': {
      const to = event.type === 'deal_created' ? text(p.ownerId) : 'previousOwnerId' in p ? becameOwner(p.ownerId, p.previousOwnerId, 'previousOwnerId') : null;
      return to ? { userId: to, sentence: assignedSentence({ record: 'deal', name: text(p.title) }, actorName), link: p.dealId ? `/pipeline/deals/${String(p.dealId)}` : '/pipeline' } : null;
    }
    case 'task_created':
    case 'task_updated': {
      const to = event.type === 'task_created' ? text(p.assigneeId) : 'previousAssigneeId' in p ? becameOwner(p.assigneeId, p.previousAssigneeId, 'previousAssigneeId') : null;
      return to ? { userId: to, sentence: assignedSentence({ record: 'task', name: text(p.title) }, actorName), link: '/tasks' } : null;
    }
    default:
      return null;
  }
}

async function contactName(trx: Db, organizationId: string, contactId: string): Promise<string | null> {
  const row = await scoped(trx, organizationId).selectFrom('contacts').select(['first_name', 'last_name', 'email', 'phone']).where('id', '=', contactId).executeTakeFirst();
  if (!row) return null;
  return [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || row.phone;
}

/**
 * The durable consumer's handler (docs/decisions/027): turns one event into each recipient's
 * notification e-mail work, in the consumer's transaction — an immediate e-mail queued, or an item
 * kept for the member's next digest. Recipients are the members who receive the in-app notification
 * (role permission, owner-only visibility), never the actor, with a verified address.
 */
export async function handleNotificationEmailEvent(deps: AppDeps, event: RealtimeEvent, trx: Db): Promise<void> {
  const actorName = event.actorUserId ? ((await trx.selectFrom('users').select('name').where('id', '=', event.actorUserId).executeTakeFirst())?.name ?? null) : null;
  const work: { kind: NotificationEmailKind; userIds: 'everyone' | string[]; title: string; sentence: Sentence; link: string | null }[] = [];
  const assignment = await assignmentOf(trx, event, actorName);
  if (assignment) work.push({ kind: 'assigned', userIds: [assignment.userId], title: 'Assigned to you', sentence: assignment.sentence, link: assignment.link });
  const draft = NOTIFICATION_KINDS.has(event.type) ? notificationFor(event.type, event.payload) : null;
  if (draft) {
    const kind = event.type as Exclude<NotificationEmailKind, 'assigned'>;
    work.push({ kind, userIds: draft.recipients ? [...draft.recipients] : 'everyone', title: draft.title, sentence: notificationSentence(kind, event.payload, draft.message), link: draft.link });
  }
  if (work.length === 0) return;

  const ownOnly = registry().events[event.type]?.ownerScoped ? await registry().repsSeeOwnOnly(trx, event.organizationId) : false;
  const members = (await membersOf(trx, event.organizationId)).filter(
    (m) =>
      m.id !== event.actorUserId && m.verified && mayReceive(rolePermissions()[m.role], event.type) && !(ownOnly && m.role === 'sales_rep' && hiddenFromOwnOnlyRep(event.type, event.payload, m.id)),
  );
  if (members.length === 0) return;
  const modes = await emailModesOf(
    trx,
    event.organizationId,
    members.map((m) => m.id),
  );
  const organization = await trx.selectFrom('organizations').select('name').where('id', '=', event.organizationId).executeTakeFirstOrThrow();
  const told = new Set<string>();
  for (const item of work) {
    for (const member of members) {
      if (item.userIds !== 'everyone' && !item.userIds.includes(member.id)) continue;
      // One e-mail per event and member: "assigned to you" says more than "New Contact".
      if (told.has(member.id)) continue;
      const mode = modes.get(member.id)![item.kind];
      if (mode === 'off') continue;
      told.add(member.id);
      // In the member's language as they read it now, like the e-mail around it; a digest keeps it as written.
      const language = effectivePreferences(member.preferences).language;
      const inserted = await scoped(trx, event.organizationId)
        .insertInto('notification_email_items', {
          user_id: member.id,
          event_id: event.id,
          kind: item.kind,
          delivery: mode,
          title: item.title,
          message: item.sentence[language],
          link: item.link,
          created_at: new Date(event.createdAt),
        })
        .onConflict((oc) => oc.columns(['organization_id', 'user_id', 'event_id', 'kind']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) continue; // a replayed event: already e-mailed or waiting for the digest
      if (mode === 'digest') {
        await scheduleDigest(deps, trx, event.organizationId, member);
        continue;
      }
      const links = notificationLinks(deps.config.publicUrl);
      const emailItem: NotificationEmailItem = { kind: item.kind, message: item.sentence[language], link: links.to(item.link), at: new Date(event.createdAt) };
      const rendered = await renderNotificationEmail(
        { template: 'notification', item: emailItem, organizationName: organization.name, preferencesLink: links.preferences, appLink: links.app },
        language,
      );
      const queued = await queueEmail(trx, deps, {
        organizationId: event.organizationId,
        kind: 'account',
        to: member.email,
        toName: member.name,
        userId: member.id,
        consoleLink: emailItem.link,
        ...rendered,
      });
      await scoped(trx, event.organizationId)
        .updateTable('notification_email_items')
        .set({ sent_at: sql`now()`, email_message_id: queued.id })
        .where('id', '=', inserted.id)
        .execute();
    }
  }
}
