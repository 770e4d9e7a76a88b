import { sql } from 'kysely';
import type { z } from 'zod';
import type { Language } from '../languages/schema';
import { upsertContactByEmail } from '../contacts/service';
import { ZEmailOnly } from '../contacts/schema';
import { scoped } from '../db/scoped';
import type { Db } from '../db';
import { DomainError } from '../errors';
import type { EventBus } from '../events/bus';
import type { RealtimeEvent } from '../events/types';
import { publishEvent } from '../events/publish';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { registry } from '../kernel/registry';
import { ownerOnlyFilter } from '../organizations/members';
import { assertSlots, type RateLimit } from '../rate-limit';
import type { ZChatConversationIdInput, ZListChatConversationsInput, ZReplyChatInput, ZSendChatMessageInput, ZVisitorConversationInput } from './inputs';
import { conversationOfVisitor, insertMessage, messagesOf, teamHasReplied, visitorHashOf } from './repo';
import { botReplyFor, CHAT_RATE_LIMIT, CHAT_WELCOME, emailIn, type ChatConversationView, type ChatMessageView, type ChatSendResult } from './schema';

/**
 * A website visitor's side: the site owner's organization and where the request came from; and,
 * when the widget is used inside the app with a session cookie, who is signed in (from the session
 * only: a user or organization named in the body is never read).
 */
export type VisitorContext = Pick<OrgContext, 'db' | 'organizationId'> & { ip: string; account?: ChatAccount | null };
export type ChatAccount = { userId: string; organizationId: string | null };

const PREVIEW_LENGTH = 120;
const conversationNotFound = () => new DomainError('NOT_FOUND', 'Conversation not found');

/** CHAT_RATE_LIMIT's numbers as the rate-limit kernel's limits: per visitor, and per client address. */
const CHAT_PER_VISITOR: RateLimit = { bucket: 'chat.visitor', max: CHAT_RATE_LIMIT.perVisitor, windowSeconds: CHAT_RATE_LIMIT.windowSeconds };
const CHAT_PER_ADDRESS: RateLimit = { bucket: 'chat.ip', max: CHAT_RATE_LIMIT.perIp, windowSeconds: CHAT_RATE_LIMIT.windowSeconds };

/** Counts the visitor's message, or refuses it over CHAT_RATE_LIMIT, saying when to try again (race-free: server/rate-limit). */
async function assertWithinRateLimit(ctx: VisitorContext, visitorId: string): Promise<void> {
  await assertSlots(
    ctx.db,
    [
      { limit: CHAT_PER_VISITOR, key: `${ctx.organizationId}:${visitorHashOf(visitorId)}` },
      { limit: CHAT_PER_ADDRESS, key: `${ctx.organizationId}:${ctx.ip}` },
    ],
    (retryAfter) => `Too many messages. Please wait ${retryAfter} seconds before sending another.`,
  );
}

/** The e-mail address a message leaves, when it is one the contacts accept. */
function leftEmail(text: string): string | null {
  const found = emailIn(text);
  if (!found) return null;
  const parsed = ZEmailOnly.safeParse({ email: found });
  return parsed.success ? parsed.data.email : null;
}

/**
 * The visitor's conversation, created (with the welcome message the widget showed, in its language)
 * on first use; a visitor who has switched the site's language since goes on in the new one.
 */
async function openConversation(trx: Db, organizationId: string, visitorId: string, page: string | undefined, language: Language) {
  const created = await scoped(trx, organizationId)
    .insertInto('chat_conversations', { visitor_hash: visitorHashOf(visitorId), started_on: page ?? null, language })
    .onConflict((oc) => oc.columns(['organization_id', 'visitor_hash']).doNothing())
    .returning(['id', 'contact_id', 'email'])
    .executeTakeFirst();
  if (created) {
    await insertMessage(trx, organizationId, { conversationId: created.id, sender: 'bot', body: CHAT_WELCOME[language] });
    return created;
  }
  const existing = await scoped(trx, organizationId)
    .selectFrom('chat_conversations')
    .select(['id', 'contact_id', 'email', 'language'])
    .where('visitor_hash', '=', visitorHashOf(visitorId))
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (existing.language !== language) await scoped(trx, organizationId).updateTable('chat_conversations').set({ language }).where('id', '=', existing.id).execute();
  return existing;
}

/**
 * A visitor's message: stored (trimmed) with the conversation, the contact when it leaves an e-mail
 * address, and the automated reply in the visitor's language — until a team member has answered,
 * after which the team does (in whatever words the member writes).
 * The widget shows that reply after its typing delay; the inbox hears of the message live.
 */
