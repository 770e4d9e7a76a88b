import { z } from 'zod';
import { ZAnswerInstant } from '../records/schema';

// What the widget's doors answer (chat/schema.ts stays free of zod for the public pages).

export const ZChatMessageRecord = z.strictObject({
  id: z.number().int(),
  sender: z.enum(['visitor', 'bot', 'member']),
  body: z.string(),
  authorName: z.string().nullable(),
  createdAt: ZAnswerInstant,
});
export const ZChatConversationRecord = z.strictObject({ messages: z.array(ZChatMessageRecord) });
export const ZChatSendResult = z.strictObject({ message: ZChatMessageRecord, reply: ZChatMessageRecord.nullable() });
