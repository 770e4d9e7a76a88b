import { sql } from 'kysely';
import type { z } from 'zod';
import { markConversationRead as markChatRead, replyToConversation as replyOnChat } from '../chat/service';
import { BOT_NAME, CHAT_MESSAGE_MAX_LENGTH } from '../chat/schema';
import type { Db } from '../db';
import { keysetPage, pageQuery, type SortKey } from '../db/keyset';
import { scoped } from '../db/scoped';
import { DomainError, fieldError, unknownRecord } from '../errors';
import { publishEvent } from '../events/publish';
import { actorIdOf, type OrgContext } from '../kernel/context';
import { roleRank } from '../kernel/permissions';
import { ownerOnlyFilter } from '../organizations/members';
import { queueEmail } from '../email/outbox';
import { sendSms } from '../sms/service';
import { SMS_MAX_LENGTH } from '../sms/schema';
import {
  replySubject,
  type ZAssignConversationInput,
  type ZConversationIdInput,
  type ZConversationMessagesInput,
  type ZListConversationsInput,
  type ZReplyConversationInput,
  type ZSetConversationStatusInput,
} from './schema';

type Ctx = Pick<OrgContext, 'db' | 'organizationId' | 'auth'>;

const conversationNotFound = () => unknownRecord('id', 'is not a known conversation');
/** The messages a thread shows, its latest ones. */
const THREAD_MESSAGES = 200;

/**
 * The threads the caller may see, with what the list shows of each. A Sales Rep who sees only their
 * own contacts (the organization's setting) sees the threads of those contacts, the ones assigned to
 * them and the ones with no contact yet (a website visitor who left no e-mail).
 */
function visibleConversations(db: Db, organizationId: string, ownerOnly: string | null) {
  let query = scoped(db, organizationId)
    .selectFrom('conversations')
    .leftJoin('contacts', (join) => join.onRef('contacts.id', '=', 'conversations.contact_id').on('contacts.organization_id', '=', organizationId))
    .leftJoin('users as assignee', 'assignee.id', 'conversations.assignee_id')
    .leftJoin('chat_conversations as chat', (join) => join.onRef('chat.id', '=', 'conversations.chat_conversation_id').on('chat.organization_id', '=', organizationId))
    .leftJoin('users as account_user', 'account_user.id', 'chat.user_id')
    .leftJoin('organizations as account_organization', 'account_organization.id', 'chat.user_organization_id')
    .leftJoin('email_messages as first_email', (join) => join.onRef('first_email.id', '=', 'conversations.thread_id').on('first_email.organization_id', '=', organizationId))
    .select([
      'conversations.id',
      'conversations.channel',
      'conversations.status',
      'conversations.unread',
      'conversations.phone',
      'conversations.thread_id',
      'conversations.chat_conversation_id',
      'conversations.last_message_at',
      'conversations.last_message_preview',
      'conversations.created_at',
      sql<string>`conversations.last_message_at::text`.as('cursor_at'),
      'contacts.id as contact_id',
      'contacts.first_name as contact_first_name',
      'contacts.last_name as contact_last_name',
      'contacts.email as contact_email',
      'contacts.phone as contact_phone',
      'contacts.dnc_sms as contact_dnc_sms',
      'assignee.id as assignee_id',
      'assignee.name as assignee_name',
      'chat.email as chat_email',
      'chat.language as chat_language',
      'chat.started_on as chat_started_on',
      'account_user.id as account_user_id',
      'account_user.name as account_user_name',
      'account_user.email as account_user_email',
      'account_organization.id as account_organization_id',
      'account_organization.name as account_organization_name',
      'first_email.subject as email_subject',
      'first_email.to_address as email_address',
    ]);
  if (ownerOnly) {
    query = query.where((eb) => eb.or([eb('conversations.contact_id', 'is', null), eb('contacts.owner_id', '=', ownerOnly), eb('conversations.assignee_id', '=', ownerOnly)]));
  }
  return query;
}

