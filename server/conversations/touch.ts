import { sql } from 'kysely';
import type { Db } from '../db';
import type { ConversationStatus } from '../db/schema';
import { insertJsonRows } from '../db/json-rows';
import type { ConversationTouch } from '../kernel/registry';
import { PREVIEW_LENGTH } from './schema';

const keyOf = (touch: ConversationTouch) => (touch.channel === 'chat' ? touch.chatConversationId : touch.channel === 'sms' ? touch.contactId : touch.threadId);

/**
 * Brings the messages' threads up to date in the caller's transaction (installed in the kernel
 * registry, which the channels call it through): created on its first message; an inbound message
 * makes it unread and opens it again, an outbound one (an answer) marks it read. Many touches (a
 * batch of e-mails) take one statement per organization and channel, their rows one JSON parameter
 * (insertJsonRows); of several touches of one thread the last counts.
 */
export async function touchConversation(trx: Db, touches: ConversationTouch | ConversationTouch[]): Promise<void> {
  for (const insert of conversationTouchInserts(trx, touches)) await insert.execute();
}

/**
 * touchConversation's statements, not run: one insert … on conflict per organization and channel,
 * for a caller that writes them with its other rows in ONE statement (parts of a data-modifying
 * WITH, in the transaction that stores the messages). None for no touches.
 */
export function conversationTouchInserts(db: Pick<Db, 'insertInto'>, touches: ConversationTouch | ConversationTouch[]) {
  const groups = new Map<string, Map<string, ConversationTouch>>();
  for (const touch of Array.isArray(touches) ? touches : [touches]) {
    const group = `${touch.organizationId}:${touch.channel}`;
    if (!groups.has(group)) groups.set(group, new Map());
    groups.get(group)!.set(keyOf(touch), touch);
  }
  return [...groups.values()].map((group) => {
    const list = [...group.values()];
    const { organizationId, channel } = list[0]!;
    const values = list.map((touch) => ({
      organization_id: organizationId,
      channel: touch.channel,
      contact_id: touch.contactId,
      chat_conversation_id: touch.channel === 'chat' ? touch.chatConversationId : null,
      thread_id: touch.channel === 'email' ? touch.threadId : null,
      phone: touch.channel === 'sms' ? touch.phone : null,
      last_message_preview: touch.preview.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH),
      unread: touch.direction === 'inbound',
    }));
    return insertJsonRows(db, 'conversations', values).onConflict((oc) => {
      const target =
        channel === 'chat'
          ? oc.column('chat_conversation_id')
          : channel === 'sms'
            ? oc.columns(['organization_id', 'contact_id']).where('channel', '=', 'sms')
            : oc.columns(['organization_id', 'thread_id']).where('channel', '=', 'email');
      return target.doUpdateSet((eb) => ({
        // A chat's contact is learnt along the way (an e-mail left); an e-mail thread's may be found later.
        contact_id: sql<string | null>`coalesce(excluded.contact_id, conversations.contact_id)`,
        phone: channel === 'sms' ? eb.ref('excluded.phone') : eb.ref('conversations.phone'),
        last_message_at: sql<Date>`greatest(conversations.last_message_at, now())`,
        last_message_preview: eb.ref('excluded.last_message_preview'),
        unread: eb.ref('excluded.unread'),
        status: sql<ConversationStatus>`case when excluded.unread then 'open' else conversations.status end`,
        updated_at: sql<Date>`now()`,
      }));
    });
  });
}
