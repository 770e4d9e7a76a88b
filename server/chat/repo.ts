import { sql, type Kysely } from 'kysely';
import { sha256 } from '../auth/tokens';
import type { ChatSender, Database } from '../db/schema';
import { scoped } from '../db/scoped';
import { BOT_NAME, type ChatMessageView } from './schema';

type Db = Kysely<Database>;

/** Only the visitor id's hash is stored: the id itself is the visitor's key to the conversation. */
export const visitorHashOf = (visitorId: string): string => sha256(visitorId);

export async function conversationOfVisitor(db: Db, organizationId: string, visitorId: string) {
  return scoped(db, organizationId).selectFrom('chat_conversations').select(['id', 'contact_id', 'email']).where('visitor_hash', '=', visitorHashOf(visitorId)).executeTakeFirst();
}

type MessageRow = { id: number; sender: ChatSender; body: string; created_at: Date; author_name: string | null };

export function toMessageView(row: MessageRow): ChatMessageView {
  return {
    id: Number(row.id),
    sender: row.sender,
    body: row.body,
    authorName: row.sender === 'visitor' ? null : row.sender === 'bot' ? BOT_NAME : (row.author_name ?? 'Support team'),
    createdAt: row.created_at.toISOString(),
  };
}

/** A conversation's messages in order; `after` keeps those with a greater id, `sender` one kind. */
export async function messagesOf(db: Db, organizationId: string, conversationId: string, options: { after?: number; sender?: ChatSender } = {}): Promise<ChatMessageView[]> {
  let query = scoped(db, organizationId)
    .selectFrom('chat_messages')
    .leftJoin('users', 'users.id', 'chat_messages.author_user_id')
    .select(['chat_messages.id', 'chat_messages.sender', 'chat_messages.body', 'chat_messages.created_at', 'users.name as author_name'])
    .where('chat_messages.conversation_id', '=', conversationId);
  if (options.after !== undefined) query = query.where('chat_messages.id', '>', options.after);
  if (options.sender) query = query.where('chat_messages.sender', '=', options.sender);
  const rows = await query.orderBy('chat_messages.id').execute();
  return rows.map(toMessageView);
}

export async function insertMessage(
  trx: Db,
  organizationId: string,
  message: { conversationId: string; sender: ChatSender; body: string; authorUserId?: string | null; ip?: string | null },
): Promise<ChatMessageView> {
  const row = await scoped(trx, organizationId)
    .insertInto('chat_messages', {
      conversation_id: message.conversationId,
      sender: message.sender,
      body: message.body,
      author_user_id: message.authorUserId ?? null,
      ip: message.ip ?? null,
    })
    .returning(['id', 'sender', 'body', 'created_at'])
    .executeTakeFirstOrThrow();
  const author = message.authorUserId ? await trx.selectFrom('users').select('name').where('id', '=', message.authorUserId).executeTakeFirst() : undefined;
  return toMessageView({ ...row, author_name: author?.name ?? null });
}

/** Whether a team member has answered in the conversation (the automated replies then stop). */
export async function teamHasReplied(db: Db, organizationId: string, conversationId: string): Promise<boolean> {
  const row = await scoped(db, organizationId)
    .selectFrom('chat_messages')
    .select(sql<number>`1`.as('one'))
    .where('conversation_id', '=', conversationId)
    .where('sender', '=', 'member')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}