type ConversationRow = Awaited<ReturnType<ReturnType<typeof visibleConversations>['executeTakeFirstOrThrow']>>;

function nameOf(first: string | null, last: string | null): string | null {
  return `${first ?? ''} ${last ?? ''}`.trim() || null;
}

function toConversation(row: ConversationRow) {
  const contactName = row.contact_id ? nameOf(row.contact_first_name, row.contact_last_name) : null;
  const account = row.account_user_id
    ? {
        user: { id: row.account_user_id, name: row.account_user_name ?? '', email: row.account_user_email ?? '' },
        organization: row.account_organization_id ? { id: row.account_organization_id, name: row.account_organization_name ?? '' } : null,
      }
    : null;
  const fallback = { chat: row.chat_email || 'Website visitor', sms: row.phone || 'Unknown number', email: row.email_address || row.contact_email || 'E-mail thread' }[row.channel];
  return {
    id: row.id,
    channel: row.channel,
    status: row.status,
    unread: row.unread,
    /** Who the thread is with, as far as it tells: for a chat, the signed-in user who wrote from inside the app first. */
    title: (row.channel === 'chat' ? account?.user.name || account?.user.email : null) || contactName || fallback,
    contact: row.contact_id ? { id: row.contact_id, name: contactName, email: row.contact_email, phone: row.contact_phone, smsOptedOut: row.contact_dnc_sms ?? false } : null,
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null,
    phone: row.phone,
    chat: row.channel === 'chat' ? { language: row.chat_language ?? 'en', email: row.chat_email, startedOn: row.chat_started_on, account } : null,
    email: row.channel === 'email' ? { subject: row.email_subject ?? '', address: row.email_address } : null,
    lastMessageAt: row.last_message_at.toISOString(),
    preview: row.last_message_preview,
    createdAt: row.created_at.toISOString(),
  };
}

export type ConversationSummary = ReturnType<typeof toConversation>;

/** A message of a thread, whatever its channel. */
export type ThreadMessage = {
  id: string;
  direction: 'inbound' | 'outbound';
  /** Who wrote it: null for the contact or visitor. */
  authorName: string | null;
  /** Written by the website chat's assistant. */
  automated: boolean;
  body: string;
  /** An outbound SMS's or e-mail's delivery state. */
  status: string | null;
  /** An e-mail's subject. */
  subject: string | null;
  createdAt: string;
};

// ——— The list ———

const TIMESTAMPTZ_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const encodeCursor = (row: { cursor_at: string; id: string }) => Buffer.from(JSON.stringify([row.cursor_at, row.id])).toString('base64url');

function decodeCursor(raw: string): [string, string] {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && TIMESTAMPTZ_TEXT.test(value[0]) && typeof value[1] === 'string' && UUID.test(value[1])) {
    return [value[0], value[1]];
  }
  throw fieldError('cursor', 'is not a valid cursor');
}

