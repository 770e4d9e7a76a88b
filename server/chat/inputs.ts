import { z } from 'zod';
import { LANGUAGES } from '../languages/schema';
import { CHAT_MESSAGE_MAX_LENGTH, VISITOR_ID_PATTERN } from './schema';

/**
 * The chat's zod input schemas, for the server's doors. They live apart from schema.ts, which the
 * public widget imports and which therefore stays zod-free; every limit comes from there.
 */

const ZMessageText = z.string({ error: 'is required' }).trim().min(1, 'is required').max(CHAT_MESSAGE_MAX_LENGTH, `must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`);

export const ZVisitorId = z.string({ error: 'is required' }).regex(VISITOR_ID_PATTERN, 'must be the widget’s visitor id (32–128 letters, digits, - or _)');

/** The visitor's language (the site's): the welcome and the automated replies are written in it. */
export const ZChatLanguage = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }).default('en');

/** A website visitor's message (public REST). `page` is the path it was sent from. */
export const ZSendChatMessageInput = z.object({
  visitorId: ZVisitorId,
  text: ZMessageText,
  page: z.string().trim().max(300, 'must be at most 300 characters').optional(),
  language: ZChatLanguage,
});
export type TSendChatMessageInput = z.input<typeof ZSendChatMessageInput>;

/** The visitor's conversation and stream (public REST). `after`: only messages with a greater id. */
export const ZVisitorConversationInput = z.object({
  visitorId: ZVisitorId,
  after: z.coerce.number({ error: 'must be a message id' }).int('must be a message id').min(0, 'must be a message id').optional(),
});
export type TVisitorConversationInput = z.input<typeof ZVisitorConversationInput>;

export const ZListChatConversationsInput = z
  .object({
    limit: z.number().int().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').default(50),
  })
  .default({ limit: 50 });
export type TListChatConversationsInput = z.input<typeof ZListChatConversationsInput>;

export const ZChatConversationIdInput = z.object({ id: z.uuid('must be a conversation id') });
export type TChatConversationIdInput = z.input<typeof ZChatConversationIdInput>;

export const ZReplyChatInput = z.object({ conversationId: z.uuid('must be a conversation id'), text: ZMessageText });
export type TReplyChatInput = z.input<typeof ZReplyChatInput>;
