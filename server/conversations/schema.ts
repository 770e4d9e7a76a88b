import { z } from 'zod';
import type { ConversationChannel, ConversationStatus } from '../db/schema';

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
  .object({
    channel: z.enum(CONVERSATION_CHANNELS, { error: `must be one of ${CONVERSATION_CHANNELS.join(', ')}` }).optional(),
    status: z.enum(CONVERSATION_STATUSES, { error: `must be one of ${CONVERSATION_STATUSES.join(', ')}` }).optional(),
    assignee: z.enum(CONVERSATION_ASSIGNEE_FILTERS, { error: `must be one of ${CONVERSATION_ASSIGNEE_FILTERS.join(', ')}` }).optional(),
    /** The page after this one: `nextCursor` of the previous page. */
    cursor: z.string().max(200, 'is not a valid cursor').nullish(),
    limit: z.number().int('must be between 1 and 100').min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').default(CONVERSATIONS_PAGE_SIZE),
  })
  .default({ limit: CONVERSATIONS_PAGE_SIZE });
export type TListConversationsInput = z.input<typeof ZListConversationsInput>;

export const ZConversationIdInput = z.object({ id: z.uuid('must be a conversation id') });
export type TConversationIdInput = z.input<typeof ZConversationIdInput>;

export const ZReplyConversationInput = z.object({
  id: z.uuid('must be a conversation id'),
  text: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(REPLY_MAX_LENGTH, `must be at most ${REPLY_MAX_LENGTH.toLocaleString('en-US')} characters`),
});
export type TReplyConversationInput = z.input<typeof ZReplyConversationInput>;

/** `assigneeId` null unassigns. */
export const ZAssignConversationInput = z.object({ id: z.uuid('must be a conversation id'), assigneeId: z.uuid('must be a member id').nullable() });
export type TAssignConversationInput = z.input<typeof ZAssignConversationInput>;

export const ZSetConversationStatusInput = z.object({
  id: z.uuid('must be a conversation id'),
  status: z.enum(CONVERSATION_STATUSES, { error: `must be one of ${CONVERSATION_STATUSES.join(', ')}` }),
});
export type TSetConversationStatusInput = z.input<typeof ZSetConversationStatusInput>;

/** "Re: " before a subject, once. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}