/** The inbox, the most recently active thread first, a page at a time (keyset: `nextCursor`). */
export async function listConversations(ctx: Ctx, input: z.output<typeof ZListConversationsInput>) {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const me = actorIdOf(ctx);
  let query = visibleConversations(ctx.db, ctx.organizationId, ownerOnly);
  if (input.channel) query = query.where('conversations.channel', '=', input.channel);
  if (input.status) query = query.where('conversations.status', '=', input.status);
  if (input.assignee === 'unassigned') query = query.where('conversations.assignee_id', 'is', null);
  if (input.assignee === 'me') query = me ? query.where('conversations.assignee_id', '=', me) : query.where(sql<boolean>`false`);
  if (input.cursor) {
    const [at, id] = decodeCursor(input.cursor);
    query = query.where(sql<boolean>`(conversations.last_message_at, conversations.id) < (cast(cast(${at} as text) as timestamptz), cast(cast(${id} as text) as uuid))`);
  }
  const rows = await query
    .orderBy('conversations.last_message_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return { items: items.map(toConversation), nextCursor: rows.length > input.limit && last ? encodeCursor(last) : null };
}

// ——— One thread ———

async function requireConversation(ctx: Ctx, id: string): Promise<ConversationRow> {
  const ownerOnly = await ownerOnlyFilter(ctx.db, ctx.auth);
  const row = await visibleConversations(ctx.db, ctx.organizationId, ownerOnly).where('conversations.id', '=', id).executeTakeFirst();
  if (!row) throw conversationNotFound();
  return row;
}

/**
 * A page of a thread's messages, newest first, older ones after the cursor (keyset paging,
 * server/db/keyset.ts): a chat's by message number, an SMS or e-mail thread's by time and id, so
 * messages arriving meanwhile never shift a page.
 */
async function threadMessagePage(ctx: Ctx, row: ConversationRow, at: { limit: number; cursor?: string | null | undefined }): Promise<{ items: ThreadMessage[]; nextCursor: string | null }> {
  const position = { sort: row.channel, dir: 'desc' as const, cursor: at.cursor ?? undefined, page: 1, limit: at.limit };
  if (row.channel === 'chat') {
    const keys: SortKey[] = [{ expr: sql`chat_messages.id`, type: 'bigint', dir: 'desc' }];
    const query = scoped(ctx.db, ctx.organizationId)
      .selectFrom('chat_messages')
      .leftJoin('users', 'users.id', 'chat_messages.author_user_id')
      .select(['chat_messages.id', 'chat_messages.sender', 'chat_messages.body', 'chat_messages.created_at', 'users.name as author_name'])
      .where('chat_messages.conversation_id', '=', row.chat_conversation_id!);
    const { items, nextCursor } = keysetPage(await pageQuery(query, keys, position).execute(), at.limit, row.channel, 'desc');
    return {
      items: items.map((m) => ({
        id: String(m.id),
        direction: m.sender === 'visitor' ? 'inbound' : 'outbound',
        authorName: m.sender === 'visitor' ? null : m.sender === 'bot' ? BOT_NAME : (m.author_name ?? 'Support team'),
        automated: m.sender === 'bot',
        body: m.body,
        status: null,
        subject: null,
        createdAt: m.created_at.toISOString(),
      })),
      nextCursor,
    };
  }
  if (row.channel === 'sms') {
    if (!row.contact_id) return { items: [], nextCursor: null };
    const keys: SortKey[] = [
      { expr: sql`sms_messages.created_at`, type: 'timestamptz', dir: 'desc' },
      { expr: sql`sms_messages.id`, type: 'uuid', dir: 'desc' },
    ];
    const query = scoped(ctx.db, ctx.organizationId)
      .selectFrom('sms_messages')
      .select(['sms_messages.id', 'sms_messages.direction', 'sms_messages.status', 'sms_messages.body', 'sms_messages.created_at'])
      .where('sms_messages.contact_id', '=', row.contact_id);
    const { items, nextCursor } = keysetPage(await pageQuery(query, keys, position).execute(), at.limit, row.channel, 'desc');
    return {
      items: items.map((m) => ({
        id: m.id,
        direction: m.direction,
        authorName: null,
        automated: false,
        body: m.body,
        status: m.direction === 'outbound' ? m.status : null,
        subject: null,
        createdAt: m.created_at.toISOString(),
      })),
      nextCursor,
    };
  }
  const keys: SortKey[] = [
    { expr: sql`email_messages.created_at`, type: 'timestamptz', dir: 'desc' },
    { expr: sql`email_messages.id`, type: 'uuid', dir: 'desc' },
  ];
  const query = emailsOf(ctx.db, ctx.organizationId, row.thread_id!)
    .leftJoin('users as author', 'author.id', 'email_messages.created_by')
    .select(['email_messages.id', 'email_messages.direction', 'email_messages.status', 'email_messages.subject', 'email_messages.text', 'email_messages.created_at', 'author.name as author_name']);
  const { items, nextCursor } = keysetPage(await pageQuery(query, keys, position).execute(), at.limit, row.channel, 'desc');
  return {
    items: items.map((m) => ({
      id: m.id,
      direction: m.direction,
      authorName: m.direction === 'outbound' ? m.author_name : null,
      automated: false,
      body: m.text,
      status: m.direction === 'outbound' ? m.status : null,
      subject: m.subject,
      createdAt: m.created_at.toISOString(),
    })),
    nextCursor,
  };
}

/** An e-mail thread's messages: its first one (whose id is the thread's) and every one naming it. */
function emailsOf(db: Db, organizationId: string, threadId: string) {
  return scoped(db, organizationId)
    .selectFrom('email_messages')
    .where((eb) => eb.or([eb('email_messages.thread_id', '=', threadId), eb('email_messages.id', '=', threadId)]));
}

/** A thread with its latest messages (oldest first, as it reads); `olderCursor` pages back through `messages`. */
export async function getConversation(ctx: Ctx, { id }: z.output<typeof ZConversationIdInput>) {
  const row = await requireConversation(ctx, id);
  const { items, nextCursor } = await threadMessagePage(ctx, row, { limit: THREAD_MESSAGES });
  return { ...toConversation(row), messages: items.reverse(), olderCursor: nextCursor };
}

/** A thread's messages a page at a time, newest first: `cursor` (a thread's `olderCursor`, or a page's `nextCursor`) continues with older ones. */
export async function listConversationMessages(ctx: Ctx, input: z.output<typeof ZConversationMessagesInput>) {
  const row = await requireConversation(ctx, input.id);
  return threadMessagePage(ctx, row, input);
}

export type ConversationView = Awaited<ReturnType<typeof getConversation>>;

/** Opening a thread reads it (a chat's own read mark too, which the chat list shows). */
export async function markConversationRead(ctx: Ctx, { id }: z.output<typeof ZConversationIdInput>): Promise<{ id: string }> {
  const row = await requireConversation(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await scoped(trx, ctx.organizationId).updateTable('conversations').set({ unread: false }).where('id', '=', id).execute();
    if (row.chat_conversation_id) await markChatRead({ db: trx, organizationId: ctx.organizationId }, { id: row.chat_conversation_id });
  });
  return { id };
}

