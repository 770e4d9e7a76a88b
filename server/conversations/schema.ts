import { z } from 'zod';
import type { ConversationChannel, ConversationStatus } from '../db/schema';
import { LANGUAGES } from '../languages/schema';
import { infiniteDirection, ZCursor } from '../records/schema';

/**
 * The inbox of every channel (/conversations): its filters, paging and actions, shared by the server
 * doors and the client (this module is pure: zod and plain values only).
 */

export const CONVERSATION_CHANNELS = ['chat', 'sms', 'email'] as const satisfies readonly ConversationChannel[];
export const CONVERSATION_STATUSES = ['open', 'closed'] as const satisfies readonly ConversationStatus[];
/** "Assigned to me" and "Unassigned". */
export const CONVERSATION_ASSIGNEE_FILTERS = ['me', 'unassigned'] as const;

export const CHANNEL_LABELS: Record<ConversationChannel, string> = { chat: 'Website chat', sms: 'SMS', email: 'E-mail' };

/** The stored preview of a thread's latest message, in characters. */
export const PREVIEW_LENGTH = 200;
/** A reply's longest text on any channel; each channel then applies its own limit (an SMS's is shorter). */
export const REPLY_MAX_LENGTH = 20_000;
export const CONVERSATIONS_PAGE_SIZE = 50;

export const ZListConversationsInput = z
  .strictObject({
    ...infiniteDirection,
    channel: z.enum(CONVERSATION_CHANNELS, { error: `must be one of ${CONVERSATION_CHANNELS.join(', ')}` }).optional(),
    status: z.enum(CONVERSATION_STATUSES, { error: `must be one of ${CONVERSATION_STATUSES.join(', ')}` }).optional(),
    assignee: z.enum(CONVERSATION_ASSIGNEE_FILTERS, { error: `must be one of ${CONVERSATION_ASSIGNEE_FILTERS.join(', ')}` }).optional(),
    /** The page after this one: `nextCursor` of the previous page. */
    cursor: z.string().max(200, 'is not a valid cursor').optional(),
    limit: z.number().int('must be between 1 and 100').min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').default(CONVERSATIONS_PAGE_SIZE),
  })
  .default({ limit: CONVERSATIONS_PAGE_SIZE });
export type TListConversationsInput = z.input<typeof ZListConversationsInput>;

export const ZConversationIdInput = z.strictObject({ id: z.uuid('must be a conversation id') });
export type TConversationIdInput = z.input<typeof ZConversationIdInput>;

/** A thread's messages a page at a time, newest first. */
export const ZConversationMessagesInput = z.strictObject({
  ...infiniteDirection,
  id: z.uuid('must be a conversation id'),
  /** The thread's `olderCursor`, or the previous page's `nextCursor`. */
  cursor: ZCursor.optional(),
  limit: z.number({ error: 'must be a number' }).int('must be between 1 and 200').min(1, 'must be between 1 and 200').max(200, 'must be between 1 and 200').default(50),
});
export type TConversationMessagesInput = z.input<typeof ZConversationMessagesInput>;

export const ZReplyConversationInput = z.strictObject({
  id: z.uuid('must be a conversation id'),
  text: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(REPLY_MAX_LENGTH, `must be at most ${REPLY_MAX_LENGTH.toLocaleString('en-US')} characters`),
});
export type TReplyConversationInput = z.input<typeof ZReplyConversationInput>;

/** `assigneeId` null unassigns. */
export const ZAssignConversationInput = z.strictObject({ id: z.uuid('must be a conversation id'), assigneeId: z.uuid('must be a member id').nullable() });
export type TAssignConversationInput = z.input<typeof ZAssignConversationInput>;

export const ZSetConversationStatusInput = z.strictObject({
  id: z.uuid('must be a conversation id'),
  status: z.enum(CONVERSATION_STATUSES, { error: `must be one of ${CONVERSATION_STATUSES.join(', ')}` }),
});
export type TSetConversationStatusInput = z.input<typeof ZSetConversationStatusInput>;

// Records answered (conversations.*, /api/v1/conversations). Instants are ISO strings.
const instant = z.iso.datetime();

/** A thread as listed: its channel, state, who it is with and its latest message. */
export const ZConversationRecord = z.strictObject({
  id: z.uuid(),
  channel: z.enum(CONVERSATION_CHANNELS),
  status: z.enum(CONVERSATION_STATUSES),
  unread: z.boolean(),
  title: z.string().meta({ description: 'Who the thread is with, as far as it tells' }),
  contact: z.strictObject({ id: z.uuid(), name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), smsOptedOut: z.boolean() }).nullable(),
  assignee: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
  phone: z.string().nullable(),
  chat: z
    .strictObject({
      language: z.enum(LANGUAGES),
      email: z.string().nullable(),
      startedOn: z.string().nullable(),
      account: z
        .strictObject({
          user: z.strictObject({ id: z.uuid(), name: z.string(), email: z.string() }),
          organization: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
        })
        .nullable(),
    })
    .nullable(),
  email: z.strictObject({ subject: z.string(), address: z.string().nullable() }).nullable(),
  lastMessageAt: instant,
  preview: z.string(),
  createdAt: instant,
});
export const ZConversationPage = z.strictObject({
  items: z.array(ZConversationRecord),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page (stable while threads are added); null on the last' }),
});
/** A message of a thread, whatever its channel. */
export const ZThreadMessage = z.strictObject({
  id: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  authorName: z.string().nullable().meta({ description: 'Who wrote it: null for the contact or visitor' }),
  automated: z.boolean().meta({ description: 'Written by the website chat’s assistant' }),
  body: z.string(),
  status: z.string().nullable().meta({ description: 'An outbound SMS’s or e-mail’s delivery state' }),
  subject: z.string().nullable(),
  createdAt: instant,
});
export const ZConversationThread = ZConversationRecord.extend({
  messages: z.array(ZThreadMessage).meta({ description: 'The latest messages (up to 200), oldest first' }),
  olderCursor: z.string().nullable().meta({ description: 'Pass as `cursor` to GET /api/v1/conversations/{id}/messages for the messages before these; null when these are all' }),
});
export const ZThreadMessagePage = z.strictObject({
  items: z.array(ZThreadMessage).meta({ description: 'Newest first' }),
  nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the older messages (stable while messages arrive); null on the oldest page' }),
});
export const ZConversationReplied = z.strictObject({ id: z.uuid(), channel: z.enum(CONVERSATION_CHANNELS), messageId: z.string() });

/** "Re: " before a subject, once. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}