export async function sendVisitorMessage(ctx: VisitorContext, input: z.output<typeof ZSendChatMessageInput>): Promise<ChatSendResult> {
  await assertWithinRateLimit(ctx, input.visitorId);
  const email = leftEmail(input.text);
  return ctx.db.transaction().execute(async (trx) => {
    const conversation = await openConversation(trx, ctx.organizationId, input.visitorId, input.page, input.language);
    const message = await insertMessage(trx, ctx.organizationId, { conversationId: conversation.id, sender: 'visitor', body: input.text, ip: ctx.ip });
    const org = scoped(trx, ctx.organizationId);
    // A signed-in user's message says who wrote it; a visitor's leaves the conversation as it was.
    if (ctx.account) {
      await org.updateTable('chat_conversations').set({ user_id: ctx.account.userId, user_organization_id: ctx.account.organizationId }).where('id', '=', conversation.id).execute();
    }
    let contactId = conversation.contact_id;
    if (email && email !== conversation.email) {
      const { contact } = await upsertContactByEmail(trx, ctx.organizationId, { email, source: 'Website chat' }, null, { via: 'chat' });
      contactId = contact.id;
      await org.updateTable('chat_conversations').set({ contact_id: contact.id, email }).where('id', '=', conversation.id).execute();
    }
    const reply = (await teamHasReplied(trx, ctx.organizationId, conversation.id))
      ? null
      : await insertMessage(trx, ctx.organizationId, { conversationId: conversation.id, sender: 'bot', body: botReplyFor(input.text, input.language) });
    await org
      .updateTable('chat_conversations')
      .set({ last_message_at: sql`now()`, last_visitor_message_at: sql`now()` })
      .where('id', '=', conversation.id)
      .execute();
    // The inbox row shows the latest message: the automated reply when there is one.
    await registry().touchConversation(trx, {
      organizationId: ctx.organizationId,
      channel: 'chat',
      chatConversationId: conversation.id,
      contactId,
      direction: 'inbound',
      preview: reply?.body ?? input.text,
    });
    await publishEvent(trx, {
      organizationId: ctx.organizationId,
      type: 'chat_message',
      payload: { conversationId: conversation.id, messageId: message.id, sender: 'visitor', preview: input.text.slice(0, PREVIEW_LENGTH), contactId },
      actorUserId: null,
    });
    return { message, reply };
  });
}

/** The visitor's stored conversation (no messages before their first one). */
export async function visitorConversation(ctx: Pick<VisitorContext, 'db' | 'organizationId'>, input: z.output<typeof ZVisitorConversationInput>): Promise<ChatConversationView> {
  const conversation = await conversationOfVisitor(ctx.db, ctx.organizationId, input.visitorId);
  return { messages: conversation ? await messagesOf(ctx.db, ctx.organizationId, conversation.id, { after: input.after }) : [] };
}

/**
 * The team's replies to one visitor as a stream: those after `after` (a reconnect's Last-Event-ID)
 * first, then each new one as the events bus hears of it — from any server process, since the bus
 * LISTENs. A visitor who has not written yet has no conversation; it is looked up again on each reply.
 */
export function teamRepliesTo(deps: { db: Db; events: EventBus }, organizationId: string, input: z.output<typeof ZVisitorConversationInput>, signal: AbortSignal): AsyncGenerator<ChatMessageView> {
  return replies(deps, organizationId, input.visitorId, input.after ?? 0, signal);
}