// ——— Replies: on the thread's own channel, which brings the thread up to date ———

function assertLength(text: string, max: number, channel: string): void {
  if (text.length > max) throw fieldError('text', `must be at most ${max.toLocaleString('en-US')} characters in ${channel}`);
}

export async function replyToConversation(ctx: OrgContext, { id, text }: z.output<typeof ZReplyConversationInput>): Promise<{ id: string; channel: ConversationRow['channel']; messageId: string }> {
  const row = await requireConversation(ctx, id);
  if (row.channel === 'chat') {
    assertLength(text, CHAT_MESSAGE_MAX_LENGTH, 'a chat');
    const message = await replyOnChat(ctx, { conversationId: row.chat_conversation_id!, text });
    return { id, channel: row.channel, messageId: String(message.id) };
  }
  if (row.channel === 'sms') {
    assertLength(text, SMS_MAX_LENGTH, 'an SMS');
    const to = row.phone ?? row.contact_phone;
    if (!row.contact_id || !to) throw new DomainError('CONFLICT', 'This SMS thread has no contact with a phone number to answer');
    const sent = await sendSms(ctx, { to, message: text, contactId: row.contact_id });
    return { id, channel: row.channel, messageId: sent.messageId };
  }
  return { id, channel: row.channel, messageId: await replyByEmail(ctx, row, text) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain-text reply as HTML: its paragraphs and line breaks, nothing else. */
const htmlOf = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** How many Message-IDs a reply's References keeps (the thread's first and its latest ones, RFC 5322 §3.6.4). */
const MAX_REFERENCES = 20;

/**
 * A one-to-one e-mail in the thread: to the other party of its latest message, "Re: " the thread's
 * subject, In-Reply-To that message and References its chain, so the contact's mail program threads it.
 */
async function replyByEmail(ctx: OrgContext, row: ConversationRow, text: string): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const last = await emailsOf(trx, ctx.organizationId, row.thread_id!)
      .select(['direction', 'from_address', 'from_name', 'to_address', 'to_name', 'message_id', 'references', 'contact_id'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) throw new DomainError('CONFLICT', 'This e-mail thread has no message to answer');
    const [to, toName] = last.direction === 'inbound' ? [last.from_address, last.from_name || null] : [last.to_address, last.to_name];
    const chain = [...last.references, last.message_id];
    const references = chain.length > MAX_REFERENCES ? [chain[0]!, ...chain.slice(-(MAX_REFERENCES - 1))] : chain;
    const queued = await queueEmail(trx, ctx.deps, {
      organizationId: ctx.organizationId,
      kind: 'one_to_one',
      to,
      toName,
      contactId: row.contact_id ?? last.contact_id,
      createdBy: actorIdOf(ctx),
      subject: replySubject(row.email_subject ?? ''),
      html: htmlOf(text),
      text,
      inReplyTo: last.message_id,
      references,
      threadId: row.thread_id,
    });
    if (queued.status === 'suppressed') throw new DomainError('FORBIDDEN', `${to} is on the suppression list: the reply was not sent`);
    return queued.id;
  });
}

// ——— Assign, close, reopen ———

/**
 * A Manager (and above) assigns any thread to any member, closes and reopens any. A Sales Rep works
 * the threads that are theirs or nobody's: takes one (assigns it to themself), lets it go, closes and
 * reopens it; a colleague's thread stays the colleague's.
 */
function assertMayManage(ctx: Ctx, row: ConversationRow, assigneeId?: string | null): void {
  if (roleRank(ctx.auth.organization.role) <= roleRank('manager')) return;
  const me = actorIdOf(ctx);
  if (row.assignee_id && row.assignee_id !== me) throw new DomainError('FORBIDDEN', 'This conversation is assigned to someone else; a Manager can reassign it');
  if (assigneeId !== undefined && assigneeId !== null && assigneeId !== me) throw new DomainError('FORBIDDEN', 'A Sales Rep assigns conversations only to themself');
}

async function conversationChanged(trx: Db, ctx: Ctx, id: string, change: string): Promise<void> {
  await publishEvent(trx, { organizationId: ctx.organizationId, type: 'conversation_updated', payload: { conversationId: id, change }, actorUserId: actorIdOf(ctx) });
}

export async function assignConversation(ctx: Ctx, { id, assigneeId }: z.output<typeof ZAssignConversationInput>): Promise<ConversationSummary> {
  const row = await requireConversation(ctx, id);
  assertMayManage(ctx, row, assigneeId);
  await ctx.db.transaction().execute(async (trx) => {
    if (assigneeId) {
      const member = await scoped(trx, ctx.organizationId).selectFrom('memberships').select('user_id').where('user_id', '=', assigneeId).executeTakeFirst();
      if (!member) throw fieldError('assigneeId', 'must be a member of this organization');
    }
    await scoped(trx, ctx.organizationId)
      .updateTable('conversations')
      .set({ assignee_id: assigneeId, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await conversationChanged(trx, ctx, id, assigneeId ? 'assigned' : 'unassigned');
  });
  return toConversation(await requireConversation(ctx, id));
}

export async function setConversationStatus(ctx: Ctx, { id, status }: z.output<typeof ZSetConversationStatusInput>): Promise<ConversationSummary> {
  const row = await requireConversation(ctx, id);
  assertMayManage(ctx, row);
  await ctx.db.transaction().execute(async (trx) => {
    await scoped(trx, ctx.organizationId)
      .updateTable('conversations')
      .set({ status, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await conversationChanged(trx, ctx, id, status === 'closed' ? 'closed' : 'reopened');
  });
  return toConversation(await requireConversation(ctx, id));
}