async function* replies(deps: { db: Db; events: EventBus }, organizationId: string, visitorId: string, after: number, signal: AbortSignal): AsyncGenerator<ChatMessageView> {
  let conversationId = (await conversationOfVisitor(deps.db, organizationId, visitorId))?.id;
  let pending = true;
  let wake: (() => void) | undefined;
  const isReply = (event: RealtimeEvent) => event.type === 'chat_message' && event.payload.sender === 'member' && (!conversationId || event.payload.conversationId === conversationId);
  const unsubscribe = deps.events.subscribe(organizationId, (events) => {
    if (!events.some(isReply)) return;
    pending = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  let last = after;
  try {
    while (!signal.aborted) {
      if (!pending) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      pending = false;
      conversationId ??= (await conversationOfVisitor(deps.db, organizationId, visitorId))?.id;
      if (!conversationId) continue;
      for (const message of await messagesOf(deps.db, organizationId, conversationId, { after: last, sender: 'member' })) {
        last = message.id;
        yield message;
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    unsubscribe();
  }
}

// ——— The team's inbox ———

function selectConversations(db: Db, organizationId: string, ownerOnly: string | null) {
  return scoped(db, organizationId)
    .selectFrom('chat_conversations')
    .leftJoin('contacts', (join) => {
      const on = join.onRef('contacts.id', '=', 'chat_conversations.contact_id');
      return ownerOnly ? on.on('contacts.owner_id', '=', ownerOnly) : on;
    })
    .leftJoin('users as account_user', 'account_user.id', 'chat_conversations.user_id')
    .leftJoin('organizations as account_organization', 'account_organization.id', 'chat_conversations.user_organization_id')
    .select((eb) => [
      'account_user.id as account_user_id',
      'account_user.name as account_user_name',
      'account_user.email as account_user_email',
      'account_organization.id as account_organization_id',
      'account_organization.name as account_organization_name',
      'chat_conversations.id',
      'chat_conversations.email',
      'chat_conversations.started_on',
      'chat_conversations.language',
      'chat_conversations.last_message_at',
      'chat_conversations.created_at',
      'contacts.id as contact_id',
      'contacts.first_name as contact_first_name',
      'contacts.last_name as contact_last_name',
      sql<boolean>`chat_conversations.last_visitor_message_at > coalesce(chat_conversations.team_read_at, '-infinity'::timestamptz)`.as('unread'),
      eb.selectFrom('chat_messages').select('chat_messages.body').whereRef('chat_messages.conversation_id', '=', 'chat_conversations.id').orderBy('chat_messages.id', 'desc').limit(1).as('last_body'),
      eb
        .selectFrom('chat_messages')
        .select('chat_messages.sender')
        .whereRef('chat_messages.conversation_id', '=', 'chat_conversations.id')
        .orderBy('chat_messages.id', 'desc')
        .limit(1)
        .as('last_sender'),
    ]);
}

type ConversationRow = Awaited<ReturnType<ReturnType<typeof selectConversations>['executeTakeFirstOrThrow']>>;

function toConversation(row: ConversationRow) {
  const contactName = row.contact_id ? `${row.contact_first_name ?? ''} ${row.contact_last_name ?? ''}`.trim() || null : null;
  return {
    id: row.id,
    email: row.email,
    startedOn: row.started_on,
    language: row.language,
    contact: row.contact_id ? { id: row.contact_id, name: contactName } : null,
    /** The signed-in user who wrote from inside the app, and their organization; null for a website visitor. */
    account: row.account_user_id
      ? {
          user: { id: row.account_user_id, name: row.account_user_name ?? '', email: row.account_user_email ?? '' },
          organization: row.account_organization_id ? { id: row.account_organization_id, name: row.account_organization_name ?? '' } : null,
        }
      : null,
    unread: Boolean(row.unread),
    lastMessage: row.last_body === null ? null : { body: row.last_body, sender: row.last_sender },
    lastMessageAt: row.last_message_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

export type ChatConversationSummary = ReturnType<typeof toConversation>;

/** The website's conversations, the most recently active first. */
export async function listConversations(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, input: z.output<typeof ZListChatConversationsInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const rows = await selectConversations(ctx.db, ctx.organizationId, ownerOnly)
    .orderBy('chat_conversations.last_message_at', 'desc')
    .orderBy('chat_conversations.id', 'desc')
    .limit(input.limit)
    .execute();
  return { items: rows.map(toConversation) };
}

async function conversationView(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, id: string) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const row = await selectConversations(ctx.db, ctx.organizationId, ownerOnly).where('chat_conversations.id', '=', id).executeTakeFirst();
  if (!row) throw conversationNotFound();
  return { ...toConversation(row), messages: await messagesOf(ctx.db, ctx.organizationId, id) };
}

export async function getConversation(ctx: Pick<OrgContext, 'db' | 'organizationId' | 'auth'>, { id }: z.output<typeof ZChatConversationIdInput>) {
  return conversationView(ctx, id);
}

/** A team member's reply: stored, and streamed to the visitor's open widget through the events bus. */
export async function replyToConversation(ctx: OrgContext, input: z.output<typeof ZReplyChatInput>): Promise<ChatMessageView> {
  return ctx.db.transaction().execute(async (trx) => {
    const org = scoped(trx, ctx.organizationId);
    const conversation = await org.selectFrom('chat_conversations').select('id').where('id', '=', input.conversationId).forUpdate().executeTakeFirst();
    if (!conversation) throw conversationNotFound();
    const message = await insertMessage(trx, ctx.organizationId, { conversationId: conversation.id, sender: 'member', body: input.text, authorUserId: actorIdOf(ctx) });
    // Answering is reading: the conversation is no longer unread.
    await org
      .updateTable('chat_conversations')
      .set({ last_message_at: sql`now()`, team_read_at: sql`now()` })
      .where('id', '=', conversation.id)
      .execute();
    await registry().touchConversation(trx, { organizationId: ctx.organizationId, channel: 'chat', chatConversationId: conversation.id, contactId: null, direction: 'outbound', preview: input.text });
    await publishEvent(trx, {
      organizationId: ctx.organizationId,
      type: 'chat_message',
      payload: { conversationId: conversation.id, messageId: message.id, sender: 'member', preview: input.text.slice(0, PREVIEW_LENGTH) },
      actorUserId: actorIdOf(ctx),
    });
    return message;
  });
}

export async function markConversationRead(ctx: Pick<OrgContext, 'db' | 'organizationId'>, { id }: z.output<typeof ZChatConversationIdInput>): Promise<{ id: string }> {
  const result = await scoped(ctx.db, ctx.organizationId)
    .updateTable('chat_conversations')
    .set({ team_read_at: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conversationNotFound();
  return { id };
}
